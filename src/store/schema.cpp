#include "schema.h"

#include <array>

namespace lectio::store {

namespace {

constexpr std::string_view kV1 = R"sql(
CREATE TABLE sources (
  id           TEXT    NOT NULL,
  version      INTEGER NOT NULL,
  title        TEXT    NOT NULL,
  file_name    TEXT    NOT NULL,
  path         TEXT    NOT NULL,
  origin_url   TEXT    NOT NULL,
  format       TEXT    NOT NULL,
  language     TEXT    NOT NULL,
  content_hash TEXT    NOT NULL,
  byte_size    BIGINT  NOT NULL,
  page_count   INTEGER NOT NULL,
  chunk_count  INTEGER NOT NULL,
  added_at     TEXT    NOT NULL,
  PRIMARY KEY (id, version)
);
CREATE INDEX sources_by_path ON sources (path);
CREATE TABLE chunks (
  source_id    TEXT    NOT NULL,
  version      INTEGER NOT NULL,
  ordinal      INTEGER NOT NULL,
  page_start   INTEGER NOT NULL,
  page_end     INTEGER NOT NULL,
  heading_path TEXT    NOT NULL,
  body         TEXT    NOT NULL,
  word_count   INTEGER NOT NULL,
  PRIMARY KEY (source_id, version, ordinal),
  FOREIGN KEY (source_id, version) REFERENCES sources (id, version)
);
CREATE TABLE meta (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO meta (name, value) VALUES ('generation', '0');
)sql";

// Lessons and plans, as JSON documents with their listing fields.
constexpr std::string_view kV2 = R"sql(
CREATE TABLE records (
  kind       TEXT NOT NULL,
  id         TEXT NOT NULL,
  slug       TEXT NOT NULL,
  title      TEXT NOT NULL,
  plan       TEXT NOT NULL,
  language   TEXT NOT NULL,
  build_key  TEXT NOT NULL,
  owner      TEXT NOT NULL,
  body       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (kind, id)
);
CREATE INDEX records_by_slug ON records (kind, slug);
)sql";

constexpr std::array<std::string_view, 2> kMigrations = {kV1, kV2};

}  // namespace

std::span<const std::string_view> migrations() { return kMigrations; }

}  // namespace lectio::store
