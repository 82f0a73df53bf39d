#include "recap.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "lectio/grounding/grounding.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"

namespace lectio::compose {

namespace {

constexpr int kMinWords = 6;
constexpr double kCentralityWeight = 2.0;
constexpr std::size_t kMinZhBytes = 8 * 3;  // eight CJK characters in UTF-8

double overlap(const std::string& a, const std::string& b, const std::string& language) {
  const auto ta = text::terms(a, language);
  const auto tb = text::terms(b, language);
  const std::set<std::string> sa(ta.begin(), ta.end());
  const std::set<std::string> sb(tb.begin(), tb.end());
  std::size_t both = 0;
  for (const auto& t : sa) both += sb.count(t);
  const std::size_t either = sa.size() + sb.size() - both;
  return either ? double(both) / double(either) : 1.0;
}

// Whether the head reads as a sentence of its own: long enough, not ending on a word that
// needs more after it.
bool whole(const std::string& head) {
  static const std::set<std::string> kOpenEnd = {"and",  "or",   "of",   "to",  "the", "a",
                                                 "an",   "for",  "with", "in",  "on",  "by",
                                                 "from", "that", "is",   "are", "as",  "be"};
  const auto w = text::words(head);
  if (static_cast<int>(w.size()) < kMinWords || kOpenEnd.count(w.back())) return false;
  // A subordinate clause alone ("If you need to ...") is no statement.
  static const std::set<std::string> kSubordinate = {
      "if",     "when",  "while", "because", "although", "though",  "since", "as",
      "before", "after", "until", "unless",  "once",     "whether", "where", "whenever"};
  if (kSubordinate.count(w.front())) return false;
  // Nor is the start of a list ("The order of expansions is: brace expansion").
  if (head.find(':') != std::string::npos) return false;
  // Nor is a head that leaves a parenthesis or a quotation open.
  const auto count = [&](char ch) { return std::count(head.begin(), head.end(), ch); };
  if (count('(') != count(')') || count('"') % 2 != 0) return false;
  // Nor is the head of a list ("Each harness is designed, maintained").
  const auto comma = head.rfind(", ");
  return comma == std::string::npos || text::words(head.substr(comma + 2)).size() > 2;
}

// Whether the first clause of Chinese text only sets the scene for a main clause after it: it
// opens with a conjunction or preposition of time, condition, cause, purpose, contrast or place
// ("当……", "如果……", "为了……", "与……不同", "在……后") or ends on a word of time or manner
// ("……的时候", "……之后", "……来说"). "在成功安装下载的软件包后。" is heard as half a sentence.
bool opens_with_subordinate_zh(std::string_view head) {
  const std::string_view first = head.substr(0, head.find("，"));
  static const std::vector<std::string_view> kOpeners = {
      "当",   "如果", "若",   "假如", "假设", "要是", "倘若", "尽管", "虽然", "即使",
      "即便", "除非", "为了", "由于", "因为", "既然", "随着", "与",   "跟",   "对于",
      "关于", "在",   "通过", "根据", "按照", "一旦", "只要", "只有"};
  static const std::vector<std::string_view> kEnds = {"时",   "时候", "之后", "以后", "之前",
                                                      "以前", "的话", "来说", "而言", "不同"};
  for (std::string_view w : kOpeners) {
    if (first.starts_with(w)) return true;
  }
  for (std::string_view w : kEnds) {
    if (first.ends_with(w)) return true;
  }
  return false;
}

// Whether a Chinese head reads as a sentence of its own: long enough, its main clause in it
// (not only a clause that leads up to one) and no quotation or bracket left open.
bool whole_zh(const std::string& head) {
  if (head.size() < kMinZhBytes) return false;
  if (opens_with_subordinate_zh(head) && head.find("，") == std::string::npos) return false;
  // Nor is the start of a list ("“依赖”：绝对的依赖").
  if (head.find("：") != std::string::npos) return false;
  const auto count = [&](std::string_view mark) {
    std::size_t n = 0;
    for (auto at = head.find(mark); at != std::string::npos; at = head.find(mark, at + 1)) ++n;
    return n;
  };
  return count("“") == count("”") && count("（") == count("）") && count("(") == count(")") &&
         count("\"") % 2 == 0;
}

}  // namespace

std::optional<std::string> shorten_for_recap(const std::string& sentence,
                                             const std::string& language) {
  std::vector<std::string_view> cuts;
  if (language == "zh") {
    cuts = {"，", "；", "："};
  } else {
    cuts = {", which ",  ", and ",   ", but ",   "; ",       " because ",   ", so ",
            " so that ", ", while ", ", where ", ", since ", ", although ", ", as ",
            ", unless ", " - ",      " — ",      " – ",      ", or ",       ", then ",
            ", if ",     " if ",     " when ",   ", when "};
  }
  std::size_t best = std::string::npos;
  for (std::string_view cut : cuts) {
    for (std::size_t at = sentence.find(cut); at != std::string::npos;
         at = sentence.find(cut, at + 1)) {
      const std::string head = sentence.substr(0, at);
      const bool long_enough = language == "zh" ? whole_zh(head) : whole(head);
      if (!long_enough) continue;
      if (overlap(head, sentence, language) >= kRecapOverlap) continue;
      // The longest head that is still short enough keeps the most of the point.
      if (best == std::string::npos || at > best) best = at;
      break;
    }
  }
  if (best == std::string::npos) return std::nullopt;
  std::string head = sentence.substr(0, best);
  while (!head.empty() && (head.back() == ' ' || head.back() == ',')) head.pop_back();
  return head + (language == "zh" ? "。" : ".");
}

std::optional<lesson::ScriptSentence> recap_point(const std::vector<int>& said,
                                                  const std::vector<double>& worth,
                                                  const extract::Scorer& scorer,
                                                  const lesson::Material& material,
                                                  const std::string& language) {
  // The strongest point is worth much to the section and close to what the section says as a
  // whole (its mean similarity to the other sentences said).
  std::vector<double> strength(said.size(), 0.0);
  for (std::size_t i = 0; i < said.size(); ++i) {
    double sum = 0;
    for (std::size_t j = 0; j < said.size(); ++j) {
      if (i != j) sum += scorer.similarity(said[i], said[j]);
    }
    const double central = said.size() > 1 ? sum / double(said.size() - 1) : 0;
    strength[i] = worth[static_cast<std::size_t>(said[i])] + kCentralityWeight * central;
  }
  std::vector<std::size_t> idx(said.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(),
                   [&](std::size_t a, std::size_t b) { return strength[a] > strength[b]; });
  std::vector<int> order;
  for (std::size_t i : idx) order.push_back(said[i]);
  for (int c : order) {
    const extract::Candidate& cand = scorer.candidate(c);
    if (cand.dangling) continue;  // a reminder must stand on its own
    const auto shorter = shorten_for_recap(cand.text, language);
    if (!shorter) continue;
    const Chunk& chunk = material.chunks[static_cast<std::size_t>(cand.chunk)];
    if (grounding::support_score(*shorter, {chunk.text}, language) < grounding::kSupportThreshold) {
      continue;
    }
    lesson::ScriptSentence s;
    s.text = *shorter;
    s.citations = {chunk.id()};
    return s;
  }
  return std::nullopt;
}

}  // namespace lectio::compose
