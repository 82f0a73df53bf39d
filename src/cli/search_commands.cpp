// lectio search | reindex (and, in eval_command.cpp, eval ir)
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "lectio/core/error.h"
#include "lectio/core/progress.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"
#include "lectio/text/strings.h"

namespace lectio::cli {

// Accepts "file_gpu001" and the short "gpu001"; throws NotFound naming an unknown id.
std::string resolve_source(store::ContentStore& store, const std::string& id) {
  if (store.source(id, std::nullopt)) return id;
  const std::string prefixed = "file_" + id;
  if (store.source(prefixed, std::nullopt)) return prefixed;
  throw NotFound(fmt::format("{}: no such source (see `lectio sources`)", id));
}

namespace {

struct SearchArgs {
  std::string query;
  int k = 10;
  std::vector<std::string> sources;
  bool json = false;
};

std::string heading_line(const std::vector<std::string>& path) {
  std::string out;
  for (const std::string& h : path) out += (out.empty() ? "" : " > ") + h;
  return out;
}

nlohmann::ordered_json to_json(const search::Hit& h) {
  return {{"score", h.score},
          {"chunk_id", h.chunk_id},
          {"source_id", h.source_id},
          {"version", h.version},
          {"ordinal", h.ordinal},
          {"file_name", h.file_name},
          {"page_start", h.page_start},
          {"page_end", h.page_end},
          {"pages", page_range(h.page_start, h.page_end)},
          {"heading_path", h.heading_path},
          {"snippet", h.snippet}};
}

void run_search(const SearchArgs& args, GlobalOptions& global) {
  if (text::collapse_whitespace(args.query).empty()) {
    throw InvalidInput("empty query: give some words to search for");
  }
  if (args.k < 1) throw InvalidInput(fmt::format("--k must be at least 1, not {}", args.k));
  auto store = store::open_content_store(global.data());
  search::Query query;
  query.text = args.query;
  query.k = args.k;
  for (const std::string& id : args.sources) query.source_ids.push_back(resolve_source(*store, id));
  auto index = search::open_index(*store, global.data());
  const auto hits = index->search(query);
  if (index->stats().rebuilt) {
    std::fprintf(stderr, "lectio: note: the search index was rebuilt from the store\n");
  }
  if (args.json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const search::Hit& h : hits) out.push_back(to_json(h));
    std::cout << out.dump(2) << '\n';
    return;
  }
  if (hits.empty()) {
    std::cout << fmt::format("no matches for \"{}\"\n", args.query);
    return;
  }
  for (const search::Hit& h : hits) {
    std::cout << fmt::format("{:.3f}  [{}] {} {}  {}\n    {}\n\n", h.score, h.chunk_id, h.file_name,
                             page_range(h.page_start, h.page_end), heading_line(h.heading_path),
                             h.snippet);
  }
}

void run_reindex(GlobalOptions& global) {
  const auto start = std::chrono::steady_clock::now();
  auto store = store::open_content_store(global.data());
  std::unique_ptr<Progress> progress;
  const search::IndexProgress report = [&](std::int64_t, std::int64_t total) {
    if (!progress) progress = std::make_unique<Progress>("indexing", total, 0, "chunks");
    progress->advance(1, 0);
  };
  auto index = search::open_index(*store, global.data(), report);
  if (!index->stats().rebuilt) index->rebuild(*store, report);
  if (progress) progress->finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << fmt::format("indexed {} chunks from {} sources in {:.1f} s\n",
                           index->stats().documents, store->sources().size(), seconds);
}

}  // namespace

void register_search_commands(CLI::App& app, GlobalOptions& global) {
  auto args = std::make_shared<SearchArgs>();
  CLI::App* search = app.add_subcommand("search", "Search the chunks of every source");
  search->add_option("query", args->query, "Words, \"a phrase\", AND/OR/NOT, +must, -must_not")
      ->required();
  search->add_option("--k", args->k, "How many hits at most")->capture_default_str();
  search->add_option("--source", args->sources, "Only this source (repeatable)");
  search->add_flag("--json", args->json, "Print JSON");
  search->callback([args, &global] { run_search(*args, global); });

  CLI::App* reindex = app.add_subcommand("reindex", "Rebuild the search index from the store");
  reindex->callback([&global] { run_reindex(global); });

  register_eval_command(app, global);
}

}  // namespace lectio::cli
