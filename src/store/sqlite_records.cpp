#include "sqlite_records.h"

#include <fmt/format.h>

#include "lectio/core/clock.h"

namespace lectio::store::sqlite {

namespace {

constexpr std::string_view kColumns =
    "id, slug, title, plan, language, build_key, owner, body, created_at, updated_at";

std::string_view kind_name(RecordKind kind) {
  return kind == RecordKind::kLesson ? "lesson" : "plan";
}

Record read(const Statement& s) {
  return {s.text(0), s.text(1), s.text(2), s.text(3), s.text(4),
          s.text(5), s.text(6), s.text(7), s.text(8), s.text(9)};
}

}  // namespace

void RecordTable::put(RecordKind kind, const Record& r) {
  const std::string now = utc_timestamp();
  // Portable upsert: SQLite 3.24+ and PostgreSQL 9.5+ both accept ON CONFLICT ... DO UPDATE.
  Statement q = db_.prepare(fmt::format(
      "INSERT INTO records (kind, {}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
      "ON CONFLICT (kind, id) DO UPDATE SET slug = excluded.slug, title = excluded.title, "
      "plan = excluded.plan, language = excluded.language, build_key = excluded.build_key, "
      "owner = excluded.owner, body = excluded.body, updated_at = excluded.updated_at",
      kColumns));
  q.bind(1, kind_name(kind)).bind(2, r.id).bind(3, r.slug).bind(4, r.title).bind(5, r.plan);
  q.bind(6, r.language).bind(7, r.build_key).bind(8, r.owner).bind(9, r.body);
  q.bind(10, now).bind(11, now);
  q.run();
}

std::optional<Record> RecordTable::get(RecordKind kind, std::string_view id_or_slug) {
  Statement q = db_.prepare(
      fmt::format("SELECT {} FROM records WHERE kind = ? AND (id = ? OR slug = ?) "
                  "ORDER BY CASE WHEN id = ? THEN 0 ELSE 1 END, updated_at DESC LIMIT 1",
                  kColumns));
  q.bind(1, kind_name(kind)).bind(2, id_or_slug).bind(3, id_or_slug).bind(4, id_or_slug);
  if (!q.step()) return std::nullopt;
  return read(q);
}

std::vector<Record> RecordTable::list(RecordKind kind) {
  Statement q = db_.prepare(
      fmt::format("SELECT {} FROM records WHERE kind = ? ORDER BY created_at DESC, id", kColumns));
  q.bind(1, kind_name(kind));
  std::vector<Record> out;
  while (q.step()) out.push_back(read(q));
  return out;
}

bool RecordTable::remove(RecordKind kind, std::string_view id) {
  Statement q = db_.prepare("DELETE FROM records WHERE kind = ? AND id = ?");
  q.bind(1, kind_name(kind)).bind(2, id);
  q.run();
  return sqlite3_changes(db_.handle()) > 0;
}

}  // namespace lectio::store::sqlite
