// lectio ask | verify: grounded answers and a fact check against the sources.
#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "engine_options.h"
#include "lectio/ask/answer.h"
#include "lectio/compose/composer.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/grounding/verify.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"
#include "lectio/text/strings.h"

namespace lectio::cli {

namespace {

constexpr int kMaxAnswerSentences = 4;

struct AskArgs {
  std::string question;
  std::vector<std::string> sources;
  std::string lesson;
  int k = 3;
  bool json = false;
  EngineArgs engine;
};

struct VerifyArgs {
  std::string file;
  std::vector<std::string> sources;
  bool json = false;
};

std::vector<std::string> resolve_sources(store::ContentStore& store,
                                         const std::vector<std::string>& ids) {
  std::vector<std::string> out;
  for (const std::string& id : ids) out.push_back(resolve_source(store, id));
  return out;
}

std::unique_ptr<search::Index> open_index(store::ContentStore& store, GlobalOptions& global) {
  auto index = search::open_index(store, global.data());
  if (index->stats().rebuilt) {
    std::fprintf(stderr, "lectio: note: the search index was rebuilt from the store\n");
  }
  return index;
}

void print_answer(const ask::Answer& a, bool json) {
  if (json) {
    nlohmann::ordered_json sentences = nlohmann::ordered_json::array();
    for (const lesson::ScriptSentence& s : a.sentences) {
      sentences.push_back({{"text", s.text}, {"citations", s.citations}, {"support", s.support}});
    }
    nlohmann::ordered_json out = {{"question", a.question},
                                  {"supported", a.supported},
                                  {"refusal", name_of(ask::kRefusalNames, a.refusal)},
                                  {"answer", sentences}};
    if (!a.supported) out["message"] = ask::refusal_message(a);
    std::cout << out.dump(2) << '\n';
    return;
  }
  if (!a.supported) {
    std::cout << ask::refusal_message(a) << '\n';
    return;
  }
  for (const lesson::ScriptSentence& s : a.sentences) {
    std::string cites;
    for (const std::string& c : s.citations) cites += (cites.empty() ? "" : ", ") + c;
    std::cout << fmt::format("{} [{}]\n", s.text, cites);
  }
}

void run_ask(const AskArgs& args, GlobalOptions& global) {
  if (text::collapse_whitespace(args.question).empty()) {
    throw InvalidInput("question: is empty; ask something about your sources");
  }
  if (args.k < 1 || args.k > kMaxAnswerSentences) {
    throw InvalidInput(fmt::format("--k {}: must be 1..{}", args.k, kMaxAnswerSentences));
  }
  if (!args.lesson.empty() && !args.sources.empty()) {
    throw InvalidInput("--lesson and --source: give one or the other");
  }
  // The engine before the store: a bad engine option changes nothing.
  const pipeline::EngineSetup engines = engine_setup(args.engine);
  auto store = store::open_content_store(global.data());
  ask::AnswerOptions options;
  options.max_sentences = args.k;
  if (engines.choice == "llm") options.writer = engines.llm.get();
  std::vector<std::string> sources = resolve_sources(*store, args.sources);
  auto index = open_index(*store, global);
  if (!args.lesson.empty()) {
    const auto lesson = pipeline::load_lesson(*store, args.lesson);
    if (!lesson)
      throw NotFound(fmt::format("{}: no such lesson (see `lectio lessons`)", args.lesson));
    print_answer(ask::answer_question(args.question, *lesson, *store, *index, options), args.json);
    return;
  }
  print_answer(ask::answer_from_sources(args.question, sources, *store, *index, options),
               args.json);
}

nlohmann::ordered_json to_json(const grounding::Verification& v) {
  nlohmann::ordered_json sentences = nlohmann::ordered_json::array();
  for (const grounding::VerifiedSentence& s : v.sentences) {
    nlohmann::ordered_json unsupported = nlohmann::ordered_json::array();
    for (const grounding::UnsupportedTerm& t : s.unsupported) unsupported.push_back(t.text);
    sentences.push_back({{"text", s.text},
                         {"support", s.support},
                         {"score", s.score},
                         {"supported", s.supported},
                         {"citations", s.citations},
                         {"unsupported", unsupported}});
  }
  return {{"score", v.score}, {"language", v.language}, {"sentences", sentences}};
}

void print_verification(const grounding::Verification& v) {
  for (const grounding::VerifiedSentence& s : v.sentences) {
    std::string cites;
    for (const std::string& c : s.citations) cites += (cites.empty() ? "" : ", ") + c;
    std::cout << fmt::format("{} {:.2f}  {}", s.supported ? "ok " : "NO ", s.support, s.text);
    if (!cites.empty()) std::cout << fmt::format(" [{}]", cites);
    std::cout << '\n';
    if (!s.unsupported.empty()) {
      std::string missing;
      for (const auto& t : s.unsupported) missing += (missing.empty() ? "" : ", ") + t.text;
      std::cout << fmt::format("         not in the sources: {}\n", missing);
    }
  }
  std::cout << fmt::format("score {:.2f} ({} sentences)\n", v.score, v.sentences.size());
}

void run_verify(const VerifyArgs& args, GlobalOptions& global) {
  std::string text;
  try {
    text = read_file(args.file, grounding::kMaxVerifyBytes);
  } catch (const InvalidInput& e) {
    throw InvalidInput(fmt::format("{} (verify reads at most 1 MiB)", e.what()));
  }
  if (!text::is_valid_utf8(text) || text.find('\0') != std::string::npos) {
    throw InvalidInput(fmt::format("{}: is not UTF-8 text", args.file));
  }
  if (text::collapse_whitespace(text).empty()) {
    throw InvalidInput(fmt::format("{}: is empty; nothing to verify", args.file));
  }
  auto store = store::open_content_store(global.data());
  grounding::VerifyOptions options;
  options.source_ids = resolve_sources(*store, args.sources);
  auto index = open_index(*store, global);
  grounding::Verification v;
  try {
    v = grounding::verify_text(text, *store, *index, options);
  } catch (const InvalidInput& e) {
    throw InvalidInput(fmt::format("{}: {}", args.file, e.what()));
  }
  if (args.json) {
    std::cout << to_json(v).dump(2) << '\n';
    return;
  }
  print_verification(v);
}

}  // namespace

void register_ask_commands(CLI::App& app, GlobalOptions& global) {
  auto ask_args = std::make_shared<AskArgs>();
  CLI::App* ask = app.add_subcommand("ask", "Answer a question from your sources, citing chunks");
  ask->add_option("question", ask_args->question, "The question")->required();
  ask->add_option("--source", ask_args->sources, "Only this source (repeatable; default: all)");
  ask->add_option("--lesson", ask_args->lesson, "Answer from this lesson's sources");
  ask->add_option("--k", ask_args->k, "Answer sentences at most (1-4)")->capture_default_str();
  ask->add_flag("--json", ask_args->json, "Print JSON");
  add_engine_options(*ask, ask_args->engine);
  ask->callback([ask_args, &global] { run_ask(*ask_args, global); });

  auto verify_args = std::make_shared<VerifyArgs>();
  CLI::App* verify =
      app.add_subcommand("verify", "Check each sentence of a text file against your sources");
  verify->add_option("file", verify_args->file, "A UTF-8 text file (at most 1 MiB)")->required();
  verify->add_option("--source", verify_args->sources,
                     "Only this source (repeatable; default: all)");
  verify->add_flag("--json", verify_args->json, "Print JSON");
  verify->callback([verify_args, &global] { run_verify(*verify_args, global); });
}

}  // namespace lectio::cli
