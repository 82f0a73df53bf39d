#pragma once
// A set of strings numbered 0, 1, 2... in order of first use. Private to the search module.
//
// The texts live in one arena and the numbers in an open-addressing table: a third of the
// memory of a std::unordered_map of strings and a good deal faster, which matters where every
// word of every chunk is looked up (Vocabulary) and every distinct word term of a segment is
// kept (SegmentWriter). Not thread-safe.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/error.h"

namespace lectio::search {

// The 64-bit FNV-1a hash of a term, by which segments sort their terms (part of their format).
std::uint64_t term_hash(std::string_view term);

class TermTable {
 public:
  TermTable() : slots_(1024) {}

  // The number of the text, added when new.
  std::uint32_t intern(std::string_view text) { return intern(text, term_hash(text)); }

  // Asks the processor to bring in the slot where a text of this hash is looked up: looking up
  // many words, the caller prefetches them all first, so that their cache misses overlap.
  void prefetch(std::uint64_t hash) const {
    __builtin_prefetch(&slots_[hash & (slots_.size() - 1)]);
  }

  // intern() of a text whose term_hash() the caller has.
  std::uint32_t intern(std::string_view text, std::uint64_t hash) {
    const std::uint64_t key = key_of(text);
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.id == 0) break;
      if (slot.key == key && (text.size() <= kInline || same_text(slot, text))) {
        return slot.id - 1;
      }
    }
    const auto id = static_cast<std::uint32_t>(hashes_.size());
    if (arena_.size() + text.size() > UINT32_MAX) throw Internal("a term table outgrew 4 GB");
    hashes_.push_back(hash);
    starts_.push_back(arena_.size());
    const Slot slot{id + 1, static_cast<std::uint32_t>(arena_.size()), key};
    arena_.append(text);
    if (2 * hashes_.size() > slots_.size()) grow();
    place(slot, hash);
    return id;
  }

  std::uint32_t size() const { return static_cast<std::uint32_t>(hashes_.size()); }
  std::uint64_t hash(std::uint32_t id) const { return hashes_[id]; }
  std::string_view text(std::uint32_t id) const {
    const std::size_t end = id + 1 < starts_.size() ? starts_[id + 1] : arena_.size();
    return std::string_view(arena_).substr(starts_[id], end - starts_[id]);
  }
  std::size_t memory() const {
    return slots_.size() * sizeof(Slot) + hashes_.size() * 16 + arena_.capacity();
  }
  void clear() {
    slots_.assign(1024, Slot{});
    hashes_.clear();
    starts_.clear();
    arena_.clear();
  }

 private:
  // A number with what it takes to compare its text without another lookup: most of the cost
  // of interning is cache misses on tables of several MB, the slot's and then the text's. The
  // key holds the first kInline bytes and the length, so that a text that short is compared
  // in the slot alone, and a longer one is read from the arena only when they match.
  static constexpr std::size_t kInline = 7;
  struct Slot {
    std::uint32_t id = 0;  // number + 1, 0 = empty
    std::uint32_t start = 0;
    std::uint64_t key = 0;
  };

  static std::uint64_t key_of(std::string_view text) {
    std::uint64_t key = 0;
    if (!text.empty()) std::memcpy(&key, text.data(), std::min(text.size(), kInline));
    return key | (std::uint64_t{std::min<std::size_t>(text.size(), 255)} << 56);
  }

  // Whether a slot whose key matches holds the text; the key's length is exact below 255.
  bool same_text(const Slot& slot, std::string_view text) const {
    if (text.size() >= 255) return this->text(slot.id - 1) == text;
    return same(arena_.data() + slot.start, text.data(), text.size());
  }

  // Terms are short: a loop the compiler inlines beats a call to memcmp.
  static bool same(const char* a, const char* b, std::size_t length) {
    for (std::size_t i = 0; i < length; ++i) {
      if (a[i] != b[i]) return false;
    }
    return true;
  }

  void place(const Slot& slot, std::uint64_t hash) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = hash & mask;
    while (slots_[i].id != 0) i = (i + 1) & mask;
    slots_[i] = slot;
  }

  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& slot : old) {
      if (slot.id != 0) place(slot, hashes_[slot.id - 1]);
    }
  }

  std::vector<Slot> slots_;  // a power of two, at most half full
  std::vector<std::uint64_t> hashes_;
  std::vector<std::size_t> starts_;
  std::string arena_;
};

}  // namespace lectio::search
