#include "lectio/text/sentences.h"

#include <cctype>

#include "lectio/text/strings.h"
#include "lectio/text/unicode.h"
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
// more often than a sentence's end ("World War I."). Nor does a "!" or "?" with no space after
// it ("#!/usr/bin/env"). A line break still ends the sentence.
bool false_break(std::string_view text, std::size_t end) {
  while (end > 0 && is_space(text[end - 1])) {
    if (text[--end] == '\n') return false;  // a line break ends it whatever came before
  }
  const std::string_view before = text.substr(0, end);
  // "!" or "?" with no space after it is part of a token, not a stop: "#!/usr/bin/env",
  // "${!prefix}", "?*". ICU ends a sentence after either whatever follows.
  if (end > 0 && end < text.size() && (text[end - 1] == '!' || text[end - 1] == '?') &&
      !is_space(text[end])) {
    return true;
  }
  for (std::string_view abbreviation : {"e.g.", "i.e."}) {
    if (before.ends_with(abbreviation)) return true;
  }
  if (end < 2 || text[end - 1] != '.') return false;
  const auto letter = static_cast<unsigned char>(text[end - 2]);
  if (letter > 0x7F || !std::isupper(letter)) return false;
  return end == 2 || text[end - 3] == ' ' || text[end - 3] == '.';
}

std::size_t utf8_length(CodePoint c) {
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
}

bool is_opener(CodePoint c) {
  return c == '"' || c == '\'' || c == '(' || c == '[' || c == 0x201C || c == 0x2018 ||
         c == 0xFF08 || c == 0x300C || c == 0x300E;
}

// The quotes that open a Chinese sentence. A bracket after "。" ("。（例如 root 组）") is an
// aside on the sentence before it, as ICU reads it.
bool opens_quotation(CodePoint c) {
  return c == 0x201C || c == 0x2018 || c == 0x300C || c == 0x300E;
}

bool is_closer(CodePoint c) {
  return c == '"' || c == '\'' || c == ')' || c == ']' || c == 0x201D || c == 0x2019 ||
         c == 0xFF09 || c == 0x300D || c == 0x300F;
}

// True when the break at `end` of Chinese text follows an ASCII '.', '!' or '?' (and closing
// quotes) that is no stop there. Chinese sentences end with "。！？"; an ASCII stop ends one
// only with a space after it, as in embedded English. Written with no space after it, it is part
// of a name or a pattern ("“.”目录", "“~i!~M”"); standing alone after a space or an opening
// quote, it is a symbol named (以" . "开始). ICU ends a sentence at both, and after an ellipsis.
bool ascii_stop_in_chinese(std::string_view text, std::size_t end) {
  std::size_t i = end;
  bool spaced = false;
  while (i > 0 && is_space(text[i - 1])) {
    if (text[--i] == '\n') return false;
    spaced = true;
  }
  for (CodePoint c = code_point_before(text, i); i > 0 && is_closer(c);
       c = code_point_before(text, i)) {
    i -= utf8_length(c);
  }
  if (i == 0 || (text[i - 1] != '.' && text[i - 1] != '!' && text[i - 1] != '?')) return false;
  if (!spaced) return true;
  // An ASCII ellipsis stands for omitted words ("“apt install ...” 或者 ..."); Chinese ends a
  // sentence with "。", and trails off with "……".
  if (i >= 3 && text.substr(i - 3, 3) == "...") return true;
  const CodePoint before = code_point_before(text, i - 1);
  return before == ' ' || is_opener(before);
}

// True when the text before `end` ends with an opening bracket, which ICU counts as closing
// the sentence before it ("运行该文件。（" | "例如 root 组）。"): no sentence ends with one, and
// the aside it opens is about the sentence before it, so it stays with that sentence.
bool opens_bracket(std::string_view text, std::size_t end) {
  while (end > 0 && is_space(text[end - 1])) --end;
  const CodePoint c = code_point_before(text, end);
  return c == 0xFF08 || c == '(' || c == '[';
}

// Where a Chinese sentence that ICU closed with opening quotes really ends: ICU counts "“" as
// a closing quote, so "…开始。“..”目录" would end after "。“"; the quote opens the next sentence.
std::size_t before_openers(std::string_view text, std::size_t begin, std::size_t end) {
  std::size_t e = end;
  while (e > begin && is_space(text[e - 1])) --e;
  std::size_t cut = e;
  for (CodePoint c = code_point_before(text, cut); cut > begin && opens_quotation(c);
       c = code_point_before(text, cut)) {
    cut -= utf8_length(c);
  }
  return cut > begin ? cut : end;
}

// Where Chinese text between `begin` and `end` ends a sentence that ICU ran on: after
// "。", "！" or "？" (and the quotes that close on it) when an opening quote follows.
// ICU counts "“" as a closing quote and reads on after it into "“.”目录" or "“ls -l”".
std::vector<std::size_t> stops_before_quotes(std::string_view text, std::size_t begin,
                                             std::size_t end) {
  std::vector<std::size_t> cuts;
  for (std::size_t i = begin; i < end;) {
    const CodePoint c = next_code_point(text, i);
    if (c != 0x3002 && c != 0xFF01 && c != 0xFF1F) continue;
    std::size_t at = i;
    while (at < end && is_closer(code_point_at(text, at)) && code_point_at(text, at) > 0x7F) {
      at += utf8_length(code_point_at(text, at));
    }
    const CodePoint next = code_point_at(text, at);
    if (at < end && opens_quotation(next)) cuts.push_back(at);
  }
  return cuts;
}

void push_trimmed(std::string_view text, std::size_t b, std::size_t e, std::vector<Span>& out) {
  while (b < e && is_space(text[b])) ++b;
  while (e > b && is_space(text[e - 1])) --e;
  if (e > b) out.push_back({b, e});
}

}  // namespace

void split_sentences(std::string_view text, std::string_view language, std::vector<Span>& out) {
  out.clear();
  std::size_t begin = 0;
  const bool chinese = language == "zh";
  auto& segmenter = detail::Segmenter::for_thread(detail::sentence_rules(language));
  segmenter.each_break(text, [&](std::size_t end, int32_t /*status*/) {
    if (end < text.size() && false_break(text, end)) return;
    if (chinese && end < text.size() &&
        (ascii_stop_in_chinese(text, end) || opens_bracket(text, end))) {
      return;
    }
    if (chinese && end < text.size()) end = before_openers(text, begin, end);
    std::size_t b = begin;
    begin = end;
    if (chinese) {
      for (std::size_t cut : stops_before_quotes(text, b, end)) {
        push_trimmed(text, b, cut, out);
        b = cut;
      }
    }
    push_trimmed(text, b, end, out);
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
