// A lesson's cards as Anki notes and as CSV.
#include <fmt/format.h>

#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "lectio/study/anki.h"
#include "lectio/text/strings.h"

namespace lectio::study {

namespace {

const lesson::CitedChunk* cited(const lesson::Lesson& l, const std::string& chunk_id) {
  for (const auto& c : l.sources) {
    if (c.chunk_id == chunk_id || c.pinned_id == chunk_id) return &c;
  }
  return nullptr;
}

// "file_x:c0003 · notes.pdf · p2-3"
std::string source_line(const lesson::Lesson& l, const std::string& chunk_id) {
  const auto* c = cited(l, chunk_id);
  if (!c) return chunk_id;
  std::string out = chunk_id;
  if (!c->file_name.empty()) out += " · " + c->file_name;
  if (!c->pages.empty()) out += " · " + c->pages;
  return out;
}

std::string tag_of(std::string_view text) {
  std::string out;
  for (char c : text) out += (c == ' ' || c == '\t' || c == '"') ? '_' : c;
  return out;
}

const lesson::StudySet& study_of(const lesson::Lesson& l) {
  if (!l.study) throw InvalidInput(fmt::format("lesson {}: no cards yet", l.id));
  return *l.study;
}

std::string csv_field(std::string_view s) {
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// The cited sentence with the answer as Anki's cloze deletion: Anki shows the sentence as it
// was written once answered (the card's front says "a(n)" to hide the article's hint).
std::string cloze_text(const lesson::StudyCard& c) {
  std::size_t at = c.sentence.find(c.answer);
  const std::size_t blank = c.front.find("___");
  if (blank != std::string::npos) {
    // The occurrence nearest to where the front has its blank.
    for (std::size_t i = at; i != std::string::npos; i = c.sentence.find(c.answer, i + 1)) {
      if (i <= blank + 4) at = i;
    }
  }
  if (at == std::string::npos) {
    return text::html_escape(c.front) + " {{c1::" + text::html_escape(c.answer) + "}}";
  }
  return text::html_escape(c.sentence.substr(0, at)) + "{{c1::" + text::html_escape(c.answer) +
         "}}" + text::html_escape(c.sentence.substr(at + c.answer.size()));
}

}  // namespace

std::vector<AnkiNote> anki_notes(const lesson::Lesson& l) {
  std::vector<std::string> tags = {"lectio", tag_of(l.slug.empty() ? l.id : l.slug)};
  for (const auto& t : l.tags) tags.push_back(tag_of(t));
  std::vector<AnkiNote> out;
  for (const auto& c : study_of(l).cards) {
    AnkiNote n;
    // Anki's guids are short; the card id is already a digest of the lesson and the fact.
    n.guid = c.id;
    n.cloze = c.kind == lesson::CardKind::kCloze;
    n.tags = tags;
    n.tags.push_back(std::string(lesson::fact_kind_name(c.fact)));
    n.source = text::html_escape(source_line(l, c.chunk_id));
    if (n.cloze) {
      n.front = cloze_text(c);
      n.back = text::html_escape(l.title);
    } else {
      n.front = text::html_escape(c.front);
      n.back = text::html_escape(c.answer);
    }
    out.push_back(std::move(n));
  }
  return out;
}

std::string cards_csv(const lesson::Lesson& l) {
  std::string out = "kind,front,back,source,tags\r\n";
  std::string tags = "lectio " + tag_of(l.slug.empty() ? l.id : l.slug);
  for (const auto& t : l.tags) tags += " " + tag_of(t);
  for (const auto& c : study_of(l).cards) {
    const bool cloze = c.kind == lesson::CardKind::kCloze;
    out += fmt::format("{},{},{},{},{}\r\n", lesson::card_kind_name(c.kind), csv_field(c.front),
                       csv_field(cloze ? c.sentence : c.answer),
                       csv_field(source_line(l, c.chunk_id)), csv_field(tags));
  }
  return out;
}

}  // namespace lectio::study
