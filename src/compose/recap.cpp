#include "recap.h"

#include <algorithm>
#include <set>

#include "lectio/extract/listenable.h"
#include "lectio/grounding/grounding.h"
#include "lectio/text/pointing.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"
#include "recap_cuts.h"

namespace lectio::compose {

namespace {

constexpr double kCentralityWeight = 2.0;
// The fewest of a section's strongest sentences the recap may draw its point from.
constexpr std::size_t kRecapChoices = 3;

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

// Whether a reminder points at something it does not say: it opens by pointing back
// (extract::points_back), or names what it means only by a demonstrative ("You should never do
// this", "可以使用这个命令"). In the recap it is heard away from the sentences it pointed at.
bool refers_elsewhere(const std::string& point, const std::string& language) {
  if (extract::points_back(point, language)) return true;
  if (language != "zh") {
    // "also" in a reminder ("The journal also records ...") points at what it was said beside.
    static const std::set<std::string> kAnywhere = {"this", "these", "those", "such", "also"};
    const auto w = text::words(point);
    for (std::size_t i = 0; i < w.size(); ++i) {
      // "such as" gives examples; "such a lock" points back.
      if (kAnywhere.count(w[i]) && !(w[i] == "such" && i + 1 < w.size() && w[i + 1] == "as")) {
        return true;
      }
    }
    return false;
  }
  return text::holds_pointer_zh(point);
}

}  // namespace

std::optional<std::string> shorten_for_recap(const std::string& sentence,
                                             const std::string& language) {
  const bool zh = language == "zh";
  // Cuts at a clause of condition, exception or time (", if", " when", ", unless") are never
  // made: what is left would claim more than the sentence does.
  std::vector<std::string_view> cuts;
  if (zh) {
    cuts = {"，", "；", "："};
  } else {
    cuts = {", which ",
            ", and ",
            "; ",
            " because ",
            ", so ",
            " so that ",
            " and so ",
            ", hence ",
            ", thus ",
            ", while ",
            ", where ",
            ", since ",
            ", though ",
            ", although ",
            ", as ",
            " - ",
            " — ",
            " – ",
            ", or ",
            ", then ",
            ", depending on ",
            " depending on ",
            " since "};
  }
  const std::string lean = without_frame(without_asides(sentence, zh), zh);
  std::size_t best = std::string::npos;
  for (std::string_view cut : cuts) {
    for (std::size_t at = lean.find(cut); at != std::string::npos; at = lean.find(cut, at + 1)) {
      const std::string head = lean.substr(0, at);
      const bool long_enough = zh ? whole_zh(head) : whole(head);
      if (!long_enough) continue;
      const std::string_view tail = std::string_view(lean).substr(at);
      // " since" without a comma gives a reason only when a clause follows ("since they only
      // involve ..."); before a time ("since version 3.7.0") it bounds the claim.
      if (cut == " since " && !extract::has_finite_verb(tail.substr(cut.size()))) continue;
      if (zh ? drops_a_limit_zh(tail) : drops_a_limit_en(tail)) continue;
      // "X does not test Y because Z" may deny only the reason: the negation's reach is unclear.
      if (!zh && negated_reason(head, tail)) continue;
      if (overlap(head, sentence, language) >= kRecapOverlap) continue;
      // The longest head that is still short enough keeps the most of the point.
      if (best == std::string::npos || at > best) best = at;
      break;
    }
  }
  // Two more cuts: a counted list's lead-in (whole by its own rule) and a series' first item.
  const std::size_t series = zh ? std::string::npos : series_cut(lean);
  const std::size_t modifier = zh ? std::string::npos : modifier_cut(lean);
  for (const std::size_t at : {counted_lead_in(lean, zh), series, modifier}) {
    if (at == std::string::npos || (best != std::string::npos && at <= best)) continue;
    const std::string head = lean.substr(0, at);
    if (at == series && !whole(head)) continue;
    if (overlap(head, sentence, language) >= kRecapOverlap) continue;
    best = at;
  }
  if (best == std::string::npos) return std::nullopt;
  std::string head = lean.substr(0, best);
  while (!head.empty() && (head.back() == ' ' || head.back() == ',')) head.pop_back();
  head += zh ? "。" : ".";
  // What is left is held to what any spoken sentence is.
  if (refers_elsewhere(head, language) ||
      extract::why_unfit(head, language) != extract::Unfit::kNone) {
    return std::nullopt;
  }
  return head;
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
  // Only the strongest third (at least kRecapChoices) may give the point: a weak sentence that
  // happens to shorten is no main point, and the section is better left out of the recap.
  const std::size_t choices = std::max(kRecapChoices, said.size() / 3);
  std::vector<int> order;
  for (std::size_t i : idx) {
    if (order.size() == choices) break;
    order.push_back(said[i]);
  }
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
