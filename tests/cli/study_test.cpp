// lectio cards and lectio quiz end to end: a lesson made from the GPU example gets its cards
// and quiz with it, and its cards export to an Anki package that Python's zipfile and sqlite3
// read back (tests/study/read_apkg.py).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "lesson_example.h"

namespace lectio::cli {
namespace {

using testing::run_lectio;
using Json = nlohmann::json;

struct MadeLesson : Example {
  std::string id;
  Json lesson;
  MadeLesson() {
    auto r = run_lectio({"--data", data, "lesson", brief, "--json", "--no-audio"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    lesson = Json::parse(r.out);
    id = lesson.value("id", "");
  }
};

TEST(StudyCommandsTest, ALessonIsMadeWithCardsAndAQuizThatCiteItsChunks) {
  MadeLesson ex;
  ASSERT_TRUE(ex.lesson.contains("study")) << "the lesson JSON has no study set";
  std::set<std::string> cited;
  for (const auto& s : ex.lesson["sources"]) cited.insert(s["chunk_id"]);
  auto r = run_lectio({"--data", ex.data, "cards", ex.id, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json cards = Json::parse(r.out);
  EXPECT_EQ(cards["lesson"], ex.id);
  ASSERT_GE(cards["cards"].size(), 3u) << r.out;
  std::set<std::string> answers;
  for (const auto& c : cards["cards"]) {
    EXPECT_TRUE(c["chunk_id"].get<std::string>().starts_with("file_gpu001:c")) << c.dump();
    EXPECT_TRUE(answers.insert(c["answer"]).second) << "two cards test " << c["answer"];
  }
  r = run_lectio({"--data", ex.data, "quiz", ex.id, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json quiz = Json::parse(r.out);
  ASSERT_FALSE(quiz["quiz"].empty()) << r.out;
  for (const auto& q : quiz["quiz"]) {
    EXPECT_EQ(q["options"].size(), 4u);
    EXPECT_FALSE(q["explanation"].get<std::string>().empty());
  }
  r = run_lectio({"--data", ex.data, "quiz", ex.id});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("   A) "), std::string::npos) << r.out;
}

TEST(StudyCommandsTest, CardsExportToAnAnkiPackageThatReadsBack) {
  MadeLesson ex;
  const auto apkg = (ex.dir.path() / "cards.apkg").string();
  auto r = run_lectio({"--data", ex.data, "cards", ex.id, "--anki", apkg});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto reader = (testing::source_dir() / "tests/study/read_apkg.py").string();
  auto read = testing::run_program({"python3", reader, apkg});
  ASSERT_EQ(read.exit_code, 0) << read.err;
  const Json back = Json::parse(read.out);
  const Json cards = Json::parse(run_lectio({"--data", ex.data, "cards", ex.id, "--json"}).out);
  ASSERT_EQ(back["notes"], cards["cards"].size());
  EXPECT_EQ(back["cards"], back["notes"]);
  EXPECT_EQ(back["note_types"], Json::array({"Lectio Basic", "Lectio Cloze"}));
  for (std::size_t i = 0; i < cards["cards"].size(); ++i) {
    const auto& item = back["items"][i];
    const auto& card = cards["cards"][i];
    EXPECT_EQ(item["guid"], card["id"]);
    const std::string source = item["fields"]["Source"];
    EXPECT_TRUE(
        source.starts_with(card["chunk_id"].get<std::string>() + " · gpu_tpu_lesson_notes.md"))
        << source;
    EXPECT_NE(std::find(item["tags"].begin(), item["tags"].end(), "lectio"), item["tags"].end());
  }
  const auto csv = (ex.dir.path() / "cards.csv").string();
  r = run_lectio({"--data", ex.data, "cards", ex.id, "--csv", csv});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = testing::slurp(csv);
  EXPECT_TRUE(text.starts_with("kind,front,back,source,tags\r\n"));
}

TEST(StudyCommandsTest, AnUnknownLessonIsOneLineAndAFailure) {
  Example ex;
  auto r = run_lectio({"--data", ex.data, "cards", "lesson_nope"});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("lesson_nope: no such lesson or plan"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace
}  // namespace lectio::cli
