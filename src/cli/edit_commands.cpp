// lectio lesson script | apply | versions | revert: edit a stored lesson's script (issue 32).
#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "commands.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/lesson/script_text.h"
#include "lectio/media/media.h"
#include "lectio/pipeline/lesson_edit.h"
#include "lectio/store/store.h"

namespace lectio::cli {

namespace {

// A script is text a person edits: far below this.
constexpr std::uintmax_t kMaxScriptBytes = 4u << 20;

struct EditArgs {
  std::string id;
  std::string file;
  int version = 0;
  int delete_version = 0;
  bool strict = false;
  bool no_audio = false;
  bool diff = false;
  std::string out;
  std::string lexicon;
  speech::CacheLimits cache;
  std::optional<std::string> media;  // with --delete: the media store its audio was published to
};

pipeline::CurrentLesson current(store::ContentStore& store, const std::string& id) {
  auto c = pipeline::current_lesson(store, id);
  if (!c) throw NotFound(fmt::format("{}: no such lesson (see `lectio lessons`)", id));
  return std::move(*c);
}

pipeline::EditOptions edit_options(const EditArgs& args) {
  pipeline::EditOptions options;
  options.strict = args.strict;
  options.render.audio = !args.no_audio;
  options.render.audio_dir = args.out;
  options.render.lexicon = args.lexicon;
  options.render.render_cache = args.cache;
  return options;
}

void report_result(const pipeline::EditResult& r) {
  if (!r.audio) return;
  const int whole = static_cast<int>(r.audio->seconds + 0.5);
  std::fprintf(stderr, "lectio: %s %d:%02d of audio: %s\n",
               r.audio->reused ? "already rendered:" : "rendered", whole / 60, whole % 60,
               r.audio->mp3.c_str());
}

void run_script(const EditArgs& args, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const auto c = current(*store, args.id);
  std::cout << lesson::script_to_text(c.lesson, c.version);
}

void run_apply(const EditArgs& args, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const auto c = current(*store, args.id);
  const std::string text = read_file(args.file, kMaxScriptBytes);
  lesson::ScriptEdit edit = lesson::parse_script_text(text, args.file, c.lesson);
  const pipeline::EditResult r = pipeline::apply_edit(*store, global.data(), c, std::move(edit),
                                                      args.file, edit_options(args));
  for (const auto& f : r.check.unsupported) {
    std::fprintf(stderr, "%s:%d: unsupported (%s): %s\n", args.file.c_str(), f.line,
                 f.reason.c_str(), f.text.c_str());
  }
  std::fprintf(stderr,
               "lectio: %d edited sentences checked, %zu unsupported; %d unchanged; %d connective "
               "lines (uncited)\n",
               r.check.checked, r.check.unsupported.size(), r.check.unchanged, r.check.connective);
  if (!r.stored) {
    throw InvalidInput(fmt::format(
        "{}: {} edited sentences are not supported by their citations (--strict); nothing saved",
        args.file, r.check.unsupported.size()));
  }
  report_result(r);
  std::cout << fmt::format("{} version {}\n", r.lesson.id, r.lesson.version);
}

void run_delete_version(const EditArgs& args, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const auto c = current(*store, args.id);
  pipeline::LessonOptions options = edit_options(args).render;
  // The media directory when there is one: deleting a version creates none.
  const auto media_dir = media::resolve_media_dir(args.media, global.data());
  std::unique_ptr<media::MediaStore> media;
  if (std::error_code ec; args.media || std::filesystem::is_directory(media_dir, ec)) {
    media = media::open_media_dir(media_dir);
    options.media = media.get();
  }
  const auto removed =
      pipeline::delete_version(*store, global.data(), c, args.delete_version, options);
  std::cout << fmt::format("{} version {} deleted; {} files removed{}\n", c.lesson.id,
                           args.delete_version, removed.files.size(),
                           removed.media_keys.empty() ? ""
                                                      : fmt::format(", {} from the media store",
                                                                    removed.media_keys.size()));
}

void run_versions(const EditArgs& args, GlobalOptions& global) {
  if (args.delete_version != 0) {
    run_delete_version(args, global);
    return;
  }
  auto store = store::open_content_store(global.data());
  const auto c = current(*store, args.id);
  const auto record = store->record(store::RecordKind::kLesson, c.lesson.id);
  const int published = record ? lesson::lesson_from_json(record->body).version : 0;
  std::optional<lesson::Lesson> previous;
  for (const store::LessonVersion& v : pipeline::lesson_versions(*store, c)) {
    std::cout << fmt::format("{}  {}  {}{}{}\n", v.version, v.created_at, v.note,
                             v.author.empty() ? "" : " by " + v.author,
                             v.version == published ? "  (published)" : "");
    if (!args.diff) continue;
    lesson::Lesson l = lesson::lesson_from_json(v.body);
    if (previous) {
      for (const std::string& line : pipeline::script_diff(*previous, l)) {
        std::cout << "    " << line << '\n';
      }
    }
    previous = std::move(l);
  }
}

void run_revert(const EditArgs& args, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const auto c = current(*store, args.id);
  const pipeline::EditResult r =
      pipeline::revert_lesson(*store, global.data(), c, args.version, edit_options(args));
  report_result(r);
  std::cout << fmt::format("{} version {} (the content of version {})\n", r.lesson.id,
                           r.lesson.version, args.version);
}

void add_audio_options(CLI::App& cmd, EditArgs& args) {
  cmd.add_flag("--no-audio", args.no_audio, "Do not render audio");
  cmd.add_option("--out", args.out, "Directory for the audio files (default: <data>/audio)");
  cmd.add_option("--lexicon", args.lexicon,
                 "Pronunciation lexicon, YAML word: spoken form (default: <data>/lexicon.yaml)");
  add_cache_options(cmd, args.cache);
}

}  // namespace

void register_lesson_edit_commands(CLI::App& lesson, GlobalOptions& global) {
  auto args = std::make_shared<EditArgs>();
  CLI::App* script = lesson.add_subcommand("script", "Print a stored lesson's editable script");
  script->add_option("id", args->id, "A lesson id or slug")->required();
  script->callback([args, &global] { run_script(*args, global); });

  CLI::App* apply =
      lesson.add_subcommand("apply", "Check an edited script and store it as a new version");
  apply->add_option("id", args->id, "A lesson id or slug")->required();
  apply->add_option("file", args->file, "The edited script (from `lectio lesson script`)")
      ->required();
  apply->add_flag("--strict", args->strict,
                  "Save nothing when an edited sentence is not supported by its citations");
  add_audio_options(*apply, *args);
  apply->callback([args, &global] { run_apply(*args, global); });

  CLI::App* versions = lesson.add_subcommand("versions", "List a lesson's versions");
  versions->add_option("id", args->id, "A lesson id or slug")->required();
  versions->add_flag("--diff", args->diff, "Show what each version changed");
  versions
      ->add_option("--delete", args->delete_version,
                   "Delete this version and its audio files (never the published one)")
      ->check(CLI::Range(1, 1000000))
      ->excludes("--diff");
  versions->add_option("--out", args->out,
                       "With --delete: the audio directory (default: <data>/audio)");
  versions->add_option("--lexicon", args->lexicon,
                       "With --delete: the lexicon the audio was rendered with");
  versions->add_option("--media", args->media,
                       "With --delete: the media directory its audio was published to (default: "
                       "$LECTIO_MEDIA, else <data>/audio)");
  versions->callback([args, &global] { run_versions(*args, global); });

  CLI::App* revert =
      lesson.add_subcommand("revert", "Store an earlier version's content as a new version");
  revert->add_option("id", args->id, "A lesson id or slug")->required();
  revert->add_option("version", args->version, "The version to go back to")->required();
  add_audio_options(*revert, *args);
  revert->callback([args, &global] { run_revert(*args, global); });
}

}  // namespace lectio::cli
