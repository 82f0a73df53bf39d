// The user's pronunciation lexicon and the built-in one, and the whole-word rule that
// applies them before every other normalisation rule.
#include <unicode/uchar.h>
#include <unicode/utf8.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <vector>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/text/strings.h"
#include "lectio/text/unicode.h"
#include "normalize_steps.h"

namespace lectio::speech {

namespace {

constexpr std::uintmax_t kMaxLexiconBytes = 1 << 20;
constexpr std::size_t kMaxEntries = 20000;

std::string trim(std::string s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

}  // namespace

Lexicon Lexicon::load(const std::filesystem::path& path) {
  const std::string name = path.string();
  const std::string bytes = read_file(path, kMaxLexiconBytes);
  YAML::Node root;
  try {
    root = YAML::Load(bytes);
  } catch (const YAML::Exception& e) {
    throw InvalidInput(name + ": not valid YAML at line " + std::to_string(e.mark.line + 1) + ": " +
                       e.msg);
  }
  Lexicon lexicon;
  if (root.IsNull()) return lexicon;  // an empty file is an empty lexicon
  if (!root.IsMap()) throw InvalidInput(name + ": must be a mapping of word to spoken form");
  for (const auto& item : root) {
    const std::string line = std::to_string(item.first.Mark().line + 1);
    if (!item.first.IsScalar()) {
      throw InvalidInput(name + ": line " + line + ": the word must be plain text");
    }
    const std::string word = trim(item.first.Scalar());
    const std::string where = name + ": entry \"" + word + "\" (line " + line + ")";
    if (word.empty()) throw InvalidInput(name + ": line " + line + ": the word is empty");
    if (!item.second.IsScalar() || trim(item.second.Scalar()).empty()) {
      throw InvalidInput(where + ": the spoken form must be non-empty text");
    }
    const std::string spoken = trim(item.second.Scalar());
    if (!text::is_valid_utf8(word) || !text::is_valid_utf8(spoken) ||
        word.find('\n') != std::string::npos || spoken.find('\n') != std::string::npos) {
      throw InvalidInput(where + ": must be one line of UTF-8 text");
    }
    if (!lexicon.entries.emplace(word, spoken).second) {
      throw InvalidInput(where + ": the word appears twice");
    }
    if (lexicon.entries.size() > kMaxEntries) {
      throw InvalidInput(name + ": more than " + std::to_string(kMaxEntries) + " entries");
    }
  }
  return lexicon;
}

namespace detail {

namespace {

bool all_caps(std::string_view word) {
  const bool upper =
      std::any_of(word.begin(), word.end(), [](unsigned char c) { return std::isupper(c); });
  const bool lower =
      std::any_of(word.begin(), word.end(), [](unsigned char c) { return std::islower(c); });
  return upper && !lower;
}

bool word_char(UChar32 c) {
  return c == '_' || u_isalnum(c);
}
// A word boundary is needed only between two non-Han word characters: Chinese is written
// without spaces, so "GPU" matches inside "用GPU训练".
bool joined(UChar32 outside, UChar32 edge) {
  return outside >= 0 && word_char(outside) && word_char(edge) && !text::is_han(outside) &&
         !text::is_han(edge);
}

bool same_at(std::string_view text, std::size_t at, std::string_view word, bool exact) {
  if (text.size() - at < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    const auto a = static_cast<unsigned char>(text[at + i]);
    const auto b = static_cast<unsigned char>(word[i]);
    if (exact ? a != b : std::tolower(a) != std::tolower(b)) return false;
  }
  return true;
}

std::string replace_word(std::string_view text, std::string_view word, std::string_view spoken,
                         Shelter& shelter) {
  const bool exact = all_caps(word);
  const UChar32 first = text::code_point_at(word, 0);
  const UChar32 last = text::code_point_before(word, word.size());
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (same_at(text, i, word, exact) && !joined(text::code_point_before(text, i), first) &&
        !joined(text::code_point_at(text, i + word.size()), last)) {
      out += shelter.hold(std::string(spoken));
      i += word.size();
      continue;
    }
    out += text[i++];
  }
  return out;
}

}  // namespace

std::string apply_lexicon(std::string_view text, const Lexicon& lexicon, Shelter& shelter) {
  std::vector<const std::pair<const std::string, std::string>*> ordered;
  for (const auto& entry : lexicon.entries) ordered.push_back(&entry);
  // Longest first, so that "New York City" wins over "New York".
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const auto* a, const auto* b) { return a->first.size() > b->first.size(); });
  std::string out(text);
  for (const auto* entry : ordered) {
    if (entry->first.empty()) continue;
    out = replace_word(out, entry->first, entry->second, shelter);
  }
  return out;
}

// Placeholders are private-use characters U+E000..U+F8FF, one per held spoken form.
constexpr UChar32 kFirstPlaceholder = 0xE000;
constexpr UChar32 kLastPlaceholder = 0xF8FF;

std::string Shelter::hold(std::string spoken) {
  const auto code = kFirstPlaceholder + static_cast<UChar32>(held_.size());
  if (code > kLastPlaceholder) return spoken;  // out of placeholders: leave it unprotected
  held_.push_back(std::move(spoken));
  char buffer[4];
  int32_t length = 0;
  U8_APPEND_UNSAFE(buffer, length, code);
  return std::string(buffer, static_cast<std::size_t>(length));
}

std::string Shelter::restore(std::string_view text) const {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t start = i;
    const text::CodePoint c = text::next_code_point(text, i);
    const auto index = static_cast<std::size_t>(c - kFirstPlaceholder);
    if (c >= kFirstPlaceholder && index < held_.size()) {
      out += held_[index];
    } else {
      out.append(text.substr(start, i - start));
    }
  }
  return out;
}

}  // namespace detail

}  // namespace lectio::speech
