// Question answering on SQuAD (../shared/eval/qa-dev): `lectio ask`'s core against SQLite FTS5
// bm25() ranking the same articles' sentences.
//
//   lectio_qa_bench QA_DIR WORK_DIR [--k 3] [--failures FILE] [--features FILE]
//
// Each article (QA_DIR/articles/NAME.md) is added as source file_NAME to a fresh store in
// WORK_DIR; every question is asked of its own article with answer_from_sources(). An answer
// "contains" a gold answer when the gold answer's words, lower-cased with punctuation and
// articles dropped (SQuAD's normalisation), occur in a row in the answer's words. FTS5 ranks
// the sentences of the article's chunks (split as the answer core splits them) by bm25() for
// an OR of the question's words, porter tokenizer. Prints one JSON line, a table and each
// article's figures.
// --features writes, per question, every candidate sentence the ranker scored with its
// features (answer_features.h) and whether it holds a gold answer: one JSON line a question,
// with the ranker's score ("s"), FTS5's hits ("fts1", "fts3") and what ask answered
// ("ask"): the input of bench/qa_loao.cpp (leave-one-article-out) and fit_answer_ranker.py.
#include <fmt/format.h>
#include <sqlite3.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ask/answer_retrieval.h"
#include "lectio/ask/answer.h"
#include "lectio/ask/answer_core.h"
#include "lectio/ingest/ingest.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"
#include "lectio/text/sentences.h"

namespace fs = std::filesystem;
using namespace lectio;

namespace {

struct DbCloser {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
struct StmtCloser {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;
using Stmt = std::unique_ptr<sqlite3_stmt, StmtCloser>;

Stmt prepare(sqlite3* db, const char* sql) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK) {
    throw std::runtime_error(std::string("sqlite: ") + sqlite3_errmsg(db));
  }
  return Stmt(s);
}

// SQuAD's answer normalisation: lower case, punctuation out, articles out, words.
std::vector<std::string> normal_words(std::string_view s) {
  std::vector<std::string> out;
  std::string w;
  auto flush = [&] {
    if (!w.empty() && w != "a" && w != "an" && w != "the") out.push_back(w);
    w.clear();
  };
  for (unsigned char c : s) {
    if (std::isalnum(c) || c >= 0x80) {
      w.push_back(static_cast<char>(std::tolower(c)));
    } else {
      flush();
    }
  }
  flush();
  return out;
}

bool contains(const std::string& text, const std::vector<std::string>& answers) {
  const auto t = normal_words(text);
  for (const std::string& a : answers) {
    const auto g = normal_words(a);
    if (g.empty() || g.size() > t.size()) continue;
    for (std::size_t i = 0; i + g.size() <= t.size(); ++i) {
      if (std::equal(g.begin(), g.end(), t.begin() + static_cast<long>(i))) return true;
    }
  }
  return false;
}

// An FTS5 query: the question's words, each quoted, joined by OR.
std::string fts_query(const std::string& question) {
  std::string out;
  std::string w;
  auto flush = [&] {
    if (!w.empty()) out += (out.empty() ? "\"" : " OR \"") + w + "\"";
    w.clear();
  };
  for (unsigned char c : question) {
    if (std::isalnum(c) || c >= 0x80) {
      w.push_back(static_cast<char>(c));
    } else {
      flush();
    }
  }
  flush();
  return out;
}

// The ranker's view of one question: each scored candidate, its features and its label.
nlohmann::json feature_row(const nlohmann::json& q, const std::string& source, int k,
                           store::ContentStore& store, search::Index& index) {
  const std::string question = q.at("question");
  const auto gold = q.value("answers", std::vector<std::string>{});
  const ask::AnswerOptions defaults;
  const ask::Retrieved r = ask::retrieve(question, {source}, store, index, defaults.search_depth);
  const std::vector<extract::Candidate> candidates = ask::answer_candidates(r.material, "en");
  ask::PickOptions pick;
  pick.max_sentences = k;
  pick.chunk_prior = r.prior;
  nlohmann::json rows = nlohmann::json::array();
  for (const ask::RankedCandidate& c : ask::rank_candidates(question, candidates, "en", pick)) {
    const extract::Candidate& cand = candidates[static_cast<std::size_t>(c.candidate)];
    rows.push_back({{"i", c.candidate},
                    {"chunk", cand.chunk},
                    {"cov", c.coverage},
                    {"turn", c.turns_round},
                    {"label", contains(cand.original, gold)},
                    {"s", c.score},
                    {"f", c.features},
                    {"text", cand.original}});
  }
  return {{"id", q.value("id", "")},
          {"article", q.at("article")},
          {"answerable", q.at("answerable")},
          {"question", question},
          {"terms", ask::question_terms(question, "en")},
          {"names", ask::kFeatureNames},
          {"cands", rows}};
}

struct Counts {
  int answerable = 0, unanswerable = 0;
  int first = 0, whole = 0, answered = 0, refused = 0;
  int fts1 = 0, fts3 = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(
        stderr,
        "usage: lectio_qa_bench QA_DIR WORK_DIR [--k N] [--failures FILE] [--features FILE]\n");
    return 2;
  }
  const fs::path qa = argv[1];
  const fs::path work = argv[2];
  int k = 3;
  std::string failures_path;
  std::string features_path;
  for (int i = 3; i + 1 < argc; i += 2) {
    if (std::string(argv[i]) == "--k") k = std::stoi(argv[i + 1]);
    if (std::string(argv[i]) == "--failures") failures_path = argv[i + 1];
    if (std::string(argv[i]) == "--features") features_path = argv[i + 1];
  }
  fs::remove_all(work);
  fs::create_directories(work);
  auto store = store::open_content_store(work / "data");
  for (const auto& e : fs::directory_iterator(qa / "articles")) {
    ingest::AddOptions add;
    add.id = e.path().stem().string();
    ingest::add_file(*store, e.path(), add);
  }
  auto index = search::open_index(*store, work / "data");

  Db db;
  {
    sqlite3* raw = nullptr;
    if (sqlite3_open(":memory:", &raw) != SQLITE_OK) throw std::runtime_error("sqlite open");
    db.reset(raw);
  }
  sqlite3_exec(db.get(),
               "CREATE VIRTUAL TABLE s USING fts5(src UNINDEXED, body, tokenize='porter')", nullptr,
               nullptr, nullptr);
  {
    Stmt ins = prepare(db.get(), "INSERT INTO s (src, body) VALUES (?, ?)");
    for (const Source& src : store->sources()) {
      for (const Chunk& c : store->chunks(src.id, std::nullopt)) {
        std::istringstream lines(c.text);
        for (std::string line; std::getline(lines, line);) {
          for (const std::string& sentence : text::sentences(line, "en")) {
            sqlite3_bind_text(ins.get(), 1, src.id.c_str(), -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(ins.get(), 2, sentence.c_str(), -1, SQLITE_TRANSIENT);
            sqlite3_step(ins.get());
            sqlite3_reset(ins.get());
          }
        }
      }
    }
  }
  Stmt rank =
      prepare(db.get(), "SELECT body FROM s WHERE s MATCH ? AND src = ? ORDER BY bm25(s) LIMIT 3");

  std::ofstream failures;
  if (!failures_path.empty()) failures.open(failures_path);
  std::ofstream features;
  if (!features_path.empty()) features.open(features_path);
  Counts n;
  std::map<std::string, Counts> by_article;
  std::ifstream in(qa / "questions.jsonl");
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const auto q = nlohmann::json::parse(line);
    const std::string source = "file_" + q.at("article").get<std::string>();
    const std::string question = q.at("question");
    const auto gold = q.value("answers", std::vector<std::string>{});
    ask::AnswerOptions options;
    options.max_sentences = k;
    options.language = "en";
    const ask::Answer a = ask::answer_from_sources(question, {source}, *store, *index, options);
    const bool answerable = q.at("answerable").get<bool>();
    Counts& m = by_article[q.at("article").get<std::string>()];
    if (!answerable) {
      ++n.unanswerable, ++m.unanswerable;
      n.refused += a.supported ? 0 : 1;
      m.refused += a.supported ? 0 : 1;
      if (features) {
        nlohmann::json row = feature_row(q, source, k, *store, *index);
        row["ask"] = {{"supported", a.supported}};
        features << row.dump() << "\n";
      }
      continue;
    }
    ++n.answerable, ++m.answerable;
    n.answered += a.supported ? 1 : 0;
    m.answered += a.supported ? 1 : 0;
    const bool first = a.supported && contains(a.sentences.front().text, gold);
    bool whole = false;
    std::string said;
    for (const auto& s : a.sentences) {
      whole = whole || contains(s.text, gold);
      said += s.text + " | ";
    }
    n.first += first ? 1 : 0;
    n.whole += whole ? 1 : 0;
    m.first += first ? 1 : 0;
    m.whole += whole ? 1 : 0;
    const std::string match = fts_query(question);
    sqlite3_bind_text(rank.get(), 1, match.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(rank.get(), 2, source.c_str(), -1, SQLITE_TRANSIENT);
    bool f1 = false, f3 = false;
    std::string fts_top;
    for (int r = 0; sqlite3_step(rank.get()) == SQLITE_ROW; ++r) {
      const std::string body = reinterpret_cast<const char*>(sqlite3_column_text(rank.get(), 0));
      const bool hit = contains(body, gold);
      if (r == 0) fts_top = body;
      f1 = f1 || (r == 0 && hit);
      f3 = f3 || hit;
    }
    sqlite3_reset(rank.get());
    n.fts1 += f1 ? 1 : 0;
    n.fts3 += f3 ? 1 : 0;
    m.fts1 += f1 ? 1 : 0;
    m.fts3 += f3 ? 1 : 0;
    if (features) {
      nlohmann::json row = feature_row(q, source, k, *store, *index);
      row["fts1"] = f1;
      row["fts3"] = f3;
      row["ask"] = {{"supported", a.supported}, {"first", first}, {"whole", whole}};
      features << row.dump() << "\n";
    }
    if (failures && !first && f1) {
      failures << question << "\n  gold: " << gold.front() << "\n  ours: " << said
               << "\n  fts5: " << fts_top << "\n";
    }
  }
  const auto share = [](int a, int b) { return b ? double(a) / double(b) : 0.0; };
  const nlohmann::ordered_json out = {{"answerable", n.answerable},
                                      {"unanswerable", n.unanswerable},
                                      {"first_sentence", share(n.first, n.answerable)},
                                      {"whole_answer", share(n.whole, n.answerable)},
                                      {"answered", share(n.answered, n.answerable)},
                                      {"refused", share(n.refused, n.unanswerable)},
                                      {"fts5_top1", share(n.fts1, n.answerable)},
                                      {"fts5_top3", share(n.fts3, n.answerable)}};
  std::printf("%s\n", out.dump().c_str());
  std::printf("%-44s %8s %8s %7s\n", "measure (answerable questions)", "ask", "fts5", "ratio");
  std::printf("%-44s %8.3f %8.3f %6.3fx\n", "first sentence / top-1 holds a gold answer",
              share(n.first, n.answerable), share(n.fts1, n.answerable), share(n.first, n.fts1));
  std::printf("%-44s %8.3f %8.3f %6.3fx\n", "whole answer / top-3 holds a gold answer",
              share(n.whole, n.answerable), share(n.fts3, n.answerable), share(n.whole, n.fts3));
  std::printf("%-44s %8.3f\n", "answerable questions answered", share(n.answered, n.answerable));
  std::printf("%-44s %8.3f\n", "unanswerable questions refused", share(n.refused, n.unanswerable));
  // By article: how far the pooled figures hold across articles (docs/benchmarks.md).
  std::printf("\n%-34s %5s %5s %6s %6s %6s %6s %6s %6s\n", "article", "ans", "unans", "first",
              "fts1", "whole", "fts3", "answd", "refus");
  for (const auto& [name, c] : by_article) {
    std::printf("%-34s %5d %5d %6.3f %6.3f %6.3f %6.3f %6.3f %6.3f\n", name.c_str(), c.answerable,
                c.unanswerable, share(c.first, c.answerable), share(c.fts1, c.answerable),
                share(c.whole, c.answerable), share(c.fts3, c.answerable),
                share(c.answered, c.answerable), share(c.refused, c.unanswerable));
  }
  return 0;
}
