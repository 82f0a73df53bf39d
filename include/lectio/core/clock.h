#pragma once
// Time stamps: ISO 8601 UTC with whole seconds, "2025-01-31T09:30:00Z", which sort as text in
// time order. The store keeps every time in this form and compares them as text.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lectio {

// Now, in whole seconds since the Unix epoch: what a time stamp of now is made from, for
// arithmetic on it without formatting and parsing it back.
std::int64_t unix_seconds_now();

// Now (or that many seconds from now), as a time stamp.
std::string utc_timestamp(long long seconds_from_now = 0);

// Today's date in UTC, "2025-01-31": the default date of a lesson and a plan.
std::string utc_date();

// True when `s` has exactly the form of a time stamp (the digits are not range-checked).
bool is_utc_timestamp(std::string_view s);

// The time stamp of a moment given in seconds since the Unix epoch.
std::string utc_timestamp_at(std::int64_t unix_seconds);

// Seconds since the Unix epoch of a time stamp; nullopt when `s` is not one or names no real
// date and time ("2025-02-30T..." and hour 24 are refused).
std::optional<std::int64_t> unix_seconds_of(std::string_view s);

}  // namespace lectio
