#include "lectio/extract/spoken_lists.h"

#include <cctype>

#include "lectio/extract/listenable.h"
#include "lectio/text/stopwords.h"
#include "lectio/text/unicode.h"
#include "lectio/text/words.h"

namespace lectio::extract {

namespace {

// An item is a few words: a longer line is a paragraph or a description a list of its own
// would not be heard as.
constexpr std::size_t kItemWords = 12;
constexpr std::size_t kItemCharacters = 30;  // Chinese, in characters

// ASCII a spoken item never holds: code ("a<=b", "#define"), paths ("<MIME>/globs"), options
// ("-d"), addresses ("nas@debian.org"), table cells ("apt update; apt-get update"), diagrams.
constexpr std::string_view kUnsaid = "<>=*_~\\/{}[]|&$#@%^;:`+";

bool ends_with_colon(std::string_view s) {
  return s.ends_with(':') || s.ends_with("：");
}

// `line` without what stands between ‘ and ’.
std::string unquoted(std::string_view line) {
  static constexpr std::string_view kOpen = "\u2018", kClose = "\u2019";
  std::string out;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t open = line.find(kOpen, at);
    const std::size_t close =
        open == std::string_view::npos ? open : line.find(kClose, open + kOpen.size());
    if (close == std::string_view::npos) break;
    out += line.substr(at, open - at);
    at = close + kClose.size();
  }
  out += line.substr(std::min(at, line.size()));
  return out;
}

std::string_view trimmed_item(std::string_view item) {
  while (!item.empty() && (item.back() == ',' || item.back() == ' ')) item.remove_suffix(1);
  if (item.ends_with("，")) item.remove_suffix(std::string_view("，").size());
  return item;
}

std::string joined_en(std::string_view lead, const std::vector<std::string>& items) {
  bool commas = false;
  for (const std::string& item : items) commas = commas || item.find(',') != std::string::npos;
  const std::string sep = commas ? "; " : ", ";
  std::string out(lead);
  // "one of the following type affinities:" points at the page; with the list said, at these.
  for (auto [from, to] : {std::pair<std::string_view, std::string_view>{"The following ", "These "},
                          {"the following ", "these "}}) {
    if (const auto at = out.find(from); at != std::string::npos) out.replace(at, from.size(), to);
  }
  out += ": ";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += items.size() == 2 ? " and " : (i + 1 == items.size() ? sep + "and " : sep);
    out += trimmed_item(items[i]);
  }
  return out + ".";
}

std::string joined_zh(std::string_view lead, const std::vector<std::string>& items) {
  bool commas = false;
  for (const std::string& item : items) commas = commas || item.find("，") != std::string::npos;
  std::string out(lead);
  out += "：";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += commas ? "；" : "、";
    out += trimmed_item(items[i]);
  }
  return out + "。";
}

}  // namespace

bool list_item(std::string_view line, const std::string& language) {
  const bool zh = language == "zh";
  if (line.empty() || ends_like_sentence(line, language) || ends_with_colon(line)) return false;
  if (unquoted(line).find_first_of(kUnsaid) != std::string::npos) return false;
  std::size_t at = 0;
  const text::CodePoint first = text::next_code_point(line, at);
  const bool letter = first < 0x80 && std::isalpha(static_cast<int>(first));
  if (!letter && !(zh && text::is_han(first))) return false;
  // A Chinese document's item may be left in English ("Choose packages listed on the command
  // line"): it is measured in words, as in an English one.
  return zh && text::holds_han(line) ? text::character_count(line) <= kItemCharacters
                                     : text::words(line).size() <= kItemWords;
}

std::optional<std::string> numbered_item(std::string_view text, const std::string& language) {
  if (language != "en" || !text.ends_with('.') || text.ends_with("..")) return std::nullopt;
  std::string item(text.substr(0, text.size() - 1));
  const std::vector<std::string> words = text::words(item);
  if (!words.empty() && text::is_stopword(words.front(), "en") && !item.empty() &&
      std::isupper(static_cast<unsigned char>(item.front())) &&
      (item.size() < 2 || std::islower(static_cast<unsigned char>(item[1])))) {
    item.front() = static_cast<char>(std::tolower(static_cast<unsigned char>(item.front())));
  }
  if (!list_item(item, language)) return std::nullopt;
  return item;
}

std::optional<std::string> said_with_items(std::string_view lead_in,
                                           const std::vector<std::string>& items,
                                           const std::string& language) {
  if (items.size() < 2 || items.size() > kMaxListItems || !ends_with_colon(lead_in)) {
    return std::nullopt;
  }
  std::string_view lead = lead_in;
  lead.remove_suffix(lead.ends_with(':') ? 1 : std::string_view("：").size());
  while (!lead.empty() && lead.back() == ' ') lead.remove_suffix(1);
  return language == "zh" ? joined_zh(lead, items) : joined_en(lead, items);
}

}  // namespace lectio::extract
