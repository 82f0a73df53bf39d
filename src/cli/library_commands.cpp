// lectio lessons: what has been composed and stored.
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "lectio/compose/composer.h"
#include "lectio/core/error.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/store/store.h"

namespace lectio::cli {

namespace {

void run_lessons(bool json, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const auto records = store->records(store::RecordKind::kLesson);
  if (json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& r : records) {
      const lesson::Lesson l = lesson::lesson_from_json(r.body);
      nlohmann::ordered_json item = {{"id", l.id},
                                     {"slug", l.slug},
                                     {"title", l.title},
                                     {"plan", l.plan},
                                     {"language", l.language},
                                     {"host", l.host},
                                     {"date", l.date},
                                     {"estimated_minutes", l.duration.estimated_minutes},
                                     {"updated_at", r.updated_at}};
      if (l.duration.measured_seconds) item["measured_seconds"] = *l.duration.measured_seconds;
      out.push_back(std::move(item));
    }
    std::cout << out.dump(2) << '\n';
    return;
  }
  for (const auto& r : records) {
    std::cout << fmt::format("{}  {}  [{}]  {}\n", r.id, r.title, r.language, r.plan);
  }
}

void run_lesson_show(const std::string& id, bool json, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const auto lesson = pipeline::load_lesson(*store, id);
  if (!lesson) throw NotFound(fmt::format("{}: no such lesson (see `lectio lessons`)", id));
  std::cout << (json ? lesson::lesson_to_json(*lesson) + "\n"
                     : lesson::lesson_to_markdown(*lesson));
}

}  // namespace

void register_library_commands(CLI::App& app, GlobalOptions& global) {
  auto json = std::make_shared<bool>(false);
  CLI::App* lessons = app.add_subcommand("lessons", "List stored lessons, or show one");
  auto id = std::make_shared<std::string>();
  lessons->add_option("lesson", *id, "A lesson id or slug to show");
  lessons->add_flag("--json", *json, "Print JSON");
  lessons->callback([id, json, &global] {
    if (id->empty()) {
      run_lessons(*json, global);
      return;
    }
    run_lesson_show(*id, *json, global);
  });
}

}  // namespace lectio::cli
