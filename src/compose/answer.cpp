#include "lectio/compose/answer.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_set>
#include <utility>

#include "candidates.h"
#include "lectio/compose/grounding.h"
#include "lectio/core/error.h"
#include "lectio/text/terms.h"
#include "lectio/text/weighting.h"
#include "lectio/text/words.h"

namespace lectio::compose {

namespace {

// Limits of AnswerOptions.
constexpr int kMaxSentencesLimit = 10;
constexpr int kSearchDepthLimit = 50;

// Every sentence of an answer must carry at least this share of the question's term weight;
// below it the sources only brush the subject (share a common word) and the honest answer is
// "they don't say". Since a term the sources never use weighs more than any term they do use, a
// question whose rarest term is missing stays under the bar unless its other terms outweigh it.
constexpr double kMinCoverage = 0.5;
// Two sentences this similar (tf-idf cosine) say the same thing; the second adds nothing.
constexpr double kDuplicateSimilarity = 0.8;

// Weights of the sentence score besides the question-term coverage.
constexpr double kHeadingWeight = 0.5;  // question terms found only in the chunk's headings
constexpr double kCosineWeight = 0.3;   // how focused the sentence is on the question
constexpr double kRankWeight = 0.1;     // the retrieval rank of the sentence's chunk
constexpr double kDanglingPenalty = 0.15;

// Words that say what kind of question it is, not what it is about. English stop words are
// already out of text::terms(); these are the rest ("explain", Chinese question words).
const std::unordered_set<std::string_view>& question_words() {
  static const std::unordered_set<std::string_view> kWords = {
      "explain", "describe", "tell",    "mean", "means",  "meaning", "define", "definition",
      "please",  "briefly",  "exactly", "什么", "为什么", "怎么",    "怎样",   "如何",
      "哪",      "哪里",     "哪儿",    "哪些", "哪个",   "谁",      "多少",   "几",
      "吗",      "呢",       "请问",    "是否", "能否",   "是不是",  "请"};
  return kWords;
}

// The question's content terms, each once, in the order asked.
std::vector<std::string> question_terms(std::string_view question, const std::string& language) {
  std::vector<std::string> out;
  for (const std::string& w : text::words(question)) {
    if (question_words().contains(w)) continue;
    for (std::string& t : text::terms(w, language)) {
      if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(std::move(t));
    }
  }
  return out;
}

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
std::vector<std::string> lesson_source_ids(const Lesson& lesson) {
  std::vector<std::string> ids;
  for (const CitedChunk& c : lesson.sources) {
    if (std::find(ids.begin(), ids.end(), c.source_id) == ids.end()) ids.push_back(c.source_id);
  }
  return ids;
}

// The retrieved chunks in document order (lesson source order, then ordinal), so that
// candidate positions follow the text, with each chunk's retrieval prior by its new index.
// Only these chunks are read: build_candidates() then drops the headings all of a source's
// retrieved chunks share, which can hide a section heading (never grant a false one).
struct Retrieved {
  Material material;
  std::map<int, double> prior;  // chunk index -> 1 for the top hit, falling with rank
};

Retrieved retrieve(const std::string& question, const std::vector<std::string>& source_ids,
                   store::ContentStore& store, search::Index& index, int depth) {
  search::Query query;
  query.text = question;
  query.k = depth;
  query.source_ids = source_ids;
  query.words_only = true;  // a question is not search syntax
  query.snippets = false;
  std::vector<search::Hit> hits;
  try {
    hits = index.search(query);
  } catch (const InvalidInput&) {
    return {};  // nothing searchable in it (only stop words): no material, no answer
  }
  struct Found {
    std::size_t source_rank;
    Chunk chunk;
    double prior;
  };
  std::vector<Found> found;
  for (std::size_t rank = 0; rank < hits.size(); ++rank) {
    const auto source = std::find(source_ids.begin(), source_ids.end(), hits[rank].source_id);
    if (source == source_ids.end()) continue;  // the index filters; this keeps the contract
    const auto ref = ChunkRef::parse(hits[rank].chunk_id);
    if (!ref) continue;
    auto chunk = store.chunk(*ref);
    if (!chunk) continue;  // the source changed since the index saw it
    found.push_back({static_cast<std::size_t>(source - source_ids.begin()), std::move(*chunk),
                     1.0 / (1.0 + 0.5 * static_cast<double>(rank))});
  }
  std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    return std::tie(a.source_rank, a.chunk.ordinal) < std::tie(b.source_rank, b.chunk.ordinal);
  });
  Retrieved r;
  r.material.index = &index;
  for (Found& f : found) {
    r.prior[static_cast<int>(r.material.chunks.size())] = f.prior;
    r.material.chunks.push_back(std::move(f.chunk));
  }
  return r;
}

struct Scored {
  int candidate = 0;
  // Share of the question's term weight the sentence carries, itself or through the headings
  // it sits under: a sentence in a section titled with the question is about the question.
  double coverage = 0;
  double score = 0;
};

// Scores every candidate against the question terms, best first (ties in document order).
std::vector<Scored> score_candidates(const std::vector<Candidate>& candidates,
                                     const std::vector<std::string>& question,
                                     const text::TermStats& stats, const std::vector<text::TermVector>& vectors,
                                     const std::map<int, double>& prior) {
  std::map<std::string, double> weight;
  double total = 0;
  for (const std::string& t : question) total += weight[t] = stats.idf(t);
  if (total <= 0) return {};
  const text::TermVector asked = stats.tfidf(question);
  std::vector<Scored> out;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const Candidate& c = candidates[i];
    const std::set<std::string> own(c.terms.begin(), c.terms.end());
    const std::set<std::string> heading(c.heading_terms.begin(), c.heading_terms.end());
    double carried = 0;
    double headed = 0;
    for (const auto& [t, w] : weight) {
      if (own.contains(t)) {
        carried += w;
      } else if (heading.contains(t)) {
        headed += w;
      }
    }
    if (carried == 0) continue;  // a heading alone never makes a sentence an answer
    Scored s;
    s.candidate = static_cast<int>(i);
    s.coverage = (carried + headed) / total;
    const auto p = prior.find(c.chunk);
    s.score = carried / total + kHeadingWeight * headed / total +
              kCosineWeight * text::cosine(asked, vectors[i]) +
              kRankWeight * (p == prior.end() ? 0 : p->second) -
              (c.dangling ? kDanglingPenalty : 0);
    out.push_back(s);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Scored& a, const Scored& b) { return a.score > b.score; });
  return out;
}

// Picks the answer's sentences: the best one that carries enough of the question, then the
// next best that do too and say something new. Returns candidate indices in reading order:
// the sentences of the best one's chunk first, then those of other chunks, each in document
// order, with a sentence that points back at something unsaid moved off the front when
// possible. Empty when no sentence carries enough of the question to count as an answer.
std::vector<int> choose(const std::vector<Scored>& ranked, const std::vector<Candidate>& candidates,
                        const std::vector<text::TermVector>& vectors, int max_sentences) {
  std::vector<int> chosen;
  for (const Scored& s : ranked) {
    if (static_cast<int>(chosen.size()) >= max_sentences) break;
    if (s.coverage < kMinCoverage) continue;
    bool duplicate = false;
    for (int j : chosen) {
      duplicate = duplicate || text::cosine(vectors[static_cast<std::size_t>(s.candidate)],
                                      vectors[static_cast<std::size_t>(j)]) > kDuplicateSimilarity;
    }
    if (!duplicate) chosen.push_back(s.candidate);
  }
  if (chosen.empty()) return chosen;
  const auto at = [&](int i) -> const Candidate& {
    return candidates[static_cast<std::size_t>(i)];
  };
  const int lead_chunk = at(chosen.front()).chunk;
  std::sort(chosen.begin(), chosen.end(), [&](int a, int b) {
    return std::pair(at(a).chunk != lead_chunk, at(a).position) <
           std::pair(at(b).chunk != lead_chunk, at(b).position);
  });
  if (at(chosen.front()).dangling) {
    const auto standalone =
        std::find_if(chosen.begin(), chosen.end(), [&](int i) { return !at(i).dangling; });
    if (standalone != chosen.end()) std::rotate(chosen.begin(), standalone, standalone + 1);
  }
  return chosen;
}

// Runs the shared grounding verifier over the sentences (as a one-item FAQ of a scratch lesson)
// and keeps those their cited chunk supports, with the chunks they cite.
void verify(Answer& answer, const std::string& language, store::ContentStore& store) {
  Lesson scratch;
  scratch.language = language;
  scratch.faq.push_back({answer.question, std::move(answer.sentences)});
  verify_grounding(
      scratch,
      [&](const std::string& id) -> std::optional<Chunk> {
        const auto ref = ChunkRef::parse(id);
        if (!ref) return std::nullopt;
        return store.chunk(*ref);
      },
      [&](const Chunk& c) -> std::optional<Source> {
        return store.source(c.source_id, c.version);
      });
  answer.sentences = std::move(scratch.faq.front().answer);
  std::erase_if(answer.sentences,
                [](const ScriptSentence& s) { return s.support < kSupportThreshold; });
  std::set<std::string> cited;
  for (const ScriptSentence& s : answer.sentences) {
    cited.insert(s.citations.begin(), s.citations.end());
  }
  for (CitedChunk& c : scratch.sources) {
    if (cited.contains(c.chunk_id)) answer.sources.push_back(std::move(c));
  }
}

}  // namespace

Answer answer_question(std::string_view question, const Lesson& lesson, store::ContentStore& store,
                       search::Index& index, const AnswerOptions& options) {
  Answer answer;
  answer.question = trim(question);
  check_input(answer.question, options);
  const std::string language = lesson.language == "zh" ? "zh" : "en";

  const std::vector<std::string> asked = question_terms(answer.question, language);
  const std::vector<std::string> source_ids = lesson_source_ids(lesson);
  // An empty source list would mean "every source" to the index, so it is never searched.
  if (asked.empty() || source_ids.empty()) return answer;

  const Retrieved retrieved =
      retrieve(answer.question, source_ids, store, index, options.search_depth);
  const std::vector<Candidate> candidates = build_candidates(retrieved.material, language);
  if (candidates.empty()) return answer;

  std::vector<std::vector<std::string>> docs;
  docs.reserve(candidates.size());
  for (const Candidate& c : candidates) docs.push_back(c.terms);
  const text::TermStats stats(std::move(docs));
  std::vector<text::TermVector> vectors;
  vectors.reserve(candidates.size());
  for (const Candidate& c : candidates) vectors.push_back(stats.tfidf(c.terms));

  const std::vector<Scored> ranked =
      score_candidates(candidates, asked, stats, vectors, retrieved.prior);
  for (int i : choose(ranked, candidates, vectors, options.max_sentences)) {
    const Candidate& c = candidates[static_cast<std::size_t>(i)];
    ScriptSentence s;
    s.text = c.text;
    s.citations = {retrieved.material.chunks[static_cast<std::size_t>(c.chunk)].id()};
    answer.sentences.push_back(std::move(s));
  }
  verify(answer, language, store);
  answer.supported = !answer.sentences.empty();
  if (!answer.supported) answer.sources.clear();
  return answer;
}

}  // namespace lectio::compose
