#include "lectio/ask/answer_features.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <utility>

#include "answer_checks.h"
#include "lectio/ask/answer_words.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"

namespace lectio::ask {

namespace {

std::set<std::string> term_set(const std::vector<std::string>& doc) {
  return {doc.begin(), doc.end()};
}

// Each candidate's chunk's terms, and the chunk's BM25 over the best chunk's.
struct ChunkView {
  std::map<int, std::set<std::string>> terms;
  std::map<int, double> bm25;
};

ChunkView chunk_view(const FeatureInputs& in, const std::vector<std::string>& query) {
  std::map<int, std::vector<std::string>> docs;
  for (std::size_t i = 0; i < in.candidates.size(); ++i) {
    const std::vector<std::string>& d = in.stats.doc(static_cast<int>(i));
    auto& chunk = docs[in.candidates[i].chunk];
    chunk.insert(chunk.end(), d.begin(), d.end());
  }
  std::vector<int> ids;
  std::vector<std::vector<std::string>> all;
  ChunkView view;
  for (auto& [id, d] : docs) {
    ids.push_back(id);
    view.terms[id] = term_set(d);
    all.push_back(std::move(d));
  }
  const text::TermStats stats(std::move(all));
  double best = 0;
  for (std::size_t k = 0; k < ids.size(); ++k) {
    view.bm25[ids[k]] = stats.bm25(query, static_cast<int>(k));
    best = std::max(best, view.bm25[ids[k]]);
  }
  for (auto& [id, b] : view.bm25) b = best > 0 ? b / best : 0;
  return view;
}

// own_rel, chunk_rel, top_in_chunk, own_top: each candidate beside the others.
void relative_features(const FeatureInputs& in, std::vector<CandidateFeatures>& out) {
  double best_own = 0;
  double best_chunk = 0;
  std::map<int, double> best_in_chunk;
  for (const CandidateFeatures& f : out) {
    const int chunk = in.candidates[static_cast<std::size_t>(f.candidate)].chunk;
    best_own = std::max(best_own, f.values[kOwn]);
    best_chunk = std::max(best_chunk, f.values[kChunk]);
    best_in_chunk[chunk] = std::max(best_in_chunk[chunk], f.values[kOwn]);
  }
  for (CandidateFeatures& f : out) {
    const int chunk = in.candidates[static_cast<std::size_t>(f.candidate)].chunk;
    f.values[kOwnRel] = best_own > 0 ? f.values[kOwn] / best_own : 0;
    f.values[kChunkRel] = best_chunk > 0 ? f.values[kChunk] / best_chunk : 0;
    f.values[kTopInChunk] = f.values[kOwn] >= best_in_chunk[chunk] ? 1 : 0;
    f.values[kOwnTop] = f.values[kOwn] >= best_own ? 1 : 0;
  }
}

// What every candidate's features are measured against.
struct Context {
  double total = 0;             // the question's whole weight
  std::set<std::string> asked;  // its terms
  std::string rarest;           // its rarest term the candidates use
  std::vector<std::string> query;
  ChunkView chunks;
  text::TermVector vector;  // its tf-idf
  double best_bm25 = 0;
  Wh wh = Wh::kOther;
  // Each question term's WordNet bridges (wordnet.h); empty without the database.
  std::map<std::string, std::set<std::string>> bridges;
  std::set<std::string> names;       // the terms of its capitalised words past the first
  std::vector<std::string> defined;  // what a what-is question asks about (what_is_terms)
};

// The terms a what-is / who-is question asks about ("What is type affinity?" -> "type",
// "affin"; "Can you explain what type affinity is and how ...?" alike); empty for other
// questions, in other languages, or past six terms.
std::vector<std::string> what_is_terms(const Question& q) {
  if (q.language != "en") return {};
  static const std::regex kWhatIs(
      R"(^\s*(?:what|who)\s+(?:is|are|was|were)\s+(?:(?:a|an|the)\s+)?([^?]{1,60}?)\s*\??\s*$)",
      std::regex::icase);
  // A brief's question may ask it inside another: "Can you explain what type affinity is and
  // how a column gets it?".
  static const std::regex kEmbedded(
      R"(\bwhat\s+(?:(?:a|an|the)\s+)?((?:(?!(?:what|how|why|and|or|is|are)\b)[A-Za-z][\w-]*\s+){1,5}?)(?:is|are)\s*(?:\?|,|and\b|$))",
      std::regex::icase);
  // "What does AFC stand for?", "What is the acronym QED short for?": the spelt-out name defines
  // it.
  static const std::regex kStandsFor(
      R"(^\s*what\s+(?:does|do|is|are)\s+(?:the\s+)?(?:(?:acronym|abbreviation)\s+)?([^?]{1,30}?)\s+(?:stands?|short)\s+for\s*\??\s*$)",
      std::regex::icase);
  std::cmatch m;
  if (!std::regex_match(q.text.c_str(), m, kStandsFor) &&
      !std::regex_match(q.text.c_str(), m, kWhatIs) &&
      !std::regex_search(q.text.c_str(), m, kEmbedded)) {
    return {};
  }
  auto asked = text::terms(m[1].str(), q.language);
  if (asked.size() > 6) asked.clear();
  return asked;
}

// The terms of the question's capitalised words past its first ("Which *NFL* team").
std::set<std::string> name_terms(const Question& q) {
  std::set<std::string> out;
  std::string word;
  bool first = true;
  const auto flush = [&] {
    if (!word.empty() && !first && std::isupper(static_cast<unsigned char>(word.front()))) {
      for (std::string& t : text::terms(word, q.language)) out.insert(std::move(t));
    }
    if (!word.empty()) first = false;
    word.clear();
  };
  for (char c : q.text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || (c & 0x80) != 0) {
      word.push_back(c);
    } else {
      flush();
    }
  }
  flush();
  return out;
}

Context context_of(const FeatureInputs& in) {
  Context x;
  double rarest_idf = -1;
  for (const auto& [t, w] : in.weight) {
    x.total += w;
    x.asked.insert(t);
    x.query.push_back(t);
    if (in.stats.document_frequency(t) > 0 && w > rarest_idf) x.rarest = t, rarest_idf = w;
  }
  x.chunks = chunk_view(in, x.query);
  x.vector = in.stats.tfidf(in.question.terms);
  for (int i = 0; i < static_cast<int>(in.candidates.size()); ++i) {
    x.best_bm25 = std::max(x.best_bm25, in.stats.bm25(x.query, i));
  }
  x.wh = wh_of(in.question);
  x.names = name_terms(in.question);
  x.defined = what_is_terms(in.question);
  for (const std::string& t : in.wordnet != nullptr ? x.query : std::vector<std::string>{}) {
    const std::vector<std::string> b = in.wordnet->bridges(t);
    x.bridges[t] = {b.begin(), b.end()};
  }
  return x;
}

// How the question's weight falls on the sentence and around it; each term counts once, in
// the first place that holds it (the sentence, its headings, the sentence before, after).
struct Shares {
  double own = 0, heading = 0, before = 0, after = 0, chunk = 0;
  int matched = 0;
  // Question terms none of the sentence, its headings and the sentence before hold.
  double miss_max = 0, miss_said = 0;
  int missed = 0, missed_names = 0;
  bool missed_number = false;
};

Shares shares_of(const FeatureInputs& in, const Context& x, std::size_t i,
                 const std::set<std::string>& own) {
  const extract::Candidate& c = in.candidates[i];
  const std::size_t n = in.candidates.size();
  const bool opens = i == 0 || in.candidates[i - 1].chunk != c.chunk;
  const bool closes = i + 1 == n || in.candidates[i + 1].chunk != c.chunk;
  const std::set<std::string> heading(c.heading_terms.begin(), c.heading_terms.end());
  const std::set<std::string> before =
      opens ? std::set<std::string>{} : term_set(in.stats.doc(static_cast<int>(i) - 1));
  const std::set<std::string> after =
      closes ? std::set<std::string>{} : term_set(in.stats.doc(static_cast<int>(i) + 1));
  const std::set<std::string>& chunk = x.chunks.terms.at(c.chunk);
  Shares s;
  const auto bridged = [&](const std::string& t, const std::set<std::string>& place) {
    const auto b = x.bridges.find(t);
    if (b == x.bridges.end()) return false;
    return std::any_of(b->second.begin(), b->second.end(),
                       [&](const std::string& o) { return place.contains(o); });
  };
  for (const auto& [t, w] : in.weight) {
    if (own.contains(t)) {
      s.own += w;
      ++s.matched;
    } else if (heading.contains(t)) {
      s.heading += w;
    } else if (before.contains(t)) {
      s.before += w;
    } else if (after.contains(t)) {
      s.after += w;
    } else if (bridged(t, own)) {
      s.own += kBridgeShare * w;
    } else if (bridged(t, heading)) {
      s.heading += kBridgeShare * w;
    } else if (bridged(t, before)) {
      s.before += kBridgeShare * w;
    }
    const bool held = own.contains(t) || heading.contains(t) || before.contains(t) ||
                      bridged(t, own) || bridged(t, heading) || bridged(t, before);
    if (!held && w > 0) {
      s.miss_max = std::max(s.miss_max, w);
      s.miss_said += in.stats.document_frequency(t) > 0 ? w : 0;
      ++s.missed;
      s.missed_names += x.names.contains(t) ? 1 : 0;
      s.missed_number = s.missed_number || std::any_of(t.begin(), t.end(), [](char ch) {
                          return std::isdigit(static_cast<unsigned char>(ch)) != 0;
                        });
    }
    if (chunk.contains(t)) s.chunk += w;
  }
  for (double* v : {&s.own, &s.heading, &s.before, &s.after, &s.chunk, &s.miss_max, &s.miss_said}) {
    *v /= x.total;
  }
  return s;
}

// The features of the question's answer type and of its terms' places in the sentence.
void word_features(const FeatureInputs& in, const Context& x, std::size_t i, Features& v) {
  const extract::Candidate& c = in.candidates[i];
  const std::vector<std::string>& doc = in.stats.doc(static_cast<int>(i));
  const bool typed = in.question.type != AnswerType::kAny;
  const bool holds =
      typed && holds_type(c.original, in.question.type, in.question.text, in.question.language);
  v[kTyped] = holds ? 1 : 0;
  v[kUntyped] = typed && !holds ? 1 : 0;
  v[kPairs] = pair_share(in.weight, doc);
  v[kRun] =
      static_cast<double>(longest_run(in.weight, doc)) / static_cast<double>(in.weight.size());
  v[kDensity] = density(x.asked, doc);
  const WordView words = word_view(in.question, x.wh, x.asked, c.original);
  v[kWhoName] = x.wh == Wh::kWho && words.name ? 1 : 0;
  v[kWhereName] = x.wh == Wh::kWhere && words.name ? 1 : 0;
  v[kWhenYear] = x.wh == Wh::kWhen && words.year ? 1 : 0;
  v[kHowManyNumber] = x.wh == Wh::kHowMany && words.number ? 1 : 0;
  v[kWhatName] = x.wh == Wh::kWhat && words.name ? 1 : 0;
  v[kWhatNumber] = x.wh == Wh::kWhat && words.number ? 1 : 0;
  v[kNearType] = words.near;
  v[kExactNames] = words.exact_names;
}

// "What is type affinity?" of "The type affinity of a column is the recommended type ...":
// `asked` (what_is_terms) is what a what-is question asks about, and the sentence's subject,
// before its first "is" / "are" / "was" / "were" / "means" / "refers to", names it (every term
// of it, in at most six more words), or the sentence ends by naming it ("... is called a
// "checkpoint"."). A learner's commonest question of a manual; the ranker weighs it as fitted.
bool defines_asked(const std::vector<std::string>& asked, std::string_view sentence) {
  if (asked.empty()) return false;
  const auto all_said = [&](std::string_view part) {
    const auto said = text::terms(std::string(part), "en");
    return std::all_of(asked.begin(), asked.end(), [&](const std::string& t) {
      return std::find(said.begin(), said.end(), t) != said.end();
    });
  };
  // "... is called a "checkpoint".": the name comes last, in the words after the naming verb.
  for (std::string_view naming :
       {" is called ", " are called ", " is known as ", " are known as "}) {
    const std::size_t at = sentence.find(naming);
    if (at != std::string_view::npos) {
      const std::string_view name = sentence.substr(at + naming.size());
      if (text::words(std::string(name)).size() <= asked.size() + 2 && all_said(name)) return true;
    }
  }
  // "The American Football Conference (AFC) champion ...": the name spelt out before it.
  for (std::size_t open = sentence.find('('); open != std::string_view::npos;
       open = sentence.find('(', open + 1)) {
    const std::size_t close = sentence.find(')', open);
    if (close == std::string_view::npos) break;
    const std::string inside(sentence.substr(open + 1, close - open - 1));
    if (open > 0 && text::words(inside).size() == 1 && text::terms(inside, "en") == asked &&
        text::words(std::string(sentence.substr(0, open))).size() >= 2) {
      return true;
    }
  }
  std::size_t end = std::string_view::npos;
  for (std::string_view verb : {" is ", " are ", " was ", " were ", " means ", " refers to "}) {
    end = std::min(end, sentence.find(verb));
  }
  if (end == std::string_view::npos) return false;
  const std::string_view subject = sentence.substr(0, end);
  // "This repeats until some checkpoint is able to complete." names it in a clause, not as
  // its subject.
  static const std::set<std::string> kClause = {
      "this",  "these",   "that",  "those", "it",    "they",   "until", "when",   "if",
      "while", "because", "which", "where", "after", "before", "since", "unless", "who"};
  const auto words = text::words(std::string(subject));
  if (std::any_of(words.begin(), words.end(),
                  [](const std::string& w) { return kClause.contains(w); })) {
    return false;
  }
  return words.size() <= asked.size() + 6 && all_said(subject);
}

}  // namespace

std::vector<CandidateFeatures> candidate_features(const FeatureInputs& in) {
  const Context x = context_of(in);
  const std::vector<std::string_view> material = original_texts(in.candidates);
  std::vector<CandidateFeatures> out;
  for (std::size_t i = 0; i < in.candidates.size(); ++i) {
    if (!in.excluded.empty() && in.excluded[i]) continue;
    const extract::Candidate& c = in.candidates[i];
    const std::set<std::string> own = term_set(in.stats.doc(static_cast<int>(i)));
    const Shares s = shares_of(in, x, i, own);
    if (s.matched == 0) continue;
    int novel = 0;
    for (const std::string& t : own) novel += x.asked.contains(t) ? 0 : 1;
    const auto prior = in.chunk_prior.find(c.chunk);
    CandidateFeatures f;
    f.candidate = static_cast<int>(i);
    f.coverage = s.own + s.heading + s.before;
    Features& v = f.values;
    v[kOwn] = s.own;
    v[kHeading] = s.heading;
    v[kBefore] = s.before;
    v[kAfter] = s.after;
    v[kChunk] = s.chunk;
    v[kCosine] = text::cosine(x.vector, in.vectors[i]);
    v[kPrior] = prior == in.chunk_prior.end() ? 0 : prior->second;
    v[kDangling] = c.dangling ? 1 : 0;
    v[kRarest] = own.contains(x.rarest) ? 1 : 0;
    v[kLogWords] = std::log1p(static_cast<double>(c.words));
    v[kFirst] = i == 0 || in.candidates[i - 1].chunk != c.chunk ? 1 : 0;
    v[kNovel] = static_cast<double>(novel) / static_cast<double>(own.size());
    v[kBm25] = x.best_bm25 > 0 ? in.stats.bm25(x.query, static_cast<int>(i)) / x.best_bm25 : 0;
    v[kChunkBm25] = x.chunks.bm25.at(c.chunk);
    v[kMatched] = static_cast<double>(s.matched) / static_cast<double>(in.weight.size());
    v[kMissMax] = s.miss_max;
    v[kMissCount] = static_cast<double>(s.missed) / static_cast<double>(in.weight.size());
    v[kMissSaid] = s.miss_said;
    v[kMissName] = x.names.empty()
                       ? 0
                       : static_cast<double>(s.missed_names) / static_cast<double>(x.names.size());
    v[kMissNumber] = s.missed_number ? 1 : 0;
    v[kSwapped] =
        slot_swapped(in.question.text, c.original, in.question.language, material) ? 1 : 0;
    v[kDefines] = defines_asked(x.defined, c.original) ? 1 : 0;
    word_features(in, x, i, v);
    out.push_back(f);
  }
  relative_features(in, out);
  return out;
}

}  // namespace lectio::ask
