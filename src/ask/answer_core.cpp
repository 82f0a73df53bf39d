#include "lectio/ask/answer_core.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <regex>
#include <set>
#include <unordered_set>
#include <utility>

#include "answer_checks.h"
#include "lectio/ask/answer_confidence.h"
#include "lectio/ask/answer_features.h"
#include "lectio/extract/listenable.h"
#include "lectio/text/sentences.h"
#include "lectio/text/terms.h"
#include "lectio/text/weighting.h"
#include "lectio/text/words.h"

namespace lectio::ask {

namespace {

// Two sentences this similar (tf-idf cosine) say the same thing; the second adds nothing.
constexpr double kDuplicateSimilarity = 0.8;

// The ranker's weights, one per feature of answer_features.h (the others weigh nothing): a
// softmax over each qa-dev question's candidates at or over the coverage bar (0.30), fitted on
// all 17 articles by
//   build/bench/lectio_qa_loao build/qa-bench/features.jsonl --print-model
// (bench/qa_loao.cpp; the features are those forward selection chose on three articles:
// adding the mismatch features, or all 39, moved the leave-one-article-out first sentence by
// under 0.002; and since 2026-12-04 `defines`, for a manual's "What is type affinity?"). Raw
// feature units, not rescaled: answer_confidence.h reads the lead's score. Leave-one-article-out on
// qa-dev, without the refusal model: first sentence 0.761 against 0.752 for the weights fitted on
// three articles, 13 of 17 articles better (docs/benchmarks.md, "Ask and verify").
constexpr Features kLeadWeights = [] {
  Features w{};
  w[kOwn] = 4.898;
  w[kHeading] = 5.534;
  w[kBefore] = 3.014;
  w[kCosine] = 1.887;
  w[kPrior] = 2.095;
  w[kTyped] = 1.485;
  w[kDangling] = 0.1521;
  w[kNearType] = 0.7336;
  w[kBm25] = 2.54;
  w[kDefines] = 2.003;
  // A what / which question's sentence holding a name it does not ask: kTyped already counts
  // it, and the fit takes some back (leave-one-article-out 2026-12-04: first sentence 0.739 ->
  // 0.742, better in 6 articles, worse in 1).
  w[kWhatName] = -0.3201;
  return w;
}();

// The hand-set weights the ranker had before the fit. They rank the lead and the sentences
// after it for the questions made from a brief (PickOptions::weigh_absent_terms false): such
// questions ("Can you explain where TPUs are strongest?") are not the factoid questions the
// fit saw, and under the fitted weights the lesson FAQ's later sentences took weak matches
// such as a license's "in order to" for "the order they happen in". A learner's question has
// its later sentences ranked by the fitted weights too (since 2026-12-03: leave-one-article-
// out on qa-dev the whole answer holds a gold answer 0.840 -> 0.846, better in 9 of the 17
// articles, worse in 4; docs/benchmarks.md, "Ask and verify").
constexpr Features kHandWeights = [] {
  Features w{};
  w[kOwn] = 1;
  w[kHeading] = 0.5;
  w[kBefore] = 0.5;
  w[kCosine] = 0.3;
  w[kPrior] = 0.1;
  w[kTyped] = 0.3;
  w[kDangling] = -0.15;
  w[kDefines] = 0.4;
  return w;
}();

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

// WordNet for a learner's question in English (its bridges, its antonyms); null for a brief's
// questions, which keep the ranking and the refusals the lesson goldens were made with.
const text::WordNet* learner_wordnet(const Question& q, const PickOptions& options) {
  if (!options.bridge || !options.weigh_absent_terms || q.language != "en") return nullptr;
  return options.wordnet != nullptr ? options.wordnet : text::WordNet::shared();
}

// Scores every candidate against the question, best first (ties in document order).
std::vector<RankedCandidate> score_candidates(const Question& q,
                                              const std::vector<extract::Candidate>& candidates,
                                              const text::TermStats& stats,
                                              const std::vector<text::TermVector>& vectors,
                                              const PickOptions& options) {
  std::vector<std::pair<std::string, double>> weight;
  double total = 0;
  // A learner's "Which NFL team ...": the kind asked for weighs nothing in the shares the
  // bars and the ranker read, unless it is all that was asked; it stays a term of the
  // sentence's BM25 and of the question's phrases (left out of those too, SQuAD dev's first
  // sentence fell 0.692 -> 0.687). A question made from a brief keeps it: its wording is the
  // brief's.
  const bool drop_head = options.weigh_absent_terms && q.terms.size() > q.type_head.size();
  for (const std::string& t : q.terms) {
    if (!options.weigh_absent_terms && stats.document_frequency(t) == 0) continue;
    const bool head =
        drop_head && std::find(q.type_head.begin(), q.type_head.end(), t) != q.type_head.end();
    weight.emplace_back(t, head ? 0.0 : stats.idf(t));
    total += weight.back().second;
  }
  if (total <= 0) return {};
  const text::WordNet* wordnet = learner_wordnet(q, options);
  // A term the sources lack is absent unless they hold a bridge of it ("present" / "current").
  const auto said = [&](const std::string& t) {
    if (stats.document_frequency(t) > 0) return true;
    if (wordnet == nullptr) return false;
    const std::vector<std::string> b = wordnet->bridges(t);
    return std::any_of(b.begin(), b.end(),
                       [&](const std::string& o) { return stats.document_frequency(o) > 0; });
  };
  double absent = 0;
  for (const auto& [t, w] : weight) absent += said(t) ? 0 : w;
  if (absent >= options.max_absent_share * total) return {};
  const FeatureInputs in{
      q, candidates, stats, vectors, weight, options.excluded, options.chunk_prior, wordnet};
  // A learner's question: the fitted weights rank every sentence of the answer; a brief's
  // question: the hand-set ones.
  const Features& lead = options.weigh_absent_terms ? kLeadWeights : kHandWeights;
  std::vector<RankedCandidate> out;
  for (CandidateFeatures& f : candidate_features(in)) {
    f.values[kAbsent] = absent / total;
    f.values[kQuestionTerms] = std::log1p(static_cast<double>(q.terms.size()));
    RankedCandidate r;
    r.candidate = f.candidate;
    r.coverage = f.coverage;
    for (std::size_t k = 0; k < kFeatureCount; ++k) {
      r.score += lead[k] * f.values[k];
    }
    r.features = f.values;
    out.push_back(r);
  }
  std::stable_sort(out.begin(), out.end(), [](const RankedCandidate& a, const RankedCandidate& b) {
    return a.score > b.score;
  });
  return out;
}

// True when the sentence an answer would lead with shares the question's words but turns
// the other way: the question is negated and it is not, or it (with the sentence before it)
// says the opposite of one of the question's words. The sources then do not say what was
// asked, and the best they have is not an answer.
// A learner's question (PickOptions::weigh_absent_terms) is also turned round by a swapped
// word (slot_swapped) and by WordNet's antonyms; a brief's question is the lesson's own wording.
// `ranked` is the candidate's ranking entry; its kSwapped feature is slot_swapped() of it.
bool says_otherwise(const Question& q, const std::vector<extract::Candidate>& candidates,
                    const text::TermStats& stats, const RankedCandidate& ranked,
                    const PickOptions& options) {
  const int lead = ranked.candidate;
  const extract::Candidate& c = candidates[static_cast<std::size_t>(lead)];
  if (options.weigh_absent_terms && ranked.features[kSwapped] > 0) return true;
  if (options.weigh_absent_terms && denial_unsaid(q.text, c.original, q.language)) return true;
  const bool after_previous =
      lead > 0 && candidates[static_cast<std::size_t>(lead) - 1].chunk == c.chunk;
  if (options.weigh_absent_terms &&
      year_unsaid(q.text, c.original,
                  after_previous ? candidates[static_cast<std::size_t>(lead) - 1].original : "",
                  q.language)) {
    return true;
  }
  if (negation_differs(q.text, c.original, q.language)) return true;
  if (denies_asked(q.text, q.terms, c.original, q.language)) return true;
  if (degree_reversed(q.text, c.original, q.language)) return true;
  if (number_differs(q.text, c.original, q.language)) return true;
  const std::vector<std::string>& own = stats.doc(lead);
  std::set<std::string> said(own.begin(), own.end());
  if (after_previous) {
    const std::vector<std::string>& prev = stats.doc(lead - 1);
    said.insert(prev.begin(), prev.end());
  }
  return !opposite_said(q.terms, said, q.language, learner_wordnet(q, options)).empty();
}

// The best sentence that carries enough of the question, then the next best that do too and
// say something new.
std::vector<int> choose(const Question& q, const std::vector<RankedCandidate>& ranked,
                        const std::vector<extract::Candidate>& candidates,
                        const text::TermStats& stats, const std::vector<text::TermVector>& vectors,
                        const PickOptions& options) {
  // The lead: the best sentence that carries the question.
  const auto flagged = [](const std::vector<bool>& v, int c) {
    return !v.empty() && v[static_cast<std::size_t>(c)];
  };
  const auto may_lead = [&](int c) {
    return !flagged(options.not_lead, c) && !flagged(options.after_previous_only, c);
  };
  const auto carries = [&](const RankedCandidate& s) {
    return s.coverage >= options.min_coverage && may_lead(s.candidate);
  };
  const auto affirms = [&](const RankedCandidate& s) {
    if (!options.affirmative_lead) return true;
    const auto& text = candidates[static_cast<std::size_t>(s.candidate)].original;
    return !negates_asked(q.text, q.terms, text, q.language);
  };
  // A what-is question is answered first by the sentence that says what the thing is, where
  // one carries the question: "What is a checkpoint?" of SQLite's WAL page led with "FULL and
  // RESTART checkpoints try harder ..." (its chunk is all about checkpoints) over "Moving the
  // WAL file transactions back into the database is called a "checkpoint"." On qa-dev the
  // defining sentence already led in each of the 31 questions that have one.
  auto lead = std::find_if(ranked.begin(), ranked.end(), [&](const RankedCandidate& s) {
    return carries(s) && s.features[kDefines] > 0 && affirms(s);
  });
  if (lead == ranked.end()) {
    lead = std::find_if(ranked.begin(), ranked.end(),
                        [&](const RankedCandidate& s) { return carries(s) && affirms(s); });
  }
  if (lead == ranked.end()) lead = std::find_if(ranked.begin(), ranked.end(), carries);
  if (lead == ranked.end() || says_otherwise(q, candidates, stats, *lead, options)) {
    return {};
  }
  if (options.refuse_unsure && options.weigh_absent_terms && q.language == "en") {
    const auto at = static_cast<std::size_t>(lead - ranked.begin());
    const ConfidenceFeatures c = confidence_features(ranked, at, options.min_coverage);
    if (answer_confidence(c) < min_answer_confidence()) return {};
  }
  std::vector<int> chosen = {lead->candidate};
  // A sentence after it adds to the answer and need carry only half as much (SQuAD dev: the
  // answer holds the gold answer 0.782 -> 0.792), in the ranking's order (ties in document
  // order, as score_candidates() sorts them).
  for (const RankedCandidate& s : ranked) {
    if (static_cast<int>(chosen.size()) >= options.max_sentences) break;
    if (s.coverage < options.min_coverage / 2) continue;
    if (flagged(options.after_previous_only, s.candidate) &&
        std::find(chosen.begin(), chosen.end(),
                  candidates[static_cast<std::size_t>(s.candidate)].previous) == chosen.end()) {
      continue;
    }
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
  const auto at = [&](int i) -> const extract::Candidate& {
    return candidates[static_cast<std::size_t>(i)];
  };
  const int lead_chunk = at(chosen.front()).chunk;
  std::sort(chosen.begin() + 1, chosen.end(), [&](int a, int b) {
    return std::pair(at(a).chunk != lead_chunk, at(a).position) <
           std::pair(at(b).chunk != lead_chunk, at(b).position);
  });
  // A sentence that may only follow the one before it comes right after it, wherever reading
  // order put that one ("It's best to remove one of the files" after the lead it goes on
  // from, not after a sentence from earlier in the chunk).
  for (std::size_t k = 1; k < chosen.size(); ++k) {
    const int c = chosen[k];
    if (!flagged(options.after_previous_only, c)) continue;
    const auto prev = std::find(chosen.begin(), chosen.end(), at(c).previous);
    if (prev == chosen.end() || prev + 1 == chosen.begin() + static_cast<long>(k)) continue;
    // `prev` comes before position k (reading order puts a sentence's previous one first):
    // inserting after it moves the old place of `c` to k + 1.
    chosen.insert(prev + 1, c);
    chosen.erase(chosen.begin() + static_cast<long>(k) + 1);
  }
  return chosen;
}

// True for a table's row as the ingesters write it (its cells joined with "; ", no closing
// full stop): "Framework; PyTorch with custom CUDA code; JAX or TensorFlow" is a fragment of a
// table, not a sentence, and read as an answer's opening it says nothing.
bool table_row(std::string_view sentence) {
  const char last = sentence.back();
  const bool closed = last == '.' || last == '!' || last == ')' || last == '"';
  return !closed && sentence.find("; ") != std::string_view::npos;
}

// True for a heading or a contents line ("Type Affinity", "Storage Classes and Datatypes"):
// no closing full stop, and every word of four letters or more capitalised. It names a
// subject and says nothing of it; read as an answer it matches the question's words and
// answers none.
bool reads_as_heading(std::string_view sentence) {
  const char last = sentence.back();
  if (last == '.' || last == '!' || last == ')' || last == '"') return false;
  bool long_word = false;
  std::size_t at = 0;
  while (at < sentence.size()) {
    const std::size_t end = std::min(sentence.find(' ', at), sentence.size());
    const std::string_view word = sentence.substr(at, end - at);
    if (word.size() >= 4 && std::isalpha(static_cast<unsigned char>(word[0]))) {
      if (!std::isupper(static_cast<unsigned char>(word[0]))) return false;
      long_word = true;
    }
    at = end + 1;
  }
  return long_word;
}

// True when a written answer may quote `sentence` though a lesson would not speak it: it is
// whole and not a question, and build_candidates() left it out for how it sounds (too long, a
// number such as "99.4." read as markup, no closing full stop, a list item). A learner reads
// the answer, so only what the sentence says matters: SQuAD dev's first sentence 0.689 ->
// 0.709, none lost (docs/benchmarks.md, "Ask and verify").
bool quotable_in_writing(std::string_view sentence, const std::string& language) {
  if (sentence.empty() || sentence.find('\n') != std::string_view::npos) return false;
  if (sentence.ends_with('?') || sentence.ends_with("\xef\xbc\x9f")) return false;
  if (table_row(sentence) || reads_as_heading(sentence)) return false;
  return !extract::rewrite_for_listening(sentence, language);
}

}  // namespace

std::vector<extract::Candidate> answer_candidates(const lesson::Material& material,
                                                  const std::string& language) {
  std::vector<extract::Candidate> out = extract::build_candidates(material, language);
  std::vector<std::vector<std::string>> headings;
  for (const Chunk& chunk : material.chunks) {
    std::vector<std::string>& terms = headings.emplace_back();
    for (const std::string& h : chunk.heading_path) {
      for (std::string& t : text::terms(h, language)) terms.push_back(std::move(t));
    }
  }
  for (extract::Candidate& c : out) c.heading_terms = headings[static_cast<std::size_t>(c.chunk)];
  // Chinese answers keep to the sentences a lesson would speak: no Chinese question set measures
  // what quoting the others would do.
  if (language == "zh") return out;
  // build_candidates() counts every sentence of the material in its positions; so does this,
  // to slot the others in between.
  int position = 0;
  for (std::size_t ci = 0; ci < material.chunks.size(); ++ci) {
    const Chunk& chunk = material.chunks[ci];
    for (const extract::ChunkSentence& piece : extract::chunk_sentences(chunk, language)) {
      const std::string& sentence = piece.text;
      ++position;
      if (piece.cut || piece.item || !quotable_in_writing(sentence, language)) continue;
      extract::Candidate c;
      c.text = c.original = sentence;
      c.chunk = static_cast<int>(ci);
      c.position = position;
      c.terms = text::terms(sentence, language);
      c.words = static_cast<int>(text::words(sentence).size());
      c.dangling = extract::points_back(sentence, language);
      c.heading_terms = headings[ci];
      if (!c.terms.empty()) out.push_back(std::move(c));
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const extract::Candidate& a, const extract::Candidate& b) {
                     return a.position < b.position;
                   });
  for (std::size_t i = 0; i < out.size(); ++i) {  // `previous`: the sentence right before
    out[i].previous =
        i > 0 && out[i - 1].chunk == out[i].chunk && out[i - 1].position + 1 == out[i].position
            ? static_cast<int>(i) - 1
            : -1;
  }
  return out;
}

namespace {

// True for the way a question is put rather than what it asks about: "What is the *name* of
// the turf?", "What is it *known* as?", "What is *considered* its best?", "When did it *take
// place*?", "What does AFC *stand for*?" The sentence that answers gives the name or says when,
// seldom in these words; as question terms they pulled the lead to sentences that repeat them
// (SQuAD dev: first sentence 0.732 -> 0.738). English only.
bool phrasing_word(const std::string& before, const std::string& word, const std::string& next) {
  if (word == "name" || word == "names" || word == "known" || word == "considered") return true;
  // "What does AFC *stand for*?", "What is QED *short for*?", "the *acronym* NCAA": the
  // sentence that answers spells the name out and says none of these.
  if ((word == "stand" || word == "stands" || word == "short") && next == "for") return true;
  if (word == "acronym" || word == "abbreviation") return true;
  const auto take = [](const std::string& w) {
    return w == "take" || w == "takes" || w == "took" || w == "taken" || w == "taking";
  };
  return (take(word) && next == "place") || (word == "place" && take(before));
}

}  // namespace

std::vector<std::string> question_terms(std::string_view question, const std::string& language) {
  std::vector<std::string> out;
  const std::vector<std::string> words = text::words(question);
  std::string before;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    const std::string& next = i + 1 < words.size() ? words[i + 1] : std::string();
    const bool phrasing = language == "en" && phrasing_word(before, w, next);
    const bool typed = answer_type_word(std::exchange(before, w), w);
    if (typed || phrasing || question_words().contains(w)) continue;
    for (std::string& t : text::terms(w, language)) {
      if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(std::move(t));
    }
  }
  return out;
}

namespace {

struct Prepared {
  Question q;
  text::TermStats stats;
  std::vector<text::TermVector> vectors;
};

// `respell`: a learner's English question, whose misspelt terms are read as the sources spell
// them (respelt()); a brief's questions keep their wording.
std::optional<Prepared> prepare(std::string_view question,
                                const std::vector<extract::Candidate>& candidates,
                                const std::string& language, bool respell) {
  Question q{question_terms(question, language), answer_type(question, language),
             std::string(question), language, type_head_terms(question, language)};
  if (q.terms.empty() || candidates.empty()) return std::nullopt;
  // Answers are read verbatim, so they are scored by what the chunk says, asides included.
  std::vector<std::vector<std::string>> docs;
  docs.reserve(candidates.size());
  for (const extract::Candidate& c : candidates) docs.push_back(text::terms(c.original, language));
  text::TermStats stats(docs);
  const text::WordNet* wordnet = respell && language == "en" ? text::WordNet::shared() : nullptr;
  if (wordnet != nullptr) {
    std::vector<std::string> terms;
    for (std::string& t : respelt(q.terms, stats, *wordnet)) {
      if (std::find(terms.begin(), terms.end(), t) == terms.end()) terms.push_back(std::move(t));
    }
    q.terms = std::move(terms);
  }
  std::vector<text::TermVector> vectors;
  vectors.reserve(candidates.size());
  for (const auto& d : docs) vectors.push_back(stats.tfidf(d));
  return Prepared{std::move(q), std::move(stats), std::move(vectors)};
}

}  // namespace

std::vector<RankedCandidate> rank_candidates(std::string_view question,
                                             const std::vector<extract::Candidate>& candidates,
                                             const std::string& language,
                                             const PickOptions& options) {
  const std::optional<Prepared> p =
      prepare(question, candidates, language, options.weigh_absent_terms);
  if (!p) return {};
  std::vector<RankedCandidate> ranked =
      score_candidates(p->q, candidates, p->stats, p->vectors, options);
  for (RankedCandidate& r : ranked) {
    r.turns_round = says_otherwise(p->q, candidates, p->stats, r, options);
  }
  return ranked;
}

std::vector<int> pick_answer(std::string_view question,
                             const std::vector<extract::Candidate>& candidates,
                             const std::string& language, const PickOptions& options) {
  const std::optional<Prepared> p =
      prepare(question, candidates, language, options.weigh_absent_terms);
  if (!p) return {};
  const std::vector<RankedCandidate> ranked =
      score_candidates(p->q, candidates, p->stats, p->vectors, options);
  return choose(p->q, ranked, candidates, p->stats, p->vectors, options);
}

}  // namespace lectio::ask
