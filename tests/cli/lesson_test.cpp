// `lectio lesson` end to end: the real binary, a real store and index, the bundled example.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

#include "lesson_example.h"
#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {

namespace {

using testing::run_lectio;

}  // namespace

TEST(CliLessonTest, ComposesTheExampleAsJson) {
  Example ex;
  auto r = run_lectio({"--data", ex.data, "lesson", ex.brief, "--json", "--no-audio"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lesson = nlohmann::json::parse(r.out);
  EXPECT_EQ(lesson["plan"], "AI hardware fundamentals");
  EXPECT_EQ(lesson["host"], "Lena");
  EXPECT_EQ(lesson["date"], "2026-04-22");
  EXPECT_NE(lesson["title"], lesson["topic"]);
  EXPECT_EQ(lesson["tags"], nlohmann::json({"AI", "Technology", "Business"}));
  const auto& script = lesson["script"];
  ASSERT_EQ(script.size(), 5u);
  EXPECT_EQ(script[0]["kind"], "intro");
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(script[i + 1]["insight_index"], i);
    EXPECT_EQ(script[i + 1]["insight"], lesson["insights"][i]);
  }
  std::set<std::string> cited;
  for (const auto& sec : script) {
    for (const auto& s : sec["sentences"]) {
      if (s["role"] == "content") {
        ASSERT_FALSE(s["citations"].empty());
        for (const auto& c : s["citations"]) cited.insert(c.get<std::string>());
      }
    }
  }
  std::set<std::string> listed;
  for (const auto& s : lesson["sources"]) {
    listed.insert(s["chunk_id"].get<std::string>());
    EXPECT_EQ(s["file_name"], "gpu_tpu_lesson_notes.md");
    EXPECT_EQ(s["origin_url"], "https://example.com/gpu-tpu-notes");
    EXPECT_TRUE(s["pages"] == "p1-1" || s["pages"] == "p2-2") << s["pages"];
  }
  for (const auto& id : cited) EXPECT_TRUE(listed.count(id)) << id;
  for (const auto& id : cited) {
    EXPECT_EQ(run_lectio({"--data", ex.data, "show", id}).exit_code, 0) << id;
  }
  EXPECT_GE(lesson["grounding"]["supported_share"].get<double>(), 0.95);
  EXPECT_GE(lesson["faq"].size(), 4u);
  ASSERT_TRUE(lesson["best_quote"].is_object());
  EXPECT_GT(lesson["duration"]["estimated_minutes"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(lesson["duration"]["target_minutes"].get<double>(), 12.0);
}

TEST(CliLessonTest, StoresTheLessonForLaterListing) {
  Example ex;
  auto r = run_lectio({"--data", ex.data, "lesson", ex.brief, "--json", "--no-audio"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto composed = nlohmann::json::parse(r.out);
  auto list = run_lectio({"--data", ex.data, "lessons", "--json"});
  ASSERT_EQ(list.exit_code, 0) << list.err;
  const auto lessons = nlohmann::json::parse(list.out);
  ASSERT_EQ(lessons.size(), 1u);
  EXPECT_EQ(lessons[0]["id"], composed["id"]);
  auto shown = run_lectio({"--data", ex.data, "lessons", composed["slug"], "--json"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_EQ(nlohmann::json::parse(shown.out), composed);
  // Composing the same brief again replaces the stored lesson rather than adding one.
  ASSERT_EQ(run_lectio({"--data", ex.data, "lesson", ex.brief, "--json", "--no-audio"}).exit_code,
            0);
  EXPECT_EQ(nlohmann::json::parse(run_lectio({"--data", ex.data, "lessons", "--json"}).out).size(),
            1u);
  EXPECT_EQ(run_lectio({"--data", ex.data, "lessons", "lesson_nope"}).exit_code, 1);
}

TEST(CliLessonTest, MatchesTheGoldenMarkdown) {
  Example ex;
  auto r = run_lectio({"--data", ex.data, "lesson", ex.brief, "--markdown", "--no-audio"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto golden = testing::source_dir() / "tests/fixtures/compose/gpu_tpu_lesson.md";
  if (std::getenv("LECTIO_UPDATE_GOLDEN")) testing::TempDir::write_to(golden, r.out);
  EXPECT_EQ(r.out, testing::slurp(golden))
      << "the lesson changed; if on purpose, re-run with LECTIO_UPDATE_GOLDEN=1 and review";
}

TEST(CliLessonTest, OpensNoNetworkConnection) {
  Example ex;
  const std::string log = (ex.dir.path() / "net.log").string();
  auto r = run_lectio({"--data", ex.data, "lesson", ex.brief, "--json", "--no-audio"},
                      {"LD_PRELOAD=" + testing::no_network_library(), "LECTIO_NET_LOG=" + log});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(testing::slurp(log), "") << "network calls were attempted";

  // The guard itself works: a program that does open a connection is caught.
  const std::string probe_log = (ex.dir.path() / "probe.log").string();
  const std::string cmd = "LD_PRELOAD=" + testing::no_network_library() +
                          " LECTIO_NET_LOG=" + probe_log +
                          " bash -c 'exec 3<>/dev/tcp/127.0.0.1/9' 2>/dev/null";
  EXPECT_NE(std::system(cmd.c_str()), 0);
  EXPECT_NE(testing::slurp(probe_log), "");
}

TEST(CliLessonTest, UnsupportedInsightWarnsAndFailsUnderStrict) {
  Example ex;
  const auto brief =
      ex.dir.write("odd.yaml",
                   "topic: GPUs and baking\ninsights:\n  - Where TPUs are strongest\n"
                   "  - How to bake sourdough bread\nsources: [gpu001]\ndate: 2026-04-22\n");
  auto loose = run_lectio({"--data", ex.data, "lesson", brief.string(), "--json"});
  EXPECT_EQ(loose.exit_code, 0) << loose.err;
  EXPECT_NE(loose.err.find("sourdough"), std::string::npos) << loose.err;
  const auto lesson = nlohmann::json::parse(loose.out);
  // No empty section is announced: intro, the one supported insight, recap.
  ASSERT_EQ(lesson["script"].size(), 3u);
  EXPECT_EQ(lesson["script"][1]["insight_index"], 0);
  EXPECT_NE(lesson["script"][0]["sentences"].back()["text"].get<std::string>().find("sourdough"),
            std::string::npos);
  EXPECT_FALSE(lesson["grounding"]["insights"][1]["supported"].get<bool>());

  auto strict = run_lectio({"--data", ex.data, "lesson", brief.string(), "--strict"});
  EXPECT_EQ(strict.exit_code, 1);
}

TEST(CliLessonTest, BadBriefsGetOneLineErrorsNamingTheField) {
  Example ex;
  const auto unknown_source =
      ex.dir.write("u.yaml", "topic: T\ninsights: [a]\nsources: [file_nope]\n");
  auto r = run_lectio({"--data", ex.data, "lesson", unknown_source.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("field 'sources': unknown source 'file_nope'"), std::string::npos) << r.err;

  const auto bad_host = ex.dir.write("h.yaml", "topic: T\ninsights: [a]\nhost: Zed\n");
  r = run_lectio({"--data", ex.data, "lesson", bad_host.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("field 'host'"), std::string::npos) << r.err;

  const auto invalid = ex.dir.write("i.yaml", "topic: [\n");
  r = run_lectio({"--data", ex.data, "lesson", invalid.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("invalid YAML"), std::string::npos) << r.err;

  r = run_lectio({"--data", ex.data, "lesson", (ex.dir.path() / "missing.yaml").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("missing.yaml: no such file"), std::string::npos) << r.err;
}

TEST(CliLessonTest, ComposesAChineseLessonInChinese) {
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  const auto zh = testing::source_dir() / "examples/gpu-tpu-zh";
  ASSERT_EQ(run_lectio({"--data", data, "add", (zh / "notes_zh.md").string(), "--id", "gpu001zh"})
                .exit_code,
            0);
  auto r = run_lectio({"--data", data, "lesson", (zh / "brief.yaml").string(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lesson = nlohmann::json::parse(r.out);
  EXPECT_EQ(lesson["language"], "zh");
  EXPECT_EQ(lesson["host"], "Mei");
  EXPECT_EQ(lesson["script"][0]["sentences"][0]["text"], "大家好，我是Mei。");
  for (int i = 1; i <= 3; ++i) {
    int content = 0;
    for (const auto& s : lesson["script"][i]["sentences"]) {
      if (s["role"] != "content") continue;
      ++content;
      const std::string text = s["text"];
      EXPECT_EQ(text.find("  "), std::string::npos);
      EXPECT_EQ(text.substr(text.size() - 3), "。") << text;
    }
    EXPECT_GE(content, 3) << lesson["insights"][i - 1];
  }
  EXPECT_GE(lesson["grounding"]["supported_share"].get<double>(), 0.95);
  EXPECT_GE(lesson["faq"].size(), 4u);
  EXPECT_EQ(lesson["faq"][0]["question"], "GPU和TPU的主要区别是什么？");
}

TEST(CliLessonTest, VoicesListsTheHosts) {
  auto r = run_lectio({"voices", "--json"});
  ASSERT_EQ(r.exit_code, 0);
  const auto voices = nlohmann::json::parse(r.out);
  bool lena = false;
  bool mandarin = false;
  for (const auto& v : voices) {
    lena = lena || v["name"] == "Lena";
    mandarin = mandarin || v["language"] == "zh";
  }
  EXPECT_TRUE(lena);
  EXPECT_TRUE(mandarin);
}

// Audio: `lectio lesson` renders by default. A two-minute version of the example keeps the
// rendering short; the speech tests check the audio itself.
namespace {

std::vector<std::string> audio_lines(const std::string& err) {
  std::vector<std::string> paths;
  const std::string prefix = "lectio: audio: ";
  for (std::size_t at = 0; (at = err.find(prefix, at)) != std::string::npos;) {
    const std::size_t end = err.find('\n', at);
    paths.push_back(err.substr(at + prefix.size(), end - at - prefix.size()));
    at = end;
  }
  return paths;
}

}  // namespace

TEST(CliLessonTest, RendersAudioAndReportsTheMeasuredDuration) {
  Example ex;
  const auto brief = ex.dir.write("short.yaml", testing::slurp(ex.brief) + "minutes: 2\n");
  const std::string out = (ex.dir.path() / "audio").string();
  auto r = run_lectio({"--data", ex.data, "lesson", brief.string(), "--json", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lesson = nlohmann::json::parse(r.out);  // stdout holds the lesson only
  const double seconds = lesson["duration"]["measured_seconds"].get<double>();
  EXPECT_GT(seconds, 30.0);
  EXPECT_LT(seconds, 600.0);
  const auto paths = audio_lines(r.err);
  ASSERT_EQ(paths.size(), 4u) << r.err;
  const std::vector<std::string> ext = {".mp3", ".opus", ".vtt", ".chapters.json"};
  for (std::size_t i = 0; i < paths.size(); ++i) {
    EXPECT_EQ(paths[i].rfind(out + "/" + lesson["slug"].get<std::string>() + "-", 0), 0u)
        << paths[i];
    EXPECT_EQ(paths[i].substr(paths[i].size() - ext[i].size()), ext[i]);
    EXPECT_TRUE(std::filesystem::is_regular_file(paths[i])) << paths[i];
  }
  EXPECT_EQ(r.err.find("unchanged"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos) << "no progress bar when stderr is not a terminal";

  auto again = run_lectio({"--data", ex.data, "lesson", brief.string(), "--json", "--out", out});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("unchanged, not rendered again"), std::string::npos) << again.err;
  EXPECT_EQ(audio_lines(again.err), paths);
  EXPECT_DOUBLE_EQ(nlohmann::json::parse(again.out)["duration"]["measured_seconds"].get<double>(),
                   seconds);

  // The default place is <data>/audio; --no-audio writes nothing and measures nothing.
  auto plain = run_lectio({"--data", ex.data, "lesson", brief.string(), "--json", "--no-audio"});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_TRUE(audio_lines(plain.err).empty());
  EXPECT_FALSE(nlohmann::json::parse(plain.out)["duration"].contains("measured_seconds"));
  EXPECT_FALSE(std::filesystem::exists(std::filesystem::path(ex.data) / "audio"));
}

TEST(CliLessonTest, DialogueIsRenderedWithTwoLabelledVoices) {
  Example ex;
  const auto brief = ex.dir.write(
      "dialogue.yaml", testing::slurp(ex.brief) + "minutes: 2\nformat: dialogue\ncohost: Marcus\n");
  auto r = run_lectio({"--data", ex.data, "lesson", brief.string(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lesson = nlohmann::json::parse(r.out);
  std::set<std::string> speakers;
  for (const auto& sec : lesson["script"]) {
    for (const auto& s : sec["sentences"]) speakers.insert(s["speaker"].get<std::string>());
  }
  EXPECT_EQ(speakers, (std::set<std::string>{"Lena", "Marcus"}));
  const auto paths = audio_lines(r.err);
  ASSERT_EQ(paths.size(), 4u) << r.err;
  EXPECT_EQ(paths[0].rfind((std::filesystem::path(ex.data) / "audio").string(), 0), 0u);
  const std::string vtt = testing::slurp(paths[2]);
  EXPECT_NE(vtt.find("<v Lena>"), std::string::npos);
  EXPECT_NE(vtt.find("<v Marcus>"), std::string::npos);
}

TEST(CliLessonTest, AudioErrorsAreOneLineAndNameTheInput) {
  Example ex;
  const auto file = ex.dir.write("taken", "not a directory");
  auto r = run_lectio({"--data", ex.data, "lesson", ex.brief, "--json", "--out", file.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(file.string() + ": the output path is not a directory"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "") << "no lesson is printed when its audio fails";

  const auto lexicon = ex.dir.write("lexicon.yaml", "[not, a, mapping]\n");
  r = run_lectio({"--data", ex.data, "lesson", ex.brief, "--lexicon", lexicon.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(lexicon.string()), std::string::npos) << r.err;
}

}  // namespace lectio::cli
