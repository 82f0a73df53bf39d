#pragma once
// Time stamps of the store: ISO 8601 UTC with whole seconds, "2025-01-31T09:30:00Z", which
// sort as text in time order.
#include <string>
#include <string_view>

namespace lectio::store {

// Now, as a store time stamp.
std::string now_utc();

// True when `s` has exactly the form of a store time stamp (the digits are not range-checked).
bool is_iso_utc(std::string_view s);

}  // namespace lectio::store
