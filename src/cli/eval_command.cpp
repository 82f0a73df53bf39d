// lectio eval ir: ranked retrieval quality on a collection in the BEIR layout.
#include <fmt/format.h>
#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include "commands.h"
#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "lectio/core/progress.h"
#include "lectio/eval/beir.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"
#include "lectio/text/strings.h"

namespace fs = std::filesystem;

namespace lectio::cli {

namespace {

namespace eval = lectio::eval;

constexpr std::string_view kIdPrefix = "file_";

struct EvalArgs {
  std::string dir;
  int k = 100;
  std::string run_file;
  bool in_store = false;  // the configured store and data directory, through the change feed
};

// A fresh directory under the system's temporary directory, removed with everything in it.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "lectio-eval-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      throw Io(fmt::format("{}: cannot make a temporary directory", pattern));
    }
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Each corpus document becomes one source with one chunk: the title as its heading, the text
// as its body, so that title and text are both searched, as in the usual BM25 baselines.
std::int64_t load_corpus(const fs::path& dir, store::ContentStore& store) {
  std::error_code ec;
  const auto bytes = fs::file_size(dir / "corpus.jsonl", ec);
  Progress progress("loading", 0, ec ? 0 : static_cast<std::int64_t>(bytes));
  std::int64_t docs = 0;
  eval::for_each_beir_doc(dir, [&](const eval::BeirDoc& d) {
    Source s;
    s.id = std::string(kIdPrefix) + d.id;
    s.title = d.title;
    s.file_name = d.id;
    s.language = text::detect_language(d.title + "\n" + d.text);
    s.content_hash = content_hash(d.title + "\n" + d.text);
    s.byte_size = static_cast<std::int64_t>(d.title.size() + d.text.size());
    Chunk c;
    c.source_id = s.id;
    if (!d.title.empty()) c.heading_path.push_back(d.title);
    c.text = d.text;
    store.put_source(s, {c});
    ++docs;
    progress.advance(1, s.byte_size + 32);  // + the JSON around the fields, roughly
  });
  progress.finish();
  return docs;
}

struct Loaded {
  std::unique_ptr<store::ContentStore> store;
  std::unique_ptr<search::Index> index;  // declared after store: closed first
  std::int64_t docs = 0;
};

Loaded load_and_index(const EvalArgs& args, GlobalOptions& global, const fs::path& scratch) {
  const fs::path dir = args.dir;
  Loaded out;
  if (args.in_store) {
    // As a node of a fleet: the corpus goes into the configured store and the node's index
    // follows it by applying the store's change feed.
    out.store = store::open_content_store(global.data());
    if (const std::size_t held = out.store->sources().size(); held > 0) {
      throw InvalidInput(fmt::format(
          "--in-store: the store already holds {} sources; give it an empty one", held));
    }
    out.index = search::open_index(*out.store, global.data());
    out.docs = load_corpus(dir, *out.store);
    out.index->sync(*out.store);
    return out;
  }
  // The corpus is private scratch: never the configured (--store) store.
  out.store = store::open_sqlite_content_store(scratch / "lectio.db");
  out.docs = load_corpus(dir, *out.store);
  std::unique_ptr<Progress> indexing;
  out.index = search::open_index(*out.store, scratch, [&](std::int64_t, std::int64_t total) {
    if (!indexing) indexing = std::make_unique<Progress>("indexing", total, 0, "chunks");
    indexing->advance(1, 0);
  });
  if (indexing) indexing->finish();
  return out;
}

void run_eval_ir(const EvalArgs& args, GlobalOptions& global) {
  if (args.k < 1) throw InvalidInput(fmt::format("--k must be at least 1, not {}", args.k));
  const fs::path dir = args.dir;
  if (!fs::is_directory(dir)) throw NotFound(fmt::format("{}: no such directory", args.dir));
  const std::vector<eval::BeirQuery> queries = eval::load_beir_queries(dir);
  const eval::Qrels qrels = eval::load_beir_qrels(dir);
  std::ofstream run_out;
  if (!args.run_file.empty()) {
    run_out.open(args.run_file);
    if (!run_out) throw Io(fmt::format("{}: cannot write the run file", args.run_file));
  }

  ScratchDir scratch;
  const auto t0 = std::chrono::steady_clock::now();
  const Loaded loaded = load_and_index(args, global, scratch.path());
  search::Index* index = loaded.index.get();
  const std::int64_t docs = loaded.docs;
  const auto t1 = std::chrono::steady_clock::now();

  std::map<std::string, eval::Ranking> runs;
  int ran = 0;
  Progress searching("searching", static_cast<std::int64_t>(queries.size()), 0);
  for (const eval::BeirQuery& q : queries) {
    searching.advance(1, 0);
    if (qrels.count(q.id) == 0) continue;  // not a test query of this collection
    search::Query query;
    query.text = q.text;
    query.k = args.k;
    query.words_only = true;  // queries are questions, not search syntax
    query.snippets = false;
    std::vector<eval::Scored> scored;
    eval::Ranking& ranking = runs[q.id];
    if (!text::collapse_whitespace(q.text).empty()) {
      for (const search::Hit& h : index->search(query)) {
        scored.push_back({h.source_id.substr(kIdPrefix.size()), h.score});
        ranking.push_back(scored.back().doc_id);
      }
    }
    if (run_out.is_open()) eval::write_trec_run(run_out, q.id, scored, "lectio");
    ++ran;
  }
  searching.finish();
  const auto t2 = std::chrono::steady_clock::now();
  if (run_out.is_open() && !run_out.flush()) {
    throw Io(fmt::format("{}: cannot write the run file", args.run_file));
  }

  const eval::Metrics m = eval::evaluate(runs, qrels);
  std::cout << fmt::format(
      "nDCG@10     {:.4f}\nMAP@100     {:.4f}\nRecall@100  {:.4f}\n"
      "P@10        {:.4f}\n",
      m.ndcg_10, m.map_100, m.recall_100, m.p_10);
  const double index_s = std::chrono::duration<double>(t1 - t0).count();
  const double query_ms = std::chrono::duration<double, std::milli>(t2 - t1).count();
  std::cout << fmt::format(
      "{} queries judged, {} run, {} documents; {:.1f} s to load and index, "
      "{:.2f} ms per query\n",
      m.queries, ran, docs, index_s, ran > 0 ? query_ms / ran : 0.0);
  if (args.in_store) {
    // A rebuild would apply none: the count shows that the feed carried every document.
    std::cout << fmt::format("index: {} changes of the store's feed applied to the empty index\n",
                             index->stats().changes_applied);
  }
}

// `eval` groups the quality measurements; other command groups add their own, so it is found
// or made here rather than assumed absent.
CLI::App* eval_group(CLI::App& app) {
  const auto found = app.get_subcommands([](CLI::App* sub) { return sub->get_name() == "eval"; });
  if (!found.empty()) return found.front();
  CLI::App* group = app.add_subcommand("eval", "Measure quality on evaluation sets");
  group->require_subcommand(1);
  return group;
}

}  // namespace

void register_eval_command(CLI::App& app, GlobalOptions& global) {
  auto args = std::make_shared<EvalArgs>();
  CLI::App* ir = eval_group(app)->add_subcommand(
      "ir", "Ranked retrieval quality on a BEIR collection (nDCG@10, MAP@100, Recall@100, P@10)");
  ir->add_option("dir", args->dir, "Directory with corpus.jsonl, queries.jsonl, qrels/test.tsv")
      ->required();
  ir->add_option("--k", args->k, "Hits per query")->capture_default_str();
  ir->add_option("--run", args->run_file, "Write a TREC run file (qid Q0 docid rank score tag)");
  ir->add_flag("--in-store", args->in_store,
               "Load the corpus into the configured store (--store or the data directory's; it "
               "must hold no sources) and index it through the store's change feed");
  ir->callback([args, &global] { run_eval_ir(*args, global); });
}

}  // namespace lectio::cli
