#pragma once
// The records table (lessons and plans) of the SQLite store, kept apart from sources and
// chunks. Not thread-safe, like the store that owns it.
#include <optional>
#include <string_view>
#include <vector>

#include "lectio/store/content_store.h"
#include "queries.h"
#include "sqlite_db.h"

namespace lectio::store::sqlite {

class RecordTable {
 public:
  explicit RecordTable(Database& db) : db_(db) {}
  void put(RecordKind kind, const Record& record);
  std::optional<Record> get(RecordKind kind, std::string_view id_or_slug);
  std::vector<Record> list(RecordKind kind);
  bool remove(RecordKind kind, std::string_view id);
  bool add_version(const LessonVersion& v, int expected);
  std::vector<LessonVersion> versions(std::string_view lesson_id);
  bool remove_version(std::string_view lesson_id, int version);

 private:
  Database& db_;
  const Queries& sql_ = queries(Dialect::kSqlite);
};

}  // namespace lectio::store::sqlite
