// lectio add | sources | remove | chunks | show
#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <map>
#include <memory>

#include "commands.h"
#include "lectio/core/error.h"
#include "lectio/core/progress.h"
#include "lectio/ingest/ingest.h"
#include "lectio/ingest/source_json.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"

namespace fs = std::filesystem;

namespace lectio::cli {

namespace {

struct AddArgs {
  std::vector<std::string> paths;
  std::optional<std::string> id;
  std::string url;
  std::optional<std::string> title;
  int target_words = 160;
  int max_words = 200;
  std::uint64_t max_mb = 64;
};

// The chunks of the files just added, kept for the index up to kMaxBytes of text (a large
// library's later files are read back from the store instead): indexing them from memory
// spares reading them back, which was a tenth of `lectio add`.
class AddedChunks {
 public:
  void keep(ingest::AddResult& added) {
    std::size_t bytes = 0;
    for (const Chunk& c : added.chunks) bytes += c.text.size();
    if (added.chunks.empty() || bytes_ + bytes > kMaxBytes) return;
    bytes_ += bytes;
    chunks_[{added.put.source_id, added.put.version}] = std::move(added.chunks);
  }

  search::HeldChunks lookup() const {
    return [this](const std::string& id, int version) -> const std::vector<Chunk>* {
      const auto found = chunks_.find({id, version});
      return found == chunks_.end() ? nullptr : &found->second;
    };
  }

 private:
  static constexpr std::size_t kMaxBytes = std::size_t{256} << 20;
  std::map<std::pair<std::string, int>, std::vector<Chunk>> chunks_;
  std::size_t bytes_ = 0;
};

std::string outcome_line(const ingest::AddResult& r) {
  switch (r.put.outcome) {
    case store::PutOutcome::kAdded:
      return fmt::format("added {} ({} chunks) from {}", r.put.source_id, r.chunk_count,
                         r.path.string());
    case store::PutOutcome::kUnchanged:
      return fmt::format("unchanged {} v{} from {}", r.put.source_id, r.put.version,
                         r.path.string());
    case store::PutOutcome::kNewVersion:
      return fmt::format("updated {} to v{} ({} chunks) from {}", r.put.source_id, r.put.version,
                         r.chunk_count, r.path.string());
  }
  return {};
}

void run_add(const AddArgs& args, GlobalOptions& global) {
  std::vector<fs::path> inputs(args.paths.begin(), args.paths.end());
  const std::vector<fs::path> files = ingest::expand_inputs(inputs);
  if (args.id && files.size() != 1) {
    throw InvalidInput(fmt::format("--id names one source, but {} files were given", files.size()));
  }
  if (args.target_words < 1 || args.max_words < args.target_words) {
    throw InvalidInput("--target-words must be at least 1 and at most --max-words");
  }
  ingest::check_origin_url(args.url);  // before any file is read
  ingest::AddOptions options;
  options.id = args.id;
  options.origin_url = args.url;
  options.title = args.title;
  options.chunking.target_words = args.target_words;
  options.chunking.max_words = args.max_words;
  options.limits.max_file_bytes = args.max_mb << 20;

  std::int64_t total_bytes = 0;
  for (const fs::path& f : files) {
    std::error_code ec;
    const auto size = fs::file_size(f, ec);
    if (!ec) total_bytes += static_cast<std::int64_t>(size);
  }
  auto store = store::open_content_store(global.data());
  Progress progress("adding", static_cast<std::int64_t>(files.size()), total_bytes);
  int failed = 0;
  std::vector<std::string> done;
  AddedChunks added_chunks;
  for (const fs::path& f : files) {
    std::error_code ec;
    const auto size = fs::file_size(f, ec);
    try {
      ingest::AddResult added = ingest::add_file(*store, f, options);
      done.push_back(outcome_line(added));
      added_chunks.keep(added);
    } catch (const Error& e) {
      ++failed;
      if (progress.enabled()) std::fputs("\r\x1b[K", stderr);
      std::fprintf(stderr, "lectio: error: %s\n", e.what());
    }
    progress.advance(1, ec ? 0 : static_cast<std::int64_t>(size));
  }
  progress.finish();
  for (const std::string& line : done) std::printf("%s\n", line.c_str());
  if (failed > 0) {
    // One file's error line says it all; the tally is for a batch.
    if (files.size() > 1) {
      std::fprintf(stderr, "lectio: %d of %zu files failed\n", failed, files.size());
    }
    global.exit_code = 1;
  }
  // Keeps the search index current: opening it indexes the source versions just added, from
  // the chunks still in memory.
  std::unique_ptr<Progress> indexing;
  const search::IndexProgress report = [&](std::int64_t, std::int64_t total) {
    if (!indexing) indexing = std::make_unique<Progress>("indexing", total, 0, "chunks");
    indexing->advance(1, 0);
  };
  search::open_index(*store, global.data(), report, added_chunks.lookup());
  if (indexing) indexing->finish();
}

void run_sources(bool json, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const auto sources = store->sources();
  if (json) {
    std::cout << ingest::sources_to_json(sources) << '\n';
    return;
  }
  for (const Source& s : sources) {
    std::cout << fmt::format("{}  v{}  {}  {} pages  {} chunks  {}{}\n", s.id, s.version,
                             s.file_name, s.page_count, s.chunk_count, s.title,
                             s.origin_url.empty() ? "" : "  <" + s.origin_url + ">");
  }
}

void run_remove(const std::vector<std::string>& ids, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  std::vector<std::string> resolved;
  for (const std::string& id : ids) resolved.push_back(resolve_source(*store, id));  // all first
  for (const std::string& id : resolved) {
    if (store->delete_source(id)) std::cout << fmt::format("removed {}\n", id);
  }
  // Keeps the search index current: opening it applies the deletions.
  search::open_index(*store, global.data());
}

Source require_source(store::ContentStore& store, const std::string& id,
                      std::optional<int> version) {
  auto source = store.source(id, version);
  if (source) return *source;
  if (version) throw NotFound(fmt::format("{}: no version {} of this source", id, *version));
  throw NotFound(fmt::format("{}: no such source (see `lectio sources`)", id));
}

void print_chunk(const Chunk& c, const Source& s, bool with_text) {
  std::string path;
  for (const auto& h : c.heading_path) path += (path.empty() ? "" : " > ") + h;
  // A sentence over the word cap was cut at word boundaries: say where the text runs on.
  std::string cut;
  if (c.opens_mid_sentence || c.closes_mid_sentence) {
    cut = fmt::format("  (cut mid-sentence: {})",
                      c.opens_mid_sentence && c.closes_mid_sentence ? "continues on both sides"
                      : c.opens_mid_sentence ? "continues from the previous chunk"
                                             : "continues in the next chunk");
  }
  std::cout << fmt::format("[{}] {} {}  {} words  {}{}\n", c.id(), s.file_name,
                           page_range(c.page_start, c.page_end), c.word_count, path, cut);
  if (with_text) std::cout << c.text << "\n\n";
}

void run_chunks(const std::string& id, bool json, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const auto ref = ChunkRef::parse(id + ":c0000");
  const Source source =
      require_source(*store, ref ? ref->source_id : id, ref ? ref->version : std::nullopt);
  const auto chunks = store->chunks(source.id, source.version);
  if (json) {
    std::cout << ingest::chunks_to_json(chunks) << '\n';
    return;
  }
  for (const Chunk& c : chunks) print_chunk(c, source, false);
}

void run_show(const std::string& id, bool json, GlobalOptions& global) {
  const auto ref = ChunkRef::parse(id);
  if (!ref) {
    throw InvalidInput(fmt::format("{}: not a chunk id (expected e.g. file_gpu001:c0003)", id));
  }
  auto store = store::open_content_store(global.data());
  const Source source = require_source(*store, ref->source_id, ref->version);
  const auto chunk = store->chunk(*ref);
  if (!chunk) throw NotFound(fmt::format("{}: no such chunk", id));
  if (json) {
    std::cout << ingest::chunk_to_json(*chunk) << '\n';
    return;
  }
  print_chunk(*chunk, source, true);
  if (!source.origin_url.empty()) std::cout << source.origin_url << '\n';
}

}  // namespace

void register_source_commands(CLI::App& app, GlobalOptions& global) {
  auto args = std::make_shared<AddArgs>();
  CLI::App* add = app.add_subcommand("add", "Add documents (md, txt, html, pdf, epub, docx)");
  add->add_option("paths", args->paths, "Files or directories")->required();
  add->add_option("--id", args->id, "Source id for a single file (becomes file_<ID>)");
  add->add_option("--url", args->url, "Origin URL shown beside citations (never fetched)");
  add->add_option("--title", args->title, "Title (default: from the document)");
  add->add_option("--target-words", args->target_words, "Target chunk size in words")
      ->capture_default_str();
  add->add_option("--max-words", args->max_words, "Largest chunk in words")->capture_default_str();
  add->add_option("--max-file-mb", args->max_mb, "Largest file accepted, in MiB")
      ->capture_default_str();
  add->callback([args, &global] { run_add(*args, global); });

  auto json = std::make_shared<bool>(false);
  CLI::App* sources = app.add_subcommand("sources", "List sources");
  sources->add_flag("--json", *json, "Print JSON");
  sources->callback([json, &global] { run_sources(*json, global); });

  auto ids = std::make_shared<std::vector<std::string>>();
  CLI::App* remove = app.add_subcommand(
      "remove", "Remove sources: every version and its chunks (lessons keep their text)");
  remove->add_option("sources", *ids, "Source ids, e.g. file_gpu001")->required();
  remove->callback([ids, &global] { run_remove(*ids, global); });

  auto id = std::make_shared<std::string>();
  CLI::App* chunks = app.add_subcommand("chunks", "List the chunks of a source");
  chunks->add_option("source", *id, "Source id, e.g. file_gpu001 (or file_gpu001@v1)")->required();
  chunks->add_flag("--json", *json, "Print JSON");
  chunks->callback([id, json, &global] { run_chunks(*id, *json, global); });

  CLI::App* show = app.add_subcommand("show", "Show one chunk");
  show->add_option("chunk", *id, "Chunk id, e.g. file_gpu001:c0003")->required();
  show->add_flag("--json", *json, "Print JSON");
  show->callback([id, json, &global] { run_show(*id, *json, global); });
}

}  // namespace lectio::cli
