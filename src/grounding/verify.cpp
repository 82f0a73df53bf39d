#include "lectio/grounding/verify.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "lectio/core/error.h"
#include "lectio/text/sentences.h"
#include "lectio/text/strings.h"
#include "lectio/text/terms.h"

namespace lectio::grounding {

namespace {

constexpr int kMaxDepth = 20;
constexpr int kMaxCitations = 3;
// A further chunk is cited only when it raises the sentence's support by this much: the
// sentence joins facts from both, rather than the second merely repeating the first.
constexpr double kMinGain = 0.05;
// What a sentence's score keeps of its support for each word it says that its chunks do not
// hold: a number the sources lack is a checkable fact they contradict or never state; any
// other word may be paraphrase. Abstractive summaries (FRANK's BBC/XSum set) go wrong mostly
// by such additions, which a share of supported terms barely registers.
constexpr double kUnsupportedNumber = 0.5;
constexpr double kUnsupportedWord = 0.9;
// ... and for each repeat of one of its content terms: "older people in care are to be given
// more care in care", "temperton temperton, a founding member": a model's decoding gone round,
// seldom faithful (FRANK BBC r 0.231 -> 0.27, CNN/DM unchanged; docs/benchmarks.md).
constexpr double kRepeatedTerm = 0.9;

void check_input(std::string_view text, const VerifyOptions& options) {
  if (text.size() > kMaxVerifyBytes) {
    throw InvalidInput(
        fmt::format("text: is {} bytes, over the limit of {} bytes", text.size(), kMaxVerifyBytes));
  }
  if (!text::is_valid_utf8(text) || text.find('\0') != std::string_view::npos) {
    throw InvalidInput("text: is not UTF-8 text");
  }
  if (text::collapse_whitespace(text).empty()) throw InvalidInput("text: is empty");
  if (options.depth < 1 || options.depth > kMaxDepth) {
    throw InvalidInput(
        fmt::format("verify options: depth {} is outside 1..{}", options.depth, kMaxDepth));
  }
  if (!options.language.empty() && options.language != "en" && options.language != "zh") {
    throw InvalidInput(fmt::format("language {}: expected en or zh", options.language));
  }
}

class ChunkCache {
 public:
  explicit ChunkCache(store::ContentStore& store) : store_(store) {}
  const Chunk* get(const std::string& id) {
    if (auto it = chunks_.find(id); it != chunks_.end()) return it->second ? &*it->second : nullptr;
    std::optional<Chunk> chunk;
    if (const auto ref = ChunkRef::parse(id)) chunk = store_.chunk(*ref);
    const auto& slot = chunks_.emplace(id, std::move(chunk)).first->second;
    return slot ? &*slot : nullptr;
  }

 private:
  store::ContentStore& store_;
  std::map<std::string, std::optional<Chunk>> chunks_;
};

// The retrieved chunks, best supporting first, that together support the sentence best.
VerifiedSentence verify_sentence(const std::string& sentence, const VerifyOptions& options,
                                 const std::string& language, search::Index& index,
                                 ChunkCache& cache) {
  VerifiedSentence out;
  out.text = sentence;
  search::Query query;
  query.text = sentence;
  query.k = options.depth;
  query.source_ids = options.source_ids;
  query.words_only = true;
  query.snippets = false;
  std::vector<search::Hit> hits;
  try {
    hits = index.search(query);
  } catch (const InvalidInput&) {
    // Nothing searchable in it: nothing supports it.
  }
  std::vector<std::pair<double, const Chunk*>> ranked;
  for (const search::Hit& h : hits) {
    if (const Chunk* c = cache.get(h.chunk_id)) {
      ranked.emplace_back(support_score(sentence, {c->text}, language), c);
    }
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> texts;
  double support = 0;
  for (const auto& [alone, chunk] : ranked) {
    if (static_cast<int>(texts.size()) >= kMaxCitations) break;
    texts.push_back(chunk->text);
    const double joint = texts.size() == 1 ? alone : support_score(sentence, texts, language);
    if (texts.size() > 1 && joint < support + kMinGain) {
      texts.pop_back();
      continue;
    }
    support = joint;
    out.citations.push_back(chunk->id());
  }
  ClaimCheck check = check_claim(sentence, texts, language);
  out.support = check.support;
  out.supported = check.support >= kSupportThreshold && check.facts_held();
  out.unsupported = std::move(check.unsupported);
  return out;
}

// The sentences of `text`; a period standing alone between spaces also ends one, as in
// tokenised text ("was stabbed . the suspect"), where the splitter, seeing a lower-case word
// next, would go on.
std::vector<std::string> claims(std::string_view text, const std::string& language) {
  std::vector<std::string> out;
  for (const std::string& s : text::sentences(text, language)) {
    std::size_t from = 0;
    for (std::size_t at = s.find(" . "); at != std::string::npos; at = s.find(" . ", from)) {
      out.push_back(s.substr(from, at + 2 - from));
      from = at + 3;
    }
    if (from < s.size()) out.push_back(s.substr(from));
  }
  return out;
}

// How many of the sentence's content terms are repeats of one it said before.
int repeated_terms(const std::string& sentence, const std::string& language) {
  std::vector<std::string> terms = text::terms(sentence, language);
  const std::size_t all = terms.size();
  std::sort(terms.begin(), terms.end());
  terms.erase(std::unique(terms.begin(), terms.end()), terms.end());
  return static_cast<int>(all - terms.size());
}

// The sentence's support, discounted for each number and each word it adds (one-letter
// leftovers of tokenisation such as the "s" of "'s" are not words) and each term it repeats.
double discounted(const VerifiedSentence& s, const std::string& language) {
  double score = s.support;
  for (const UnsupportedTerm& t : s.unsupported) {
    if (t.text.size() < 2) continue;
    score *= t.kind == TermKind::kNumber ? kUnsupportedNumber : kUnsupportedWord;
  }
  for (int n = repeated_terms(s.text, language); n > 0; --n) score *= kRepeatedTerm;
  return score;
}

void check_sources(const std::vector<std::string>& ids, store::ContentStore& store) {
  for (const std::string& id : ids) {
    if (!store.source(id, std::nullopt)) throw NotFound(fmt::format("{}: no such source", id));
  }
}

}  // namespace

Verification verify_text(std::string_view text, store::ContentStore& store, search::Index& index,
                         const VerifyOptions& options) {
  check_input(text, options);
  check_sources(options.source_ids, store);
  Verification v;
  v.language = options.language.empty() ? text::detect_language(text) : options.language;
  const std::vector<std::string> sentences = claims(text, v.language);
  if (sentences.empty()) throw InvalidInput("text: has no sentences");
  ChunkCache cache(store);
  double sum = 0;
  int counted = 0;
  for (const std::string& s : sentences) {
    VerifiedSentence checked = verify_sentence(s, options, v.language, index, cache);
    checked.score = discounted(checked, v.language);
    if (!text::terms(s, v.language).empty()) {
      sum += checked.score;
      ++counted;
    }
    v.sentences.push_back(std::move(checked));
  }
  v.score = counted > 0 ? sum / counted : 0;
  return v;
}

}  // namespace lectio::grounding
