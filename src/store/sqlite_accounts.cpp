#include "sqlite_accounts.h"

#include <fmt/format.h>

#include "community_rules.h"
#include "lectio/core/error.h"
#include "rows.h"

namespace lectio::store::sqlite {

AccountTables::AccountTables(Database& db)
    : db_(db), user_by_id_(db.prepare(sql_.user_by_id)), session_at_(db.prepare(sql_.session_at)) {}

std::optional<User> AccountTables::create_user(const User& user) {
  const User stored = checked_new_user(user);
  db_.prepare(sql_.insert_user).bind_all(user_values(stored)).run();
  if (db_.changes() == 0) return std::nullopt;
  return stored;
}

std::optional<User> AccountTables::user(std::string_view id) {
  const ResetOnExit done(user_by_id_);
  user_by_id_.bind(1, id);
  if (!user_by_id_.step()) return std::nullopt;
  return read_user(sqlite::StatementRow(user_by_id_));
}

std::optional<User> AccountTables::user_by_name(std::string_view name) {
  Statement q = db_.prepare(sql_.user_by_name);
  q.bind(1, name_key(name));
  if (!q.step()) return std::nullopt;
  return read_user(sqlite::StatementRow(q));
}

void AccountTables::put_session(const Session& session) {
  check_session(session);
  Transaction tx(db_);
  if (!user(session.user_id)) {
    throw NotFound(fmt::format("session: no user '{}'", session.user_id));
  }
  db_.prepare(sql_.put_session).bind_all(session_values(session)).run();
  tx.commit();
}

std::optional<Session> AccountTables::session(std::string_view token_digest,
                                              std::string_view now_iso) {
  require_time("now", now_iso);
  const ResetOnExit done(session_at_);
  session_at_.bind(1, token_digest).bind(2, now_iso);
  if (!session_at_.step()) return std::nullopt;
  return read_session(sqlite::StatementRow(session_at_));
}

void AccountTables::delete_session(std::string_view token_digest) {
  db_.prepare(sql_.delete_session).bind(1, token_digest).run();
}

int AccountTables::delete_expired_sessions(std::string_view now_iso) {
  require_time("now", now_iso);
  db_.prepare(sql_.delete_expired_sessions).bind(1, now_iso).run();
  return db_.changes();
}

}  // namespace lectio::store::sqlite
