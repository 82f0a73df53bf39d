#include "community_rules.h"

#include <fmt/format.h>

#include "lectio/core/clock.h"
#include "lectio/core/error.h"
#include "lectio/text/strings.h"

namespace lectio::store {

namespace {

void require_text(std::string_view what, std::string_view value) {
  if (value.empty()) throw InvalidInput(fmt::format("user: {} must not be empty", what));
  if (!text::is_valid_utf8(value)) throw InvalidInput(fmt::format("user: {} is not UTF-8", what));
}

}  // namespace

std::string name_key(std::string_view name) {
  std::string key(name);
  for (char& c : key) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return key;
}

void require_time(std::string_view what, std::string_view value) {
  if (is_utc_timestamp(value)) return;
  throw InvalidInput(
      fmt::format("{} '{}': not a UTC time stamp like 2025-01-31T09:30:00Z", what, value));
}

User checked_new_user(const User& user) {
  require_text("id", user.id);
  require_text("name", user.name);
  require_text("display name", user.display_name);
  require_text("password hash", user.password_hash);
  User stored = user;
  if (stored.created_at.empty()) stored.created_at = utc_timestamp();
  return stored;
}

void check_session(const Session& session) {
  if (session.token_digest.empty()) throw InvalidInput("session: empty token digest");
  require_time("session expiry", session.expires_at);
  if (!session.created_at.empty()) require_time("session creation", session.created_at);
}

void check_review(std::string_view lesson_id, int rating, std::string_view text) {
  if (lesson_id.empty()) throw InvalidInput("review: empty lesson id");
  if (rating < 1 || rating > 5) {
    throw InvalidInput(fmt::format("review of {}: rating {} is not 1 to 5", lesson_id, rating));
  }
  if (text.size() > kMaxReviewBytes) {
    throw InvalidInput(fmt::format("review of {}: text of {} bytes is over the {} allowed",
                                   lesson_id, text.size(), kMaxReviewBytes));
  }
  if (!text::is_valid_utf8(text)) {
    throw InvalidInput(fmt::format("review of {}: text is not UTF-8", lesson_id));
  }
}

RatingSummary summarize_ratings(const std::vector<std::pair<int, int>>& counts) {
  RatingSummary out;
  std::int64_t total = 0;
  for (const auto& [rating, count] : counts) {
    if (rating < 1 || rating > 5) continue;  // the CHECK constraint keeps these out
    out.histogram[static_cast<std::size_t>(rating - 1)] = count;
    out.count += count;
    total += static_cast<std::int64_t>(rating) * count;
  }
  if (out.count > 0) out.average = static_cast<double>(total) / out.count;
  return out;
}

}  // namespace lectio::store
