#pragma once
// The portable schema (SQLite and PostgreSQL both accept it): versioned migrations and the
// encodings of the chunk columns every backend shares (the column lists and the SQL that reads
// and writes them are in queries.h).
// Migration N (1-based) takes the schema from version N-1 to N. Never edit a shipped one:
// append a new migration instead.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/source.h"

namespace lectio::store {

std::span<const std::string_view> migrations();

// The `cut` column (migration 5): flags for a chunk cut inside a sentence over the word cap.
inline constexpr int kCutOpens = 1;   // the chunk opens mid-sentence
inline constexpr int kCutCloses = 2;  // the chunk closes mid-sentence
inline int encode_cut(const Chunk& c) {
  return (c.opens_mid_sentence ? kCutOpens : 0) | (c.closes_mid_sentence ? kCutCloses : 0);
}

// A chunk's heading path is stored as a JSON array of strings; text that is not one reads as
// no headings.
std::string encode_heading_path(const std::vector<std::string>& headings);
std::vector<std::string> decode_heading_path(const std::string& text);

// decode_heading_path() for a run of chunks, remembering the last path it decoded: the chunks
// of a section share their path, and parsing it again for each one cost a sixth of reading
// the chunks of a library back.
class HeadingPathDecoder {
 public:
  const std::vector<std::string>& decode(const std::string& text) {
    if (!decoded_ || text != text_) {
      text_ = text;
      path_ = decode_heading_path(text);
      decoded_ = true;
    }
    return path_;
  }

 private:
  bool decoded_ = false;
  std::string text_;
  std::vector<std::string> path_;
};

}  // namespace lectio::store
