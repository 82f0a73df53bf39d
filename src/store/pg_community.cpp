// The PostgreSQL backend of the community store: users, sessions, reviews and likes. The
// rules (name keys, time stamps, review limits) are the SQLite backend's, from
// community_rules.h, so both backends accept and refuse the same input.
#include <fmt/format.h>

#include <memory>

#include "community_rules.h"
#include "lectio/core/clock.h"
#include "lectio/core/error.h"
#include "lectio/core/password.h"
#include "lectio/pg/connection.h"
#include "lectio/store/pg_store.h"
#include "pg_backend.h"

namespace lectio::store {

namespace {

constexpr std::string_view kUserColumns = "id, name, display_name, password_hash, created_at";
constexpr std::string_view kSessionColumns =
    "token_digest, user_id, csrf_token, expires_at, created_at";
// $1 is the viewer.
constexpr std::string_view kSelectReview =
    "SELECT r.id, r.lesson_id, r.user_id, COALESCE(u.display_name, ''), r.rating, r.body, "
    "(SELECT COUNT(*) FROM review_likes l WHERE l.review_id = r.id), "
    "EXISTS (SELECT 1 FROM review_likes l WHERE l.review_id = r.id AND l.user_id = $1), "
    "r.created_at, r.updated_at FROM reviews r LEFT JOIN users u ON u.id = r.user_id ";

User read_user(const pg::Result& r) {
  return {r.text(0, 0), r.text(0, 1), r.text(0, 2), r.text(0, 3), r.text(0, 4)};
}

Review read_review(const pg::Result& r, int row) {
  Review v;
  v.id = r.text(row, 0);
  v.lesson_id = r.text(row, 1);
  v.user_id = r.text(row, 2);
  v.user_name = r.text(row, 3);
  v.rating = r.integer(row, 4);
  v.text = r.text(row, 5);
  v.likes = r.integer(row, 6);
  v.liked_by_viewer = r.boolean(row, 7);
  v.created_at = r.text(row, 8);
  v.updated_at = r.text(row, 9);
  return v;
}

// One connection, shared with its owner.
class PgCommunityStore final : public CommunityStore {
 public:
  // Throws InvalidInput for an older schema, Unsupported for a newer one.
  explicit PgCommunityStore(std::shared_ptr<pg::Connection> db) : db_(std::move(db)) {
    require_store_schema(*db_);
  }

  std::optional<User> create_user(const User& user) override;
  std::optional<User> user(std::string_view id) override;
  std::optional<User> user_by_name(std::string_view name) override;
  void put_session(const Session& session) override;
  std::optional<Session> session(std::string_view token_digest, std::string_view now_iso) override;
  void delete_session(std::string_view token_digest) override;
  int delete_expired_sessions(std::string_view now_iso) override;
  Review put_review(std::string_view lesson_id, std::string_view user_id, int rating,
                    std::string_view text) override;
  std::vector<Review> reviews(std::string_view lesson_id, std::string_view viewer_user_id) override;
  std::optional<Review> review(std::string_view review_id) override;
  bool delete_review(std::string_view review_id, std::string_view user_id) override;
  bool set_review_like(std::string_view review_id, std::string_view user_id, bool liked) override;
  RatingSummary rating_summary(std::string_view lesson_id) override;
  int delete_reviews_of_lesson(std::string_view lesson_id) override;

 private:
  void require_user(std::string_view user_id);

  std::shared_ptr<pg::Connection> db_;
};

}  // namespace

std::optional<User> PgCommunityStore::create_user(const User& user) {
  User stored = checked_new_user(user);
  const pg::Result r = db_->exec(
      "INSERT INTO users (id, name, name_key, display_name, password_hash, created_at)"
      " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name_key) DO NOTHING",
      {stored.id, stored.name, name_key(stored.name), stored.display_name, stored.password_hash,
       stored.created_at});
  if (r.affected() == 0) return std::nullopt;
  return stored;
}

std::optional<User> PgCommunityStore::user(std::string_view id) {
  const pg::Result r =
      db_->exec(fmt::format("SELECT {} FROM users WHERE id = $1", kUserColumns), {id});
  if (r.rows() == 0) return std::nullopt;
  return read_user(r);
}

std::optional<User> PgCommunityStore::user_by_name(std::string_view name) {
  const pg::Result r = db_->exec(
      fmt::format("SELECT {} FROM users WHERE name_key = $1", kUserColumns), {name_key(name)});
  if (r.rows() == 0) return std::nullopt;
  return read_user(r);
}

void PgCommunityStore::put_session(const Session& session) {
  check_session(session);
  pg::Transaction tx(*db_);
  if (!user(session.user_id)) {
    throw NotFound(fmt::format("session: no user '{}'", session.user_id));
  }
  db_->exec(fmt::format("INSERT INTO sessions ({}) VALUES ($1, $2, $3, $4, $5)"
                        " ON CONFLICT (token_digest) DO UPDATE SET"
                        " csrf_token = excluded.csrf_token, expires_at = excluded.expires_at",
                        kSessionColumns),
            {session.token_digest, session.user_id, session.csrf_token, session.expires_at,
             session.created_at.empty() ? utc_timestamp() : session.created_at});
  tx.commit();
}

std::optional<Session> PgCommunityStore::session(std::string_view token_digest, std::string_view now_iso) {
  require_time("now", now_iso);
  const pg::Result r =
      db_->exec(fmt::format("SELECT {} FROM sessions WHERE token_digest = $1 AND expires_at > $2",
                            kSessionColumns),
                {token_digest, now_iso});
  if (r.rows() == 0) return std::nullopt;
  return Session{r.text(0, 0), r.text(0, 1), r.text(0, 2), r.text(0, 3), r.text(0, 4)};
}

void PgCommunityStore::delete_session(std::string_view token_digest) {
  db_->exec("DELETE FROM sessions WHERE token_digest = $1", {token_digest});
}

int PgCommunityStore::delete_expired_sessions(std::string_view now_iso) {
  require_time("now", now_iso);
  return db_->exec("DELETE FROM sessions WHERE expires_at <= $1", {now_iso}).affected();
}

Review PgCommunityStore::put_review(std::string_view lesson_id, std::string_view user_id, int rating,
                           std::string_view text) {
  check_review(lesson_id, rating, text);
  pg::Transaction tx(*db_);
  require_user(user_id);
  // seq orders writes: one past the largest, under a lock that orders concurrent writers.
  db_->exec("LOCK TABLE reviews IN SHARE ROW EXCLUSIVE MODE");
  const std::string now = utc_timestamp();
  db_->exec(
      "INSERT INTO reviews (id, lesson_id, user_id, rating, body, seq, created_at, updated_at)"
      " VALUES ($1, $2, $3, $4, $5, (SELECT COALESCE(MAX(seq), 0) + 1 FROM reviews), $6, $6)"
      " ON CONFLICT (lesson_id, user_id) DO UPDATE SET rating = excluded.rating,"
      " body = excluded.body, seq = excluded.seq, updated_at = excluded.updated_at",
      {"review_" + random_token(12), lesson_id, user_id, rating, text, now});
  const pg::Result r =
      db_->exec(fmt::format("{} WHERE r.lesson_id = $2 AND r.user_id = $1", kSelectReview),
                {user_id, lesson_id});
  if (r.rows() == 0)
    throw Internal(fmt::format("review of {}: missing after writing it", lesson_id));
  Review stored = read_review(r, 0);
  tx.commit();
  return stored;
}

std::vector<Review> PgCommunityStore::reviews(std::string_view lesson_id, std::string_view viewer_user_id) {
  const pg::Result r =
      db_->exec(fmt::format("{} WHERE r.lesson_id = $2 ORDER BY r.seq DESC", kSelectReview),
                {viewer_user_id, lesson_id});
  std::vector<Review> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back(read_review(r, i));
  return out;
}

std::optional<Review> PgCommunityStore::review(std::string_view review_id) {
  const pg::Result r = db_->exec(fmt::format("{} WHERE r.id = $2", kSelectReview), {"", review_id});
  if (r.rows() == 0) return std::nullopt;
  return read_review(r, 0);
}

bool PgCommunityStore::delete_review(std::string_view review_id, std::string_view user_id) {
  pg::Transaction tx(*db_);
  if (db_->exec("SELECT 1 FROM reviews WHERE id = $1 AND user_id = $2 FOR UPDATE",
                {review_id, user_id})
          .rows() == 0) {
    return false;
  }
  db_->exec("DELETE FROM review_likes WHERE review_id = $1", {review_id});
  db_->exec("DELETE FROM reviews WHERE id = $1", {review_id});
  tx.commit();
  return true;
}

bool PgCommunityStore::set_review_like(std::string_view review_id, std::string_view user_id, bool liked) {
  pg::Transaction tx(*db_);
  if (db_->exec("SELECT 1 FROM reviews WHERE id = $1 FOR SHARE", {review_id}).rows() == 0) {
    return false;
  }
  require_user(user_id);
  if (liked) {
    db_->exec(
        "INSERT INTO review_likes (review_id, user_id, created_at) VALUES ($1, $2, $3)"
        " ON CONFLICT (review_id, user_id) DO NOTHING",
        {review_id, user_id, utc_timestamp()});
  } else {
    db_->exec("DELETE FROM review_likes WHERE review_id = $1 AND user_id = $2",
              {review_id, user_id});
  }
  tx.commit();
  return true;
}

RatingSummary PgCommunityStore::rating_summary(std::string_view lesson_id) {
  const pg::Result r = db_->exec(
      "SELECT rating, COUNT(*) FROM reviews WHERE lesson_id = $1 GROUP BY rating", {lesson_id});
  std::vector<std::pair<int, int>> counts;
  for (int i = 0; i < r.rows(); ++i) counts.emplace_back(r.integer(i, 0), r.integer(i, 1));
  return summarize_ratings(counts);
}

int PgCommunityStore::delete_reviews_of_lesson(std::string_view lesson_id) {
  pg::Transaction tx(*db_);
  db_->exec(
      "DELETE FROM review_likes WHERE review_id IN (SELECT id FROM reviews WHERE lesson_id = $1)",
      {lesson_id});
  const int removed = db_->exec("DELETE FROM reviews WHERE lesson_id = $1", {lesson_id}).affected();
  tx.commit();
  return removed;
}

void PgCommunityStore::require_user(std::string_view user_id) {
  if (db_->exec("SELECT 1 FROM users WHERE id = $1", {user_id}).rows() == 0) {
    throw NotFound(fmt::format("review: no user '{}'", user_id));
  }
}

std::unique_ptr<CommunityStore> open_pg_community_store(std::shared_ptr<pg::Connection> db) {
  return std::make_unique<PgCommunityStore>(std::move(db));
}

std::unique_ptr<CommunityStore> open_pg_community_store(const std::string& url) {
  return open_pg_community_store(std::make_shared<pg::Connection>(url));
}

}  // namespace lectio::store
