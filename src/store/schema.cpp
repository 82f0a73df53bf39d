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

constexpr std::array<std::string_view, 1> kMigrations = {kV1};

}  // namespace

std::span<const std::string_view> migrations() { return kMigrations; }

}  // namespace lectio::store
