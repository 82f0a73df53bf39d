// lectio cards and lectio quiz: a lesson's flashcards and quiz (made on demand for lessons
// stored before them), exported to Anki (.apkg; a plan gives one deck with a subdeck per
// lesson) or CSV.
#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/plan/plan.h"
#include "lectio/store/store.h"
#include "lectio/study/anki.h"
#include "lectio/study/study_set.h"

namespace lectio::cli {

namespace {

using Json = nlohmann::ordered_json;

// The lessons an id names: a lesson, else every built lesson of a plan (with the plan's title
// for the deck). Lessons stored before the study tools get their cards now, and keep them.
struct Studied {
  std::string plan_title;  // empty for one lesson
  std::vector<lesson::Lesson> lessons;
};

lesson::Lesson with_study(store::ContentStore& store, lesson::Lesson l) {
  if (l.study) return l;
  study::add_study_set(l, store);
  const auto record = store.record(store::RecordKind::kLesson, l.id);
  pipeline::save_lesson(store, l, record ? record->owner : "");
  return l;
}

Studied studied(store::ContentStore& store, const std::string& id) {
  Studied out;
  if (auto l = pipeline::load_lesson(store, id)) {
    out.lessons.push_back(with_study(store, std::move(*l)));
    return out;
  }
  const auto p = plan::load_plan(store, id);
  if (!p) throw NotFound(fmt::format("{}: no such lesson or plan (see `lectio lessons`)", id));
  out.plan_title = p->title;
  for (const auto& chapter : p->chapters) {
    for (const auto& pl : chapter.lessons) {
      if (pl.id.empty()) continue;
      if (auto l = pipeline::load_lesson(store, pl.id)) {
        out.lessons.push_back(with_study(store, std::move(*l)));
      }
    }
  }
  if (out.lessons.empty()) throw NotFound(fmt::format("{}: the plan has no built lessons", id));
  return out;
}

std::string deck_name(std::string_view title) {
  std::string out(title);
  // "::" nests decks in Anki: a title must not open a subdeck of its own.
  for (std::size_t at = out.find("::"); at != std::string::npos; at = out.find("::", at)) {
    out.replace(at, 2, ": ");
  }
  return out;
}

void write_anki(const Studied& s, const std::string& path) {
  std::vector<study::AnkiDeck> decks;
  for (const auto& l : s.lessons) {
    const std::string name = s.plan_title.empty()
                                 ? deck_name(l.title)
                                 : deck_name(s.plan_title) + "::" + deck_name(l.title);
    decks.push_back({name, study::anki_notes(l)});
  }
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  study::write_apkg(decks, path, now);
}

void write_csv(const Studied& s, const std::string& path) {
  std::string out;
  for (const auto& l : s.lessons) {
    std::string csv = study::cards_csv(l);
    if (!out.empty()) csv.erase(0, csv.find("\r\n") + 2);  // one header
    out += csv;
  }
  write_file_atomic(path, out);
}

Json lesson_json(const lesson::Lesson& l, const char* part) {
  const Json study = Json::parse(lesson::study_to_json(*l.study));
  return {{"lesson", l.id}, {"title", l.title}, {"engine", study["engine"]}, {part, study[part]}};
}

void print_json(const Studied& s, const char* part) {
  if (s.plan_title.empty()) {
    std::cout << lesson_json(s.lessons.front(), part).dump(2) << '\n';
    return;
  }
  Json lessons = Json::array();
  for (const auto& l : s.lessons) lessons.push_back(lesson_json(l, part));
  std::cout << Json{{"plan", s.plan_title}, {"lessons", std::move(lessons)}}.dump(2) << '\n';
}

void print_cards(const Studied& s) {
  for (const auto& l : s.lessons) {
    std::cout << fmt::format("# {} ({} cards)\n\n", l.title, l.study->cards.size());
    for (const auto& c : l.study->cards) {
      std::cout << fmt::format("Q: {}\nA: {}\n   [{}]\n\n", c.front, c.answer, c.chunk_id);
    }
  }
}

void print_quiz(const Studied& s) {
  for (const auto& l : s.lessons) {
    std::cout << fmt::format("# {} ({} questions)\n\n", l.title, l.study->quiz.size());
    int n = 0;
    for (const auto& q : l.study->quiz) {
      std::cout << fmt::format("{}. {}\n", ++n, q.question);
      for (std::size_t i = 0; i < q.options.size(); ++i) {
        std::cout << fmt::format("   {}) {}\n", static_cast<char>('A' + i), q.options[i]);
      }
      std::cout << fmt::format("   Answer: {}. {}\n   [{}]\n\n", static_cast<char>('A' + q.answer),
                               q.explanation, q.chunk_id);
    }
  }
}

struct CardsArgs {
  std::string id;
  bool json = false;
  std::string anki;
  std::string csv;
};

void run_cards(const CardsArgs& args, GlobalOptions& global) {
  auto store = store::open_content_store(global.data());
  const Studied s = studied(*store, args.id);
  if (!args.anki.empty()) write_anki(s, args.anki);
  if (!args.csv.empty()) write_csv(s, args.csv);
  if (args.json) {
    print_json(s, "cards");
  } else if (args.anki.empty() && args.csv.empty()) {
    print_cards(s);
  } else {
    std::size_t cards = 0;
    for (const auto& l : s.lessons) cards += l.study->cards.size();
    std::cerr << fmt::format("{} cards from {} lesson(s) written\n", cards, s.lessons.size());
  }
}

}  // namespace

void register_study_commands(CLI::App& app, GlobalOptions& global) {
  auto args = std::make_shared<CardsArgs>();
  CLI::App* cards = app.add_subcommand(
      "cards", "A lesson's flashcards (a plan's: every lesson's), or export them to Anki or CSV");
  cards->add_option("lesson", args->id, "A lesson or plan id or slug")->required();
  cards->add_flag("--json", args->json, "Print JSON");
  cards->add_option("--anki", args->anki, "Write an Anki package (.apkg) here");
  cards->add_option("--csv", args->csv, "Write the cards as CSV here");
  cards->callback([args, &global] { run_cards(*args, global); });

  auto quiz_args = std::make_shared<CardsArgs>();
  CLI::App* quiz = app.add_subcommand("quiz", "A lesson's multiple-choice quiz");
  quiz->add_option("lesson", quiz_args->id, "A lesson or plan id or slug")->required();
  quiz->add_flag("--json", quiz_args->json, "Print JSON");
  quiz->callback([quiz_args, &global] {
    auto store = store::open_content_store(global.data());
    const Studied s = studied(*store, quiz_args->id);
    if (quiz_args->json) {
      print_json(s, "quiz");
      return;
    }
    print_quiz(s);
  });
}

}  // namespace lectio::cli
