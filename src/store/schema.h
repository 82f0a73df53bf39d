#pragma once
// Versioned schema migrations in portable SQL (SQLite and PostgreSQL both accept them).
// Migration N (1-based) takes the schema from version N-1 to N. Never edit a shipped one:
// append a new migration instead.
#include <span>
#include <string_view>

namespace lectio::store {

std::span<const std::string_view> migrations();

}  // namespace lectio::store
