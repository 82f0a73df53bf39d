// Finding the JSON in what a model says. Models wrap their object in reasoning (<think>), code
// fences and preambles, and write JSON the way Python prints it: single quotes, trailing
// commas, True/None. This keeps the one object the answer meant.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "lectio/llm/chat.h"

namespace lectio::llm {

namespace {

// Removes closed <think>…</think> blocks; an unclosed <think> loses only its tag, since a model
// cut off in its reasoning may still have written the object inside it.
std::string strip_think(std::string_view text) {
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t open = text.find("<think>", at);
    if (open == std::string_view::npos) break;
    out.append(text.substr(at, open - at));
    const std::size_t close = text.find("</think>", open);
    if (close == std::string_view::npos) {
      at = open + 7;
      break;
    }
    at = close + 8;
  }
  if (at < text.size()) out.append(text.substr(at));
  return out;
}

// The end (one past) of the balanced object starting at `open`, honouring both quote kinds;
// npos when it never closes.
std::size_t balanced_end(const std::string& s, std::size_t open) {
  int depth = 0;
  char quote = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    const char c = s[i];
    if (quote) {
      if (c == '\\') {
        ++i;
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
    }
  }
  return std::string::npos;
}

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Rewrites single-quoted strings as double-quoted ones, drops trailing commas and maps Python
// literals, leaving double-quoted strings alone.
std::string repair(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"' || c == '\'') {
      out += '"';
      for (++i; i < s.size() && s[i] != c; ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) {
          if (c == '\'' && s[i + 1] == '\'') {
            out += '\'';
          } else {
            out += s[i];
            out += s[i + 1];
          }
          ++i;
        } else if (c == '\'' && s[i] == '"') {
          out += "\\\"";
        } else {
          out += s[i];
        }
      }
      out += '"';
      continue;
    }
    if (c == ',') {
      std::size_t j = i + 1;
      while (j < s.size() && (s[j] == ' ' || s[j] == '\n' || s[j] == '\r' || s[j] == '\t')) ++j;
      if (j < s.size() && (s[j] == '}' || s[j] == ']')) continue;
    }
    if (!out.empty() && word_char(out.back())) {
      out += c;
      continue;
    }
    bool mapped = false;
    for (const auto& [from, to] :
         {std::pair{"True", "true"}, std::pair{"False", "false"}, std::pair{"None", "null"}}) {
      const std::string_view f(from);
      if (s.compare(i, f.size(), f) == 0 &&
          (i + f.size() == s.size() || !word_char(s[i + f.size()]))) {
        out += to;
        i += f.size() - 1;
        mapped = true;
        break;
      }
    }
    if (!mapped) out += c;
  }
  return out;
}

std::optional<std::string> parse_object(const std::string& candidate) {
  for (const std::string& text : {candidate, repair(candidate)}) {
    auto j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_discarded() && j.is_object()) return j.dump();
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> extract_json_object(std::string_view text) {
  const std::string s = strip_think(text);
  // The longest object that parses: reasoning may hold small examples before the answer.
  std::optional<std::string> best;
  std::size_t best_length = 0;
  for (std::size_t open = s.find('{'); open != std::string::npos; open = s.find('{', open + 1)) {
    const std::size_t end = balanced_end(s, open);
    if (end == std::string::npos || end - open <= best_length) continue;
    if (auto parsed = parse_object(s.substr(open, end - open))) {
      best = std::move(parsed);
      best_length = end - open;
      open = end - 1;  // objects inside this one are shorter
    }
  }
  return best;
}

}  // namespace lectio::llm
