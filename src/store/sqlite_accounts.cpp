#include "sqlite_accounts.h"

#include <fmt/format.h>

#include "community_rules.h"
#include "lectio/core/clock.h"
#include "lectio/core/error.h"

namespace lectio::store::sqlite {

namespace {

constexpr std::string_view kUserColumns = "id, name, display_name, password_hash, created_at";
constexpr std::string_view kSessionColumns =
    "token_digest, user_id, csrf_token, expires_at, created_at";

User read_user(const Statement& s) {
  return {s.text(0), s.text(1), s.text(2), s.text(3), s.text(4)};
}

Session read_session(const Statement& s) {
  return {s.text(0), s.text(1), s.text(2), s.text(3), s.text(4)};
}

}  // namespace

AccountTables::AccountTables(Database& db)
    : db_(db),
      user_by_id_(db.prepare(fmt::format("SELECT {} FROM users WHERE id = ?", kUserColumns))),
      session_at_(db.prepare(fmt::format(
          "SELECT {} FROM sessions WHERE token_digest = ? AND expires_at > ?", kSessionColumns))) {}

std::optional<User> AccountTables::create_user(const User& user) {
  const User stored = checked_new_user(user);
  // Only a taken name is an expected miss; a taken id still fails on the primary key.
  Statement q = db_.prepare(
      "INSERT INTO users (id, name, name_key, display_name, password_hash, created_at) "
      "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING");
  q.bind(1, stored.id).bind(2, stored.name).bind(3, name_key(stored.name));
  q.bind(4, stored.display_name).bind(5, stored.password_hash).bind(6, stored.created_at);
  q.run();
  if (sqlite3_changes(db_.handle()) == 0) return std::nullopt;
  return stored;
}

std::optional<User> AccountTables::user(std::string_view id) {
  const ResetOnExit done(user_by_id_);
  user_by_id_.bind(1, id);
  if (!user_by_id_.step()) return std::nullopt;
  return read_user(user_by_id_);
}

std::optional<User> AccountTables::user_by_name(std::string_view name) {
  Statement q = db_.prepare(fmt::format("SELECT {} FROM users WHERE name_key = ?", kUserColumns));
  q.bind(1, name_key(name));
  if (!q.step()) return std::nullopt;
  return read_user(q);
}

void AccountTables::put_session(const Session& session) {
  check_session(session);
  Transaction tx(db_);
  if (!user(session.user_id)) {
    throw NotFound(fmt::format("session: no user '{}'", session.user_id));
  }
  Statement q = db_.prepare(fmt::format(
      "INSERT INTO sessions ({}) VALUES (?, ?, ?, ?, ?) ON CONFLICT (token_digest) DO UPDATE "
      "SET csrf_token = excluded.csrf_token, expires_at = excluded.expires_at",
      kSessionColumns));
  q.bind(1, session.token_digest).bind(2, session.user_id).bind(3, session.csrf_token);
  q.bind(4, session.expires_at);
  q.bind(5, session.created_at.empty() ? utc_timestamp() : session.created_at);
  q.run();
  tx.commit();
}

std::optional<Session> AccountTables::session(std::string_view token_digest,
                                              std::string_view now_iso) {
  require_time("now", now_iso);
  const ResetOnExit done(session_at_);
  session_at_.bind(1, token_digest).bind(2, now_iso);
  if (!session_at_.step()) return std::nullopt;
  return read_session(session_at_);
}

void AccountTables::delete_session(std::string_view token_digest) {
  Statement q = db_.prepare("DELETE FROM sessions WHERE token_digest = ?");
  q.bind(1, token_digest);
  q.run();
}

int AccountTables::delete_expired_sessions(std::string_view now_iso) {
  require_time("now", now_iso);
  Statement q = db_.prepare("DELETE FROM sessions WHERE expires_at <= ?");
  q.bind(1, now_iso);
  q.run();
  return sqlite3_changes(db_.handle());
}

}  // namespace lectio::store::sqlite
