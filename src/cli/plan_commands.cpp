// lectio plan build | draft | show | related, and lectio plans.
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "commands.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/core/progress.h"
#include "lectio/plan/builder.h"
#include "lectio/plan/draft.h"
#include "lectio/plan/plan.h"
#include "lectio/plan/plan_file.h"
#include "lectio/plan/related.h"
#include "lectio/plan/totals.h"
#include "lectio/store/store.h"
#include "lectio/text/duration.h"
#include "plan_build.h"

namespace lectio::cli {

namespace {

struct DraftArgs {
  std::string goal;
  std::vector<std::string> sources;
  int chapters = 4;
  std::string audience;
  std::string out;
};

std::string lesson_length(const plan::PlanLesson& l, const std::string& language) {
  if (l.status == plan::LessonStatus::kFailed) return "failed";
  if (l.measured_seconds) {
    const int s = static_cast<int>(*l.measured_seconds + 0.5);
    return fmt::format("{}:{:02d}", s / 60, s % 60);
  }
  return "~" + text::format_duration(l.estimated_minutes * 60, language);
}

void print_plan(const plan::Plan& p) {
  const bool zh = p.language == "zh";
  const plan::Totals& t = p.totals;
  std::cout << p.title << '\n'
            << fmt::format(fmt::runtime(zh ? "{} · {} 课 · {}\n" : "{} · {} lessons · {}\n"),
                           plan::format_chapters(t.chapters, p.language), t.lessons, t.duration);
  if (t.estimated_lessons > 0) {
    std::cout << fmt::format(
        fmt::runtime(zh ? "（{} 课没有音频，时长为估计值）\n"
                        : "({} lessons have no audio yet: their length is an estimate)\n"),
        t.estimated_lessons);
  }
  if (t.failed_lessons > 0) {
    std::cout << fmt::format(
        fmt::runtime(zh ? "（{} 课构建失败）\n" : "({} lessons failed to build)\n"),
        t.failed_lessons);
  }
  if (!p.description.empty()) std::cout << '\n' << p.description << '\n';
  if (!p.audience.empty()) std::cout << (zh ? "适合：" : "For: ") << p.audience << '\n';
  for (std::size_t c = 0; c < p.chapters.size(); ++c) {
    const plan::PlanChapter& chapter = p.chapters[c];
    std::cout << '\n'
              << fmt::format(fmt::runtime(zh ? "第 {} 章 {}\n" : "Chapter {}. {}\n"), c + 1,
                             chapter.title);
    for (std::size_t l = 0; l < chapter.lessons.size(); ++l) {
      const plan::PlanLesson& lesson = chapter.lessons[l];
      const std::string& name = lesson.title.empty() ? lesson.topic : lesson.title;
      std::cout << fmt::format("  {}. {}  {}  {}\n", l + 1, name, lesson_length(lesson, p.language),
                               lesson.id.empty() ? lesson.error : lesson.id);
    }
  }
}

}  // namespace

void report_build(const BuildArgs& args, const plan::PlanFile& file,
                  const plan::BuildResult& result, std::chrono::steady_clock::time_point start,
                  GlobalOptions& global) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr,
               "lectio: plan %s: %d lessons: %d composed, %d rendered, %d reused, %d failed "
               "(%.1f s)\n",
               result.plan.id.c_str(), lesson_count(file), result.composed, result.rendered,
               result.reused, result.failed, seconds);
  if (result.failed > 0) global.exit_code = 1;
  if (!args.json) {
    print_plan(result.plan);
    return;
  }
  auto json = nlohmann::ordered_json::parse(plan::plan_to_json(result.plan));
  json["build"] = {{"composed", result.composed},
                   {"rendered", result.rendered},
                   {"reused", result.reused},
                   {"failed", result.failed},
                   {"seconds", seconds}};
  std::cout << json.dump(2) << '\n';
}

namespace {

void run_build(const BuildArgs& args, GlobalOptions& global) {
  const auto start = std::chrono::steady_clock::now();
  const plan::PlanFile file = plan::load_plan_file(args.file);
  if (args.queue) return run_queued_build(args, file, global);
  plan::BuildOptions options;
  options.data_dir = global.data();
  options.jobs = args.jobs;
  options.audio = !args.no_audio;
  options.audio_dir = args.out;
  options.lexicon = args.lexicon;
  options.render_cache = args.cache;
  options.engines = engine_setup(args.engine);
  std::optional<Progress> progress;
  options.on_lesson = [&](const plan::LessonOutcome& o, int done, int total) {
    if (!progress) progress.emplace("Building lessons", total, 0, "lessons");
    // On a terminal a message first clears the bar's line; the bar redraws below it.
    const char* clear = progress->enabled() ? "\r\x1b[K" : "";
    const std::string& label = o.entry.label;
    for (const std::string& w : o.warnings) {
      std::fprintf(stderr, "%slectio: warning: %s: %s: %s\n", clear, args.file.c_str(),
                   label.c_str(), w.c_str());
    }
    if (o.entry.status == plan::LessonStatus::kFailed) {
      std::fprintf(stderr, "%slectio: error: %s: %s (%s): %s\n", clear, args.file.c_str(),
                   label.c_str(), o.entry.topic.c_str(), o.entry.error.c_str());
    }
    progress->advance(1, 0);
    if (done == total) progress->finish();
  };
  report_build(args, file, plan::build_plan(file, options), start, global);
}

void run_draft(const DraftArgs& args, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  plan::DraftOptions options;
  options.goal = args.goal;
  options.source_ids = args.sources;
  options.chapters = args.chapters;
  options.audience = args.audience;
  const std::string yaml = plan::draft_to_yaml(plan::draft_plan(*store, options));
  if (yaml.empty()) throw Internal("plan draft: the plan file could not be written as YAML");
  if (args.out.empty()) {
    std::cout << yaml;
    return;
  }
  write_file_atomic(args.out, yaml);
  std::fprintf(stderr, "lectio: drafted %s; edit it, then run `lectio plan build %s`\n",
               args.out.c_str(), args.out.c_str());
}

plan::Plan find_plan(store::ContentStore& store, const std::string& id) {
  auto p = plan::load_plan(store, id);
  if (!p) throw NotFound(fmt::format("{}: no such plan (see `lectio plans`)", id));
  return *p;
}

void run_show(const std::string& id, bool json, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const plan::Plan p = find_plan(*store, id);
  if (json) {
    std::cout << plan::plan_to_json(p) << '\n';
    return;
  }
  print_plan(p);
}

void run_related(const std::string& id, int k, bool json, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const auto related = plan::related_plans(*store, id, k);
  if (json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& r : related) {
      out.push_back({{"id", r.id},
                     {"title", r.title},
                     {"score", r.score},
                     {"duration", r.totals.duration},
                     {"seconds", r.totals.seconds},
                     {"chapters", r.totals.chapters}});
    }
    std::cout << out.dump(2) << '\n';
    return;
  }
  if (related.empty()) std::cout << "no related plans\n";
  for (const auto& r : related) {
    std::cout << fmt::format("{:.3f}  {}  {}  ({})\n", r.score, r.id, r.title, r.totals.duration);
  }
}

void run_plans(bool json, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const auto plans = plan::list_plans(*store);
  if (json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const plan::Plan& p : plans) {
      const auto full = nlohmann::ordered_json::parse(plan::plan_to_json(p));
      out.push_back({{"id", p.id},
                     {"slug", p.slug},
                     {"title", p.title},
                     {"language", p.language},
                     {"description", p.description},
                     {"totals", full["totals"]}});
    }
    std::cout << out.dump(2) << '\n';
    return;
  }
  for (const plan::Plan& p : plans) {
    std::cout << fmt::format("{}  {}  [{}]  {}, {}\n", p.id, p.title, p.language,
                             plan::format_chapters(p.totals.chapters, p.language),
                             p.totals.duration);
  }
}

}  // namespace

void register_plan_commands(CLI::App& app, GlobalOptions& global) {
  CLI::App* plan = app.add_subcommand("plan", "Build, draft, show or relate learning plans");
  plan->require_subcommand(1);

  auto build = std::make_shared<BuildArgs>();
  CLI::App* b = plan->add_subcommand("build", "Build every lesson of a plan file and store it");
  b->add_option("plan", build->file, "The plan file (YAML)")->required();
  b->add_flag("--json", build->json, "Print the plan as JSON");
  b->add_flag("--no-audio", build->no_audio, "Compose only; totals are then estimates");
  b->add_option("--jobs", build->jobs, "Lessons built at once (default: one per core)");
  b->add_option("--out", build->out, "Directory for the audio files (default: <data>/audio)");
  b->add_option("--lexicon", build->lexicon,
                "Pronunciation lexicon (default: <data>/lexicon.yaml)");
  b->add_flag("--queue", build->queue,
              "Queue the lessons for `lectio worker`s (the store's job queue) and follow them");
  b->add_flag("--no-wait", build->no_wait, "With --queue: print the job ids and return");
  add_cache_options(*b, build->cache);
  add_engine_options(*b, build->engine);
  b->callback([build, &global] {
    if (build->no_wait && !build->queue) throw InvalidInput("plan build: --no-wait needs --queue");
    run_build(*build, global);
  });

  auto draft = std::make_shared<DraftArgs>();
  CLI::App* d = plan->add_subcommand("draft", "Draft a plan file from the sources alone");
  d->add_option("--goal", draft->goal, "What the plan should teach")->required();
  d->add_option("--sources", draft->sources, "Source ids (default: every source)")->delimiter(',');
  d->add_option("--chapters", draft->chapters, "How many chapters")->capture_default_str();
  d->add_option("--audience", draft->audience, "Who the plan is for");
  d->add_option("--out", draft->out, "Write the plan file here instead of printing it");
  d->callback([draft, &global] { run_draft(*draft, global); });

  auto id = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  CLI::App* s = plan->add_subcommand("show", "Show a stored plan");
  s->add_option("plan", *id, "A plan id or slug")->required();
  s->add_flag("--json", *json, "Print JSON");
  s->callback([id, json, &global] { run_show(*id, *json, global); });

  auto rid = std::make_shared<std::string>();
  auto rjson = std::make_shared<bool>(false);
  auto k = std::make_shared<int>(3);
  CLI::App* r = plan->add_subcommand("related", "The plans most related to a plan or a lesson");
  r->add_option("id", *rid, "A plan or lesson id or slug")->required();
  r->add_option("--k", *k, "How many plans at most")->capture_default_str();
  r->add_flag("--json", *rjson, "Print JSON");
  r->callback([rid, k, rjson, &global] { run_related(*rid, *k, *rjson, global); });

  auto plans_json = std::make_shared<bool>(false);
  CLI::App* plans = app.add_subcommand("plans", "List stored plans with their totals");
  plans->add_flag("--json", *plans_json, "Print JSON");
  plans->callback([plans_json, &global] { run_plans(*plans_json, global); });
}

}  // namespace lectio::cli
