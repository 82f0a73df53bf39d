#pragma once
// The users and sessions tables of the SQLite store. Construct after the migrations have run
// (it prepares statements). Not thread-safe, like the store that owns it.
#include <optional>
#include <string_view>

#include "lectio/store/community_store.h"
#include "queries.h"
#include "sqlite_db.h"

namespace lectio::store::sqlite {

class AccountTables {
 public:
  explicit AccountTables(Database& db);
  std::optional<User> create_user(const User& user);
  std::optional<User> user(std::string_view id);
  std::optional<User> user_by_name(std::string_view name);
  void put_session(const Session& session);
  std::optional<Session> session(std::string_view token_digest, std::string_view now_iso);
  void delete_session(std::string_view token_digest);
  int delete_expired_sessions(std::string_view now_iso);

 private:
  Database& db_;
  const Queries& sql_ = queries(Dialect::kSqlite);
  // Every signed-in request looks up its session and then its user: kept prepared.
  Statement user_by_id_;
  Statement session_at_;
};

}  // namespace lectio::store::sqlite
