#pragma once
// What every community store backend accepts and refuses, in one place: login-name keys, time
// stamps, the fields of a new user or session, review limits, and the rating summary.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lectio/store/community_store.h"

namespace lectio::store {

// The unique key of a login name. Only ASCII letters are folded: the same on every backend
// and locale, where full Unicode case folding is not.
std::string name_key(std::string_view name);

// Throws InvalidInput unless `value` is a UTC time stamp like 2025-01-31T09:30:00Z.
void require_time(std::string_view what, std::string_view value);

// The user as stored (created_at set when empty). Throws InvalidInput for an empty or
// non-UTF-8 id, name, display name or password hash.
User checked_new_user(const User& user);

// Throws InvalidInput for an empty digest or a malformed time stamp.
void check_session(const Session& session);

// Throws InvalidInput for an empty lesson id, a rating outside 1..5, or a text over
// kMaxReviewBytes or not UTF-8.
void check_review(std::string_view lesson_id, int rating, std::string_view text);

// The summary of (rating, count) pairs; ratings outside 1..5 are ignored.
RatingSummary summarize_ratings(const std::vector<std::pair<int, int>>& counts);

}  // namespace lectio::store
