#include "line_kind.h"

#include <cctype>

namespace lectio::ingest {

namespace {

bool alnum(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

}  // namespace

bool reads_as_code(std::string_view line) {
  if (line.find_first_of("\\\"$*") != std::string_view::npos) return true;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const bool word_start = i == 0 || line[i - 1] == ' ';
    const char next = i + 1 < line.size() ? line[i + 1] : '\0';
    if (word_start && line[i] == '\'') return true;
    if (word_start && line[i] == '-' && (next == '-' || alnum(next))) return true;
    if (line[i] == '_' && i > 0 && alnum(line[i - 1]) && alnum(next)) return true;
  }
  return false;
}

}  // namespace lectio::ingest
