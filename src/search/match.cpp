#include "match.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace lectio::search {

namespace {

// Anserini's BM25 parameters, which its published baselines use on every collection. The
// weight is Lucene's (and so Anserini's):
//   w(t, d) = idf(t) * wdf / (wdf + k1 * (1 - b + b * len(d) / avg_len))
//   idf(t)  = ln(1 + (N - n(t) + 0.5) / (n(t) + 0.5))
// Xapian's own BM25Weight uses another idf (one that can go negative and is then squashed),
// which ranks common terms differently; this one matches the published baselines.
constexpr double kK1 = 0.9;
constexpr double kB = 0.4;

struct Entry {
  std::uint32_t document;
  double weight;
};
using List = std::vector<Entry>;

struct Posting {
  std::uint32_t document;
  std::uint32_t wdf;
};

// A term's live postings in each segment and its document frequency over all of them.
struct TermData {
  std::uint64_t frequency = 0;
  std::vector<std::vector<Posting>> lists;
};

class Matcher {
 public:
  Matcher(const Collection& collection) : c_(collection) {}  // NOLINT: private helper

  void load(const QueryNode& node) {
    if (node.op == QueryNode::Op::Term) {
      if (terms_.count(node.term) == 0) terms_.emplace(node.term, read_term(node.term));
      return;
    }
    for (const QueryNode& child : node.children) load(child);
  }

  List eval(const QueryNode& node, double factor, std::size_t segment) const {
    factor *= node.scale;
    using Op = QueryNode::Op;
    switch (node.op) {
      case Op::Nothing:
        return {};
      case Op::Term:
        return weigh(node.term, factor, segment);
      case Op::Or:
      case Op::Xor:
        return combine(node, factor, segment, node.op == Op::Xor);
      default:
        break;
    }
    List out = eval(node.children.front(), factor, segment);
    for (std::size_t i = 1; i < node.children.size() && !out.empty(); ++i) {
      const bool weighed = node.op == Op::And || node.op == Op::AndMaybe;
      const List other = eval(node.children[i], weighed ? factor : 0.0, segment);
      out = merge(out, other, node.op);
    }
    return out;
  }

 private:
  TermData read_term(const std::string& term) const {
    TermData data;
    data.lists.resize(c_.segments.size());
    for (std::size_t s = 0; s < c_.segments.size(); ++s) {
      const LoadedSegment& loaded = c_.segments[s];
      std::optional<Postings> postings = loaded.segment->postings(term);
      if (!postings) continue;
      std::vector<Posting>& list = data.lists[s];
      list.reserve(postings->size());
      Posting p{};
      while (postings->next(p.document, p.wdf)) {
        if (loaded.live[loaded.segment->source_of(p.document)]) list.push_back(p);
      }
      data.frequency += list.size();
    }
    return data;
  }

  List weigh(const std::string& term, double factor, std::size_t segment) const {
    const TermData& data = terms_.at(term);
    const std::vector<Posting>& postings = data.lists[segment];
    List out;
    out.reserve(postings.size());
    if (factor == 0) {
      for (const Posting& p : postings) out.push_back({p.document, 0.0});
      return out;
    }
    const auto n = static_cast<double>(c_.documents);
    const auto df = static_cast<double>(data.frequency);
    const double idf = factor * std::log(1.0 + (n - df + 0.5) / (df + 0.5));
    const double average = c_.total_length > 0 ? c_.total_length / n : 1.0;
    const Segment& seg = *c_.segments[segment].segment;
    for (const Posting& p : postings) {
      const double norm = kK1 * (1.0 - kB + kB * seg.length(p.document) / average);
      out.push_back({p.document, idf * p.wdf / (p.wdf + norm)});
    }
    return out;
  }

  // Or: every document of any part, the weights added; Xor: of an odd number of parts.
  List combine(const QueryNode& node, double factor, std::size_t segment, bool exclusive) const {
    struct Tagged {
      std::uint32_t document;
      std::uint32_t part;
      double weight;
    };
    std::vector<Tagged> all;
    for (std::uint32_t i = 0; i < node.children.size(); ++i) {
      for (const Entry& e : eval(node.children[i], factor, segment)) {
        all.push_back({e.document, i, e.weight});
      }
    }
    std::sort(all.begin(), all.end(), [](const Tagged& a, const Tagged& b) {
      return a.document != b.document ? a.document < b.document : a.part < b.part;
    });
    List out;
    for (std::size_t i = 0; i < all.size();) {
      std::size_t j = i;
      double weight = 0;
      for (; j < all.size() && all[j].document == all[i].document; ++j) weight += all[j].weight;
      if (!exclusive || (j - i) % 2 == 1) out.push_back({all[i].document, weight});
      i = j;
    }
    return out;
  }

  // The first list with the second: And and Filter keep the documents of both, AndNot those
  // of the first alone, AndMaybe all of the first; And and AndMaybe add the second's weight.
  static List merge(const List& first, const List& second, QueryNode::Op op) {
    using Op = QueryNode::Op;
    List out;
    std::size_t j = 0;
    for (const Entry& e : first) {
      while (j < second.size() && second[j].document < e.document) ++j;
      const bool both = j < second.size() && second[j].document == e.document;
      if (op == Op::AndNot) {
        if (!both) out.push_back(e);
      } else if (op == Op::AndMaybe) {
        out.push_back({e.document, both ? e.weight + second[j].weight : e.weight});
      } else if (both) {
        out.push_back({e.document, op == Op::And ? e.weight + second[j].weight : e.weight});
      }
    }
    return out;
  }

  const Collection& c_;
  std::unordered_map<std::string, TermData> terms_;
};

// The sources a query is restricted to, as a mask over each segment's source numbers.
std::vector<std::vector<char>> allowed(const Collection& c, const BuiltQuery& query) {
  const std::unordered_set<std::string> wanted(query.sources.begin(), query.sources.end());
  std::vector<std::vector<char>> out(c.segments.size());
  for (std::size_t s = 0; s < c.segments.size(); ++s) {
    for (const SegmentSource& src : c.segments[s].segment->sources()) {
      out[s].push_back(wanted.empty() || wanted.count(src.id) > 0 ? 1 : 0);
    }
  }
  return out;
}

}  // namespace

std::vector<Match> run_match(const Collection& collection, const BuiltQuery& query, int k) {
  Matcher matcher(collection);
  matcher.load(query.match);
  const std::vector<std::vector<char>> mask = allowed(collection, query);
  std::vector<Match> all;
  for (std::size_t s = 0; s < collection.segments.size(); ++s) {
    const Segment& segment = *collection.segments[s].segment;
    for (const Entry& e : matcher.eval(query.match, 1.0, s)) {
      if (mask[s][segment.source_of(e.document)]) all.push_back({s, e.document, e.weight});
    }
  }
  const auto better = [](const Match& a, const Match& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.segment != b.segment ? a.segment < b.segment : a.document < b.document;
  };
  const std::size_t keep = std::min(all.size(), static_cast<std::size_t>(std::max(k, 0)));
  std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(keep), all.end(),
                    better);
  all.resize(keep);
  return all;
}

}  // namespace lectio::search
