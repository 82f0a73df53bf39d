// The LLM engine against the chat test server (docs/benchmarks.md, "The LLM engine"): per
// lesson the requests, tokens and wall time, and over all lessons the share of planted
// invented sentences the verifier caught and of good sentences it kept. The "model" is the
// scripted author of the tests (tests/support/fake_author.h), so the figures measure the
// engine and its verifier, not a model.
//   lectio_llm_bench [WORK_DIR [MARKDOWN_DIR]]   (MARKDOWN_DIR: each lesson written as Markdown)
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>

#include "lectio/ask/answer.h"
#include "lectio/compose/composer.h"
#include "lectio/compose/engine.h"
#include "lectio/ingest/ingest.h"
#include "lectio/llm/chat.h"
#include "lectio/store/store.h"
#include "lectio/text/strings.h"
#include "support/chat_server.h"
#include "support/fake_author.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using namespace lectio;

namespace {

struct Case {
  std::string name;
  lesson::LessonFormat format;
  lesson::Style style;
};

std::set<std::string> lesson_texts(const lesson::Lesson& lesson) {
  std::set<std::string> out;
  for (const auto* s : lesson::script_sentences(lesson)) out.insert(s->text);
  for (const auto& f : lesson.faq) {
    for (const auto& s : f.answer) out.insert(s.text);
  }
  return out;
}

// `lectio ask --engine llm`: the same author answers questions from the retrieved chunks,
// planting an invented sentence and a true one citing a missing label in every answer.
void bench_answers(store::ContentStore& store, search::Index& index) {
  const std::vector<std::string> questions = {
      "Which compiler prepares programs for a TPU?", "Why did GPUs become the default accelerator?",
      "When does training need loss scaling?", "What is a systolic array?",
      "Who won the 1998 World Cup?"};
  testing::FakeAuthor author;
  testing::ChatServer server(author.handler());
  llm::ChatOptions o;
  o.base_url = server.base_url();
  o.model = "scripted";
  llm::ChatClient client(o);
  ask::AnswerOptions options;
  options.writer = &client;
  std::set<std::string> texts;
  int answered = 0;
  double wall = 0;
  for (const std::string& q : questions) {
    const auto t0 = std::chrono::steady_clock::now();
    const ask::Answer a = ask::answer_from_sources(q, {}, store, index, options);
    wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    answered += a.supported ? 1 : 0;
    for (const auto& s : a.sentences) texts.insert(s.text);
  }
  const auto written = author.written();
  int caught = 0, kept = 0;
  for (const auto& s : written.planted) caught += texts.count(s) ? 0 : 1;
  for (const auto& s : written.good) kept += texts.count(s) ? 1 : 0;
  const auto stats = client.stats();
  fmt::print(
      "\nanswers: {} questions, {} answered; {} requests, {} prompt and {} completion tokens, "
      "{:.3f} s wall in all\n",
      questions.size(), answered, stats.requests, stats.prompt_tokens, stats.completion_tokens,
      wall);
  fmt::print("answers: planted invented sentences caught: {}/{}; good sentences kept: {}/{}\n",
             caught, written.planted.size(), kept, written.good.size());
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const fs::path work =
        argc > 1 ? fs::path(argv[1]) : fs::temp_directory_path() / "lectio-llm-bench";
    fs::remove_all(work);
    auto store = store::open_content_store(work);
    ingest::AddOptions add;
    add.id = "gpu001";
    ingest::add_file(*store, testing::source_dir() / "examples/gpu-tpu/gpu_tpu_lesson_notes.md",
                     add);
    for (const char* doc : {"gpu_execution", "memory_hierarchy", "tensor_cores", "interconnects"}) {
      add.id = doc;
      ingest::add_file(
          *store, testing::source_dir() / "examples/ai-hardware" / (std::string(doc) + ".md"), add);
    }
    auto index = search::open_index(*store, work);
    const std::vector<Case> cases = {
        {"monologue, quick", lesson::LessonFormat::kMonologue, lesson::Style::kQuick},
        {"dialogue, quick", lesson::LessonFormat::kDialogue, lesson::Style::kQuick},
        {"monologue, deep", lesson::LessonFormat::kMonologue, lesson::Style::kDeep},
        {"dialogue, deep", lesson::LessonFormat::kDialogue, lesson::Style::kDeep}};
    int planted = 0, caught = 0, good = 0, kept = 0;
    fmt::print(
        "| lesson | minutes (target) | requests | prompt tokens | completion tokens | wall s | "
        "sentences | rejected | repaired |\n");
    fmt::print("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const Case& c : cases) {
      testing::FakeAuthor author;
      testing::ChatServer server(author.handler());
      llm::ChatOptions o;
      o.base_url = server.base_url();
      o.model = "scripted";
      auto engine = compose::make_llm_engine(std::make_shared<llm::ChatClient>(o));
      lesson::Brief brief =
          lesson::load_brief(testing::source_dir() / "examples/gpu-tpu/brief.yaml");
      brief.sources = {};  // every source
      brief.format = c.format;
      brief.style = c.style;
      brief.cohost = "Ken";
      const auto t0 = std::chrono::steady_clock::now();
      const lesson::Lesson lesson = compose::compose_lesson(brief, *store, *index, *engine);
      const double wall =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const auto texts = lesson_texts(lesson);
      if (argc > 2) {
        fs::create_directories(argv[2]);
        std::ofstream(fs::path(argv[2]) / (text::slugify(c.name) + ".md"))
            << lesson::lesson_to_markdown(lesson);
      }
      const auto written = author.written();
      for (const auto& s : written.planted) {
        ++planted;
        caught += texts.count(s) ? 0 : 1;
      }
      for (const auto& s : written.good) {
        ++good;
        kept += texts.count(s) ? 1 : 0;
      }
      fmt::print("| {} | {:.1f} ({:.0f}) | {} | {} | {} | {:.2f} | {} | {} | {} |\n", c.name,
                 lesson.duration.estimated_minutes, lesson.duration.target_minutes,
                 lesson.usage->requests, lesson.usage->prompt_tokens,
                 lesson.usage->completion_tokens, wall, texts.size(),
                 lesson.grounding.rejected_sentences, lesson.grounding.repaired_sentences);
    }
    fmt::print("\nplanted invented sentences caught: {}/{} ({:.1f}%)\n", caught, planted,
               planted ? 100.0 * caught / planted : 0.0);
    fmt::print("good sentences kept: {}/{} ({:.1f}%)\n", kept, good,
               good ? 100.0 * kept / good : 0.0);
    bench_answers(*store, *index);
    return 0;
  } catch (const std::exception& e) {
    fmt::print(stderr, "lectio_llm_bench: {}\n", e.what());
    return 1;
  }
}
