#include "lectio/lesson/brief.h"

#include <gtest/gtest.h>

#include <chrono>

#include "lectio/core/error.h"
#include "support/temp_dir.h"

namespace lectio::lesson {

namespace {

// Expects parse_brief to fail with a one-line message that mentions `needle`.
void expect_error(const std::string& yaml, const std::string& needle) {
  try {
    (void)parse_brief(yaml, "b.yaml");
    ADD_FAILURE() << "expected an error mentioning " << needle;
  } catch (const InvalidInput& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("b.yaml: ", 0), 0u) << what;
    EXPECT_NE(what.find(needle), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

}  // namespace

// Issue 29: a few hundred bytes of YAML aliases name billions of values; the brief reader
// stops before expanding them, quickly, and says why.
TEST(BriefTest, AYamlAliasBombIsRefusedBeforeItExpands) {
  std::string yaml = "a: &a [x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'h'; ++c) {
    const char prev = static_cast<char>(c - 1);
    yaml += std::string(1, c) + ": &" + c + " [*" + prev + ", *" + prev + ", *" + prev + ", *" +
            prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + "]\n";
  }
  yaml += "topic: *h\ninsights: [one]\n";
  ASSERT_LT(yaml.size(), 600u);
  const auto start = std::chrono::steady_clock::now();
  try {
    (void)lesson::parse_brief(yaml, "bomb.yaml");
    FAIL() << "the bomb was read";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("YAML aliases"), std::string::npos) << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

TEST(BriefTest, LoadsTheExampleBrief) {
  const Brief b = load_brief(testing::source_dir() / "examples/gpu-tpu/brief.yaml");
  EXPECT_EQ(b.plan, "AI hardware fundamentals");
  EXPECT_EQ(b.topic, "GPU vs TPU for practical AI workloads");
  ASSERT_EQ(b.insights.size(), 3u);
  EXPECT_EQ(b.insights[1], "Where TPUs are strongest");
  EXPECT_EQ(b.sources, std::vector<std::string>{"file_gpu001"});
  EXPECT_EQ(b.host, "Lena");
  EXPECT_EQ(b.style, Style::kQuick);
  EXPECT_EQ(b.language, "en");
  EXPECT_EQ(b.tags, (std::vector<std::string>{"AI", "Technology", "Business"}));
  EXPECT_NE(b.notes.find("https://example.com/not-a-source"), std::string::npos);
  EXPECT_EQ(b.date.size(), 10u);
  EXPECT_DOUBLE_EQ(target_minutes(b), 12.0);
}

TEST(BriefTest, ItsJsonReadsBackAsTheSameBrief) {
  Brief b = load_brief(testing::source_dir() / "examples/gpu-tpu/brief.yaml");
  b.minutes = 3.5;
  b.format = LessonFormat::kDialogue;
  b.cohost = "";
  b.chunks = {"file_gpu001:c0001..c0003"};
  const Brief dialogue = parse_brief_json(brief_to_json(b), "j");  // gets a co-host
  const Brief again = parse_brief_json(brief_to_json(dialogue), "j");
  EXPECT_EQ(brief_hash(again), brief_hash(dialogue));
  EXPECT_EQ(again.minutes, 3.5);
  EXPECT_EQ(again.format, LessonFormat::kDialogue);
  EXPECT_EQ(again.cohost, dialogue.cohost);
  EXPECT_FALSE(again.cohost.empty());
  EXPECT_EQ(again.chunks, b.chunks);
  EXPECT_EQ(again.notes, b.notes);
  EXPECT_EQ(again.date, b.date);
  const Brief quick = load_brief(testing::source_dir() / "examples/gpu-tpu/brief.yaml");
  EXPECT_EQ(brief_hash(parse_brief_json(brief_to_json(quick), "j")), brief_hash(quick));
}

TEST(BriefTest, MinutesOverrideTheStyleAndDialogueGetsACohost) {
  const Brief b = parse_brief(
      "topic: T\ninsights: [a]\nstyle: deep\nminutes: 7\nformat: dialogue\ndate: 2026-01-02\n",
      "b.yaml");
  EXPECT_DOUBLE_EQ(target_minutes(b), 7.0);
  EXPECT_EQ(b.format, LessonFormat::kDialogue);
  EXPECT_FALSE(b.cohost.empty());
  EXPECT_NE(b.cohost, b.host);
  EXPECT_EQ(b.date, "2026-01-02");
}

TEST(BriefTest, BadBriefsNameTheField) {
  expect_error("topic: [unclosed", "invalid YAML");
  expect_error("- just\n- a list\n", "mapping");
  expect_error("insights: [a]\n", "field 'topic'");
  expect_error("topic: T\n", "field 'insights'");
  expect_error("topic: T\ninsights: []\n", "field 'insights'");
  expect_error("topic: T\ninsights: [a]\nhost: Nobody\n", "field 'host': unknown host 'Nobody'");
  expect_error("topic: T\ninsights: [a]\nhost: Mei\n", "field 'host'");  // zh voice, en lesson
  expect_error("topic: T\ninsights: [a]\nstyle: slow\n", "field 'style'");
  expect_error("topic: T\ninsights: [a]\nlanguage: fr\n", "field 'language'");
  expect_error("topic: T\ninsights: [a]\nminutes: lots\n", "field 'minutes'");
  expect_error("topic: T\ninsights: [a]\nminutes: 0\n", "field 'minutes'");
  expect_error("topic: T\ninsights: [a]\ndate: tomorrow\n", "field 'date'");
  expect_error("topic: T\ninsights: [a]\ncolour: red\n", "field 'colour': unknown field");
  expect_error("topic: T\ninsights: [[nested]]\n", "field 'insights'");
}

TEST(BriefTest, TheCommandLineRefusesWhatTheIssueFound) {
  expect_error("topic: T\ninsights: [a]\ndate: 2026-13-45\n", "field 'date'");
  expect_error("topic: T\ninsights: [a]\ndate: 2026-02-30\n", "field 'date'");
  expect_error("topic: T\ninsights: one plain string\n", "field 'insights': must be a list");
  expect_error("topic: T\ninsights: [a]\ntopic: U\n", "field 'topic': appears twice");
  expect_error("topic: T\ninsights: [a]\nstyle: long\n", "field 'style': must be quick or deep");
  expect_error("topic: T\ninsights: [a]\nlanguage: zh\nhost: Lena\n", "field 'host'");
  expect_error("topic: T\ninsights: [a]\nminutes: \"14\"\n", "field 'minutes'");
  expect_error("topic: T\ninsights: [a]\nnotes: [x]\n", "field 'notes': must be text");
  expect_error("topic: T\ninsights: [a]\ntags: AI\n", "field 'tags': must be a list");
  expect_error("topic: T\ninsights: [a, b, c, d, e, f, g, h, i, j, k, l, m]\n", "field 'insights'");
}

TEST(BriefTest, YamlSyntaxErrorsGiveTheirLine) {
  expect_error("topic: T\ninsights: [a]\nnotes: a: b\n", "line 3");
}

TEST(BriefTest, DuplicateKeysAreFieldErrors) {
  try {
    (void)parse_brief("topic: T\ninsights: [a]\nhost: Lena\nhost: Kai\n", "b.yaml");
    FAIL() << "a duplicated key was accepted";
  } catch (const InvalidField& e) {
    EXPECT_EQ(e.field(), "host");
    EXPECT_STREQ(e.what(), "b.yaml: field 'host': appears twice (again at line 4)");
  }
}

TEST(BriefTest, JsonAndYamlGiveTheSameBriefAndTheSameRefusals) {
  const Brief yaml =
      parse_brief("topic: T\ninsights: [a, b]\nformat: dialogue\nminutes: 5\nlanguage: zh\n", "b");
  const Brief json = parse_brief_json(
      R"({"topic":"T","insights":["a","b"],"format":"dialogue","minutes":5,"language":"zh"})", "b");
  EXPECT_EQ(yaml.host, "Mei");
  EXPECT_EQ(yaml.cohost, "Wei");
  EXPECT_EQ(json.host, yaml.host);
  EXPECT_EQ(json.cohost, yaml.cohost);
  EXPECT_EQ(json.date, yaml.date);
  EXPECT_EQ(brief_hash(json), brief_hash(yaml));
  const std::vector<std::pair<std::string, std::string>> bad = {
      {R"({"topic":"T","insights":["a"],"colour":"red"})", "colour"},
      {R"({"topic":5,"insights":["a"]})", "topic"},
      {R"({"topic":"T","insights":"a"})", "insights"},
      {R"({"topic":"T","insights":[]})", "insights"},
      {R"({"topic":"T","insights":["a"],"minutes":"5"})", "minutes"},
      {R"({"topic":"T","insights":["a"],"minutes":0})", "minutes"},
      {R"({"topic":"T","insights":["a"],"date":"2026-13-45"})", "date"},
      {R"({"topic":"T","insights":["a"],"style":"long"})", "style"},
      {R"({"topic":"T","insights":["a"],"host":null})", "host"},
      {R"({"topic":"T","insights":["a"],"language":"zh","host":"Lena"})", "host"},
  };
  for (const auto& [doc, field] : bad) {
    try {
      (void)parse_brief_json(doc, "brief");
      ADD_FAILURE() << doc << " was accepted";
    } catch (const InvalidField& e) {
      EXPECT_EQ(e.field(), field) << doc << ": " << e.what();
      EXPECT_EQ(std::string(e.what()).rfind("brief: field '" + field + "': ", 0), 0u) << e.what();
    }
  }
  EXPECT_THROW(parse_brief_json("{not json", "brief"), InvalidInput);
  EXPECT_THROW(parse_brief_json("[1]", "brief"), InvalidInput);
}

TEST(BriefTest, HashChangesWithContent) {
  const Brief a = parse_brief("topic: T\ninsights: [a, b]\ndate: 2026-01-01\n", "a");
  const Brief b = parse_brief("topic: T\ninsights: [b, a]\ndate: 2026-01-01\n", "b");
  EXPECT_EQ(brief_hash(a),
            brief_hash(parse_brief("topic: T\ninsights: [a, b]\ndate: 2026-01-01\n", "c")));
  EXPECT_NE(brief_hash(a), brief_hash(b));
}

}  // namespace lectio::lesson

namespace lectio::lesson {

TEST(BriefTest, EngineIsExtractiveOrLlmInYamlAndJsonAlike) {
  const std::string base = "topic: T\ninsights: [a]\ndate: 2026-01-01\n";
  EXPECT_EQ(parse_brief(base, "b").engine, "") << "unset: the command decides";
  EXPECT_EQ(parse_brief(base + "engine: llm\n", "b").engine, "llm");
  EXPECT_EQ(parse_brief(base + "engine: extractive\n", "b").engine, "extractive");
  EXPECT_EQ(parse_brief_json(R"({"topic":"T","insights":["a"],"engine":"llm"})", "b").engine,
            "llm");
  expect_error(base + "engine: gpt-4\n", "field 'engine': must be extractive or llm");
  expect_error(base + "engine: [llm]\n", "field 'engine': must be text");
  for (const char* doc : {R"({"topic":"T","insights":["a"],"engine":"GPT"})",
                          R"({"topic":"T","insights":["a"],"engine":1})",
                          R"({"topic":"T","insights":["a"],"engine":""})"}) {
    try {
      (void)parse_brief_json(doc, "brief");
      ADD_FAILURE() << doc << " was accepted";
    } catch (const InvalidField& e) {
      EXPECT_EQ(e.field(), "engine") << e.what();
      EXPECT_EQ(std::string(e.what()).rfind("brief: field 'engine': ", 0), 0u) << e.what();
    }
  }
  // A model's lesson is another lesson; naming the built-in engine changes nothing.
  const Brief plain = parse_brief(base, "b");
  const Brief llm = parse_brief(base + "engine: llm\n", "b");
  EXPECT_NE(brief_hash(llm), brief_hash(plain));
  EXPECT_EQ(brief_hash(parse_brief(base + "engine: extractive\n", "b")), brief_hash(plain));
  EXPECT_EQ(parse_brief_json(brief_to_json(llm), "j").engine, "llm");
  EXPECT_EQ(brief_hash(parse_brief_json(brief_to_json(llm), "j")), brief_hash(llm));
}

}  // namespace lectio::lesson
