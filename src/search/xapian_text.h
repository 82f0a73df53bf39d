#pragma once
// What the search module takes from Xapian, behind a std-only interface: the module's one file
// that includes <xapian.h>. The index itself is the module's own (segment.h); Xapian still reads
// query syntax, splits and stems text that is not ASCII, and cuts snippets. Private to the
// search module.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::search::xapian_text {

// The terms of a text in the TermGenerator's order: `terms` distinct, as its term list orders
// them; `order` the place in `terms` of each word's term, in text order.
struct GeneratedTerms {
  std::vector<std::string> terms;
  std::vector<std::uint32_t> order;
};

// Xapian's TermGenerator with the stemmer of a source language (snowball_language, analysis.h).
// Not thread-safe.
class TermGenerator {
 public:
  // Stems: "Z" + stem, every word stemmed (STEM_ALL_Z), words whose stem is empty left out: the
  // index's terms. Words: the lowercased words themselves (STEM_NONE), to check a tokeniser.
  enum class Terms { Stems, Words };

  explicit TermGenerator(std::string_view language, Terms terms = Terms::Stems);
  ~TermGenerator();
  TermGenerator(const TermGenerator&) = delete;
  TermGenerator& operator=(const TermGenerator&) = delete;

  // The terms of the text (any UTF-8; invalid bytes are read as Xapian reads them). Words
  // longer than 64 bytes have no term.
  void generate(std::string_view text, GeneratedTerms& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A query as Xapian's QueryParser reads it, with the operators the matcher knows by name.
enum class QueryOp { Term, Nothing, Phrase, Near, Or, And, AndNot, Xor, AndMaybe, Filter, Other };

struct ParsedNode {
  QueryOp op = QueryOp::Nothing;
  // Term: its term. Phrase: its terms by position, a term once at each position it takes.
  std::vector<std::string> terms;
  std::vector<ParsedNode> children;  // of every operator but Term, Nothing and Phrase
};

// A parsed query: its tree, and the Xapian query itself for snippets. Cheap to copy.
class ParsedQuery {
 public:
  const ParsedNode& root() const;
  // Every term of the query by position, a term once at each position it takes.
  const std::vector<std::string>& terms() const;
  bool empty() const;
  // True when the two are the same query (Xapian's serialisations are equal).
  bool same_as(const ParsedQuery& other) const;

 private:
  friend class QueryParser;
  friend class SnippetMaker;
  struct Impl;
  explicit ParsedQuery(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

  std::shared_ptr<const Impl> impl_;
};

// Xapian's QueryParser with the stemmer of a language, every word stemmed ("Z" terms), the
// query stop words (analysis.h) dropped and OR between words. Not thread-safe.
class QueryParser {
 public:
  // Words: plain words only. Full: also phrases, AND/OR/NOT and +/-.
  enum class Syntax { Words, Full };
  struct Result {
    std::optional<ParsedQuery> query;
    std::string error;  // Xapian's message when the text is not a query in that syntax
  };

  explicit QueryParser(std::string_view language);
  ~QueryParser();
  QueryParser(const QueryParser&) = delete;
  QueryParser& operator=(const QueryParser&) = delete;

  Result parse(const std::string& text, Syntax syntax);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Marks a query's words in text, with Xapian's snippet maker (which needs an MSet: this keeps
// one of an empty in-memory database). Not thread-safe.
class SnippetMaker {
 public:
  SnippetMaker();
  ~SnippetMaker();
  SnippetMaker(const SnippetMaker&) = delete;
  SnippetMaker& operator=(const SnippetMaker&) = delete;

  // The query whose words later snippets mark.
  void set_query(const ParsedQuery& words);
  // About `bytes` of the text around the query's words (stemmed as text in `language`), marked
  // "[[" "]]", with "…" where text is left out.
  std::string snippet(const std::string& text, std::size_t bytes, std::string_view language) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lectio::search::xapian_text
