#include "lectio/grounding/grounding.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "lectio/store/content_store.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"

namespace lectio::grounding {

namespace {

using Bigram = std::pair<std::string, std::string>;

std::set<Bigram> bigrams(const std::vector<std::string>& t) {
  std::set<Bigram> out;
  for (std::size_t i = 1; i < t.size(); ++i) out.emplace(t[i - 1], t[i]);
  return out;
}

char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Where the lower-cased `word` is written in `text` at or after `from` (ASCII case ignored),
// or npos. text::words() lower-cases, so this recovers the capitals names are told apart by.
std::size_t find_written(std::string_view text, std::string_view word, std::size_t from) {
  for (std::size_t at = from; at + word.size() <= text.size(); ++at) {
    bool same = true;
    for (std::size_t i = 0; same && i < word.size(); ++i)
      same = ascii_lower(text[at + i]) == word[i];
    if (same) return at;
  }
  return std::string_view::npos;
}

bool has_digit(std::string_view w) {
  return std::any_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A name: capitalised where it is not the first word, or an acronym anywhere ("NASA", "TPU").
bool looks_like_name(std::string_view written, bool first) {
  if (written.empty() || written[0] < 'A' || written[0] > 'Z') return false;
  const bool acronym =
      written.size() >= 2 && std::all_of(written.begin(), written.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
      });
  return acronym || !first;
}

}  // namespace

bool ClaimCheck::facts_held() const {
  return std::none_of(unsupported.begin(), unsupported.end(),
                      [](const UnsupportedTerm& t) { return t.kind != TermKind::kTerm; });
}

ClaimCheck check_claim(std::string_view claim, const std::vector<std::string>& texts,
                       const std::string& language) {
  ClaimCheck out;
  out.support = support_score(claim, texts, language);
  std::set<std::string> known;
  for (const std::string& t : texts) {
    for (std::string& term : text::terms(t, language)) known.insert(std::move(term));
  }
  std::set<std::string> listed;
  std::size_t cursor = 0;
  bool first = true;
  bool previous_was_name = false;  // the last word was an unsupported name: extend it
  for (const std::string& word : text::words(claim)) {
    const std::size_t at = find_written(claim, word, cursor);
    const std::string_view written =
        at == std::string_view::npos ? std::string_view(word) : claim.substr(at, word.size());
    if (at != std::string_view::npos) cursor = at + word.size();
    const bool was_first = std::exchange(first, false);
    const std::vector<std::string> t = text::terms(word, language);
    if (t.empty() || known.contains(t.front())) {
      previous_was_name = false;
      continue;
    }
    const TermKind kind = has_digit(word)                       ? TermKind::kNumber
                          : looks_like_name(written, was_first) ? TermKind::kName
                                                                : TermKind::kTerm;
    if (kind == TermKind::kName && previous_was_name && !out.unsupported.empty()) {
      out.unsupported.back().text += " " + std::string(written);
      continue;
    }
    previous_was_name = false;
    if (!listed.insert(std::string(written)).second) continue;
    out.unsupported.push_back({std::string(written), kind});
    previous_was_name = kind == TermKind::kName;
  }
  return out;
}

double support_score(std::string_view sentence, const std::vector<std::string>& texts,
                     const std::string& language) {
  const std::vector<std::string> claim = text::terms(sentence, language);
  if (claim.empty()) return 0;
  std::set<std::string> known;
  std::set<Bigram> known_pairs;
  for (const std::string& t : texts) {
    const auto ts = text::terms(t, language);
    known.insert(ts.begin(), ts.end());
    const auto bs = bigrams(ts);
    known_pairs.insert(bs.begin(), bs.end());
  }
  int found = 0;
  for (const auto& term : claim) found += known.count(term) ? 1 : 0;
  const double unigram = double(found) / double(claim.size());
  const auto pairs = bigrams(claim);
  if (pairs.empty()) return unigram;
  int pairs_found = 0;
  for (const auto& p : pairs) pairs_found += known_pairs.count(p) ? 1 : 0;
  return 0.5 * unigram + 0.5 * double(pairs_found) / double(pairs.size());
}

namespace {

// The chunks a lesson cites, each looked up once. A pointer it returns lives as long as the
// cache. Not thread-safe.
class ChunkCache {
 public:
  explicit ChunkCache(const ChunkLookup& chunks) : chunks_(chunks) {}

  // The chunk `id` names, or nullptr when there is none.
  const Chunk* find(const std::string& id) {
    if (auto it = resolved_.find(id); it != resolved_.end()) return &it->second;
    auto chunk = chunks_(id);
    if (!chunk) return nullptr;
    return &resolved_.emplace(id, std::move(*chunk)).first->second;
  }

 private:
  const ChunkLookup& chunks_;
  std::map<std::string, Chunk> resolved_;
};

void add_once(std::vector<std::string>& order, const std::string& id) {
  if (std::find(order.begin(), order.end(), id) == order.end()) order.push_back(id);
}

// An insight's coverage: how many content sentences its sections say, and the share of its
// terms those sentences and the headings of the chunks they cite carry.
lesson::InsightCoverage insight_coverage(const lesson::Lesson& lesson, std::size_t i,
                                         ChunkCache& cache) {
  lesson::InsightCoverage cov;
  cov.insight = lesson.insights[i];
  std::set<std::string> carried;
  for (const lesson::ScriptSection& sec : lesson.script) {
    if (sec.insight_index != static_cast<int>(i)) continue;
    for (const auto& s : sec.sentences) {
      if (s.role != lesson::SentenceRole::kContent) continue;
      ++cov.content_sentences;
      for (auto& t : text::terms(s.text, lesson.language)) carried.insert(t);
      for (const std::string& id : s.citations) {
        const Chunk* c = cache.find(id);
        if (!c) continue;
        for (const auto& h : c->heading_path) {
          for (auto& t : text::terms(h, lesson.language)) carried.insert(t);
        }
      }
    }
  }
  const auto wanted = text::terms(cov.insight, lesson.language);
  int hit = 0;
  for (const auto& t : wanted) hit += carried.count(t) ? 1 : 0;
  cov.coverage = wanted.empty() ? (cov.content_sentences > 0 ? 1.0 : 0.0)
                                : double(hit) / double(wanted.size());
  cov.supported = cov.content_sentences > 0;
  return cov;
}

// The lesson's grounding summary; the engine's repair counts are kept.
lesson::Grounding summarize(const lesson::Lesson& lesson, ChunkCache& cache) {
  lesson::Grounding g;
  g.threshold = kSupportThreshold;
  g.repaired_sentences = lesson.grounding.repaired_sentences;
  g.rejected_sentences = lesson.grounding.rejected_sentences;
  int supported = 0;
  for (const lesson::ScriptSection& sec : lesson.script) {
    for (const auto& s : sec.sentences) {
      if (s.role != lesson::SentenceRole::kContent) continue;
      ++g.content_sentences;
      supported += s.support >= kSupportThreshold ? 1 : 0;
    }
  }
  g.supported_share = g.content_sentences ? double(supported) / g.content_sentences : 0;
  for (std::size_t i = 0; i < lesson.insights.size(); ++i) {
    g.insights.push_back(insight_coverage(lesson, i, cache));
  }
  return g;
}

// The cited chunks (every id in `cited` resolves), with their files and origins, by source
// and chunk.
std::vector<lesson::CitedChunk> cited_sources(const std::vector<std::string>& cited,
                                              ChunkCache& cache, const SourceLookup& sources) {
  std::vector<lesson::CitedChunk> out;
  for (const std::string& id : cited) {
    const Chunk* c = cache.find(id);
    const auto source = sources(*c);
    lesson::CitedChunk cc;
    cc.chunk_id = c->id();
    cc.pinned_id = ChunkRef{c->source_id, c->version, c->ordinal}.str();
    cc.source_id = c->source_id;
    cc.version = c->version;
    cc.pages = page_range(c->page_start, c->page_end);
    cc.heading = c->heading_path.empty() ? "" : c->heading_path.back();
    if (source) {
      cc.file_name = source->file_name;
      cc.origin_url = source->origin_url;
    }
    out.push_back(std::move(cc));
  }
  std::sort(out.begin(), out.end(), [](const lesson::CitedChunk& a, const lesson::CitedChunk& b) {
    return std::tie(a.source_id, a.chunk_id) < std::tie(b.source_id, b.chunk_id);
  });
  return out;
}

}  // namespace

void verify_grounding(lesson::Lesson& lesson, const ChunkLookup& chunks,
                      const SourceLookup& sources) {
  ChunkCache cache(chunks);
  std::vector<std::string> cited_order;
  // Keeps only citations that resolve; returns false when a content sentence has none left.
  auto check = [&](lesson::ScriptSentence& s) {
    if (s.role == lesson::SentenceRole::kConnective) {
      s.citations.clear();
      return true;
    }
    std::vector<std::string> kept;
    std::vector<std::string> texts;
    for (const std::string& id : s.citations) {
      const Chunk* c = cache.find(id);
      if (!c) {
        lesson.warnings.push_back(fmt::format("dropped a citation of {}: no such chunk", id));
        continue;
      }
      kept.push_back(id);
      texts.push_back(c->text);
      add_once(cited_order, id);
    }
    s.citations = std::move(kept);
    if (s.citations.empty()) {
      lesson.warnings.push_back(fmt::format("removed an uncited claim: \"{}\"", s.text));
      return false;
    }
    s.support = support_score(s.text, texts, lesson.language);
    return true;
  };
  auto filter = [&](std::vector<lesson::ScriptSentence>& list) {
    std::erase_if(list, [&](lesson::ScriptSentence& s) { return !check(s); });
  };
  for (lesson::ScriptSection& sec : lesson.script) filter(sec.sentences);
  for (lesson::FaqItem& f : lesson.faq) filter(f.answer);
  if (lesson.best_quote && !cache.find(lesson.best_quote->chunk_id)) lesson.best_quote.reset();

  lesson.grounding = summarize(lesson, cache);
  if (lesson.best_quote) add_once(cited_order, lesson.best_quote->chunk_id);
  lesson.sources = cited_sources(cited_order, cache, sources);
}

void verify_grounding(lesson::Lesson& lesson, store::ContentStore& store) {
  verify_grounding(
      lesson,
      [&](const std::string& id) -> std::optional<Chunk> {
        const auto ref = ChunkRef::parse(id);
        if (!ref) return std::nullopt;
        return store.chunk(*ref);
      },
      [&](const Chunk& c) -> std::optional<Source> {
        return store.source(c.source_id, c.version);
      });
}

}  // namespace lectio::grounding
