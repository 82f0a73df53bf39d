#include "lectio/text/sentences.h"

#include <cctype>

#include "lectio/text/strings.h"
#include "segmenter.h"

namespace lectio::text {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

// Paragraphs of running text: blank lines (maybe holding spaces and tabs) separate them.
std::vector<std::string> paragraphs(std::string_view text) {
  std::vector<std::string> out;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = begin;
    for (;;) {
      end = text.find('\n', end);
      if (end == std::string_view::npos) break;
      std::size_t next = end + 1;
      while (next < text.size() &&
             (text[next] == ' ' || text[next] == '\t' || text[next] == '\r')) {
        ++next;
      }
      if (next < text.size() && text[next] == '\n') break;
      end = next;
    }
    if (end == std::string_view::npos) end = text.size();
    std::string paragraph = collapse_whitespace(text.substr(begin, end - begin));
    if (!paragraph.empty()) out.push_back(std::move(paragraph));
    begin = end + 1;
  }
  return out;
}

// True when the text before `end` closes on an initial or on "e.g." / "i.e.", which ICU ends a
// sentence after when a bracket or quote comes first ("(e.g. | Keys"). An initial is a capital
// letter and a full stop after a space or another initial ("John I. | Jenkins", "T. J. |
// Ward"); ICU's English suppressions hold single letters only as parts of longer
// abbreviations ("U.S."), so adding "I." to them changes nothing. An initial is a name's far
// more often than a sentence's end ("World War I."). A line break still ends the sentence.
bool false_break(std::string_view text, std::size_t end) {
  while (end > 0 && is_space(text[end - 1])) {
    if (text[--end] == '\n') return false;  // a line break ends it whatever came before
  }
  const std::string_view before = text.substr(0, end);
  for (std::string_view abbreviation : {"e.g.", "i.e."}) {
    if (before.ends_with(abbreviation)) return true;
  }
  if (end < 2 || text[end - 1] != '.') return false;
  const auto letter = static_cast<unsigned char>(text[end - 2]);
  if (letter > 0x7F || !std::isupper(letter)) return false;
  return end == 2 || text[end - 3] == ' ' || text[end - 3] == '.';
}

}  // namespace

void split_sentences(std::string_view text, std::string_view language, std::vector<Span>& out) {
  out.clear();
  std::size_t begin = 0;
  auto& segmenter = detail::Segmenter::for_thread(detail::sentence_rules(language));
  segmenter.each_break(text, [&](std::size_t end, int32_t /*status*/) {
    if (end < text.size() && false_break(text, end)) return;
    std::size_t b = begin;
    std::size_t e = end;
    begin = end;
    while (b < e && is_space(text[b])) ++b;
    while (e > b && is_space(text[e - 1])) --e;
    if (e > b) out.push_back({b, e});
  });
}

std::vector<std::string> sentences(std::string_view text, std::string_view language) {
  std::vector<std::string> out;
  std::vector<Span> spans;
  for (const std::string& paragraph : paragraphs(text)) {
    // A paragraph's white space is collapsed already, so trimming its sentences is all the
    // collapsing they need.
    split_sentences(paragraph, language, spans);
    for (const Span& s : spans) out.push_back(paragraph.substr(s.begin, s.end - s.begin));
  }
  return out;
}

}  // namespace lectio::text
