#pragma once
// The reviews and review_likes tables of the SQLite store. Construct after the migrations have
// run (it prepares statements). Not thread-safe, like the store that owns it.
#include <optional>
#include <string_view>
#include <vector>

#include "lectio/store/community_store.h"
#include "queries.h"
#include "sqlite_db.h"

namespace lectio::store::sqlite {

class ReviewTables {
 public:
  explicit ReviewTables(Database& db);
  Review put(std::string_view lesson_id, std::string_view user_id, int rating,
             std::string_view text);
  std::vector<Review> list(std::string_view lesson_id, std::string_view viewer_user_id);
  std::optional<Review> get(std::string_view review_id, std::string_view viewer_user_id);
  bool remove(std::string_view review_id, std::string_view user_id);
  bool set_like(std::string_view review_id, std::string_view user_id, bool liked);
  RatingSummary summary(std::string_view lesson_id);
  int remove_lesson(std::string_view lesson_id);

 private:
  void require_user(std::string_view user_id);

  Database& db_;
  const Queries& sql_ = queries(Dialect::kSqlite);
  // Every lesson page lists its reviews: kept prepared.
  Statement list_;
};

}  // namespace lectio::store::sqlite
