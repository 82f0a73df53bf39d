#pragma once
// The community store: the web app's users, sessions, reviews and likes. Only the web app
// needs it. SQLite is the embedded backend (store.h opens it); other backends implement the
// same interface. Not thread-safe: use one object per thread.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::store {

// Time stamps here are ISO 8601 UTC with whole seconds, "2025-01-31T09:30:00Z": the store
// compares them as text, so every time given to it must have exactly that form (InvalidInput
// otherwise).

struct User {
  std::string id;             // chosen by the caller, e.g. "user_" + random_token()
  std::string name;           // the login name, unique ignoring the case of ASCII letters
  std::string display_name;   // shown beside reviews
  std::string password_hash;  // hash_password's encoded argon2id hash; never the password
  std::string created_at;     // set by the store when empty
};

struct Session {
  std::string token_digest;  // token_digest(token): the token itself is never stored
  std::string user_id;
  std::string csrf_token;  // sent back with every form of this session
  std::string expires_at;  // the session is gone from this instant on
  std::string created_at;  // set by the store when empty
};

struct Review {
  std::string id;  // set by the store
  std::string lesson_id;
  std::string user_id;    // the author
  std::string user_name;  // the author's display name
  int rating = 0;         // 1..5
  std::string text;       // may be empty: a rating alone
  int likes = 0;
  bool liked_by_viewer = false;
  std::string created_at;  // the first posting; survives a replace
  std::string updated_at;  // the last replace
};

struct RatingSummary {
  int count = 0;
  double average = 0;              // 0 when count is 0
  std::array<int, 5> histogram{};  // histogram[r - 1] reviews rated r
};

// Spaced review of flashcards (issue 31). The store keeps what the scheduler computed; it
// knows nothing of the algorithm.
struct CardSchedule {
  std::string card_id;
  std::string lesson_id;
  int state = 0;  // the scheduler's card state
  double stability = 0;
  double difficulty = 0;
  int reps = 0;
  int lapses = 0;
  int scheduled_days = 0;
  std::string due_at;
  std::string last_review_at;
};

// One rating, and the schedule it gave the card.
struct CardReview {
  std::string card_id;
  std::string lesson_id;
  int rating = 0;  // 1 Again, 2 Hard, 3 Good, 4 Easy
  std::string reviewed_at;
  int elapsed_days = 0;
  CardSchedule after;  // card_id and lesson_id are the review's
};

struct QuizScore {
  std::string lesson_id;
  int correct = 0;
  int total = 0;
  std::string taken_at;
};

// A lesson a learner has heard to its end (the player reports it), for their plan progress.
struct HeardLesson {
  std::string lesson_id;
  std::string heard_at;  // the first time
};

// The longest review text accepted, in bytes.
inline constexpr std::size_t kMaxReviewBytes = 5000;

class CommunityStore {
 public:
  virtual ~CommunityStore() = default;

  // Adds a user. std::nullopt when the name is taken, ignoring the case of ASCII letters
  // (other characters must match exactly). Returns the stored user. Throws InvalidInput for an
  // empty or non-UTF-8 id, name, display name or password hash; Io otherwise (an id that
  // exists already is a caller bug).
  virtual std::optional<User> create_user(const User& user) = 0;

  // A user by id. std::nullopt when missing.
  virtual std::optional<User> user(std::string_view id) = 0;

  // A user by login name, ignoring the case of ASCII letters. std::nullopt when missing.
  virtual std::optional<User> user_by_name(std::string_view name) = 0;

  // Stores a session; a session with the same digest is renewed (its csrf_token and expires_at
  // replaced). Throws NotFound for an unknown user, InvalidInput for an empty digest or a
  // malformed time stamp.
  virtual void put_session(const Session& session) = 0;

  // The session with this digest, unless it expired at or before now_iso. std::nullopt when
  // missing or expired.
  virtual std::optional<Session> session(std::string_view token_digest,
                                         std::string_view now_iso) = 0;

  // Signs a session out. Deleting a missing session is not an error.
  virtual void delete_session(std::string_view token_digest) = 0;

  // Deletes every session expired at or before now_iso; returns how many.
  virtual int delete_expired_sessions(std::string_view now_iso) = 0;

  // Writes the user's review of a lesson. A user has one review per lesson: a second put
  // replaces rating and text, keeps the id, created_at and likes, and moves the review to the
  // top. Returns the stored review as its author sees it. Throws InvalidInput for a rating
  // outside 1..5 or a text over kMaxReviewBytes or not UTF-8, NotFound for an unknown user.
  // The lesson id is not checked against the records.
  virtual Review put_review(std::string_view lesson_id, std::string_view user_id, int rating,
                            std::string_view text) = 0;

  // The reviews of a lesson, last written first, with like counts and whether viewer_user_id
  // liked each (pass "" for a signed-out viewer).
  virtual std::vector<Review> reviews(std::string_view lesson_id,
                                      std::string_view viewer_user_id) = 0;

  // One review (liked_by_viewer false). std::nullopt when missing.
  virtual std::optional<Review> review(std::string_view review_id) = 0;

  // Deletes a review and its likes, only when user_id wrote it. False otherwise (missing, or
  // someone else's).
  virtual bool delete_review(std::string_view review_id, std::string_view user_id) = 0;

  // Likes (liked = true) or unlikes a review; repeating either is a no-op. Anyone may like any
  // review, their own included: policy is the caller's. False when the review does not exist.
  // Throws NotFound for an unknown user.
  virtual bool set_review_like(std::string_view review_id, std::string_view user_id,
                               bool liked) = 0;

  // Count, mean and histogram of the ratings of a lesson.
  virtual RatingSummary rating_summary(std::string_view lesson_id) = 0;

  // Deletes every review of a lesson and their likes (when the lesson is deleted); returns how
  // many reviews.
  virtual int delete_reviews_of_lesson(std::string_view lesson_id) = 0;

  // Records a learner's rating of a flashcard: appends it to the review log and replaces the
  // card's schedule with review.after, in one transaction. Throws InvalidInput for a rating
  // outside 1..4, an empty card or lesson id or a malformed time stamp, NotFound for an unknown
  // user.
  virtual void put_card_review(std::string_view user_id, const CardReview& review) = 0;

  // A learner's schedule of one card; std::nullopt before the first rating.
  virtual std::optional<CardSchedule> card_schedule(std::string_view user_id,
                                                    std::string_view card_id) = 0;

  // Every card a learner has rated, soonest due first (ties by card id).
  virtual std::vector<CardSchedule> card_schedules(std::string_view user_id) = 0;

  // A learner's ratings of one card, oldest first.
  virtual std::vector<CardReview> card_reviews(std::string_view user_id,
                                               std::string_view card_id) = 0;

  // Keeps a learner's last attempt at a lesson's quiz. Throws InvalidInput unless
  // 0 <= correct <= total and taken_at is a time stamp, NotFound for an unknown user.
  virtual void put_quiz_score(std::string_view user_id, const QuizScore& score) = 0;

  // A learner's last attempt at each lesson's quiz, by lesson id.
  virtual std::vector<QuizScore> quiz_scores(std::string_view user_id) = 0;

  // Records that a learner heard a lesson; hearing it again keeps the first time. Throws
  // InvalidInput for an empty lesson id or heard_at that is no time stamp, NotFound for an
  // unknown user.
  virtual void put_heard(std::string_view user_id, const HeardLesson& heard) = 0;

  // The lessons a learner has heard, first heard first.
  virtual std::vector<HeardLesson> heard_lessons(std::string_view user_id) = 0;
};

}  // namespace lectio::store
