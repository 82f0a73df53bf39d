#include "xapian_text.h"

#include <xapian.h>

#include <map>

#include "analysis.h"

namespace lectio::search::xapian_text {

namespace {

Xapian::Stem stemmer_of(std::string_view language) {
  return Xapian::Stem(std::string(snowball_language(language)));
}

// Built once; Xapian stoppers cannot be copied or moved, so the lambda fills one in place.
const Xapian::Stopper& query_stopper() {
  static Xapian::SimpleStopper stopper;
  static const bool filled = [] {
    for (const std::string& w : query_stop_words()) stopper.add(w);
    return true;
  }();
  (void)filled;
  return stopper;
}

constexpr unsigned kFullSyntax =
    Xapian::QueryParser::FLAG_DEFAULT | Xapian::QueryParser::FLAG_PHRASE |
    Xapian::QueryParser::FLAG_BOOLEAN | Xapian::QueryParser::FLAG_LOVEHATE;

std::vector<std::string> terms_of(const Xapian::Query& query) {
  return {query.get_terms_begin(), query.get_terms_end()};
}

ParsedNode node_of(const Xapian::Query& query) {
  ParsedNode node;
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM:
      node.op = QueryOp::Term;
      node.terms.push_back(*query.get_terms_begin());
      return node;
    case Xapian::Query::LEAF_MATCH_NOTHING:
      node.op = QueryOp::Nothing;
      return node;
    case Xapian::Query::OP_PHRASE:
      node.op = QueryOp::Phrase;
      node.terms = terms_of(query);
      return node;
    default:
      break;
  }
  static const std::map<Xapian::Query::op, QueryOp> kOps = {
      {Xapian::Query::OP_OR, QueryOp::Or},
      {Xapian::Query::OP_AND, QueryOp::And},
      {Xapian::Query::OP_AND_NOT, QueryOp::AndNot},
      {Xapian::Query::OP_XOR, QueryOp::Xor},
      {Xapian::Query::OP_AND_MAYBE, QueryOp::AndMaybe},
      {Xapian::Query::OP_FILTER, QueryOp::Filter},
      {Xapian::Query::OP_NEAR, QueryOp::Near}};
  const auto op = kOps.find(query.get_type());
  if (op == kOps.end()) {
    node.op = QueryOp::Other;
    return node;
  }
  node.op = op->second;
  for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
    node.children.push_back(node_of(query.get_subquery(i)));
  }
  return node;
}

}  // namespace

// ---- TermGenerator ----

struct TermGenerator::Impl {
  Xapian::TermGenerator generator;
  std::vector<std::int64_t> term_at;  // by position: the place of its term in `terms`, or -1
};

TermGenerator::TermGenerator(std::string_view language, Terms terms)
    : impl_(std::make_unique<Impl>()) {
  if (terms == Terms::Words) {
    impl_->generator.set_stemming_strategy(Xapian::TermGenerator::STEM_NONE);
    return;
  }
  impl_->generator.set_stemmer(stemmer_of(language));
  // Stemmed terms only, as queries stem every word too (capitalised ones as well).
  impl_->generator.set_stemming_strategy(Xapian::TermGenerator::STEM_ALL_Z);
}

TermGenerator::~TermGenerator() = default;

// The generator puts exactly one term at each position it uses, from 1 up, so a table from
// position to term gives the words in order without sorting.
void TermGenerator::generate(std::string_view text, GeneratedTerms& out) {
  Xapian::Document scratch;
  impl_->generator.set_document(scratch);
  impl_->generator.set_termpos(0);
  impl_->generator.index_text(Xapian::Utf8Iterator(text.data(), text.size()));
  out.terms.clear();
  out.order.clear();
  std::vector<std::int64_t>& term_at = impl_->term_at;
  term_at.clear();
  for (auto t = scratch.termlist_begin(); t != scratch.termlist_end(); ++t) {
    const auto place = static_cast<std::int64_t>(out.terms.size());
    out.terms.push_back(*t);
    for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) {
      if (*p >= term_at.size()) term_at.resize(*p + 1, -1);
      term_at[*p] = place;
    }
  }
  for (const std::int64_t place : term_at) {
    if (place >= 0) out.order.push_back(static_cast<std::uint32_t>(place));
  }
}

// ---- ParsedQuery ----

struct ParsedQuery::Impl {
  Xapian::Query query;
  ParsedNode root;
  std::vector<std::string> terms;
  std::string serialised;
};

const ParsedNode& ParsedQuery::root() const {
  return impl_->root;
}

const std::vector<std::string>& ParsedQuery::terms() const {
  return impl_->terms;
}

bool ParsedQuery::empty() const {
  return impl_->query.empty();
}

bool ParsedQuery::same_as(const ParsedQuery& other) const {
  return impl_->serialised == other.impl_->serialised;
}

// ---- QueryParser ----

struct QueryParser::Impl {
  Xapian::QueryParser parser;
};

QueryParser::QueryParser(std::string_view language) : impl_(std::make_unique<Impl>()) {
  Xapian::QueryParser& parser = impl_->parser;
  parser.set_stemmer(stemmer_of(language));
  parser.set_stemming_strategy(Xapian::QueryParser::STEM_ALL_Z);
  parser.set_stopper(&query_stopper());
  parser.set_default_op(Xapian::Query::OP_OR);
}

QueryParser::~QueryParser() = default;

QueryParser::Result QueryParser::parse(const std::string& text, Syntax syntax) {
  auto impl = std::make_shared<ParsedQuery::Impl>();
  try {
    impl->query = impl_->parser.parse_query(text, syntax == Syntax::Full ? kFullSyntax : 0);
  } catch (const Xapian::QueryParserError& e) {
    return {std::nullopt, e.get_msg()};
  }
  impl->root = node_of(impl->query);
  impl->terms = terms_of(impl->query);
  impl->serialised = impl->query.serialise();
  return {ParsedQuery(std::move(impl)), {}};
}

// ---- SnippetMaker ----

struct SnippetMaker::Impl {
  Xapian::WritableDatabase no_documents{std::string(),
                                        Xapian::DB_BACKEND_INMEMORY | Xapian::DB_CREATE_OR_OPEN};
  Xapian::MSet mset;
};

SnippetMaker::SnippetMaker() : impl_(std::make_unique<Impl>()) {}

SnippetMaker::~SnippetMaker() = default;

// Snippets only need an MSet whose query holds the words to mark; one of no documents costs
// next to nothing.
void SnippetMaker::set_query(const ParsedQuery& words) {
  Xapian::Enquire enquire(impl_->no_documents);
  enquire.set_query(words.impl_->query);
  impl_->mset = enquire.get_mset(0, 0);
}

std::string SnippetMaker::snippet(const std::string& text, std::size_t bytes,
                                  std::string_view language) const {
  // No SNIPPET_BACKGROUND_MODEL: it looks up every word of the text in an index, which made a
  // search with snippets 2.5 times as slow for little gain in the fragment chosen.
  return impl_->mset.snippet(text, bytes, stemmer_of(language), Xapian::MSet::SNIPPET_EXHAUSTIVE,
                             "[[", "]]", "…");
}

}  // namespace lectio::search::xapian_text
