// The editable script: print (script_to_text) and read back (parse_script_text).
#include "lectio/lesson/script_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>

#include "lectio/core/error.h"
#include "lectio/core/source.h"
#include "lectio/text/strings.h"

namespace lectio::lesson {

namespace {

constexpr std::string_view kCite = "[cite:";

// "intro", "insight 2", "outro": how a section's heading names it.
std::string section_label(const ScriptSection& s, std::size_t position) {
  switch (s.kind) {
    case SectionKind::kIntro:
      return "intro";
    case SectionKind::kOutro:
      return "outro";
    case SectionKind::kInsight:
      break;
  }
  const int n = s.insight_index >= 0 ? s.insight_index : static_cast<int>(position);
  return fmt::format("insight {}", n + 1);
}

std::string one_line(std::string_view s) {
  return text::collapse_whitespace(s);
}

void print_sentence(std::string& out, const ScriptSentence& s) {
  out += "- ";
  if (!s.speaker.empty()) out += s.speaker + ": ";
  out += one_line(s.text);
  if (!s.citations.empty()) {
    out += fmt::format(" [cite: {}]", fmt::join(s.citations, ", "));
  }
  out += '\n';
}

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t");
  return s.substr(first, last - first + 1);
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Reads one script text line by line; every error names the file and the line.
class Reader {
 public:
  Reader(const std::string& name, const Lesson& base) : name_(name), base_(base) {
    edit_.lesson = base;
    edit_.lesson.script.clear();
    edit_.lesson.faq.clear();
    for (const std::string* h : {&base.host, &base.cohost}) {
      if (!h->empty()) hosts_.push_back(*h);
    }
    for (const auto* s : script_sentences(base)) {
      if (!s->speaker.empty() &&
          std::find(hosts_.begin(), hosts_.end(), s->speaker) == hosts_.end()) {
        hosts_.push_back(s->speaker);
      }
    }
  }

  [[noreturn]] void fail(const std::string& reason) const {
    throw InvalidInput(fmt::format("{}:{}: {}", name_, line_, reason));
  }

  void read(std::string_view text) {
    if (!text::is_valid_utf8(text)) {
      line_ = 1;
      fail("not UTF-8 text");
    }
    std::size_t at = 0;
    while (at <= text.size()) {
      const auto end = std::min(text.find('\n', at), text.size());
      std::string_view line = text.substr(at, end - at);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      ++line_;
      read_line(trim(line));
      at = end + 1;
    }
    const std::size_t expected = base_.script.size();
    if (next_section_ < expected) {
      fail(fmt::format("section '{}' is missing: sections cannot be removed",
                       section_label(base_.script[next_section_], next_section_)));
    }
  }

  ScriptEdit take() { return std::move(edit_); }

 private:
  void read_line(std::string_view line) {
    if (line.empty()) return;
    if (starts_with(line, "<!--")) {
      if (line.size() < 7 || line.substr(line.size() - 3) != "-->") {
        fail("a comment must close with --> on the same line");
      }
      read_header_comment(line);
      return;
    }
    if (starts_with(line, "### ")) return read_question(trim(line.substr(4)));
    if (starts_with(line, "## ")) return read_heading(trim(line.substr(3)));
    if (starts_with(line, "- ")) return read_sentence(trim(line.substr(2)));
    if (!in_body_) return read_field(line);
    fail("not a script line: expected '- Speaker: sentence [cite: chunk id]' or a heading");
  }

  void read_header_comment(std::string_view line) {
    constexpr std::string_view kHead = "<!-- lectio script of ";
    if (!starts_with(line, kHead)) return;
    const std::string_view rest = line.substr(kHead.size());
    const auto comma = rest.find(", version ");
    if (comma == std::string_view::npos)
      fail("the header must read: lectio script of ID, version N");
    const std::string id(rest.substr(0, comma));
    if (id != base_.id) fail(fmt::format("this script is of {}, not {}", id, base_.id));
    const std::string number(trim(rest.substr(comma + 10, rest.size() - comma - 10 - 3)));
    int version = 0;
    const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), version);
    if (ec != std::errc() || ptr != number.data() + number.size() || version < 1) {
      fail(fmt::format("'{}' is not a version number", number));
    }
    edit_.base_version = version;
  }

  void read_field(std::string_view line) {
    const auto colon = line.find(':');
    if (colon == std::string_view::npos)
      fail("expected 'title:', 'description:', 'tags:' or a heading");
    const std::string_view key = trim(line.substr(0, colon));
    const std::string value = one_line(line.substr(colon + 1));
    if (key == "title") {
      if (value.empty()) fail("the title is empty");
      edit_.lesson.title = value;
    } else if (key == "description") {
      edit_.lesson.description = value;
    } else if (key == "tags") {
      edit_.lesson.tags.clear();
      std::size_t at = 0;
      while (at <= value.size()) {
        const auto end = std::min(value.find(',', at), value.size());
        const std::string tag(trim(std::string_view(value).substr(at, end - at)));
        if (!tag.empty()) edit_.lesson.tags.push_back(tag);
        at = end + 1;
      }
    } else {
      fail(fmt::format("'{}' is not a field: expected title, description or tags", key));
    }
  }

  void read_heading(std::string_view heading) {
    in_body_ = true;
    if (heading == "faq") {
      if (in_faq_) fail("a second faq section");
      if (next_section_ < base_.script.size()) {
        fail(fmt::format("section '{}' is missing before the faq: sections cannot be removed",
                         section_label(base_.script[next_section_], next_section_)));
      }
      in_faq_ = true;
      return;
    }
    if (in_faq_) fail("the faq comes last: no section after it");
    const auto colon = heading.find(':');
    const std::string label(trim(heading.substr(0, colon)));
    const std::string title =
        colon == std::string_view::npos ? std::string() : one_line(heading.substr(colon + 1));
    if (next_section_ >= base_.script.size()) {
      fail(fmt::format("section '{}' is not one of the lesson's: sections cannot be added", label));
    }
    const ScriptSection& expected = base_.script[next_section_];
    const std::string want = section_label(expected, next_section_);
    if (label != want) {
      for (std::size_t later = next_section_ + 1; later < base_.script.size(); ++later) {
        if (section_label(base_.script[later], later) == label) {
          fail(fmt::format("section '{}' is missing before '{}': sections cannot be removed", want,
                           label));
        }
      }
      fail(fmt::format("expected section '{}' here, found '{}'", want, label));
    }
    ScriptSection section = expected;
    section.sentences.clear();
    if (!title.empty()) section.title = title;
    edit_.lesson.script.push_back(std::move(section));
    ++next_section_;
  }

  void read_question(std::string_view question) {
    if (!in_faq_) fail("a question (###) outside the faq section");
    const std::string q = one_line(question);
    if (q.empty()) fail("an empty question");
    edit_.lesson.faq.push_back({q, {}});
  }

  std::vector<std::string> read_citations(std::string_view list) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at <= list.size()) {
      const auto end = std::min(list.find(',', at), list.size());
      const std::string id(trim(list.substr(at, end - at)));
      at = end + 1;
      if (id.empty()) continue;
      if (!ChunkRef::parse(id)) fail(fmt::format("'{}' is not a chunk id (e.g. file_x:c0003)", id));
      if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
    }
    if (out.empty()) fail("[cite: …] names no chunk: drop it for a connective line");
    return out;
  }

  void read_sentence(std::string_view rest) {
    if (!in_body_ || (!in_faq_ && edit_.lesson.script.empty())) {
      fail("a sentence before the first section heading");
    }
    if (in_faq_ && edit_.lesson.faq.empty()) fail("an answer before the first question (###)");
    ScriptSentence s;
    if (const auto cite = rest.rfind(kCite); cite != std::string_view::npos) {
      if (rest.back() != ']') fail("[cite: …] must end the line");
      s.citations =
          read_citations(rest.substr(cite + kCite.size(), rest.size() - cite - kCite.size() - 1));
      rest = trim(rest.substr(0, cite));
    }
    if (const auto colon = rest.find(": "); colon != std::string_view::npos) {
      const std::string who(trim(rest.substr(0, colon)));
      if (std::find(hosts_.begin(), hosts_.end(), who) != hosts_.end()) {
        s.speaker = who;
        rest = trim(rest.substr(colon + 2));
      }
    }
    if (!in_faq_ && s.speaker.empty()) {
      fail(fmt::format("no speaker: start the sentence with one of the lesson's hosts ({}: …)",
                       fmt::join(hosts_, ": …, ")));
    }
    s.text = one_line(rest);
    if (s.text.empty()) fail("an empty sentence");
    s.role = s.citations.empty() ? SentenceRole::kConnective : SentenceRole::kContent;
    SentencePlace place;
    place.faq = in_faq_;
    place.line = line_;
    auto& group = in_faq_ ? edit_.lesson.faq.back().answer : edit_.lesson.script.back().sentences;
    place.group =
        static_cast<int>(in_faq_ ? edit_.lesson.faq.size() : edit_.lesson.script.size()) - 1;
    place.index = static_cast<int>(group.size());
    group.push_back(std::move(s));
    edit_.places.push_back(place);
  }

  const std::string& name_;
  const Lesson& base_;
  ScriptEdit edit_;
  std::vector<std::string> hosts_;
  int line_ = 0;
  std::size_t next_section_ = 0;
  bool in_body_ = false;
  bool in_faq_ = false;
};

}  // namespace

std::string script_to_text(const Lesson& lesson, int version) {
  std::string out = fmt::format("<!-- lectio script of {}, version {} -->\n", lesson.id, version);
  out +=
      "<!-- Edit, then: lectio lesson apply ID FILE. A line is '- Speaker: sentence [cite: chunk "
      "id, ...]'; a line without [cite: ...] is a connective line. Sentences may be changed, "
      "deleted, added or moved within their section; keep every ## heading. -->\n";
  out += fmt::format("title: {}\n", one_line(lesson.title));
  out += fmt::format("description: {}\n", one_line(lesson.description));
  out += fmt::format("tags: {}\n", fmt::join(lesson.tags, ", "));
  for (std::size_t i = 0; i < lesson.script.size(); ++i) {
    const ScriptSection& sec = lesson.script[i];
    out += fmt::format("\n## {}: {}\n", section_label(sec, i), one_line(sec.title));
    for (const ScriptSentence& s : sec.sentences) print_sentence(out, s);
  }
  out += "\n## faq\n";
  for (const FaqItem& f : lesson.faq) {
    out += fmt::format("\n### {}\n", one_line(f.question));
    for (const ScriptSentence& s : f.answer) print_sentence(out, s);
  }
  return out;
}

ScriptEdit parse_script_text(std::string_view text, const std::string& name, const Lesson& base) {
  Reader reader(name, base);
  reader.read(text);
  return reader.take();
}

const ScriptSentence& sentence_at(const Lesson& lesson, const SentencePlace& p) {
  const auto& group = p.faq ? lesson.faq.at(p.group).answer : lesson.script.at(p.group).sentences;
  return group.at(p.index);
}

ScriptSentence& sentence_at(Lesson& lesson, const SentencePlace& p) {
  auto& group = p.faq ? lesson.faq.at(p.group).answer : lesson.script.at(p.group).sentences;
  return group.at(p.index);
}

}  // namespace lectio::lesson
