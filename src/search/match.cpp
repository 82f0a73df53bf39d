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

// The weights of one segment's documents being added up, for an Or over long posting lists:
// linear in the postings, where merging lists by sorting is not. The arrays are the scratch's,
// sized to the segment; what was touched is cleared when the accumulator goes, thrown or not,
// so that the next query finds them zero.
class Accumulator {
 public:
  Accumulator(MatchScratch& scratch, std::uint32_t documents) : s_(scratch) {
    if (s_.weight.size() < documents) {
      s_.weight.resize(documents, 0.0);
      s_.matched.resize(documents, 0);
    }
  }
  ~Accumulator() {
    for (const std::uint32_t d : s_.touched) {
      s_.weight[d] = 0;
      s_.matched[d] = 0;
    }
    s_.touched.clear();
  }
  Accumulator(const Accumulator&) = delete;
  Accumulator& operator=(const Accumulator&) = delete;

  void add(std::uint32_t document, double w) {
    s_.weight[document] += w;
    if (!s_.matched[document]) {
      s_.matched[document] = 1;
      s_.touched.push_back(document);
    }
  }
  // The documents added, each once, in the order first added.
  const std::vector<std::uint32_t>& touched() const { return s_.touched; }
  double weight(std::uint32_t document) const { return s_.weight[document]; }
  // The documents added, ascending, with their weights.
  List list() const {
    std::vector<std::uint32_t> documents = s_.touched;
    std::sort(documents.begin(), documents.end());
    List out;
    out.reserve(documents.size());
    for (const std::uint32_t d : documents) out.push_back({d, s_.weight[d]});
    return out;
  }

 private:
  MatchScratch& s_;
};

// Evaluates a query over one collection. Term at a time: a posting list is read once per
// occurrence of its term in the query, straight into the weights of its documents. Every
// matching document is weighed (no pruning), so the top k are exact.
class Matcher {
 public:
  Matcher(const Collection& collection) : c_(collection) {}  // NOLINT: private helper

  // Works out the document frequency of every term of the query over the live documents.
  void load(const QueryNode& node) {
    if (node.op == QueryNode::Op::Term) {
      if (frequency_.count(node.term) == 0) frequency_.emplace(node.term, count(node.term));
      return;
    }
    for (const QueryNode& child : node.children) load(child);
  }

  // Adds the weights of an Or's parts into the accumulator, in the order of the parts.
  void add_parts(const QueryNode& node, double factor, std::size_t segment,
                 Accumulator& acc) const {
    const auto add = [&](std::uint32_t d, double w) { acc.add(d, w); };
    for (const QueryNode& child : node.children) visit_or_part(child, factor, segment, add);
  }

  List eval(const QueryNode& node, double factor, std::size_t segment) const {
    factor *= node.scale;
    using Op = QueryNode::Op;
    switch (node.op) {
      case Op::Nothing:
        return {};
      case Op::Term: {
        List out;
        stream(node.term, factor, segment, [&](std::uint32_t d, double w) {
          out.push_back({d, w});
        });
        return out;
      }
      case Op::Or:
        return union_of(node, factor, segment);
      case Op::Xor:
        return exclusive_union(node, factor, segment);
      default:
        break;
    }
    if (node.children.empty()) return {};
    List out = eval(node.children.front(), factor, segment);
    for (std::size_t i = 1; i < node.children.size() && !out.empty(); ++i) {
      const bool weighed = node.op == Op::And || node.op == Op::AndMaybe;
      const List other = eval(node.children[i], weighed ? factor : 0.0, segment);
      out = merge(out, other, node.op);
    }
    return out;
  }

 private:
  std::uint64_t count(const std::string& term) const {
    std::uint64_t n = 0;
    for (const LoadedSegment& loaded : c_.segments) {
      std::optional<Postings> postings = loaded.segment->postings(term);
      if (!postings) continue;
      if (loaded.all_live()) {
        n += postings->size();
        continue;
      }
      std::uint32_t d = 0;
      std::uint32_t wdf = 0;
      while (postings->next(d, wdf)) n += loaded.live[loaded.segment->source_of(d)] != 0;
    }
    return n;
  }

  // Calls visit(document, weight) for each live document of the segment with the term.
  template <typename Visit>
  void stream(const std::string& term, double factor, std::size_t segment, Visit&& visit) const {
    const LoadedSegment& loaded = c_.segments[segment];
    std::optional<Postings> postings = loaded.segment->postings(term);
    if (!postings) return;
    const auto n = static_cast<double>(c_.documents);
    const auto df = static_cast<double>(frequency_.at(term));
    const double idf = factor == 0 ? 0.0 : factor * std::log(1.0 + (n - df + 0.5) / (df + 0.5));
    const bool all_live = loaded.all_live();
    const double* norms = loaded.norms.data();
    std::uint32_t d = 0;
    std::uint32_t wdf = 0;
    while (postings->next(d, wdf)) {
      if (!all_live && !loaded.live[loaded.segment->source_of(d)]) continue;
      visit(d, factor == 0 ? 0.0 : idf * wdf / (wdf + norms[d]));
    }
  }

  // Gives add(document, weight) every weight of a part of an Or: of terms and Ors below it
  // straight from their postings, of anything else from its list.
  template <typename Add>
  void visit_or_part(const QueryNode& node, double factor, std::size_t segment, Add& add) const {
    if (node.op == QueryNode::Op::Term) {
      stream(node.term, factor * node.scale, segment, add);
      return;
    }
    if (node.op == QueryNode::Op::Or) {
      for (const QueryNode& child : node.children) {
        visit_or_part(child, factor * node.scale, segment, add);
      }
      return;
    }
    for (const Entry& e : eval(node, factor, segment)) add(e.document, e.weight);
  }

  // Every document of any part, the weights added in the order of the parts. Below the root:
  // arrays of its own, as the root's accumulator may be adding up around it.
  List union_of(const QueryNode& node, double factor, std::size_t segment) const {
    MatchScratch own;
    Accumulator acc(own, c_.segments[segment].segment->documents());
    add_parts(node, factor, segment, acc);
    return acc.list();
  }

  // The documents of an odd number of parts.
  List exclusive_union(const QueryNode& node, double factor, std::size_t segment) const {
    const std::uint32_t documents = c_.segments[segment].segment->documents();
    MatchScratch own;
    Accumulator acc(own, documents);
    std::vector<std::uint32_t> parts(documents, 0);
    for (const QueryNode& child : node.children) {
      for (const Entry& e : eval(child, factor, segment)) {
        acc.add(e.document, e.weight);
        ++parts[e.document];
      }
    }
    List out;
    for (const Entry& e : acc.list()) {
      if (parts[e.document] % 2 == 1) out.push_back(e);
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
  std::unordered_map<std::string, std::uint64_t> frequency_;
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

void prepare_collection(Collection& collection) {
  const double average = collection.total_length > 0
                             ? collection.total_length / static_cast<double>(collection.documents)
                             : 1.0;
  for (LoadedSegment& loaded : collection.segments) {
    const Segment& segment = *loaded.segment;
    loaded.norms.resize(segment.documents());
    for (std::uint32_t d = 0; d < segment.documents(); ++d) {
      loaded.norms[d] = kK1 * (1.0 - kB + kB * segment.length(d) / average);
    }
  }
}

namespace {

// The k best matches seen, kept as a heap whose front is the worst of them.
class TopK {
 public:
  explicit TopK(int k) : k_(static_cast<std::size_t>(std::max(k, 0))) {}

  void offer(const Match& m) {
    if (k_ == 0) return;
    if (heap_.size() < k_) {
      heap_.push_back(m);
      std::push_heap(heap_.begin(), heap_.end(), better);
    } else if (better(m, heap_.front())) {
      std::pop_heap(heap_.begin(), heap_.end(), better);
      heap_.back() = m;
      std::push_heap(heap_.begin(), heap_.end(), better);
    }
  }

  std::vector<Match> best_first() {
    std::sort_heap(heap_.begin(), heap_.end(), better);
    return std::move(heap_);
  }

 private:
  static bool better(const Match& a, const Match& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.segment != b.segment ? a.segment < b.segment : a.document < b.document;
  }

  std::size_t k_;
  std::vector<Match> heap_;
};

}  // namespace

std::vector<Match> run_match(const Collection& collection, const BuiltQuery& query, int k,
                             MatchScratch& scratch) {
  Matcher matcher(collection);
  matcher.load(query.match);
  const std::vector<std::vector<char>> mask = allowed(collection, query);
  const bool everything = query.sources.empty();
  TopK top(k);
  for (std::size_t s = 0; s < collection.segments.size(); ++s) {
    const Segment& segment = *collection.segments[s].segment;
    const auto offer = [&](std::uint32_t d, double weight) {
      if (everything || mask[s][segment.source_of(d)]) top.offer({s, d, weight});
    };
    if (query.match.op != QueryNode::Op::Or) {
      for (const Entry& e : matcher.eval(query.match, 1.0, s)) offer(e.document, e.weight);
      continue;
    }
    // The usual query, an Or of words and pairs: added up in the arrays reused from query to
    // query, and offered in any order (the top k do not depend on it).
    Accumulator acc(scratch, segment.documents());
    matcher.add_parts(query.match, query.match.scale, s, acc);
    for (const std::uint32_t d : acc.touched()) offer(d, acc.weight(d));
  }
  return top.best_first();
}

}  // namespace lectio::search
