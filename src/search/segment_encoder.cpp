// Encoding a segment from what SegmentWriter collected (segment_format.h has the layout).
#include <algorithm>

#include "lectio/core/error.h"
#include "segment_format.h"
#include "segment_state.h"

namespace lectio::search {

namespace {

struct Posting {
  std::uint32_t document;
  std::uint32_t wdf;
};

std::uint32_t check_fits(std::size_t offset) {
  if (offset > UINT32_MAX) throw Internal("a search index segment outgrew 4 GB");
  return static_cast<std::uint32_t>(offset);
}

// Writes a posting list: its length, then per document the gap from the one before and its
// count (segment_format.h).
void put_postings(std::string& out, const Posting* postings, std::size_t size) {
  format::put_varint(out, size);
  std::int64_t last = -1;
  for (std::size_t i = 0; i < size; ++i) {
    format::put_varint(out, static_cast<std::uint64_t>(postings[i].document - last - 1));
    format::put_varint(out, postings[i].wdf);
    last = postings[i].document;
  }
}

class Encoder {
 public:
  explicit Encoder(const SegmentWriter::State& s) : s_(s) {}

  std::string encode() {
    order_ = term_order();
    rank_.resize(order_.size());
    for (std::uint32_t i = 0; i < order_.size(); ++i) rank_[order_[i]] = i;
    const std::vector<Posting> grouped = group_by_term();
    std::string out;
    // Every byte written once, in place: appending sections built apart copied tens of MB.
    out.reserve(format::kHeaderBytes + s_.records.size() + s_.lengths.size() * format::kDocBytes +
                s_.term_of.size() * 3 + std::size_t{s_.terms.size()} * (format::kTermBytes + 6) +
                s_.terms.memory() + s_.pairs.size() * 8 + 64);
    out.resize(format::kHeaderBytes);
    std::uint64_t offsets[format::kOffsets];
    write_documents(out, offsets);
    offsets[3] = out.size();
    write_term_postings(out, grouped, offsets[3]);
    write_pair_postings(out, offsets[3]);
    write_dictionaries(out, offsets);
    write_header(out, offsets);
    format::put_u64(
        out, format::checksum(reinterpret_cast<const unsigned char*>(out.data()), out.size()));
    return out;
  }

 private:
  struct PairEntry {
    std::uint32_t first;   // place of its first word in the dictionary
    std::uint32_t second;  // of its second word
    std::uint32_t postings;
  };

  // The term numbers ordered by (hash, text), the dictionary's order.
  std::vector<std::uint32_t> term_order() const {
    const std::uint32_t terms = s_.terms.size();
    std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed(terms);
    for (std::uint32_t id = 0; id < terms; ++id) keyed[id] = {s_.terms.hash(id), id};
    std::sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
      if (a.first != b.first) return a.first < b.first;
      return s_.terms.text(a.second) < s_.terms.text(b.second);
    });
    std::vector<std::uint32_t> order(terms);
    for (std::uint32_t i = 0; i < terms; ++i) order[i] = keyed[i].second;
    return order;
  }

  // Sources, documents and records: offsets[0..2].
  void write_documents(std::string& out, std::uint64_t* offsets) const {
    offsets[0] = out.size();
    for (const SegmentSource& src : s_.sources) {
      format::put_text(out, src.id);
      format::put_varint(out, static_cast<std::uint64_t>(src.version));
      format::put_text(out, src.file_name);
      format::put_text(out, src.language);
    }
    offsets[1] = out.size();
    for (std::size_t d = 0; d < s_.lengths.size(); ++d) {
      format::put_u32(out, s_.lengths[d]);
      format::put_u32(out, s_.source_of[d]);
      format::put_u32(out, s_.record_at[d]);
    }
    offsets[2] = out.size();
    out += s_.records;
  }

  // Every posting, term by term in the dictionary's order, documents ascending (a counting
  // sort).
  std::vector<Posting> group_by_term() {
    const std::uint32_t terms = s_.terms.size();
    count_.assign(terms, 0);
    for (const std::uint32_t t : s_.term_of) ++count_[t];
    std::vector<std::size_t> next(terms);
    std::size_t at = 0;
    for (const std::uint32_t id : order_) {
      next[id] = at;
      at += count_[id];
    }
    std::vector<Posting> out(s_.term_of.size());
    const std::size_t documents = s_.lengths.size();
    for (std::size_t d = 0; d < documents; ++d) {
      const std::size_t end = d + 1 < documents ? s_.first_posting[d + 1] : s_.term_of.size();
      for (std::size_t p = s_.first_posting[d]; p < end; ++p) {
        out[next[s_.term_of[p]]++] = {static_cast<std::uint32_t>(d), s_.wdf_of[p]};
      }
    }
    return out;
  }

  void write_term_postings(std::string& out, const std::vector<Posting>& grouped,
                           std::size_t base) {
    postings_at_.resize(order_.size());
    std::size_t at = 0;
    for (const std::uint32_t id : order_) {
      postings_at_[id] = check_fits(out.size() - base);
      put_postings(out, grouped.data() + at, count_[id]);
      at += count_[id];
    }
  }

  // The pair occurrences as (second word's place << 32) | document, ordered by the first
  // word's place, then the second's, then the document: two counting sorts, by the second word
  // and then, keeping that order, by the first (a radix sort whose digits are places). Fills
  // pair_start_ with where each first word's occurrences start.
  std::vector<std::uint64_t> sort_pairs() {
    const std::size_t terms = order_.size();
    std::vector<std::size_t> by_second(terms + 1, 0);
    pair_start_.assign(terms + 1, 0);
    for (const std::uint64_t p : s_.pairs) {
      ++by_second[rank_[p & 0xffffffffu] + 1];
      ++pair_start_[rank_[p >> 32] + 1];
    }
    for (std::size_t i = 0; i < terms; ++i) {
      by_second[i + 1] += by_second[i];
      pair_start_[i + 1] += pair_start_[i];
    }
    // (first word's place << 32) | document, by second word, documents ascending.
    std::vector<std::uint64_t> seconds(s_.pairs.size());
    std::vector<std::size_t> next(by_second.begin(), by_second.end() - 1);
    const std::size_t documents = s_.lengths.size();
    for (std::size_t d = 0; d < documents; ++d) {
      const std::size_t end = d + 1 < documents ? s_.first_pair[d + 1] : s_.pairs.size();
      for (std::size_t p = s_.first_pair[d]; p < end; ++p) {
        const std::uint64_t pair = s_.pairs[p];
        seconds[next[rank_[pair & 0xffffffffu]]++] = (std::uint64_t{rank_[pair >> 32]} << 32) | d;
      }
    }
    std::vector<std::uint64_t> out(s_.pairs.size());
    next.assign(pair_start_.begin(), pair_start_.end() - 1);
    for (std::uint64_t second = 0; second < terms; ++second) {
      for (std::size_t i = by_second[second]; i < by_second[second + 1]; ++i) {
        out[next[seconds[i] >> 32]++] = (second << 32) | (seconds[i] & 0xffffffffu);
      }
    }
    return out;
  }

  // Each pair's postings, pairs ordered by (first, second) places; pair_entries_ says where.
  void write_pair_postings(std::string& out, std::size_t base) {
    const std::vector<std::uint64_t> sorted = sort_pairs();
    std::vector<Posting> postings;  // of one pair: its occurrences counted by document
    for (std::uint32_t first = 0; first < order_.size(); ++first) {
      const std::size_t end = pair_start_[first + 1];
      for (std::size_t i = pair_start_[first]; i < end;) {
        const std::uint64_t second = sorted[i] >> 32;
        postings.clear();
        for (; i < end && (sorted[i] >> 32) == second; ++i) {
          const auto d = static_cast<std::uint32_t>(sorted[i]);
          if (postings.empty() || postings.back().document != d) postings.push_back({d, 0});
          ++postings.back().wdf;
        }
        pair_entries_.push_back(
            {first, static_cast<std::uint32_t>(second), check_fits(out.size() - base)});
        put_postings(out, postings.data(), postings.size());
      }
    }
  }

  // Strings, the dictionary and the pairs: offsets[4..7].
  void write_dictionaries(std::string& out, std::uint64_t* offsets) const {
    offsets[4] = out.size();
    std::vector<std::uint32_t> text_at(order_.size());
    for (const std::uint32_t id : order_) {
      text_at[id] = check_fits(out.size() - offsets[4]);
      format::put_text(out, s_.terms.text(id));
    }
    offsets[5] = out.size();
    for (const std::uint32_t id : order_) {
      format::put_u64(out, s_.terms.hash(id));
      format::put_u32(out, text_at[id]);
      format::put_u32(out, postings_at_[id]);
    }
    offsets[6] = out.size();
    for (const PairEntry& p : pair_entries_) {
      format::put_u32(out, p.first);
      format::put_u32(out, p.second);
      format::put_u32(out, p.postings);
    }
    offsets[7] = out.size();
  }

  void write_header(std::string& out, const std::uint64_t* offsets) const {
    std::string header(format::kMagic);
    format::put_u32(header, static_cast<std::uint32_t>(s_.lengths.size()));
    format::put_u32(header, s_.terms.size());
    format::put_u32(header, static_cast<std::uint32_t>(s_.sources.size()));
    format::put_u32(header, check_fits(pair_entries_.size()));
    for (std::size_t i = 0; i < format::kOffsets; ++i) format::put_u64(header, offsets[i]);
    out.replace(0, header.size(), header);
  }

  const SegmentWriter::State& s_;
  std::vector<std::uint32_t> order_;  // term numbers in the dictionary's order
  std::vector<std::uint32_t> rank_;   // by term number: its place in the dictionary
  std::vector<std::size_t> count_;    // by term number: its document frequency
  std::vector<std::uint32_t> postings_at_;
  std::vector<std::size_t> pair_start_;
  std::vector<PairEntry> pair_entries_;
};

}  // namespace

std::string encode_segment(const SegmentWriter::State& state) {
  return Encoder(state).encode();
}

}  // namespace lectio::search
