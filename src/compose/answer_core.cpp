#include "answer_core.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>
#include <unordered_set>
#include <utility>

#include "answer_checks.h"
#include "lectio/text/sentences.h"
#include "lectio/text/terms.h"
#include "lectio/text/weighting.h"
#include "lectio/text/words.h"
#include "listenable.h"

namespace lectio::compose {

namespace {

// Two sentences this similar (tf-idf cosine) say the same thing; the second adds nothing.
constexpr double kDuplicateSimilarity = 0.8;

// Weights of the sentence score besides the share of question terms the sentence carries.
constexpr double kHeadingWeight = 0.5;  // question terms found only in the chunk's headings
constexpr double kContextWeight = 0.5;  // ... only in the sentence before, in the same chunk
constexpr double kCosineWeight = 0.3;   // how focused the sentence is on the question
constexpr double kRankWeight = 0.1;     // the retrieval rank of the sentence's chunk
constexpr double kTypeWeight = 0.3;     // holds the kind of thing asked for (a date, a number)
constexpr double kDanglingPenalty = 0.15;

// Words that say what kind of question it is, not what it is about. English stop words are
// already out of text::terms(); these are the rest ("explain", Chinese question words).
const std::unordered_set<std::string_view>& question_words() {
  static const std::unordered_set<std::string_view> kWords = {
      "explain", "describe", "tell", "mean", "means", "meaning", "define", "definition", "please",
      "briefly", "exactly",  "know", "需要", "了解",  "关于",    "什么",   "为什么",     "怎么",
      "怎样",    "如何",     "哪",   "哪里", "哪儿",  "哪些",    "哪个",   "谁",         "多少",
      "几",      "吗",       "呢",   "请问", "是否",  "能否",    "是不是", "请"};
  return kWords;
}

// True for the answer type's own words: "many" of "how many", "kind" of "what kind": a
// sentence that answers says the number or the kind, not these words. "how many" alone was
// 11% of SQuAD's dev questions, and "many" then weighed most, being in few sentences.
bool answer_type_word(const std::string& before, const std::string& word) {
  if (before == "how") return word == "many" || word == "much";
  if (before == "what" || before == "which") {
    return word == "kind" || word == "kinds" || word == "type" || word == "types" ||
           word == "sort" || word == "sorts";
  }
  return false;
}

// What kind of thing the question asks for: the answer type of lexical answer-sentence
// selection. A sentence that holds no such thing rarely answers the question.
enum class AnswerType { kAny, kNumber, kDate, kName };

AnswerType answer_type(std::string_view question, const std::string& language) {
  std::string q(question);
  if (language == "zh") {
    if (q.find("多少") != std::string::npos || q.find("几") != std::string::npos) {
      return AnswerType::kNumber;
    }
    if (q.find("什么时候") != std::string::npos || q.find("哪一年") != std::string::npos ||
        q.find("何时") != std::string::npos || q.find("哪年") != std::string::npos) {
      return AnswerType::kDate;
    }
    return AnswerType::kAny;
  }
  std::transform(q.begin(), q.end(), q.begin(), [](unsigned char c) { return std::tolower(c); });
  static const std::regex kNumber(
      R"(\bhow (many|much|long|old|far|big|large|tall|high)\b|\bwhat (percentage|number|amount|share)\b)");
  static const std::regex kDate(
      R"(\bwhen\b|\b(what|which) (year|date|month|day|century|decade|season)\b)");
  static const std::regex kName(R"(\bwho(m|se)?\b|\bwhere\b)");
  if (std::regex_search(q, kNumber)) return AnswerType::kNumber;
  if (std::regex_search(q, kDate)) return AnswerType::kDate;
  if (std::regex_search(q, kName)) return AnswerType::kName;
  return AnswerType::kAny;
}

// ASCII words of `s` as written (letters and digits).
std::vector<std::string> written_words(std::string_view s) {
  std::vector<std::string> out;
  std::string w;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      w.push_back(c);
    } else if (!w.empty()) {
      out.push_back(std::exchange(w, {}));
    }
  }
  if (!w.empty()) out.push_back(w);
  return out;
}

bool is_number_word(std::string lower) {
  static const std::set<std::string> kWords = {
      "one",   "two",   "three",   "four",     "five",    "six",     "seven",
      "eight", "nine",  "ten",     "eleven",   "twelve",  "twenty",  "thirty",
      "forty", "fifty", "hundred", "thousand", "million", "billion", "dozen"};
  return kWords.contains(lower);
}

// True when `sentence` holds a thing of the asked type that the question itself does not name.
bool holds_type(std::string_view sentence, AnswerType type, std::string_view question,
                const std::string& language) {
  if (type == AnswerType::kAny) return true;
  if (language == "zh") {  // only numbers and dates are typed: any digit will do
    return std::any_of(sentence.begin(), sentence.end(),
                       [](char c) { return c >= '0' && c <= '9'; });
  }
  std::set<std::string> asked;
  for (std::string& w : written_words(question)) {
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::tolower(c); });
    asked.insert(std::move(w));
  }
  static const std::set<std::string> kMonths = {"january",   "february", "march",    "april",
                                                "may",       "june",     "july",     "august",
                                                "september", "october",  "november", "december"};
  const std::vector<std::string> ws = written_words(sentence);
  for (std::size_t i = 0; i < ws.size(); ++i) {
    const std::string& w = ws[i];
    std::string lower = w;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (asked.contains(lower)) continue;
    const bool digit = std::isdigit(static_cast<unsigned char>(w[0]));
    switch (type) {
      case AnswerType::kNumber:
        if (digit || is_number_word(lower)) return true;
        break;
      case AnswerType::kDate:
        if ((digit && w.size() == 4) || kMonths.contains(lower)) return true;
        break;
      case AnswerType::kName:
        if (i > 0 && std::isupper(static_cast<unsigned char>(w[0]))) return true;
        break;
      case AnswerType::kAny:
        return true;
    }
  }
  return false;
}

struct Scored {
  int candidate = 0;
  double coverage = 0;  // share of the question's term weight carried, 0..1
  double score = 0;
};

struct Question {
  std::vector<std::string> terms;
  AnswerType type = AnswerType::kAny;
  std::string text;
  std::string language;
};

// Scores every candidate against the question, best first (ties in document order).
std::vector<Scored> score_candidates(const Question& q, const std::vector<Candidate>& candidates,
                                     const text::TermStats& stats,
                                     const std::vector<text::TermVector>& vectors,
                                     const PickOptions& options) {
  std::vector<std::pair<std::string, double>> weight;
  double total = 0;
  for (const std::string& t : q.terms) {
    if (!options.weigh_absent_terms && stats.document_frequency(t) == 0) continue;
    weight.emplace_back(t, stats.idf(t));
    total += weight.back().second;
  }
  if (total <= 0) return {};
  double absent = 0;
  for (const auto& [t, w] : weight) absent += stats.document_frequency(t) == 0 ? w : 0;
  if (absent >= options.max_absent_share * total) return {};
  const text::TermVector asked = stats.tfidf(q.terms);
  std::vector<Scored> out;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (!options.excluded.empty() && options.excluded[i]) continue;
    const Candidate& c = candidates[i];
    const std::vector<std::string>& mine = stats.doc(static_cast<int>(i));
    const std::set<std::string> own(mine.begin(), mine.end());
    const std::set<std::string> heading(c.heading_terms.begin(), c.heading_terms.end());
    std::set<std::string> before;
    if (i > 0 && candidates[i - 1].chunk == c.chunk) {
      const std::vector<std::string>& prev = stats.doc(static_cast<int>(i) - 1);
      before.insert(prev.begin(), prev.end());
    }
    double carried = 0;
    double headed = 0;
    double context = 0;
    for (const auto& [t, w] : weight) {
      if (own.contains(t)) {
        carried += w;
      } else if (heading.contains(t)) {
        headed += w;
      } else if (before.contains(t)) {
        context += w;
      }
    }
    if (carried == 0) continue;  // a heading alone never makes a sentence an answer
    Scored s;
    s.candidate = static_cast<int>(i);
    s.coverage = (carried + headed + context) / total;
    const auto p = options.chunk_prior.find(c.chunk);
    s.score = carried / total + kHeadingWeight * headed / total + kContextWeight * context / total +
              kCosineWeight * text::cosine(asked, vectors[i]) +
              kRankWeight * (p == options.chunk_prior.end() ? 0 : p->second) +
              (holds_type(c.original, q.type, q.text, q.language) ? kTypeWeight : 0) -
              (c.dangling ? kDanglingPenalty : 0);
    out.push_back(s);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Scored& a, const Scored& b) { return a.score > b.score; });
  return out;
}

// True when the sentence an answer would lead with shares the question's words but turns
// the other way: the question is negated and it is not, or it (with the sentence before it)
// says the opposite of one of the question's words. The sources then do not say what was
// asked, and the best they have is not an answer.
bool says_otherwise(const Question& q, const std::vector<Candidate>& candidates,
                    const text::TermStats& stats, int lead) {
  const Candidate& c = candidates[static_cast<std::size_t>(lead)];
  if (negation_differs(q.text, c.original, q.language)) return true;
  const std::vector<std::string>& own = stats.doc(lead);
  std::set<std::string> said(own.begin(), own.end());
  if (lead > 0 && candidates[static_cast<std::size_t>(lead) - 1].chunk == c.chunk) {
    const std::vector<std::string>& prev = stats.doc(lead - 1);
    said.insert(prev.begin(), prev.end());
  }
  return !opposite_said(q.terms, said, q.language).empty();
}

// The best sentence that carries enough of the question, then the next best that do too and
// say something new.
std::vector<int> choose(const Question& q, const std::vector<Scored>& ranked,
                        const std::vector<Candidate>& candidates, const text::TermStats& stats,
                        const std::vector<text::TermVector>& vectors, const PickOptions& options) {
  std::vector<int> chosen;
  for (const Scored& s : ranked) {
    if (static_cast<int>(chosen.size()) >= options.max_sentences) break;
    // The lead must carry the question; a sentence after it adds to the answer and need carry
    // only half as much (SQuAD dev: the answer holds the gold answer 0.782 -> 0.792).
    const double bar = chosen.empty() ? options.min_coverage : options.min_coverage / 2;
    if (s.coverage < bar) continue;
    if (chosen.empty() && says_otherwise(q, candidates, stats, s.candidate)) return {};
    bool duplicate = false;
    for (int j : chosen) {
      duplicate =
          duplicate || text::cosine(vectors[static_cast<std::size_t>(s.candidate)],
                                    vectors[static_cast<std::size_t>(j)]) > kDuplicateSimilarity;
    }
    if (!duplicate) chosen.push_back(s.candidate);
  }
  // The best sentence leads, even one that opens with a pronoun: it is the answer. The rest
  // follow in reading order, its own chunk's first.
  if (chosen.size() < 3) return chosen;
  const auto at = [&](int i) -> const Candidate& {
    return candidates[static_cast<std::size_t>(i)];
  };
  const int lead_chunk = at(chosen.front()).chunk;
  std::sort(chosen.begin() + 1, chosen.end(), [&](int a, int b) {
    return std::pair(at(a).chunk != lead_chunk, at(a).position) <
           std::pair(at(b).chunk != lead_chunk, at(b).position);
  });
  return chosen;
}

// True when `sentence` is unfit to be spoken only for its length and otherwise ends like one.
bool only_too_long(std::string_view sentence, const std::string& language) {
  if (sentence.find('\n') != std::string_view::npos || sentence.empty()) return false;
  const std::size_t last = sentence.find_last_not_of("\"')");
  if (last == std::string_view::npos ||
      std::string_view(".!?").find(sentence[last]) == std::string_view::npos) {
    return false;
  }
  return why_unfit(sentence, language) == Unfit::kLength;
}

}  // namespace

std::vector<Candidate> answer_candidates(const Material& material, const std::string& language) {
  std::vector<Candidate> out = build_candidates(material, language);
  std::vector<std::vector<std::string>> headings;
  for (const Chunk& chunk : material.chunks) {
    std::vector<std::string>& terms = headings.emplace_back();
    for (const std::string& h : chunk.heading_path) {
      for (std::string& t : text::terms(h, language)) terms.push_back(std::move(t));
    }
  }
  for (Candidate& c : out) c.heading_terms = headings[static_cast<std::size_t>(c.chunk)];
  if (language == "zh") return out;  // Chinese sentences over the limit are kept out as before
  // build_candidates() counts every sentence of the material in its positions; so does this,
  // to slot the long ones in between.
  int position = 0;
  for (std::size_t ci = 0; ci < material.chunks.size(); ++ci) {
    const Chunk& chunk = material.chunks[ci];
    for (const ChunkSentence& piece : chunk_sentences(chunk, language)) {
      const std::string& sentence = piece.text;
      ++position;
      if (piece.cut || !only_too_long(sentence, language)) continue;
      Candidate c;
      c.text = c.original = sentence;
      c.chunk = static_cast<int>(ci);
      c.position = position;
      c.terms = text::terms(sentence, language);
      c.words = static_cast<int>(text::words(sentence).size());
      c.dangling = points_back(sentence, language);
      c.heading_terms = headings[ci];
      out.push_back(std::move(c));
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Candidate& a, const Candidate& b) { return a.position < b.position; });
  for (std::size_t i = 0; i < out.size(); ++i) {  // `previous`: the sentence right before
    out[i].previous =
        i > 0 && out[i - 1].chunk == out[i].chunk && out[i - 1].position + 1 == out[i].position
            ? static_cast<int>(i) - 1
            : -1;
  }
  return out;
}

std::vector<std::string> question_terms(std::string_view question, const std::string& language) {
  std::vector<std::string> out;
  std::string before;
  for (const std::string& w : text::words(question)) {
    const bool typed = answer_type_word(std::exchange(before, w), w);
    if (typed || question_words().contains(w)) continue;
    for (std::string& t : text::terms(w, language)) {
      if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(std::move(t));
    }
  }
  return out;
}

std::vector<int> pick_answer(std::string_view question, const std::vector<Candidate>& candidates,
                             const std::string& language, const PickOptions& options) {
  const Question q{question_terms(question, language), answer_type(question, language),
                   std::string(question), language};
  if (q.terms.empty() || candidates.empty()) return {};
  // Answers are read verbatim, so they are scored by what the chunk says, asides included.
  std::vector<std::vector<std::string>> docs;
  docs.reserve(candidates.size());
  for (const Candidate& c : candidates) docs.push_back(text::terms(c.original, language));
  const text::TermStats stats(docs);
  std::vector<text::TermVector> vectors;
  vectors.reserve(candidates.size());
  for (const auto& d : docs) vectors.push_back(stats.tfidf(d));
  const std::vector<Scored> ranked = score_candidates(q, candidates, stats, vectors, options);
  return choose(q, ranked, candidates, stats, vectors, options);
}

}  // namespace lectio::compose
