#include "info.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include "lectio/text/strings.h"

namespace lectio::ingest {

namespace {

constexpr char kNodeSeparator = '\x1f';
// How far a cross-reference's label or node name, or an emphasis, may run before the mark is
// taken for something else.
constexpr std::size_t kMaxMarkup = 200;

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || (c & 0x80) != 0;
}

// The lines of `part`, each without its '\n'.
std::vector<std::string_view> lines_of(std::string_view part) {
  std::vector<std::string_view> out;
  std::size_t pos = 0;
  while (pos < part.size()) {
    std::size_t eol = part.find('\n', pos);
    if (eol == std::string_view::npos) eol = part.size();
    out.push_back(part.substr(pos, eol - pos));
    pos = eol + 1;
  }
  return out;
}

// A definition header (@deffn and its kind: " -- Command: ls", " -- Action: -exec command ;"),
// the thing it defines after its kind ("Action: -exec command ;"), or empty.
std::string_view defined_by(std::string_view line) {
  if (!line.starts_with(" -- ")) return {};
  // npos (no colon) is past 40 too: one test covers both.
  const std::size_t colon = line.find(": ", 4);
  if (colon > 40) return {};
  for (std::size_t i = 4; i < colon; ++i) {
    if (!std::isalpha(static_cast<unsigned char>(line[i])) && line[i] != ' ') return {};
  }
  return line.substr(4);
}

// One part between node separators, with what only an Info reader uses left out: a node's
// header line ("File: grep.info,  Node: Usage,  Next: ..."), its menu (by convention the last
// thing in a node, index entries included), the directory entry and makeinfo's first line.
void append_part(std::string_view part, bool first, std::string& out) {
  while (!part.empty() && part.front() == '\n') part.remove_prefix(1);
  for (std::string_view drop : {"Tag Table:", "End Tag Table", "Indirect:", "Local Variables:"}) {
    if (part.starts_with(drop)) return;
  }
  const std::vector<std::string_view> lines = lines_of(part);
  std::size_t i = 0;
  if (!lines.empty() && lines[0].starts_with("File: ") &&
      lines[0].find("Node: ") != std::string_view::npos) {
    i = 1;
  }
  if (first && !lines.empty() && lines[0].starts_with("This is ") &&
      lines[0].find("produced by makeinfo") != std::string_view::npos) {
    i = 1;
  }
  bool in_dir_entry = false;
  for (; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    if (line == "* Menu:") break;
    if (line.starts_with("INFO-DIR-SECTION ") || line == "START-INFO-DIR-ENTRY") {
      in_dir_entry = true;
      continue;
    }
    if (in_dir_entry) {
      in_dir_entry = line != "END-INFO-DIR-ENTRY";
      continue;
    }
    // A definition's header is its term: the text reader sets it apart from the description
    // indented under it, as a definition list's.
    if (const std::string_view term = defined_by(line); !term.empty()) {
      out += term;
      out += '\n';
      continue;
    }
    out += line;
    out += '\n';
  }
  out += '\n';
}

// The word before `at` in `s`, lower-cased ASCII.
std::string word_before(std::string_view s, std::size_t at) {
  std::size_t end = at;
  while (end > 0 && s[end - 1] == ' ') --end;
  std::size_t begin = end;
  while (begin > 0 && std::isalpha(static_cast<unsigned char>(s[begin - 1]))) --begin;
  return text::ascii_lower(s.substr(begin, end - begin));
}

// A cross-reference written as a printed manual says it. "(*note Node::)" (@pxref) points the
// reader elsewhere and teaches nothing here: it is left out with its brackets. "*Note Node::"
// (@xref) opens a sentence that points elsewhere: "See section Node". A "*note" after a word
// that takes a noun (@ref: "is *note BRE syntax::") is the label alone; any other: "see
// section Label".
// `end` is where the reference ends, its terminating '.' or ',' included; a terminator that
// only ends the node's name (lower-case text goes on after it) is not kept.
void write_reference(std::string_view text, std::size_t star, std::string_view label,
                     std::size_t& end, char terminator, std::string& out) {
  static const std::array<std::string_view, 14> kTakesNoun = {
      "is", "are", "in", "to", "of", "as", "at", "by", "from", "with", "and", "or", "the", "see"};
  const bool continues = end + 1 < text.size() && text[end] == ' ' &&
                         std::islower(static_cast<unsigned char>(text[end + 1]));
  const std::string_view kept = terminator != 0 && !(terminator == '.' && continues)
                                    ? std::string_view(&terminator, 1)
                                    : std::string_view();
  const bool capital = text[star + 1] == 'N';
  if (!capital && star > 0 && text[star - 1] == '(') {
    const std::size_t close = text.find(')', end);
    if (close != std::string_view::npos && close - end < 4) {
      while (!out.empty() && (out.back() == '(' || out.back() == ' ' || out.back() == '\n'))
        out.pop_back();
      end = close + 1;
      return;
    }
  }
  // As the printed manual says it ("see Section 3.3 [The s Command]"): a pointer to another
  // part of the manual, which the listening rules know (extract::why_unfit).
  if (capital) {
    out += "See section ";
  } else if (std::find(kTakesNoun.begin(), kTakesNoun.end(), word_before(text, star)) ==
             kTakesNoun.end()) {
    out += "see section ";
  }
  out.append(label);
  out.append(kept);
}

// "*note Label: Node." and "*note Node::" written as a printed manual says them
// (write_reference). Anything that does not parse as a reference is left as it is.
std::string without_references(std::string_view text) {
  std::string out;
  std::size_t pos = 0;
  std::size_t from = 0;  // where the next reference is looked for
  while (true) {
    const std::size_t star = text.find('*', from);
    if (star == std::string_view::npos) break;
    from = star + 1;
    const std::string_view mark = text.substr(star + 1, 5);
    if (mark.size() < 5 || (mark.substr(0, 4) != "note" && mark.substr(0, 4) != "Note") ||
        !std::isspace(static_cast<unsigned char>(mark[4]))) {
      continue;
    }
    const std::size_t label_at = star + 6;
    const std::size_t colon = text.find(':', label_at);
    if (colon == std::string_view::npos || colon - label_at > kMaxMarkup) continue;
    std::size_t end = colon + 1;
    char terminator = 0;
    if (end < text.size() && text[end] == ':') {
      ++end;
    } else {
      const std::size_t stop = text.find_first_of(".,", end);
      if (stop == std::string_view::npos || stop - end > kMaxMarkup) continue;
      terminator = text[stop];
      end = stop + 1;
    }
    out.append(text.substr(pos, star - pos));
    write_reference(text, star, text.substr(label_at, colon - label_at), end, terminator, out);
    pos = end;
    from = end;
  }
  out.append(text.substr(pos));
  return out;
}

// "_word_" and "_a few words_" (Texinfo's @emph) -> the words; an underscore inside a name
// (name_with_underscores, _POSIX2_VERSION) is no emphasis.
std::string without_emphasis(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t pos = 0;
  while (pos < text.size()) {
    const char c = text[pos];
    const char before = pos == 0 ? ' ' : text[pos - 1];
    const bool opens = c == '_' && !is_word_char(before) && before != '_' &&
                       pos + 1 < text.size() && is_word_char(text[pos + 1]);
    if (!opens) {
      out += c;
      ++pos;
      continue;
    }
    std::size_t close = std::string_view::npos;
    for (std::size_t i = pos + 1; i < text.size() && i - pos <= kMaxMarkup; ++i) {
      if (text[i] != '_') continue;
      if (!is_word_char(text[i - 1])) break;
      if (i + 1 < text.size() && (is_word_char(text[i + 1]) || text[i + 1] == '_')) break;
      close = i;
      break;
    }
    if (close == std::string_view::npos) {
      out += c;
      ++pos;
      continue;
    }
    out.append(text.substr(pos + 1, close - pos - 1));
    pos = close + 1;
  }
  return out;
}

}  // namespace

bool is_info(std::string_view bytes) {
  const std::string_view first = bytes.substr(0, bytes.find('\n'));
  if (first.starts_with("This is ") && first.find("produced by makeinfo") != std::string::npos) {
    return true;
  }
  return bytes.find("\x1f\nFile: ") != std::string_view::npos;
}

std::string info_to_text(std::string_view bytes) {
  std::string kept;
  kept.reserve(bytes.size());
  std::size_t pos = 0;
  bool first = true;
  while (pos <= bytes.size()) {
    std::size_t end = bytes.find(kNodeSeparator, pos);
    if (end == std::string_view::npos) end = bytes.size();
    append_part(bytes.substr(pos, end - pos), first, kept);
    first = false;
    pos = end + 1;
  }
  return without_emphasis(without_references(kept));
}

}  // namespace lectio::ingest
