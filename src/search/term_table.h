#pragma once
// A set of strings numbered 0, 1, 2... in order of first use. Private to the search module.
//
// The texts live in one arena and the numbers in an open-addressing table: a third of the
// memory of a std::unordered_map of strings and a good deal faster, which matters where every
// word of every chunk is looked up (Vocabulary) and every distinct term of a segment (a 16 MB
// corpus has about a million and a half, word pairs above all) is kept (SegmentWriter).
// Not thread-safe.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::search {

// The 64-bit FNV-1a hash of a term, by which segments sort their terms (part of their format).
std::uint64_t term_hash(std::string_view term);

class TermTable {
 public:
  TermTable() : slots_(1024, 0) {}

  // The number of the text, added when new.
  std::uint32_t intern(std::string_view text) {
    const std::uint64_t hash = term_hash(text);
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      const std::uint32_t slot = slots_[i];
      if (slot == 0) break;
      if (hashes_[slot - 1] == hash && this->text(slot - 1) == text) return slot - 1;
    }
    const auto id = static_cast<std::uint32_t>(hashes_.size());
    hashes_.push_back(hash);
    starts_.push_back(arena_.size());
    arena_.append(text);
    if (2 * hashes_.size() > slots_.size()) grow();
    mask = slots_.size() - 1;
    std::size_t i = hash & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = id + 1;
    return id;
  }

  std::uint32_t size() const { return static_cast<std::uint32_t>(hashes_.size()); }
  std::uint64_t hash(std::uint32_t id) const { return hashes_[id]; }
  std::string_view text(std::uint32_t id) const {
    const std::size_t end = id + 1 < starts_.size() ? starts_[id + 1] : arena_.size();
    return std::string_view(arena_).substr(starts_[id], end - starts_[id]);
  }
  std::size_t memory() const { return slots_.size() * 4 + hashes_.size() * 16 + arena_.capacity(); }
  void clear() {
    slots_.assign(1024, 0);
    hashes_.clear();
    starts_.clear();
    arena_.clear();
  }

 private:
  void grow() {
    std::vector<std::uint32_t> bigger(slots_.size() * 2, 0);
    const std::size_t mask = bigger.size() - 1;
    // Every text but the newest, which intern() places next.
    for (std::uint32_t id = 0; id + 1 < hashes_.size(); ++id) {
      std::size_t i = hashes_[id] & mask;
      while (bigger[i] != 0) i = (i + 1) & mask;
      bigger[i] = id + 1;
    }
    slots_ = std::move(bigger);
  }

  std::vector<std::uint32_t> slots_;  // number + 1, 0 = empty; a power of two, at most half full
  std::vector<std::uint64_t> hashes_;
  std::vector<std::size_t> starts_;
  std::string arena_;
};

// Numbers keyed by a pair of numbers (the terms of two words in a row). Not thread-safe.
class PairTable {
 public:
  PairTable() : keys_(1024, kEmpty), values_(1024, 0) {}

  // The value of the pair, or nullptr when it has none.
  const std::uint32_t* find(std::uint32_t first, std::uint32_t second) const {
    const std::uint64_t key = pack(first, second);
    const std::size_t mask = keys_.size() - 1;
    for (std::size_t i = mix(key) & mask; keys_[i] != kEmpty; i = (i + 1) & mask) {
      if (keys_[i] == key) return &values_[i];
    }
    return nullptr;
  }

  void put(std::uint32_t first, std::uint32_t second, std::uint32_t value) {
    if (2 * (size_ + 1) > keys_.size()) grow();
    place(pack(first, second), value);
    ++size_;
  }

  std::size_t size() const { return size_; }
  void clear() {
    keys_.assign(1024, kEmpty);
    values_.assign(1024, 0);
    size_ = 0;
  }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  static std::uint64_t pack(std::uint32_t a, std::uint32_t b) {
    return (std::uint64_t{a} << 32) | b;
  }
  static std::uint64_t mix(std::uint64_t key) {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    return key ^ (key >> 33);
  }
  void place(std::uint64_t key, std::uint32_t value) {
    const std::size_t mask = keys_.size() - 1;
    std::size_t i = mix(key) & mask;
    while (keys_[i] != kEmpty) i = (i + 1) & mask;
    keys_[i] = key;
    values_[i] = value;
  }
  void grow() {
    std::vector<std::uint64_t> keys = std::move(keys_);
    std::vector<std::uint32_t> values = std::move(values_);
    keys_.assign(keys.size() * 2, kEmpty);
    values_.assign(keys.size() * 2, 0);
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (keys[i] != kEmpty) place(keys[i], values[i]);
    }
  }

  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> values_;
  std::size_t size_ = 0;
};

}  // namespace lectio::search
