#include "lectio/compose/brief.h"

#include <gtest/gtest.h>

#include "lectio/core/error.h"
#include "support/temp_dir.h"

namespace lectio::compose {

namespace {

// Expects parse_brief to fail with a one-line message that mentions `needle`.
void expect_error(const std::string& yaml, const std::string& needle) {
  try {
    parse_brief(yaml, "b.yaml");
    ADD_FAILURE() << "expected an error mentioning " << needle;
  } catch (const InvalidInput& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("b.yaml: ", 0), 0u) << what;
    EXPECT_NE(what.find(needle), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

}  // namespace

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

TEST(BriefTest, HashChangesWithContent) {
  const Brief a = parse_brief("topic: T\ninsights: [a, b]\ndate: 2026-01-01\n", "a");
  const Brief b = parse_brief("topic: T\ninsights: [b, a]\ndate: 2026-01-01\n", "b");
  EXPECT_EQ(brief_hash(a), brief_hash(parse_brief("topic: T\ninsights: [a, b]\ndate: 2026-01-01\n", "c")));
  EXPECT_NE(brief_hash(a), brief_hash(b));
}

}  // namespace lectio::compose
