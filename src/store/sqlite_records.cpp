#include "sqlite_records.h"

#include "rows.h"

namespace lectio::store::sqlite {

void RecordTable::put(RecordKind kind, const Record& record) {
  db_.prepare(sql_.put_record).bind_all(record_values(kind, record)).run();
}

std::optional<Record> RecordTable::get(RecordKind kind, std::string_view id_or_slug) {
  Statement q = db_.prepare(sql_.record_by_id_or_slug);
  q.bind(1, kind_name(kind)).bind(2, id_or_slug).bind(3, id_or_slug).bind(4, id_or_slug);
  if (!q.step()) return std::nullopt;
  return read_record(sqlite::StatementRow(q));
}

std::vector<Record> RecordTable::list(RecordKind kind) {
  Statement q = db_.prepare(sql_.records_of_kind);
  q.bind(1, kind_name(kind));
  std::vector<Record> out;
  while (q.step()) out.push_back(read_record(sqlite::StatementRow(q)));
  return out;
}

bool RecordTable::remove(RecordKind kind, std::string_view id) {
  db_.prepare(sql_.delete_record).bind(1, kind_name(kind)).bind(2, id).run();
  return db_.changes() > 0;
}

bool RecordTable::add_version(const LessonVersion& v, int expected) {
  db_.prepare(sql_.add_lesson_version).bind_all(lesson_version_values(v, expected)).run();
  return db_.changes() > 0;
}

std::vector<LessonVersion> RecordTable::versions(std::string_view lesson_id) {
  Statement q = db_.prepare(sql_.lesson_versions);
  q.bind(1, lesson_id);
  std::vector<LessonVersion> out;
  while (q.step()) out.push_back(read_lesson_version(sqlite::StatementRow(q)));
  return out;
}

bool RecordTable::remove_version(std::string_view lesson_id, int version) {
  db_.prepare(sql_.delete_lesson_version).bind(1, lesson_id).bind(2, version).run();
  return db_.changes() > 0;
}

}  // namespace lectio::store::sqlite
