#include "schema.h"

#include <array>
#include <nlohmann/json.hpp>

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

// Accounts, sessions and reviews for the web app. A user's name is unique case-insensitively
// through name_key (the name with ASCII letters lower-cased by the store), which keeps the SQL
// free of collations that SQLite and PostgreSQL spell differently. A session is stored only as
// the digest of its token. A review's seq orders reviews by their last write exactly, where
// second-resolution time stamps tie.
constexpr std::string_view kV3 = R"sql(
CREATE TABLE users (
  id            TEXT NOT NULL PRIMARY KEY,
  name          TEXT NOT NULL,
  name_key      TEXT NOT NULL UNIQUE,
  display_name  TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at    TEXT NOT NULL
);
CREATE TABLE sessions (
  token_digest TEXT NOT NULL PRIMARY KEY,
  user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_token   TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  created_at   TEXT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
CREATE TABLE reviews (
  id         TEXT    NOT NULL PRIMARY KEY,
  lesson_id  TEXT    NOT NULL,
  user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating     INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body       TEXT    NOT NULL,
  seq        BIGINT  NOT NULL,
  created_at TEXT    NOT NULL,
  updated_at TEXT    NOT NULL,
  UNIQUE (lesson_id, user_id)
);
CREATE INDEX reviews_by_lesson ON reviews (lesson_id, seq);
CREATE INDEX reviews_by_user ON reviews (user_id);
CREATE TABLE review_likes (
  review_id  TEXT NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (review_id, user_id)
);
CREATE INDEX review_likes_by_user ON review_likes (user_id);
)sql";

// The change feed of the chunks: one row for each source version put (its chunks added, the
// previous version's replaced) and each source deleted (every version's chunks gone). seq is
// the store generation the change made; the writer bumps the generation first, which orders
// writers on that row, so changes become visible in seq order with no gaps. A node's search
// index applies the changes after the last seq it has seen; old rows are pruned.
constexpr std::string_view kV4 = R"sql(
CREATE TABLE chunk_changes (
  seq       BIGINT  NOT NULL PRIMARY KEY,
  source_id TEXT    NOT NULL,
  version   INTEGER NOT NULL,
  change    TEXT    NOT NULL CHECK (change IN ('put', 'delete'))
);
)sql";

// Whether a chunk was cut inside a sentence over the word cap (schema.h, kCutOpens). Chunks
// stored before it read as not cut: re-adding the file marks them.
constexpr std::string_view kV5 = R"sql(
ALTER TABLE chunks ADD COLUMN cut INTEGER NOT NULL DEFAULT 0;
)sql";

// Spaced review (issue 31): each learner's schedule of each flashcard (the scheduler's memory
// state after the last rating) and the log of every rating. Cards live in their lesson's
// document; card_id is its stable id. Stability and difficulty are kept as text in their
// shortest exact decimal form, so that a schedule read back is the one computed, bit for bit,
// on either backend. quiz_scores keeps each learner's last attempt at a lesson's quiz.
constexpr std::string_view kV6 = R"sql(
CREATE TABLE card_schedules (
  user_id        TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  card_id        TEXT    NOT NULL,
  lesson_id      TEXT    NOT NULL,
  state          INTEGER NOT NULL,
  stability      TEXT    NOT NULL,
  difficulty     TEXT    NOT NULL,
  reps           INTEGER NOT NULL,
  lapses         INTEGER NOT NULL,
  scheduled_days INTEGER NOT NULL,
  due_at         TEXT    NOT NULL,
  last_review_at TEXT    NOT NULL,
  PRIMARY KEY (user_id, card_id)
);
CREATE INDEX card_schedules_by_due ON card_schedules (user_id, due_at);
CREATE TABLE card_reviews (
  seq            BIGINT  NOT NULL,
  user_id        TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  card_id        TEXT    NOT NULL,
  lesson_id      TEXT    NOT NULL,
  rating         INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
  reviewed_at    TEXT    NOT NULL,
  elapsed_days   INTEGER NOT NULL,
  scheduled_days INTEGER NOT NULL,
  stability      TEXT    NOT NULL,
  difficulty     TEXT    NOT NULL,
  PRIMARY KEY (user_id, seq)
);
CREATE INDEX card_reviews_by_card ON card_reviews (user_id, card_id, seq);
CREATE TABLE quiz_scores (
  user_id   TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lesson_id TEXT    NOT NULL,
  correct   INTEGER NOT NULL,
  total     INTEGER NOT NULL,
  taken_at  TEXT    NOT NULL,
  PRIMARY KEY (user_id, lesson_id)
);
)sql";

// Who added a source and who may see it (issue 29): web uploads are their uploader's and
// private; sources stored before, like those the command line adds, are the library's and
// public.
constexpr std::string_view kV7 = R"sql(
ALTER TABLE sources ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE sources ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public';
)sql";

// The lessons each learner heard to the end (issue 31: a plan's progress says which).
constexpr std::string_view kV8 = R"sql(
CREATE TABLE lessons_heard (
  user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lesson_id TEXT NOT NULL,
  heard_at  TEXT NOT NULL,
  PRIMARY KEY (user_id, lesson_id)
);
)sql";

// Versions of a lesson (issue 32): every edit of a lesson's script is stored as a new version
// and none is overwritten. (lesson_id, version) is the key, so that of two editors saving on
// the same version the second finds its version taken and gets a conflict, not a lost update.
constexpr std::string_view kV9 = R"sql(
CREATE TABLE lesson_versions (
  lesson_id  TEXT    NOT NULL,
  version    INTEGER NOT NULL,
  note       TEXT    NOT NULL,
  author     TEXT    NOT NULL,
  body       TEXT    NOT NULL,
  created_at TEXT    NOT NULL,
  PRIMARY KEY (lesson_id, version)
);
)sql";

constexpr std::array<std::string_view, 9> kMigrations = {kV1, kV2, kV3, kV4, kV5,
                                                         kV6, kV7, kV8, kV9};

}  // namespace

std::span<const std::string_view> migrations() {
  return kMigrations;
}

std::string encode_heading_path(const std::vector<std::string>& headings) {
  return nlohmann::json(headings).dump();
}

std::vector<std::string> decode_heading_path(const std::string& text) {
  auto parsed = nlohmann::json::parse(text, nullptr, false);
  if (!parsed.is_array()) return {};
  return parsed.get<std::vector<std::string>>();
}

}  // namespace lectio::store
