#include "lectio/study/study_set.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

#include "facts.h"
#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "lectio/study/card_writer.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"

namespace lectio::study {

namespace {

using lesson::CardKind;
using lesson::FactKind;
using lesson::QuizQuestion;
using lesson::StudyCard;

constexpr std::string_view kBlank = "___";

std::map<std::string, int> lesson_word_counts(const lesson::Lesson& l) {
  std::map<std::string, int> counts;
  for (const auto* s : lesson::script_sentences(l)) {
    if (s->citations.empty()) continue;
    std::set<std::string> seen;
    for (const auto& w : text::words(s->text)) seen.insert(w);
    for (const auto& w : seen) ++counts[w];
  }
  return counts;
}

std::set<std::string> insight_word_set(const lesson::ScriptSection& section) {
  const auto ws = text::words(section.insight.empty() ? section.title : section.insight);
  return {ws.begin(), ws.end()};
}

// A card for the best fact of a sentence that no card tests yet.
struct Candidate {
  StudyCard card;
  Fact fact;
  double score = 0;
};

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

// "a" or "an" before a blank tells which answer starts with a vowel: "a(n)" tells nothing.
std::string without_article_hint(std::string head) {
  for (std::string_view article : {"a ", "an ", "A ", "An "}) {
    const bool at_start = head.size() == article.size();
    if (!head.ends_with(article) || (!at_start && head[head.size() - article.size() - 1] != ' ')) {
      continue;
    }
    const bool capital = article[0] == 'A';
    head.resize(head.size() - article.size());
    head += capital ? "A(n) " : "a(n) ";
    break;
  }
  return head;
}

StudyCard card_for(const lesson::Lesson& l, const lesson::ScriptSentence& s, const Fact& f,
                   int insight) {
  StudyCard c;
  c.fact = f.kind;
  c.sentence = s.text;
  c.chunk_id = s.citations.front();
  c.insight_index = insight;
  if (f.kind == FactKind::kDefinition) {
    c.kind = CardKind::kBasic;
    c.front = "What is " + f.subject + "?";
    if (c.front.starts_with("What is A ") || c.front.starts_with("What is An ") ||
        c.front.starts_with("What is The ")) {
      c.front[8] = static_cast<char>(c.front[8] - 'A' + 'a');
    }
    if (f.subject.find(' ') == std::string::npos && f.subject.back() == 's') {
      c.front = "What are " + f.subject + "?";
    }
    c.answer = capitalized(f.answer);
  } else {
    c.kind = CardKind::kCloze;
    c.front = without_article_hint(s.text.substr(0, f.begin)) + std::string(kBlank) +
              s.text.substr(f.end);
    c.answer = f.answer;
  }
  c.id = short_id("card_", l.id + "\n" + c.front + "\n" + c.answer);
  return c;
}

std::vector<Candidate> section_candidates(const lesson::Lesson& l,
                                          const lesson::ScriptSection& section,
                                          const SourceFacts& sources,
                                          const std::map<std::string, std::string>& chunk_texts,
                                          const std::map<std::string, int>& lesson_words) {
  const auto insight_words = insight_word_set(section);
  const auto insight_list =
      text::terms(section.insight.empty() ? section.title : section.insight, l.language);
  const std::set<std::string> insight_terms(insight_list.begin(), insight_list.end());
  std::vector<Candidate> out;
  for (const auto& s : section.sentences) {
    if (s.role != lesson::SentenceRole::kContent || s.citations.empty()) continue;
    if (l.grounding.threshold > 0 && s.support < l.grounding.threshold) continue;
    if (!stands_alone(s.text, l.language)) continue;
    // A card tests what the insight is about: its sentence names at least one of the insight's
    // content terms (one suffices: the section already keeps to its insight's own material),
    // and the more it names, the higher it ranks.
    std::set<std::string> shared_terms;
    for (const auto& t : text::terms(s.text, l.language)) {
      if (insight_terms.contains(t)) shared_terms.insert(t);
    }
    const int shared = static_cast<int>(shared_terms.size());
    if (shared == 0 && !insight_terms.empty()) continue;
    auto facts = facts_of(s.text, sources, lesson_words, insight_words);
    const auto chunk = chunk_texts.find(s.citations.front());
    for (Fact& f : facts) {
      if (chunk != chunk_texts.end()) f.chunk_text = chunk->second;
      out.push_back({card_for(l, s, f, section.insight_index), f,
                     std::min(shared, 3) * 3.0 + f.priority + s.support});
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  return out;
}

// Whether the sources state the cited sentence with `other` in place of the answer: then
// `other` is no wrong option. The words on either side are compared apart too, so that an
// article or an opening word that differs does not hide it.
bool stated_elsewhere(const Candidate& c, const std::string& other, const SourceFacts& sources) {
  const std::string& s = c.card.sentence;
  const std::string head = s.substr(0, c.fact.begin);
  const std::string tail = s.substr(c.fact.end);
  if (sources.sources_say(head + other + tail)) return true;
  const int enough = 4;
  if (text::count_words(tail) >= enough && sources.sources_say(other + tail)) return true;
  return text::count_words(head) >= enough && sources.sources_say(head + other);
}

std::optional<QuizQuestion> question_for(const Candidate& c, const SourceFacts& sources) {
  std::vector<std::string> wrong;
  for (const auto& other : sources.others_like(c.fact, c.card.sentence, 8)) {
    if (wrong.size() == 3) break;
    // A wrong option the sources state in the same sentence is not wrong.
    if (stated_elsewhere(c, other, sources)) continue;
    wrong.push_back(c.fact.kind == FactKind::kDefinition ? capitalized(other) : other);
  }
  if (wrong.size() < 3) return std::nullopt;
  QuizQuestion q;
  q.fact = c.fact.kind;
  q.question = c.card.front;
  q.explanation = c.card.sentence;
  q.chunk_id = c.card.chunk_id;
  q.insight_index = c.card.insight_index;
  q.id = short_id("quiz_", c.card.id);
  place_options(q, c.card.answer, std::move(wrong));
  return q;
}

}  // namespace

std::string short_id(std::string_view prefix, std::string_view key) {
  return std::string(prefix) + content_hash(key).substr(0, 12);
}

void place_options(lesson::QuizQuestion& q, const std::string& right,
                   std::vector<std::string> wrong) {
  q.answer = static_cast<int>(std::stoul(q.id.substr(5, 4), nullptr, 16) % (wrong.size() + 1));
  q.options = std::move(wrong);
  q.options.insert(q.options.begin() + q.answer, right);
}

lesson::StudySet make_study_set(const lesson::Lesson& l,
                                const std::map<std::string, std::string>& chunk_texts) {
  const SourceFacts sources(chunk_texts, l.language == "zh" ? "zh" : "en");
  const auto lesson_words = lesson_word_counts(l);
  lesson::StudySet out;
  out.engine = "extractive";
  std::set<std::string> facts_taken;
  std::set<std::string> sentences_taken;
  for (const auto& section : l.script) {
    if (section.kind != lesson::SectionKind::kInsight) continue;
    int cards = 0;
    int questions = 0;
    for (const Candidate& c : section_candidates(l, section, sources, chunk_texts, lesson_words)) {
      if (cards == kCardsPerInsight) break;
      const std::string fact_key = normalized(c.card.answer);
      const std::string sentence_key = normalized(c.card.sentence);
      if (facts_taken.contains(fact_key) || sentences_taken.contains(sentence_key)) continue;
      facts_taken.insert(fact_key);
      sentences_taken.insert(sentence_key);
      out.cards.push_back(c.card);
      ++cards;
      if (questions == kQuestionsPerInsight) continue;
      if (auto q = question_for(c, sources)) {
        out.quiz.push_back(std::move(*q));
        ++questions;
      }
    }
  }
  return out;
}

std::map<std::string, std::string> cited_source_texts(const lesson::Lesson& l,
                                                      store::ContentStore& store) {
  std::map<std::string, std::string> out;
  std::set<std::pair<std::string, int>> versions;
  for (const auto& c : l.sources) versions.emplace(c.source_id, c.version);
  for (const auto& [source_id, version] : versions) {
    for (const Chunk& chunk : store.chunks(source_id, version)) {
      out.emplace(chunk.id(), chunk.text);
    }
  }
  return out;
}

namespace {

// The built-in engine's cards and questions for the insights `held` has none for, after it.
void fill_insights(lesson::StudySet& held, const lesson::StudySet& built_in) {
  std::set<int> covered;
  for (const auto& c : held.cards) covered.insert(c.insight_index);
  std::set<int> quizzed;
  for (const auto& q : held.quiz) quizzed.insert(q.insight_index);
  for (const auto& c : built_in.cards) {
    if (!covered.contains(c.insight_index)) held.cards.push_back(c);
  }
  for (const auto& q : built_in.quiz) {
    if (!quizzed.contains(q.insight_index)) held.quiz.push_back(q);
  }
}

std::string dropped_line(const HeldStudySet& held, const lesson::StudySet& written) {
  constexpr std::size_t kShown = 3;
  std::string reasons;
  for (std::size_t i = 0; i < held.dropped.size() && i < kShown; ++i) {
    reasons += (i ? "; " : "") + held.dropped[i];
  }
  if (held.dropped.size() > kShown) reasons += "; ...";
  return fmt::format("study: {} of the {} cards and questions {} wrote were left out ({})",
                     held.dropped.size(), written.cards.size() + written.quiz.size(),
                     written.engine, reasons);
}

void add_usage(lesson::Lesson& l, const lesson::EngineUsage& spent) {
  if (spent.requests == 0) return;
  if (!l.usage) l.usage = lesson::EngineUsage{spent.model};
  l.usage->requests += spent.requests;
  l.usage->retries += spent.retries;
  l.usage->prompt_tokens += spent.prompt_tokens;
  l.usage->completion_tokens += spent.completion_tokens;
}

}  // namespace

void add_study_set(lesson::Lesson& l, store::ContentStore& store, CardWriter* writer) {
  add_study_set(l, cited_source_texts(l, store), writer);
}

void add_study_set(lesson::Lesson& l, const std::map<std::string, std::string>& texts,
                   CardWriter* writer) {
  lesson::StudySet built_in = make_study_set(l, texts);
  if (writer == nullptr) {
    l.study = std::move(built_in);
    return;
  }
  lesson::StudySet written;
  std::optional<std::string> failure;
  try {
    written = writer->write(l, texts);
  } catch (const Error& e) {
    failure = e.what();
  }
  add_usage(l, writer->spent());
  if (failure) {
    l.warnings.push_back(fmt::format(
        "study: {} wrote no cards ({}); the built-in engine's are kept", writer->name(), *failure));
    l.study = std::move(built_in);
    return;
  }
  written.engine = writer->name();
  HeldStudySet held = hold_study_set(written, l, texts);
  if (!held.dropped.empty()) l.warnings.push_back(dropped_line(held, written));
  if (held.set.cards.empty() && held.set.quiz.empty()) held.set.engine = built_in.engine;
  fill_insights(held.set, built_in);
  l.study = std::move(held.set);
}

}  // namespace lectio::study
