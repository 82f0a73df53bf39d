#include "lectio/ingest/source_json.h"

#include <nlohmann/json.hpp>

namespace lectio::ingest {

namespace {

using Json = nlohmann::ordered_json;

// Invalid UTF-8 (never expected in stored text) becomes U+FFFD rather than failing the whole
// listing, as in every response the web sends.
std::string dump(const Json& j, int indent) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

Json source_object(const Source& s) {
  return {{"id", s.id},
          {"version", s.version},
          {"title", s.title},
          {"file_name", s.file_name},
          {"origin_url", s.origin_url},
          {"format", std::string(format_name(s.format))},
          {"language", s.language},
          {"pages", s.page_count},
          {"chunks", s.chunk_count},
          {"bytes", s.byte_size},
          {"added_at", s.added_at}};
}

Json chunk_object(const Chunk& c) {
  return {{"id", c.id()},
          {"ordinal", c.ordinal},
          {"pages", page_range(c.page_start, c.page_end)},
          {"heading_path", c.heading_path},
          {"text", c.text},
          {"words", c.word_count},
          {"opens_mid_sentence", c.opens_mid_sentence},
          {"closes_mid_sentence", c.closes_mid_sentence}};
}

template <class Record, class Object>
std::string array_of(const std::vector<Record>& records, Object object, int indent) {
  Json out = Json::array();
  for (const Record& r : records) out.push_back(object(r));
  return dump(out, indent);
}

}  // namespace

std::string source_to_json(const Source& source, int indent) {
  return dump(source_object(source), indent);
}

std::string sources_to_json(const std::vector<Source>& sources, int indent) {
  return array_of(sources, source_object, indent);
}

std::string chunk_to_json(const Chunk& chunk, int indent) {
  return dump(chunk_object(chunk), indent);
}

std::string chunks_to_json(const std::vector<Chunk>& chunks, int indent) {
  return array_of(chunks, chunk_object, indent);
}

}  // namespace lectio::ingest
