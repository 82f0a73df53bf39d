// Ingestion benchmark over a corpus made by lectio_make_corpus.
//
//   lectio_ingest_bench split DIR [--runs N]              read + sniff + extract + chunk, no store
//   lectio_ingest_bench ingest DIR DATA_ROOT [--runs N]   add_file into a fresh SQLite store per
//   run
//
// Everything runs on the calling thread; bench/run.sh pins the process to one core. Each mode
// prints one human-readable line per run and, last, one JSON line (starting with '{') for the
// best run, which run.sh parses. MB means 10^6 bytes of input files.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <exception>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/core/source.h"
#include "lectio/ingest/chunker.h"
#include "lectio/ingest/extract.h"
#include "lectio/ingest/ingest.h"
#include "lectio/store/store.h"

namespace {

namespace fs = std::filesystem;
using lectio::ingest::AddOptions;
using lectio::ingest::ChunkOptions;
using lectio::ingest::Limits;

struct Run {
  std::uint64_t bytes = 0;
  int files = 0;
  std::uint64_t chunks = 0;
  double seconds = 0;      // wall time of the measured part
  double cpu_seconds = 0;  // process CPU time over the same span
  // Split mode only: the parts of `seconds` spent reading files, in sniff + extract, and in
  // chunking, so a slowdown can be pinned on a stage.
  double read_seconds = 0;
  double extract_seconds = 0;
  double chunk_seconds = 0;

  double mb_per_s() const { return seconds > 0 ? bytes / 1e6 / seconds : 0; }
  double chunks_per_s() const { return seconds > 0 ? chunks / seconds : 0; }
  // Split mode: the rate with file reading taken out, comparable to LangChain's number.
  double split_mb_per_s() const {
    const double s = seconds - read_seconds;
    return s > 0 ? bytes / 1e6 / s : 0;
  }
};

class Stopwatch {
 public:
  Stopwatch() : wall_(std::chrono::steady_clock::now()), cpu_(std::clock()) {}
  double wall() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_).count();
  }
  double cpu() const { return static_cast<double>(std::clock() - cpu_) / CLOCKS_PER_SEC; }

 private:
  std::chrono::steady_clock::time_point wall_;
  std::clock_t cpu_;
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw lectio::Io(path.string() + ": cannot open");
  std::string bytes;
  in.seekg(0, std::ios::end);
  bytes.resize(static_cast<std::size_t>(in.tellg()));
  in.seekg(0);
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!in) throw lectio::Io(path.string() + ": cannot read");
  return bytes;
}

double max_rss_mb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;  // Linux reports KiB
}

Run split_once(const std::vector<fs::path>& files) {
  const Limits limits;
  const ChunkOptions chunking;
  Run run;
  const Stopwatch total;
  using Clock = std::chrono::steady_clock;
  const auto since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  for (const auto& path : files) {
    auto stage = Clock::now();
    const std::string bytes = read_file(path);
    run.read_seconds += since(stage);
    stage = Clock::now();
    const lectio::Format format = lectio::ingest::sniff_format(bytes, path, limits);
    const lectio::ingest::Document doc = lectio::ingest::extract(bytes, format, limits);
    run.extract_seconds += since(stage);
    stage = Clock::now();
    run.chunks += lectio::ingest::chunk_document(doc, chunking, "en").size();
    run.chunk_seconds += since(stage);
    run.bytes += bytes.size();
    ++run.files;
  }
  run.seconds = total.wall();
  run.cpu_seconds = total.cpu();
  return run;
}

Run ingest_once(const std::vector<fs::path>& files, const fs::path& data_dir) {
  const AddOptions options;
  Run run;
  const Stopwatch total;
  {
    // Opening and closing the store are part of the measurement: closing flushes the WAL.
    auto store = lectio::store::open_content_store(data_dir);
    for (const auto& path : files) {
      const auto result = lectio::ingest::add_file(*store, path, options);
      run.chunks += static_cast<std::uint64_t>(result.chunk_count);
      run.bytes += fs::file_size(path);
      ++run.files;
    }
  }
  run.seconds = total.wall();
  run.cpu_seconds = total.cpu();

  // Outside the timing: check that everything really landed in the store.
  auto store = lectio::store::open_content_store(data_dir);
  const auto sources = store->sources();
  std::uint64_t stored_chunks = 0;
  store->for_each_current_chunk([&](const lectio::Chunk&) { ++stored_chunks; });
  if (sources.size() != files.size() || stored_chunks != run.chunks) {
    throw lectio::Internal("store holds " + std::to_string(sources.size()) + " sources and " +
                           std::to_string(stored_chunks) + " chunks; expected " +
                           std::to_string(files.size()) + " and " + std::to_string(run.chunks));
  }
  return run;
}

void print_run(const char* mode, int index, const Run& run) {
  std::printf(
      "%-6s run %d: %d files, %.1f MB, %llu chunks, %.3f s (cpu %.3f s): %.1f MB/s, "
      "%.0f chunks/s",
      mode, index, run.files, run.bytes / 1e6, static_cast<unsigned long long>(run.chunks),
      run.seconds, run.cpu_seconds, run.mb_per_s(), run.chunks_per_s());
  if (run.read_seconds > 0) {
    std::printf("; without reading files %.1f MB/s (read %.3f s, extract %.3f s, chunk %.3f s)",
                run.split_mb_per_s(), run.read_seconds, run.extract_seconds, run.chunk_seconds);
  }
  std::printf("\n");
  std::fflush(stdout);
}

void print_json(const char* mode, const Run& run, int runs) {
  std::printf(
      "{\"tool\":\"lectio\",\"mode\":\"%s\",\"runs\":%d,\"files\":%d,\"bytes\":%llu,"
      "\"chunks\":%llu,\"seconds\":%.4f,\"cpu_seconds\":%.4f,\"read_seconds\":%.4f,"
      "\"extract_seconds\":%.4f,\"chunk_seconds\":%.4f,"
      "\"mb_per_s\":%.2f,\"chunks_per_s\":%.1f,\"split_mb_per_s\":%.2f,"
      "\"max_rss_mb\":%.1f}\n",
      mode, runs, run.files, static_cast<unsigned long long>(run.bytes),
      static_cast<unsigned long long>(run.chunks), run.seconds, run.cpu_seconds, run.read_seconds,
      run.extract_seconds, run.chunk_seconds, run.mb_per_s(), run.chunks_per_s(),
      run.split_mb_per_s(), max_rss_mb());
}

// The fastest run stands for the code; slower ones measure interference from other processes.
const Run& best(const std::vector<Run>& runs) {
  return *std::min_element(runs.begin(), runs.end(),
                           [](const Run& a, const Run& b) { return a.seconds < b.seconds; });
}

std::vector<fs::path> corpus_files(const fs::path& dir) {
  auto files = lectio::ingest::expand_inputs({dir});
  if (files.empty()) throw lectio::InvalidInput(dir.string() + ": no supported files");
  return files;
}

int run_split(const fs::path& corpus, int runs) {
  const auto files = corpus_files(corpus);
  std::vector<Run> results;
  for (int i = 1; i <= runs; ++i) {
    results.push_back(split_once(files));
    print_run("split", i, results.back());
  }
  print_json("split", best(results), runs);
  return 0;
}

int run_ingest(const fs::path& corpus, const fs::path& data_root, int runs) {
  const auto files = corpus_files(corpus);
  std::vector<Run> results;
  for (int i = 1; i <= runs; ++i) {
    const fs::path data_dir = data_root / ("run" + std::to_string(i));
    if (fs::exists(data_dir)) {
      throw lectio::InvalidInput(data_dir.string() + ": exists; the benchmark needs a fresh store");
    }
    results.push_back(ingest_once(files, data_dir));
    print_run("ingest", i, results.back());
    fs::remove_all(data_dir);  // a store per run, and no pile-up of large databases
  }
  print_json("ingest", best(results), runs);
  return 0;
}

int usage() {
  std::fprintf(stderr,
               "usage: lectio_ingest_bench split DIR [--runs N]\n"
               "       lectio_ingest_bench ingest DIR DATA_ROOT [--runs N]\n");
  return 2;
}

// Returns the number after `--name`, if given.
std::optional<std::uint64_t> option(const std::vector<std::string_view>& args,
                                    std::string_view name) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == name) return std::stoull(std::string(args[i + 1]));
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  if (args.size() < 2) return usage();
  try {
    const std::string_view mode = args[0];
    const int runs = static_cast<int>(option(args, "--runs").value_or(1));
    if (runs < 1) return usage();
    if (mode == "split") return run_split(args[1], runs);
    if (mode == "ingest" && args.size() >= 3) return run_ingest(args[1], args[2], runs);
    return usage();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lectio_ingest_bench: %s\n", e.what());
    return 1;
  }
}
