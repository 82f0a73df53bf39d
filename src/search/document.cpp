#include "document.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <vector>

#include "analysis.h"
#include "words.h"

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

Vocabulary& DocumentMaker::vocabulary(const std::string& language) {
  auto it = vocabularies_.find(language);
  if (it == vocabularies_.end()) {
    it = vocabularies_.emplace(language, std::make_unique<Vocabulary>(language)).first;
  }
  Vocabulary& out = *it->second;
  if (out.size() >= Vocabulary::kMaxTerms) out.clear();  // between chunks: no numbers in use
  return out;
}

void DocumentMaker::add_ascii(std::string_view text, Vocabulary& vocabulary) {
  AsciiWords words(text);
  while (const std::string* word = words.next()) {
    if (const int id = vocabulary.of_word(*word); id >= 0) sequence_.push_back(id);
  }
  sequence_.push_back(-1);
}

// The generator puts exactly one term at each position it uses, from 1 up, so a table from
// position to term gives the words in order without sorting.
void DocumentMaker::add_generated(std::string_view text, Vocabulary& vocabulary) {
  Xapian::Document scratch;
  Xapian::TermGenerator& generator = vocabulary.generator();
  generator.set_document(scratch);
  generator.set_termpos(0);
  generator.index_text(segment_cjk(text));
  term_at_.clear();
  for (auto t = scratch.termlist_begin(); t != scratch.termlist_end(); ++t) {
    const int id = vocabulary.of_term(*t);
    for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) {
      if (*p >= term_at_.size()) term_at_.resize(*p + 1, -1);
      term_at_[*p] = id;
    }
  }
  for (const int id : term_at_) {
    if (id >= 0) sequence_.push_back(id);
  }
  sequence_.push_back(-1);
}

// Every term with its count, then a pair term for every two content words in a row, skipping
// the stop words between them but not the break between a heading and the text. Queries reward
// their own word pairs with these terms: the effect of a proximity search, at the cost of a
// term lookup.
void DocumentMaker::add_terms(Xapian::Document& doc, const Vocabulary& vocabulary) {
  if (wdf_.size() < vocabulary.size()) wdf_.resize(vocabulary.size(), 0);
  seen_.clear();
  for (const int id : sequence_) {
    if (id < 0) continue;
    if (wdf_[static_cast<std::size_t>(id)]++ == 0) seen_.push_back(id);
  }
  for (const int id : seen_) {
    auto& wdf = wdf_[static_cast<std::size_t>(id)];
    doc.add_term(vocabulary.term(id), static_cast<Xapian::termcount>(wdf));
    wdf = 0;
  }
  int previous = -1;
  for (const int id : sequence_) {
    if (id < 0) {
      previous = -1;
      continue;
    }
    if (vocabulary.is_stop(id)) continue;
    if (previous >= 0) {
      // pair_term(first, second), without formatting: "B" + both words without their "Z".
      pair_.assign(1, 'B');
      pair_.append(vocabulary.term(previous), 1).push_back(' ');
      pair_.append(vocabulary.term(id), 1);
      if (pair_.size() <= kMaxTermBytes) doc.add_term(pair_);
    }
    previous = id;
  }
}

Xapian::Document DocumentMaker::make(const Chunk& chunk, const Source& source) {
  Vocabulary& words = vocabulary(source.language);
  sequence_.clear();
  const auto add = [&](const std::string& text) {
    if (is_ascii(text)) return add_ascii(text, words);
    add_generated(text, words);
  };
  for (const std::string& heading : chunk.heading_path) add(heading);
  add(chunk.text);
  Xapian::Document doc;
  add_terms(doc, words);

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
