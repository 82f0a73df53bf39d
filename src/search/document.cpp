#include "document.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analysis.h"

namespace lectio::search {

std::string source_term(std::string_view source_id) { return fmt::format("XS{}", source_id); }

std::string version_term(std::string_view source_id, int version) {
  return fmt::format("XV{}@{}", source_id, version);
}

std::string chunk_term(std::string_view source_id, int ordinal) {
  return "Q" + chunk_id(source_id, ordinal);
}

Xapian::TermGenerator make_term_generator() {
  Xapian::TermGenerator generator;
  // Stemmed terms only, with positions: queries stem every word too (capitalised ones as
  // well), and phrases match on stems.
  generator.set_stemming_strategy(Xapian::TermGenerator::STEM_ALL_Z);
  return generator;
}

Xapian::Document make_document(const Chunk& chunk, const Source& source,
                               Xapian::TermGenerator& generator) {
  Xapian::Document doc;
  generator.set_document(doc);
  generator.set_stemmer(stemmer_for(source.language));
  for (const std::string& heading : chunk.heading_path) {
    generator.index_text(segment_cjk(heading));
    generator.increase_termpos(100);  // no phrase spans two headings, or a heading and the text
  }
  generator.index_text(segment_cjk(chunk.text));

  doc.add_boolean_term(source_term(chunk.source_id));
  doc.add_boolean_term(version_term(chunk.source_id, chunk.version));
  doc.add_boolean_term(chunk_term(chunk.source_id, chunk.ordinal));

  nlohmann::json data = {{"s", chunk.source_id},   {"v", chunk.version},
                         {"o", chunk.ordinal},     {"f", source.file_name},
                         {"p0", chunk.page_start}, {"p1", chunk.page_end},
                         {"h", chunk.heading_path}, {"l", source.language},
                         {"t", chunk.text}};
  doc.set_data(data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  return doc;
}

StoredChunk read_document(const Xapian::Document& document) {
  const auto data = nlohmann::json::parse(document.get_data(), nullptr, false);
  try {
    if (!data.is_object()) throw std::runtime_error("not an object");
    StoredChunk out;
    out.hit.source_id = data.at("s").get<std::string>();
    out.hit.version = data.at("v").get<int>();
    out.hit.ordinal = data.at("o").get<int>();
    out.hit.chunk_id = chunk_id(out.hit.source_id, out.hit.ordinal);
    out.hit.file_name = data.at("f").get<std::string>();
    out.hit.page_start = data.at("p0").get<int>();
    out.hit.page_end = data.at("p1").get<int>();
    out.hit.heading_path = data.at("h").get<std::vector<std::string>>();
    out.language = data.at("l").get<std::string>();
    out.text = data.at("t").get<std::string>();
    return out;
  } catch (const std::exception& e) {
    throw Xapian::DatabaseCorruptError(
        fmt::format("document {} has unreadable data ({})", document.get_docid(), e.what()));
  }
}

}  // namespace lectio::search
