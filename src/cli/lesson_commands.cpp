// lectio lesson

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "commands.h"
#include "engine_options.h"
#include "lectio/core/error.h"
#include "lectio/core/progress.h"
#include "lectio/lesson/brief.h"
#include "lectio/pipeline/make_lesson.h"
#include "lectio/speech/render.h"

namespace lectio::cli {

namespace {

struct LessonArgs {
  std::string brief;
  bool json = false;
  bool markdown = false;
  bool no_audio = false;
  bool strict = false;
  std::string out;      // audio directory; default <data>/audio
  std::string lexicon;  // pronunciation lexicon; default <data>/lexicon.yaml when present
  speech::CacheLimits cache;
  EngineArgs engine;
};

// Names the audio files on stderr: stdout carries only the lesson document.
void report_audio(const speech::RenderResult& r) {
  const int whole = static_cast<int>(r.seconds + 0.5);
  std::fprintf(stderr, "lectio: %s %d:%02d of audio, %.1f LUFS, %.1f dBTP\n",
               r.reused ? "unchanged, not rendered again:" : "rendered", whole / 60, whole % 60,
               r.integrated_lufs, r.true_peak_dbtp);
  for (const auto* p : {&r.mp3, &r.opus, &r.vtt, &r.chapters}) {
    std::fprintf(stderr, "lectio: audio: %s\n", p->c_str());
  }
}

void run_lesson(const LessonArgs& args, GlobalOptions& global) {
  // The engine before the store: a bad engine option or brief field changes nothing.
  const pipeline::EngineSetup engines = engine_setup(args.engine);
  const lesson::Brief brief =
      pipeline::with_engine(lesson::load_brief(args.brief), engines, args.brief);
  pipeline::LessonOptions options;
  options.audio = !args.no_audio;
  options.audio_dir = args.out;
  options.lexicon = args.lexicon;
  options.render_cache = args.cache;
  std::optional<Progress> progress;  // made once the sentence count is known
  std::int64_t shown = 0;
  options.on_progress = [&](const pipeline::LessonProgress& p) {
    if (p.stage != pipeline::Stage::kRendering || p.total == 0) return;
    if (!progress) progress.emplace("Synthesising sentences", p.total, 0, "sentences");
    progress->advance(p.done - shown, 0);
    shown = p.done;
  };
  pipeline::LessonMaker maker(global.data(), engines);
  const pipeline::LessonResult made = maker.make(brief, options);
  if (progress) progress->finish();
  const lesson::Lesson& lesson = made.lesson;
  for (const std::string& w : lesson.warnings) {
    std::fprintf(stderr, "lectio: warning: %s: %s\n", args.brief.c_str(), w.c_str());
  }
  if (made.audio) report_audio(*made.audio);
  if (args.json) {
    std::cout << lesson::lesson_to_json(lesson) << '\n';
  } else {
    std::cout << lesson::lesson_to_markdown(lesson);
  }
  bool unsupported = false;
  for (const auto& c : lesson.grounding.insights) unsupported = unsupported || !c.supported;
  if (args.strict && unsupported) {
    std::fprintf(stderr, "lectio: error: %s: some insights are not supported by the sources\n",
                 args.brief.c_str());
    global.exit_code = 1;
  }
}

}  // namespace

void add_cache_options(CLI::App& cmd, speech::CacheLimits& limits) {
  const auto bound = [&cmd](const char* name, std::uintmax_t& bytes, const char* what) {
    cmd.add_option_function<std::uintmax_t>(
           name, [&bytes](std::uintmax_t mb) { bytes = mb << 20; },
           fmt::format("Bound of the {} cache under the audio directory, in MiB (default {})", what,
                       bytes >> 20))
        ->check(CLI::Range(std::uintmax_t{0}, std::uintmax_t{1} << 30));
  };
  bound("--clip-cache-mb", limits.clip_bytes, "sentence clip");
  bound("--unit-cache-mb", limits.unit_bytes, "render unit");
  bound("--sentence-cache-mb", limits.sentence_bytes, "speech-server answer");
}

void register_lesson_commands(CLI::App& app, GlobalOptions& global) {
  auto args = std::make_shared<LessonArgs>();
  CLI::App* lesson = app.add_subcommand("lesson", "Compose a lesson from a brief (YAML)");
  // Not required: `lesson script|apply|versions|revert` take none.
  lesson->add_option("brief", args->brief, "The brief, e.g. examples/gpu-tpu/brief.yaml");
  auto* json = lesson->add_flag("--json", args->json, "Print the lesson as JSON");
  auto* md = lesson->add_flag("--markdown", args->markdown, "Print the lesson as Markdown");
  json->excludes(md);
  lesson->add_flag("--no-audio", args->no_audio, "Do not render audio");
  lesson->add_option("--out", args->out, "Directory for the audio files (default: <data>/audio)");
  lesson->add_option(
      "--lexicon", args->lexicon,
      "Pronunciation lexicon, YAML word: spoken form (default: <data>/lexicon.yaml)");
  add_cache_options(*lesson, args->cache);
  lesson->add_flag("--strict", args->strict,
                   "Exit 1 when an insight is not supported by the sources");
  add_engine_options(*lesson, args->engine);
  register_lesson_edit_commands(*lesson, global);
  lesson->require_subcommand(0, 1);
  lesson->callback([args, lesson, &global] {
    if (!lesson->get_subcommands().empty()) return;
    if (args->brief.empty()) {
      throw CLI::RequiredError("brief (or one of: script, apply, versions, revert)");
    }
    run_lesson(*args, global);
  });
}

}  // namespace lectio::cli
