// The search benchmark's timed parts (bench/search_bench.sh, docs/benchmarks.md "Search"):
//
//   lectio_search_bench build CHUNKS.tsv DATA_DIR
//       Stores the chunks (100 a source) in a fresh data directory, then times building the
//       index from the store. Prints one JSON line.
//   lectio_search_bench query DATA_DIR QUERIES.tsv [--k N] [--no-snippets] [--dump]
//       Runs every query once, as `lectio search` does, and prints latency percentiles (wall
//       and CPU time of this thread) as one JSON line; --dump also prints each query's times.
//   lectio_search_bench score BEIR_DIR RUN
//       nDCG@10, MAP@100, Recall@100 and P@10 of a TREC run (e.g. SQLite FTS5's).
#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/eval/beir.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"

namespace {

namespace fs = std::filesystem;
namespace eval = lectio::eval;
using Clock = std::chrono::steady_clock;

constexpr int kChunksPerSource = 100;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto at = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(at, values.size() - 1)];
}

void put_batch(lectio::store::ContentStore& store, int number, std::vector<lectio::Chunk>& chunks) {
  if (chunks.empty()) return;
  lectio::Source s;
  s.id = fmt::format("file_b{:05d}", number);
  s.title = s.id;
  s.file_name = s.id + ".md";
  s.language = "en";
  s.content_hash = s.id;
  s.page_count = 1;
  store.put_source(s, chunks);
  chunks.clear();
}

int build(const fs::path& tsv, const fs::path& data) {
  std::ifstream in(tsv);
  if (!in) throw lectio::NotFound(tsv.string() + ": no such file");
  fs::remove_all(data);
  auto store = lectio::store::open_content_store(data);
  const auto t0 = Clock::now();
  std::vector<lectio::Chunk> batch;
  std::int64_t chunks = 0;
  std::int64_t bytes = 0;
  int sources = 0;
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    lectio::Chunk c;
    c.text = line.substr(tab + 1);
    bytes += static_cast<std::int64_t>(c.text.size());
    batch.push_back(std::move(c));
    ++chunks;
    if (batch.size() == kChunksPerSource) put_batch(*store, ++sources, batch);
  }
  if (!batch.empty()) put_batch(*store, ++sources, batch);
  const double store_s = seconds_since(t0);
  const auto t1 = Clock::now();
  const double cpu0 = thread_cpu_ms();
  auto index = lectio::search::open_index(*store, data);
  const double index_s = seconds_since(t1);
  const double index_cpu_s = (thread_cpu_ms() - cpu0) / 1e3;
  std::uintmax_t index_bytes = 0;
  for (const auto& e : fs::directory_iterator(data / "index")) index_bytes += e.file_size();
  std::printf("%s\n", fmt::format(R"({{"chunks":{},"bytes":{},"sources":{},"store_seconds":{:.2f},)"
                                  R"("index_seconds":{:.2f},"index_cpu_seconds":{:.2f},)"
                                  R"("chunks_per_s":{:.0f},"mb_per_s":{:.2f},"index_mb":{:.1f}}})",
                                  chunks, bytes, sources, store_s, index_s, index_cpu_s,
                                  static_cast<double>(chunks) / index_s,
                                  static_cast<double>(bytes) / 1e6 / index_s,
                                  static_cast<double>(index_bytes) / 1e6)
                          .c_str());
  return index->stats().documents == chunks ? 0 : 1;
}

int query(const fs::path& data, const fs::path& tsv, int k, bool snippets, bool dump) {
  std::ifstream in(tsv);
  if (!in) throw lectio::NotFound(tsv.string() + ": no such file");
  auto store = lectio::store::open_content_store(data);
  auto index = lectio::search::open_index(*store, data);
  std::vector<double> wall;
  std::vector<double> cpu;
  std::int64_t hits = 0;
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    lectio::search::Query q;
    q.text = line.substr(tab + 1);
    q.k = k;
    q.snippets = snippets;
    const auto t0 = Clock::now();
    const double c0 = thread_cpu_ms();
    hits += static_cast<std::int64_t>(index->search(q).size());
    cpu.push_back(thread_cpu_ms() - c0);
    wall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    if (dump) std::fprintf(stderr, "%.3f\t%.3f\t%s\n", wall.back(), cpu.back(), q.text.c_str());
  }
  double total = 0;
  for (double w : wall) total += w;
  std::printf("%s\n",
              fmt::format(R"({{"queries":{},"k":{},"snippets":{},"hits":{},"p50_ms":{:.3f},)"
                          R"("p99_ms":{:.3f},"mean_ms":{:.3f},"cpu_p50_ms":{:.3f},)"
                          R"("cpu_p99_ms":{:.3f}}})",
                          wall.size(), k, snippets, hits, percentile(wall, 0.5),
                          percentile(wall, 0.99), wall.empty() ? 0 : total / wall.size(),
                          percentile(cpu, 0.5), percentile(cpu, 0.99))
                  .c_str());
  return 0;
}

int score(const fs::path& beir, const fs::path& run) {
  const eval::Metrics m =
      eval::evaluate(eval::read_trec_run(run.string()), eval::load_beir_qrels(beir));
  std::printf("%s\n", fmt::format(R"({{"ndcg_10":{:.4f},"map_100":{:.4f},"recall_100":{:.4f},)"
                                  R"("p_10":{:.4f},"queries":{}}})",
                                  m.ndcg_10, m.map_100, m.recall_100, m.p_10, m.queries)
                          .c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    auto has = [&](const std::string& flag) {
      return std::find(args.begin(), args.end(), flag) != args.end();
    };
    int k = 10;
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
      if (args[i] == "--k") k = std::stoi(args[i + 1]);
    }
    if (args.size() >= 3 && args[0] == "build") return build(args[1], args[2]);
    if (args.size() >= 3 && args[0] == "query")
      return query(args[1], args[2], k, !has("--no-snippets"), has("--dump"));
    if (args.size() >= 3 && args[0] == "score") return score(args[1], args[2]);
    std::fprintf(stderr, "usage: lectio_search_bench build|query|score ... (see the source)\n");
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lectio_search_bench: %s\n", e.what());
    return 1;
  }
}
