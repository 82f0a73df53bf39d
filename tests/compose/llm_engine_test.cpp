// The LLM engine against the chat test server and a scripted author, on the bundled example
// with a real store and index: what the model plants never reaches the lesson.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "lectio/compose/composer.h"
#include "lectio/compose/engine.h"
#include "lectio/ingest/ingest.h"
#include "lectio/llm/chat.h"
#include "lectio/store/store.h"
#include "lectio/text/strings.h"
#include "support/chat_server.h"
#include "support/fake_author.h"
#include "support/temp_dir.h"

namespace lectio::compose {

namespace {

using nlohmann::json;
using testing::ChatServer;
using testing::FakeAuthor;
using testing::ScriptedReply;

struct Example {
  testing::TempDir dir;
  std::unique_ptr<store::ContentStore> store = store::open_content_store(dir.path());
  std::unique_ptr<search::Index> index;

  Example() {
    ingest::AddOptions options;
    options.id = "gpu001";
    ingest::add_file(*store, testing::source_dir() / "examples/gpu-tpu/gpu_tpu_lesson_notes.md",
                     options);
    index = search::open_index(*store, dir.path());
  }

  lesson::Lesson compose(const lesson::Brief& brief, const ChatServer& server) {
    llm::ChatOptions o;
    o.base_url = server.base_url();
    o.model = "test-model";
    o.backoff_seconds = 0.01;
    auto engine = make_llm_engine(std::make_shared<llm::ChatClient>(o));
    return compose_lesson(brief, *store, *index, *engine);
  }
};

lesson::Brief example_brief() {
  lesson::Brief b = lesson::load_brief(testing::source_dir() / "examples/gpu-tpu/brief.yaml");
  b.date = "2026-04-22";
  return b;
}

std::vector<const lesson::ScriptSentence*> all_sentences(const lesson::Lesson& lesson) {
  auto out = lesson::script_sentences(lesson);
  for (const lesson::FaqItem& f : lesson.faq) {
    for (const auto& s : f.answer) out.push_back(&s);
  }
  return out;
}

// The lesson holds no planted fact, every citation resolves to a chunk of the store, and every
// content sentence passes the verifier.
void expect_honest(const lesson::Lesson& lesson, store::ContentStore& store) {
  for (const lesson::ScriptSentence* s : all_sentences(lesson)) {
    EXPECT_EQ(s->text.find("Zorblax"), std::string::npos) << s->text;
    EXPECT_EQ(s->text.find("1987"), std::string::npos) << s->text;
    if (s->role != lesson::SentenceRole::kContent) continue;
    EXPECT_FALSE(s->citations.empty()) << s->text;
    EXPECT_GE(s->support, 0.6) << s->text;
    for (const std::string& id : s->citations) {
      const auto ref = ChunkRef::parse(id);
      ASSERT_TRUE(ref) << id;
      EXPECT_TRUE(store.chunk(*ref)) << id;
    }
  }
  for (const std::string& tag : lesson.tags) EXPECT_NE(tag, "Zorblax");
}

TEST(LlmEngineTest, WritesAVerifiedLessonSectionBySection) {
  Example ex;
  FakeAuthor author;
  ChatServer server(author.handler());
  const lesson::Brief brief = example_brief();
  const lesson::Lesson lesson = ex.compose(brief, server);
  expect_honest(lesson, *ex.store);

  EXPECT_EQ(lesson.engine, "llm:test-model");
  ASSERT_EQ(lesson.script.size(), 5u);
  for (int i = 0; i < 3; ++i) {
    int content = 0;
    for (const auto& s : lesson.script[static_cast<std::size_t>(i) + 1].sentences) {
      content += s.role == lesson::SentenceRole::kContent ? 1 : 0;
    }
    EXPECT_GE(content, 3) << "section " << i;
  }
  EXPECT_FALSE(lesson.faq.empty());
  EXPECT_EQ(lesson.title, "GPUs and TPUs, in practice");
  EXPECT_EQ(lesson.tags, brief.tags);
  ASSERT_TRUE(lesson.best_quote);
  EXPECT_NE(ex.store->chunk(*ChunkRef::parse(lesson.best_quote->chunk_id))
                ->text.find(lesson.best_quote->text),
            std::string::npos);

  // Every planted sentence was caught; the true sentence citing a missing label was repaired.
  const auto written = author.written();
  EXPECT_GE(lesson.grounding.rejected_sentences, static_cast<int>(written.planted.size()));
  EXPECT_GE(lesson.grounding.repaired_sentences, 3);
  // One outline and one section per insight, a repair per section, the FAQ (and its repair),
  // the title: no giant prompt, and the usage is what the server saw.
  const auto calls = server.calls();
  ASSERT_TRUE(lesson.usage);
  EXPECT_EQ(lesson.usage->requests, static_cast<int>(calls.size()));
  EXPECT_EQ(lesson.usage->model, "test-model");
  EXPECT_GT(lesson.usage->prompt_tokens, 0);
  EXPECT_GT(lesson.usage->completion_tokens, 0);
  int sections = 0;
  for (const auto& call : calls) {
    if (testing::schema_name(call.body) != "section") continue;
    ++sections;
    const std::string prompt = testing::user_message(call.body);
    static const std::regex label(R"(\n\[S[0-9]+\] )");
    const auto excerpts = std::distance(std::sregex_iterator(prompt.begin(), prompt.end(), label),
                                        std::sregex_iterator());
    EXPECT_LE(excerpts, 6) << prompt;
    EXPECT_NE(prompt.find("in about"), std::string::npos);
  }
  EXPECT_EQ(sections, 3);
}

TEST(LlmEngineTest, DialogueHasRealTurnsForBothVoices) {
  Example ex;
  FakeAuthor author;
  ChatServer server(author.handler());
  lesson::Brief brief = example_brief();
  brief.format = lesson::LessonFormat::kDialogue;
  brief.cohost = "Ken";
  const lesson::Lesson lesson = ex.compose(brief, server);
  expect_honest(lesson, *ex.store);
  std::set<std::string> speakers;
  int questions = 0;
  for (const auto& s : lesson.script[1].sentences) {
    speakers.insert(s.speaker);
    questions += s.speaker == "Ken" && s.text.back() == '?' ? 1 : 0;
  }
  EXPECT_EQ(speakers, (std::set<std::string>{"Lena", "Ken"}));
  EXPECT_GE(questions, 1);
}

TEST(LlmEngineTest, ATruncatedSectionIsAskedForAgainSmaller) {
  Example ex;
  FakeAuthor author;
  int truncated = 0;
  ChatServer server([&](const json& request, int) {
    ScriptedReply r;
    r.content = author.answer(request);
    if (testing::schema_name(request) == "section" && truncated < 1) {
      ++truncated;
      r.content = r.content.substr(0, r.content.size() / 2);
      r.finish_reason = "length";
    }
    return r;
  });
  const lesson::Lesson lesson = ex.compose(example_brief(), server);
  expect_honest(lesson, *ex.store);
  std::vector<int> budgets;
  for (const auto& call : server.calls()) {
    if (testing::schema_name(call.body) != "section") continue;
    std::smatch m;
    const std::string prompt = testing::user_message(call.body);
    ASSERT_TRUE(std::regex_search(prompt, m, std::regex("in about ([0-9]+) words")));
    budgets.push_back(std::stoi(m[1]));
  }
  ASSERT_EQ(budgets.size(), 4u);  // the first section twice
  EXPECT_EQ(budgets[1], budgets[0] / 2);
}

TEST(LlmEngineTest, SurvivesWhatRealServersAndModelsDo) {
  Example ex;
  FakeAuthor author;
  ChatServer server([&](const json& request, int call) {
    ScriptedReply r;
    r.content = author.answer(request);
    switch (call) {
      case 0:  // the model is still loading
        r.status = 503;
        r.raw_body = R"({"error": {"message": "Loading model"}})";
        break;
      case 1:
        r.status = 429;
        r.retry_after = "0";
        r.raw_body = R"({"error": "slow down"})";
        break;
      case 2:
        r.no_choices = true;
        break;
      case 3:  // reasoning, a fence and Python-style JSON
        r.content = "<think>The excerpts talk about GPUs {maybe}.</think>Here you go:\n```json\n" +
                    r.content + "\n```";
        break;
      case 5:  // the wrong language
        r.content =
            R"({"sentences": [{"speaker": "Lena", "text": "图形处理器最初是为图形而设计的。", "cites": ["S1"]}]})";
        break;
      case 6:  // the schema ignored
        r.content = R"({"answer": "GPUs are good."})";
        break;
      default:
        break;
    }
    return r;
  });
  const lesson::Lesson lesson = ex.compose(example_brief(), server);
  expect_honest(lesson, *ex.store);
  EXPECT_GE(lesson.usage->retries, 5);
  EXPECT_GE(lesson.script[1].sentences.size(), 3u);
}

TEST(LlmEngineTest, AChineseLessonIsBudgetedInCharactersAndWrittenInChinese) {
  Example ex;
  ingest::AddOptions options;
  options.id = "gpu001zh";
  ingest::add_file(*ex.store, testing::source_dir() / "examples/gpu-tpu-zh/notes_zh.md", options);
  ex.index->sync(*ex.store);
  FakeAuthor author;
  ChatServer server(author.handler());
  lesson::Brief brief =
      lesson::load_brief(testing::source_dir() / "examples/gpu-tpu-zh/brief.yaml");
  brief.date = "2026-04-22";
  const lesson::Lesson lesson = ex.compose(brief, server);
  expect_honest(lesson, *ex.store);
  int content = 0;
  for (const lesson::ScriptSentence* s : lesson::script_sentences(lesson)) {
    if (s->role != lesson::SentenceRole::kContent) continue;
    ++content;
    EXPECT_EQ(text::detect_language(s->text), "zh") << s->text;
  }
  EXPECT_GE(content, 6);
  for (const auto& call : server.calls()) {
    if (testing::schema_name(call.body) != "section") continue;
    EXPECT_NE(testing::user_message(call.body).find("Chinese characters"), std::string::npos);
    EXPECT_NE(call.body["messages"][0]["content"].get<std::string>().find("Simplified Chinese"),
              std::string::npos);
  }
}

TEST(LlmEngineTest, AnInsightTheSourcesDoNotSupportAsksNothing) {
  Example ex;
  FakeAuthor author;
  ChatServer server(author.handler());
  lesson::Brief brief = example_brief();
  brief.insights = {"How to bake sourdough bread"};
  const lesson::Lesson lesson = ex.compose(brief, server);
  EXPECT_TRUE(server.calls().empty());
  // No empty section is announced: the introduction says the sources do not cover it.
  for (const lesson::ScriptSection& sec : lesson.script) {
    EXPECT_NE(sec.kind, lesson::SectionKind::kInsight);
  }
  ASSERT_FALSE(lesson.script.empty());
  EXPECT_NE(lesson.script[0].sentences.back().text.find("do not cover"), std::string::npos);
  EXPECT_NE(lesson.warnings.at(0).find("sourdough"), std::string::npos);
}

TEST(LlmEngineTest, AQuoteThatIsInNoChunkIsLeftOut) {
  Example ex;
  testing::FakeAuthorOptions options;
  options.invent_quote = true;
  FakeAuthor author(options);
  ChatServer server(author.handler());
  const lesson::Lesson lesson = ex.compose(example_brief(), server);
  EXPECT_FALSE(lesson.best_quote);
  bool warned = false;
  for (const auto& w : lesson.warnings) warned = warned || w.find("quote") != std::string::npos;
  EXPECT_TRUE(warned);
}

TEST(LlmEngineTest, AServerThatFailsIsOneLineNamingTheEndpoint) {
  Example ex;
  ChatServer server([](const json&, int) {
    ScriptedReply r;
    r.status = 404;
    r.raw_body = R"({"error": {"message": "model 'test-model' not found, try pulling it first"}})";
    return r;
  });
  try {
    ex.compose(example_brief(), server);
    FAIL() << "no error";
  } catch (const Io& e) {
    const std::string what = e.what();
    EXPECT_EQ(what, server.base_url() +
                        "/chat/completions: HTTP 404: model 'test-model' not found, try pulling "
                        "it first");
  }
}

// A section is written from where the sources teach its insight (the sections the built-in
// engine teaches it from), not from every chunk that shares a word with it: the guide's
// "Colours" and "Shipping" name widgets and installing, but teach neither.
TEST(LlmEngineTest, ASectionIsWrittenFromTheSectionsThatTeachItsInsight) {
  testing::TempDir dir;
  const auto guide = dir.path() / "widgets.md";
  std::ofstream(guide) << R"(# The widget guide

## Installing a widget

To install a widget, unpack the archive into the plugins folder. The installer checks that the
folder is writable before it copies anything. After the copy, restart the editor so that it
loads the new widget. An install that fails leaves the folder as it was.

## Colours

Every widget comes in three colours: slate, amber and moss. Amber is the colour most people
choose, and moss is the rarest. A widget you install later can be painted in any of them.

## Shipping

Orders leave the warehouse within two days. A widget ships in a padded box with the manual.
Parcels abroad take a week longer.
)";
  auto store = store::open_content_store(dir.path() / "data");
  ingest::AddOptions add;
  add.id = "widgets";
  ingest::add_file(*store, guide, add);
  auto index = search::open_index(*store, dir.path() / "data");

  FakeAuthor author;
  ChatServer server(author.handler());
  lesson::Brief brief;
  brief.topic = "Widgets";
  brief.overview = "How to set up a widget.";
  brief.insights = {"How to install a widget"};
  brief.host = "Lena";
  brief.language = "en";
  brief.date = "2026-04-22";
  llm::ChatOptions o;
  o.base_url = server.base_url();
  o.model = "test-model";
  auto engine = make_llm_engine(std::make_shared<llm::ChatClient>(o));
  const lesson::Lesson lesson = compose_lesson(brief, *store, *index, *engine);

  int sections = 0;
  for (const auto& call : server.calls()) {
    if (testing::schema_name(call.body) != "section") continue;
    ++sections;
    const std::string prompt = testing::user_message(call.body);
    EXPECT_NE(prompt.find("unpack the archive"), std::string::npos) << prompt;
    EXPECT_EQ(prompt.find("three colours"), std::string::npos) << prompt;
    EXPECT_EQ(prompt.find("padded box"), std::string::npos) << prompt;
  }
  EXPECT_EQ(sections, 1);
  for (const lesson::ScriptSentence* s : lesson::script_sentences(lesson)) {
    EXPECT_EQ(s->text.find("colour"), std::string::npos) << s->text;
  }
}

// A chunk is often only partly about an insight: the writer is shown the chunk's sentences that
// teach it, not the rest (here the colours and the shipping of a note without headings, one
// chunk), while the sentences it writes still cite the chunk and are checked against all of it.
TEST(LlmEngineTest, TheWriterSeesOnlyTheInsightsOwnSentencesOfAChunk) {
  testing::TempDir dir;
  const auto note = dir.path() / "widgets.txt";
  std::ofstream(note)
      << "To install a widget, unpack the widget archive into the plugins folder. The paint "
         "comes in three colours: slate, amber and moss. The widget installer checks that the "
         "folder is writable before it installs anything. Orders leave the warehouse within two "
         "days in a padded box. After the install, restart the editor so that it loads the new "
         "widget. Amber is the colour most people choose, and moss is the rarest.\n";
  auto store = store::open_content_store(dir.path() / "data");
  ingest::AddOptions add;
  add.id = "widgets";
  ingest::add_file(*store, note, add);
  const std::vector<Chunk> chunks = store->chunks("file_widgets", std::nullopt);
  ASSERT_EQ(chunks.size(), 1u);
  auto index = search::open_index(*store, dir.path() / "data");

  testing::FakeAuthorOptions quiet;
  quiet.plant_invented = false;
  quiet.plant_woven = false;
  quiet.cite_missing = false;
  FakeAuthor author(quiet);
  ChatServer server(author.handler());
  lesson::Brief brief;
  brief.topic = "Widgets";
  brief.overview = "How to set up a widget.";
  brief.insights = {"How to install a widget"};
  brief.host = "Lena";
  brief.language = "en";
  brief.date = "2026-04-22";
  llm::ChatOptions o;
  o.base_url = server.base_url();
  o.model = "test-model";
  auto engine = make_llm_engine(std::make_shared<llm::ChatClient>(o));
  const lesson::Lesson lesson = compose_lesson(brief, *store, *index, *engine);

  int sections = 0;
  for (const auto& call : server.calls()) {
    const std::string kind = testing::schema_name(call.body);
    if (kind != "section" && kind != "outline") continue;
    sections += kind == "section" ? 1 : 0;
    const std::string prompt = testing::user_message(call.body);
    EXPECT_NE(prompt.find("unpack the widget archive"), std::string::npos) << prompt;
    EXPECT_NE(prompt.find("restart the editor"), std::string::npos) << prompt;
    EXPECT_EQ(prompt.find("three colours"), std::string::npos) << prompt;
    EXPECT_EQ(prompt.find("padded box"), std::string::npos) << prompt;
    EXPECT_EQ(prompt.find("moss is the rarest"), std::string::npos) << prompt;
  }
  EXPECT_EQ(sections, 1);
  int claims = 0;
  for (const lesson::ScriptSentence* s : lesson::script_sentences(lesson)) {
    if (s->role != lesson::SentenceRole::kContent) continue;
    ++claims;
    EXPECT_EQ(s->text.find("colour"), std::string::npos) << s->text;
    EXPECT_EQ(s->citations, std::vector<std::string>{chunks[0].id()}) << s->text;
  }
  EXPECT_GE(claims, 2);
}

}  // namespace

}  // namespace lectio::compose
