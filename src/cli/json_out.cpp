#include "json_out.h"

namespace lectio::cli {

nlohmann::ordered_json to_json(const Source& s) {
  return {{"id", s.id},
          {"version", s.version},
          {"title", s.title},
          {"file_name", s.file_name},
          {"origin_url", s.origin_url},
          {"format", format_name(s.format)},
          {"language", s.language},
          {"content_hash", s.content_hash},
          {"bytes", s.byte_size},
          {"pages", s.page_count},
          {"chunks", s.chunk_count},
          {"added_at", s.added_at}};
}

nlohmann::ordered_json to_json(const Chunk& c, const Source& s) {
  return {{"id", c.id()},
          {"source_id", c.source_id},
          {"version", c.version},
          {"ordinal", c.ordinal},
          {"file_name", s.file_name},
          {"page_start", c.page_start},
          {"page_end", c.page_end},
          {"pages", page_range(c.page_start, c.page_end)},
          {"heading_path", c.heading_path},
          {"origin_url", s.origin_url},
          {"words", c.word_count},
          {"opens_mid_sentence", c.opens_mid_sentence},
          {"closes_mid_sentence", c.closes_mid_sentence},
          {"text", c.text}};
}

}  // namespace lectio::cli
