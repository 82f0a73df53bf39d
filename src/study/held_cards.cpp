// Holds cards and questions someone else wrote (the LLM engine's model) to the rules the
// built-in engine's cards follow by construction: see card_writer.h for the list.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

#include "facts.h"
#include "lectio/grounding/grounding.h"
#include "lectio/study/card_writer.h"
#include "lectio/text/strings.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"

namespace lectio::study {

namespace {

using lesson::CardKind;
using lesson::QuizQuestion;
using lesson::StudyCard;

constexpr std::string_view kBlank = "___";
constexpr int kMaxAnswerWords = 8;  // a longer answer tests more than one fact

std::size_t count_of(std::string_view text, std::string_view part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string_view::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

std::string filled(std::string front, const std::string& answer) {
  const auto at = front.find(kBlank);
  if (at != std::string::npos) front.replace(at, kBlank.size(), answer);
  return front;
}

// What the rules hold for a card and a question alike: the prompt (a cloze or a question), the
// answer, the sentence it came from and its chunk.
struct Item {
  const std::string& prompt;
  const std::string& answer;
  const std::string& sentence;
  const std::string& chunk_id;
};

// Why `item` breaks a rule, or std::nullopt when it keeps them all.
std::optional<std::string> broken_rule(const Item& item, bool cloze, const std::string& language,
                                       const std::map<std::string, std::string>& chunk_texts) {
  const auto chunk = chunk_texts.find(item.chunk_id);
  if (chunk == chunk_texts.end()) {
    return fmt::format("it cites '{}', which is no chunk of the lesson's sources", item.chunk_id);
  }
  const std::string sentence = normalized(item.sentence);
  if (sentence.empty() || normalized(chunk->second).find(sentence) == std::string::npos) {
    return fmt::format("its sentence is not in {} word for word", item.chunk_id);
  }
  if (item.prompt.empty()) return std::string("it has no question");
  if (text::terms(item.answer, language).empty()) {
    return fmt::format("its answer '{}' carries no content word", item.answer);
  }
  if (text::count_words(item.answer) > kMaxAnswerWords) {
    return fmt::format("its answer is longer than {} words", kMaxAnswerWords);
  }
  if (language == "zh" && text::detect_language(item.prompt) != "zh") {
    return std::string("it is not in Chinese, the lesson's language");
  }
  if (cloze && count_of(item.prompt, kBlank) != 1) {
    return std::string("a cloze hides exactly one ___");
  }
  // A cloze filled in is a claim; a question's answer must be what its sentence says.
  const auto check =
      cloze ? grounding::check_claim(filled(item.prompt, item.answer), {chunk->second}, language)
            : grounding::check_claim(item.answer, {item.sentence}, language);
  if (check.support < grounding::kSupportThreshold || !check.facts_held()) {
    return fmt::format("its answer is not held by {} (support {:.2f})", item.chunk_id,
                       check.support);
  }
  return std::nullopt;
}

// Keeps each fact (answer) and each source sentence to one item.
class Uniques {
 public:
  bool take(const std::string& answer, const std::string& sentence) {
    const std::string a = normalized(answer);
    const std::string s = normalized(sentence);
    if (answers_.contains(a) || sentences_.contains(s)) return false;
    answers_.insert(a);
    sentences_.insert(s);
    return true;
  }

 private:
  std::set<std::string> answers_;
  std::set<std::string> sentences_;
};

// The sources state `wrong` as true when the sentence (or the cloze) says it with `wrong` in
// place of the right answer.
bool stated_as_true(const QuizQuestion& q, const std::string& right, const std::string& wrong,
                    const SourceFacts& sources) {
  if (q.question.find(kBlank) != std::string::npos &&
      sources.sources_say(filled(q.question, wrong))) {
    return true;
  }
  const auto at = q.explanation.find(right);
  if (at == std::string::npos) return false;
  std::string swapped = q.explanation;
  swapped.replace(at, right.size(), wrong);
  return sources.sources_say(swapped);
}

int valid_insight(int index, const lesson::Lesson& l) {
  return index >= 0 && index < static_cast<int>(l.insights.size()) ? index : -1;
}

void hold_cards(const lesson::StudySet& written, const lesson::Lesson& l,
                const std::map<std::string, std::string>& chunk_texts, HeldStudySet& out) {
  Uniques uniques;
  int n = 0;
  for (StudyCard c : written.cards) {
    ++n;
    const bool cloze = c.kind == CardKind::kCloze;
    auto problem =
        broken_rule({c.front, c.answer, c.sentence, c.chunk_id}, cloze, l.language, chunk_texts);
    if (!problem && !uniques.take(c.answer, c.sentence)) {
      problem = "another card tests the same fact or sentence";
    }
    if (problem) {
      out.dropped.push_back(fmt::format("card {}: {}", n, *problem));
      continue;
    }
    c.insight_index = valid_insight(c.insight_index, l);
    c.id = short_id("card_", l.id + "\n" + c.front + "\n" + c.answer);
    out.set.cards.push_back(std::move(c));
  }
}

void hold_quiz(const lesson::StudySet& written, const lesson::Lesson& l,
               const std::map<std::string, std::string>& chunk_texts, HeldStudySet& out) {
  const SourceFacts sources(chunk_texts, l.language == "zh" ? "zh" : "en");
  Uniques uniques;
  int n = 0;
  for (const QuizQuestion& w : written.quiz) {
    ++n;
    const bool answer_ok = w.answer >= 0 && w.answer < static_cast<int>(w.options.size());
    const std::string right = answer_ok ? w.options[static_cast<std::size_t>(w.answer)] : "";
    const bool cloze = w.question.find(kBlank) != std::string::npos;
    auto problem = answer_ok ? broken_rule({w.question, right, w.explanation, w.chunk_id}, cloze,
                                           l.language, chunk_texts)
                             : std::optional<std::string>("it has no right option");
    std::vector<std::string> wrong;
    std::set<std::string> seen{normalized(right)};
    for (std::size_t i = 0; !problem && i < w.options.size(); ++i) {
      const std::string& option = w.options[i];
      if (static_cast<int>(i) == w.answer || !seen.insert(normalized(option)).second) continue;
      if (normalized(option).empty() || stated_as_true(w, right, option, sources)) {
        ++out.wrong_options_dropped;
        continue;
      }
      if (wrong.size() < 3) wrong.push_back(option);
    }
    if (!problem && wrong.size() < 3) problem = "fewer than three wrong options are left";
    if (!problem && !uniques.take(right, w.explanation)) {
      problem = "another question tests the same fact or sentence";
    }
    if (problem) {
      out.dropped.push_back(fmt::format("question {}: {}", n, *problem));
      continue;
    }
    QuizQuestion q = w;
    q.insight_index = valid_insight(q.insight_index, l);
    q.id = short_id("quiz_", l.id + "\n" + q.question + "\n" + right);
    place_options(q, right, wrong);
    out.set.quiz.push_back(std::move(q));
  }
}

}  // namespace

HeldStudySet hold_study_set(const lesson::StudySet& written, const lesson::Lesson& l,
                            const std::map<std::string, std::string>& chunk_texts) {
  HeldStudySet out;
  out.set.engine = written.engine;
  hold_cards(written, l, chunk_texts, out);
  hold_quiz(written, l, chunk_texts, out);
  return out;
}

}  // namespace lectio::study
