#include "lectio/ask/answer.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

#include "answer_retrieval.h"
#include "lectio/ask/answer_core.h"
#include "lectio/core/error.h"
#include "lectio/extract/candidates.h"
#include "lectio/grounding/grounding.h"
#include "lectio/text/strings.h"
#include "llm_answer.h"

namespace lectio::ask {

namespace {

// Limits of AnswerOptions.
constexpr int kMaxSentencesLimit = 10;
constexpr int kSearchDepthLimit = 50;

std::string trim(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return std::string(s);
}

int code_points(std::string_view s) {
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

void check_input(const std::string& question, const AnswerOptions& options) {
  if (question.empty()) throw InvalidInput("question: is empty; ask something about the lesson");
  if (code_points(question) > kMaxQuestionChars) {
    throw InvalidInput(fmt::format("question: is longer than {} characters", kMaxQuestionChars));
  }
  if (options.max_sentences < 1 || options.max_sentences > kMaxSentencesLimit) {
    throw InvalidInput(fmt::format("answer options: max_sentences {} is outside 1..{}",
                                   options.max_sentences, kMaxSentencesLimit));
  }
  if (options.search_depth < 1 || options.search_depth > kSearchDepthLimit) {
    throw InvalidInput(fmt::format("answer options: search_depth {} is outside 1..{}",
                                   options.search_depth, kSearchDepthLimit));
  }
}

// The sources the lesson cites, each once, in the order first cited.
std::vector<std::string> lesson_source_ids(const lesson::Lesson& lesson) {
  std::vector<std::string> ids;
  for (const lesson::CitedChunk& c : lesson.sources) {
    if (std::find(ids.begin(), ids.end(), c.source_id) == ids.end()) ids.push_back(c.source_id);
  }
  return ids;
}

// Runs the shared grounding verifier over the sentences (as a one-item FAQ of a scratch lesson)
// and keeps those their cited chunk supports, with the chunks they cite.
void verify(Answer& answer, const std::string& language, store::ContentStore& store) {
  lesson::Lesson scratch;
  scratch.language = language;
  scratch.faq.push_back({answer.question, std::move(answer.sentences)});
  grounding::verify_grounding(scratch, store);
  answer.sentences = std::move(scratch.faq.front().answer);
  std::erase_if(answer.sentences, [](const lesson::ScriptSentence& s) {
    return s.support < grounding::kSupportThreshold;
  });
  // The cited chunks in the order the answer first cites them.
  for (const lesson::ScriptSentence& s : answer.sentences) {
    for (const std::string& id : s.citations) {
      const auto listed = [&](const lesson::CitedChunk& c) { return c.chunk_id == id; };
      if (std::any_of(answer.sources.begin(), answer.sources.end(), listed)) continue;
      const auto it = std::find_if(scratch.sources.begin(), scratch.sources.end(), listed);
      if (it != scratch.sources.end()) answer.sources.push_back(*it);
    }
  }
}

// The language the sources are written in when none of them is in `asked` (and all share one),
// else empty: a question then finds no words of theirs, and the learner should hear why.
std::string other_language(const std::string& asked, const std::vector<std::string>& source_ids,
                           store::ContentStore& store) {
  std::string theirs;
  for (const std::string& id : source_ids) {
    const auto source = store.source(id, std::nullopt);
    if (!source) continue;
    const std::string lang = source->language == "zh" ? "zh" : "en";
    if (lang == asked || (!theirs.empty() && lang != theirs)) return {};
    theirs = lang;
  }
  return theirs;
}

// The answer from `source_ids` (never empty: to the index, empty means every source).
Answer answer(std::string_view question, const std::vector<std::string>& source_ids,
              const std::string& language, store::ContentStore& store, search::Index& index,
              const AnswerOptions& options) {
  Answer answer;
  answer.question = trim(question);
  check_input(answer.question, options);
  if (source_ids.empty()) return answer;
  const std::string asked = text::detect_language(answer.question) == "zh" ? "zh" : "en";
  answer.sources_language = other_language(asked, source_ids, store);
  if (!answer.sources_language.empty()) answer.refusal = Refusal::kOtherLanguage;
  if (question_terms(answer.question, language).empty()) return answer;

  const Retrieved retrieved =
      retrieve(answer.question, source_ids, store, index, options.search_depth);
  const std::vector<extract::Candidate> candidates =
      answer_candidates(retrieved.material, language);
  PickOptions pick;
  pick.max_sentences = options.max_sentences;
  pick.chunk_prior = retrieved.prior;
  const std::vector<int> picked = pick_answer(answer.question, candidates, language, pick);
  // The model answers only where the sources bear on the question: it never turns "the
  // sources don't say" into an answer.
  if (options.writer && !picked.empty()) {
    answer.sentences = llm_answer(*options.writer, answer.question, language, retrieved.material,
                                  options.max_sentences);
  }
  for (std::size_t k = 0; !options.writer && k < picked.size(); ++k) {
    // Verbatim: what the learner reads is what the chunk says.
    answer.sentences.push_back(
        extract::cited_sentence(candidates[static_cast<std::size_t>(picked[k])], retrieved.material,
                                extract::Wording::kVerbatim));
  }
  verify(answer, language, store);
  answer.supported = !answer.sentences.empty();
  if (answer.supported) {
    answer.refusal = Refusal::kNone;
    answer.sources_language.clear();
  } else {
    answer.sources.clear();
  }
  return answer;
}

}  // namespace

std::string refusal_message(const Answer& answer) {
  if (answer.supported) return {};
  const bool zh = text::detect_language(answer.question) == "zh";
  if (answer.refusal == Refusal::kOtherLanguage) {
    if (answer.sources_language == "zh") {
      return "The sources are written in Chinese; ask in Chinese to search them.";
    }
    return zh ? "这些资料是用英文写的；请用英文提问，才能在其中查找答案。"
              : "The sources are written in English; ask in English to search them.";
  }
  return zh ? "资料中没有说到。" : "The sources don't say.";
}

Answer answer_question(std::string_view question, const lesson::Lesson& lesson,
                       store::ContentStore& store, search::Index& index,
                       const AnswerOptions& options) {
  const std::string language = lesson.language == "zh" ? "zh" : "en";
  return answer(question, lesson_source_ids(lesson), language, store, index, options);
}

Answer answer_from_sources(std::string_view question, const std::vector<std::string>& source_ids,
                           store::ContentStore& store, search::Index& index,
                           const AnswerOptions& options) {
  if (!options.language.empty() && options.language != "en" && options.language != "zh") {
    throw InvalidInput(fmt::format("language {}: expected en or zh", options.language));
  }
  std::vector<std::string> ids = source_ids;
  for (const std::string& id : ids) {
    if (!store.source(id, std::nullopt)) throw NotFound(fmt::format("{}: no such source", id));
  }
  if (ids.empty()) {
    for (const Source& s : store.sources()) ids.push_back(s.id);
  }
  const std::string language = !options.language.empty()                 ? options.language
                               : text::detect_language(question) == "zh" ? "zh"
                                                                         : "en";
  return answer(question, ids, language, store, index, options);
}

}  // namespace lectio::ask
