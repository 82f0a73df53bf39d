#include "document.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <vector>

#include "analysis.h"

namespace lectio::search {

namespace {

constexpr std::size_t kMaxTermBytes = 240;  // Xapian refuses terms over 245 bytes

}  // namespace

std::string source_term(std::string_view source_id) {
  return fmt::format("XS{}", source_id);
}

std::string version_term(std::string_view source_id, int version) {
  return fmt::format("XV{}@{}", source_id, version);
}

std::string chunk_term(std::string_view source_id, int ordinal) {
  return "Q" + chunk_id(source_id, ordinal);
}

std::string pair_term(std::string_view first, std::string_view second) {
  return fmt::format("B{} {}", first.substr(1), second.substr(1));
}

DocumentMaker::DocumentMaker() {
  // Stemmed terms only, with positions: queries stem every word too (capitalised ones as
  // well), and phrases match on stems.
  generator_.set_stemming_strategy(Xapian::TermGenerator::STEM_ALL_Z);
}

// Adds a pair term for every two content words in a row, skipping the stop words between them
// but not a gap in positions (between a heading and the text). Queries reward their own word
// pairs with these terms: the effect of a proximity search, at the cost of a term lookup.
// The generator puts exactly one term at each position it uses, so a table from position to
// term gives the words in order without sorting.
void DocumentMaker::add_pair_terms(Xapian::Document& doc) {
  terms_.clear();
  term_at_.clear();
  std::vector<bool> stop;
  for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
    terms_.push_back(*t);
    stop.push_back(is_stop_term(terms_.back()));
    const int index = static_cast<int>(terms_.size()) - 1;
    for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) {
      if (*p >= term_at_.size()) term_at_.resize(*p + 1, -1);
      term_at_[*p] = index;
    }
  }
  int previous = -1;
  std::string pair;
  for (const int index : term_at_) {
    if (index < 0 || stop[static_cast<std::size_t>(index)]) {
      if (index < 0) previous = -1;  // a gap: no pair across it
      continue;
    }
    if (previous >= 0) {
      const std::string& first = terms_[static_cast<std::size_t>(previous)];
      const std::string& second = terms_[static_cast<std::size_t>(index)];
      // pair_term(first, second), without formatting: "B" + both words without their "Z".
      pair.assign(1, 'B');
      pair.append(first, 1).push_back(' ');
      pair.append(second, 1);
      if (pair.size() <= kMaxTermBytes) doc.add_term(pair);
    }
    previous = index;
  }
}

Xapian::Document DocumentMaker::make(const Chunk& chunk, const Source& source) {
  Xapian::Document doc;
  generator_.set_document(doc);
  if (stemmers_.empty() || language_ != source.language) {
    auto it = stemmers_.find(source.language);
    if (it == stemmers_.end()) {
      it = stemmers_.emplace(source.language, caching_stemmer_for(source.language)).first;
    }
    generator_.set_stemmer(it->second);
    language_ = source.language;
  }
  generator_.set_termpos(0);
  for (const std::string& heading : chunk.heading_path) {
    generator_.index_text(segment_cjk(heading));
    generator_.increase_termpos(100);  // no phrase spans two headings, or a heading and the text
  }
  generator_.index_text(segment_cjk(chunk.text));
  add_pair_terms(doc);

  doc.add_boolean_term(source_term(chunk.source_id));
  doc.add_boolean_term(version_term(chunk.source_id, chunk.version));
  doc.add_boolean_term(chunk_term(chunk.source_id, chunk.ordinal));

  nlohmann::json data = {{"s", chunk.source_id},    {"v", chunk.version},
                         {"o", chunk.ordinal},      {"f", source.file_name},
                         {"p0", chunk.page_start},  {"p1", chunk.page_end},
                         {"h", chunk.heading_path}, {"l", source.language}};
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
    return out;
  } catch (const std::exception& e) {
    throw Xapian::DatabaseCorruptError(
        fmt::format("document {} has unreadable data ({})", document.get_docid(), e.what()));
  }
}

}  // namespace lectio::search
