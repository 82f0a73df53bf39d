#include "lesson_parts.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "lectio/core/error.h"
#include "lectio/text/stopwords.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"

namespace lectio::compose {

namespace {

constexpr int kFaqMax = 8;
constexpr int kFaqAnswerMax = 3;
constexpr double kFaqMinRelevance = 0.35;

bool has_phrase(const std::string& s, std::string_view phrase) {
  return s.find(phrase) != std::string::npos;
}

// A heading makes a fair "What should I know about ...?" when it names a subject: a few words
// and no finite verb. Chinese headings are short enough to use as they are.
bool reads_as_subject(const std::string& heading, const std::string& language) {
  if (language == "zh") return true;
  static const std::set<std::string> kVerbs = {
      "is", "are", "was", "were", "do", "does", "did", "has", "have", "had", "can", "will",
      "makes", "make", "became", "become", "runs", "works", "matters", "wins", "leads", "pays"};
  // Headings that give advice start with an imperative ("Count the human cost"): they name
  // an action, and "What should I know about count the human cost?" reads badly.
  static const std::set<std::string> kImperatives = {
      "start", "count", "match", "check", "weigh", "compare", "use", "pick", "choose", "know",
      "avoid", "measure", "plan", "keep", "think", "consider", "look", "read", "build", "test",
      "try", "learn", "ask", "remember", "mind", "watch", "find", "get", "take", "give", "put",
      "set", "let", "see", "run", "buy", "rent", "prefer", "favour", "favor", "begin", "stop",
      "don't", "never", "always", "make", "write", "budget", "estimate", "profile"};
  int n = 0;
  std::string word;
  std::istringstream in(heading);
  while (in >> word) {
    ++n;
    std::transform(word.begin(), word.end(), word.begin(), ::tolower);
    if (kVerbs.count(word)) return false;
    if (n == 1 && kImperatives.count(word)) return false;
  }
  return n >= 1 && n <= 5;
}

}  // namespace

Focus focus_for(const std::string& text, const Brief& brief, const Material& material) {
  Focus focus;
  focus.terms = text::terms(text, brief.language);
  if (!material.index) return focus;
  search::Query query;
  query.text = text;
  query.k = 12;
  query.source_ids = material.source_ids();
  std::vector<search::Hit> hits;
  try {
    hits = material.index->search(query);
  } catch (const InvalidInput&) {
    return focus;  // an insight that is not a valid query still has its terms
  }
  std::map<std::string, int> by_id;
  for (std::size_t i = 0; i < material.chunks.size(); ++i) by_id[material.chunks[i].id()] = int(i);
  for (std::size_t rank = 0; rank < hits.size(); ++rank) {
    const auto it = by_id.find(hits[rank].chunk_id);
    if (it != by_id.end()) focus.chunk_prior[it->second] = 1.0 / (1.0 + double(rank) * 0.5);
  }
  return focus;
}

std::vector<FaqItem> write_faq(const Brief& brief, const Material& material,
                               const std::vector<Candidate>& candidates, const Scorer& scorer,
                               const Phrasing& say) {
  // The topic's own question first, then the insights, then the sources' section headings
  // that read as a subject (a clause like "The compiler does the planning" does not).
  struct Ask {
    std::string question;
    std::string focus;
  };
  std::vector<Ask> asks;
  if (auto q = say.difference_question()) {
    asks.push_back({*q, brief.topic + " " + brief.overview});
  }
  for (const auto& insight : brief.insights) asks.push_back({say.question_about(insight), insight});
  std::set<std::string> seen_headings;
  for (const Chunk& c : material.chunks) {
    if (c.heading_path.size() < 2) continue;
    const std::string& h = c.heading_path.back();
    if (!seen_headings.insert(h).second || !reads_as_subject(h, brief.language)) continue;
    bool overlaps_insight = false;
    for (const auto& insight : brief.insights) {
      const auto a = text::terms(insight, brief.language);
      const auto b = text::terms(h, brief.language);
      int common = 0;
      for (const auto& t : b) common += std::count(a.begin(), a.end(), t) ? 1 : 0;
      overlaps_insight = overlaps_insight || (!b.empty() && common * 2 >= int(b.size()));
    }
    if (!overlaps_insight) asks.push_back({say.question_about(h), h});
  }
  std::vector<FaqItem> faq;
  std::vector<bool> used(candidates.size(), false);
  for (const Ask& ask : asks) {
    if (static_cast<int>(faq.size()) >= kFaqMax) break;
    const Focus focus = focus_for(ask.focus, brief, material);
    const std::vector<double> rel = scorer.relevance(focus);
    const std::vector<int> picked = scorer.select(rel, kFaqMinRelevance, 90, kFaqAnswerMax, used);
    if (picked.size() < 2) continue;
    FaqItem item;
    item.question = ask.question;
    for (int c : picked) {
      used[static_cast<std::size_t>(c)] = true;
      const Candidate& cand = scorer.candidate(c);
      ScriptSentence s;
      s.text = cand.text;
      s.citations = {material.chunks[static_cast<std::size_t>(cand.chunk)].id()};
      item.answer.push_back(std::move(s));
    }
    faq.push_back(std::move(item));
  }
  return faq;
}

std::optional<BestQuote> pick_best_quote(const Brief& brief, const Material& material,
                                         const std::vector<Candidate>& candidates,
                                         const Scorer& scorer) {
  std::string whole = brief.topic + " " + brief.overview;
  for (const auto& i : brief.insights) whole += " " + i;
  Focus focus;
  focus.terms = text::terms(whole, brief.language);
  const std::vector<double> rel = scorer.relevance(focus);
  int best = -1;
  double best_score = -1e9;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const Candidate& c = candidates[i];
    if (c.original != c.text && brief.language != "zh") continue;  // must be verbatim
    double score = 2.0 * rel[i];
    // Images and contrasts are what people remember and repeat.
    const std::string lower = " " + c.original + " ";
    for (std::string_view cue : {" like a ", " is a ", " is like ", " think of ", " If ", " if "}) {
      if (has_phrase(lower, cue)) score += 0.8;
    }
    for (std::string_view cue : {" but ", " while ", " whereas ", " rather than ", "; "}) {
      if (has_phrase(lower, cue)) score += 0.4;
    }
    if (c.words >= 10 && c.words <= 30) score += 1.0;
    if (c.words > 40) score -= 1.0;
    if (c.dangling) score -= 2.0;
    if (std::any_of(c.original.begin(), c.original.end(), ::isdigit)) score -= 0.5;
    if (score > best_score) {
      best_score = score;
      best = static_cast<int>(i);
    }
  }
  if (best < 0) return std::nullopt;
  const Candidate& c = candidates[static_cast<std::size_t>(best)];
  return BestQuote{c.original, material.chunks[static_cast<std::size_t>(c.chunk)].id()};
}

std::vector<std::string> top_terms_as_tags(const std::vector<Candidate>& candidates,
                                           const std::string& language) {
  std::map<std::string, int> counts;
  std::map<std::string, std::string> surface;
  for (const Candidate& c : candidates) {
    for (const auto& w : text::words(c.text)) {
      if (text::is_stopword(w, language) || w.size() < 3) continue;
      const auto t = text::terms(w, language);
      if (t.empty()) continue;
      ++counts[t[0]];
      surface.emplace(t[0], w);
    }
  }
  std::vector<std::pair<int, std::string>> ranked;
  for (const auto& [term, n] : counts) ranked.emplace_back(-n, term);
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> tags;
  for (std::size_t i = 0; i < ranked.size() && tags.size() < 3; ++i) {
    std::string w = surface[ranked[i].second];
    if (language != "zh" && !w.empty()) w[0] = static_cast<char>(std::toupper(w[0]));
    tags.push_back(w);
  }
  return tags;
}

}  // namespace lectio::compose
