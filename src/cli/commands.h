#pragma once
// One function per command group; each registers its subcommands on the app. A command's
// callback throws lectio::Error on failure; run() turns that into a message and a status.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <optional>
#include <string>

#include "lectio/speech/render.h"

namespace lectio::store {
class ContentStore;
}

namespace lectio::cli {

struct GlobalOptions {
  std::optional<std::string> data_dir;  // --data
  std::string store;                    // --store / $LECTIO_STORE: a PostgreSQL URL, or ""
  int exit_code = 0;                    // set by commands that fail part-way (e.g. some files)
  std::filesystem::path data() const;
};

// Accepts "file_gpu001" and the short "gpu001"; throws NotFound naming an unknown id.
std::string resolve_source(store::ContentStore& store, const std::string& id);

// --clip-cache-mb, --unit-cache-mb and --sentence-cache-mb, the bounds of a render's caches
// (in MiB), into `limits`.
void add_cache_options(CLI::App& cmd, speech::CacheLimits& limits);

void register_source_commands(CLI::App& app, GlobalOptions& global);
// search, reindex and eval (eval is registered by register_search_commands).
void register_search_commands(CLI::App& app, GlobalOptions& global);
void register_eval_command(CLI::App& app, GlobalOptions& global);
void register_summarize_commands(CLI::App& app, GlobalOptions& global);
void register_lesson_commands(CLI::App& app, GlobalOptions& global);
// lesson script | apply | versions | revert (edit_commands.cpp), under `lesson`.
void register_lesson_edit_commands(CLI::App& lesson, GlobalOptions& global);
// voices [--json] | add | remove | test.
void register_voices_commands(CLI::App& app, GlobalOptions& global);
// lessons (stored lessons).
void register_library_commands(CLI::App& app, GlobalOptions& global);
// plan build | draft | show | related, and plans.
void register_plan_commands(CLI::App& app, GlobalOptions& global);
// ask and verify: answers and a fact check against the sources.
void register_ask_commands(CLI::App& app, GlobalOptions& global);
// cards and quiz: a lesson's flashcards (also as .apkg or CSV) and quiz.
void register_study_commands(CLI::App& app, GlobalOptions& global);
// serve: the web app.
void register_serve_command(CLI::App& app, GlobalOptions& global);
// migrate and jobs: the store's schema and the job queue (worker_commands.cpp).
void register_worker_commands(CLI::App& app, GlobalOptions& global);

}  // namespace lectio::cli
