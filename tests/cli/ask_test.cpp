// Runs the real `lectio ask` and `lectio verify` against a real data directory holding the
// example notes, including the inputs they must refuse.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {

namespace {

using testing::run_lectio;

// A data directory with the English notes (file_gpu001), the Chinese notes (file_gpu001zh) and
// an unrelated source about tensor cores (file_tensorcores).
struct Library {
  testing::TempDir dir;
  std::string data = (dir.path() / "data").string();

  Library() {
    const auto examples = testing::source_dir() / "examples";
    add(examples / "gpu-tpu/gpu_tpu_lesson_notes.md", "gpu001");
    add(examples / "gpu-tpu-zh/notes_zh.md", "gpu001zh");
    add(examples / "ai-hardware/tensor_cores.md", "tensorcores");
  }
  void add(const std::filesystem::path& file, const std::string& id) {
    const auto r = run_lectio({"--data", data, "add", file.string(), "--id", id});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  testing::RunResult run(std::vector<std::string> args) {
    args.insert(args.begin(), {"--data", data});
    return run_lectio(args);
  }
};

// A failed command: non-zero exit, nothing on stdout, one line on stderr that says why.
void expect_refused(const testing::RunResult& r, const std::string& reason) {
  EXPECT_NE(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(reason), std::string::npos) << r.err;
}

}  // namespace

TEST(CliAskTest, AnswersFromTheNamedSourceWithCitedSentences) {
  Library lib;
  auto r = lib.run(
      {"ask", "Which compiler prepares programs for a TPU?", "--source", "gpu001", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["question"], "Which compiler prepares programs for a TPU?");
  EXPECT_TRUE(j["supported"].get<bool>());
  ASSERT_GE(j["answer"].size(), 1u);
  EXPECT_LE(j["answer"].size(), 3u);
  EXPECT_NE(j["answer"][0]["text"].get<std::string>().find("XLA"), std::string::npos) << r.out;
  for (const auto& s : j["answer"]) {
    ASSERT_EQ(s["citations"].size(), 1u);
    EXPECT_TRUE(
        std::regex_match(s["citations"][0].get<std::string>(), std::regex("file_gpu001:c[0-9]{4}")))
        << s["citations"][0];
    EXPECT_GE(s["support"].get<double>(), 0.6);
    EXPECT_LE(s["support"].get<double>(), 1.0);
  }
  // The text form prints each sentence with its citation.
  auto text = lib.run({"ask", "Which compiler prepares programs for a TPU?", "--k", "1"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(std::regex_search(text.out, std::regex(R"(XLA.*\[file_gpu001:c[0-9]{4}\]\n$)")))
      << text.out;
  EXPECT_EQ(std::count(text.out.begin(), text.out.end(), '\n'), 1) << text.out;
}

TEST(CliAskTest, SaysPlainlyWhenTheSourcesDoNotSay) {
  Library lib;
  auto j = lib.run({"ask", "Who won the 1998 World Cup?", "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto out = nlohmann::json::parse(j.out);
  EXPECT_FALSE(out["supported"].get<bool>());
  EXPECT_EQ(out["refusal"], "not_said");
  EXPECT_EQ(out["message"], "The sources don't say.");
  EXPECT_TRUE(out["answer"].empty());
  auto text = lib.run({"ask", "Who won the 1998 World Cup?"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out, "The sources don't say.\n");
  // Loss scaling is only in the tensor-core notes: restricted to the GPU/TPU notes, no answer.
  auto loss = lib.run(
      {"ask", "When does training need loss scaling?", "--source", "file_gpu001", "--json"});
  ASSERT_EQ(loss.exit_code, 0) << loss.err;
  EXPECT_FALSE(nlohmann::json::parse(loss.out)["supported"].get<bool>()) << loss.out;
}

// Issue 30 (item 12): a Chinese question over English notes is told that the notes are in
// English, not that they do not say.
TEST(CliAskTest, AQuestionInAnotherLanguageThanTheSourcesIsToldSo) {
  Library lib;
  const std::string q = "为什么PyTorch代码很难迁移到TPU上？";
  auto j = lib.run({"ask", q, "--source", "file_gpu001", "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto out = nlohmann::json::parse(j.out);
  EXPECT_FALSE(out["supported"].get<bool>());
  EXPECT_EQ(out["refusal"], "other_language");
  EXPECT_NE(out["message"].get<std::string>().find("英文"), std::string::npos) << j.out;
  auto text = lib.run({"ask", q, "--source", "file_gpu001"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out, out["message"].get<std::string>() + "\n");
}

TEST(CliAskTest, AnswersAChineseQuestionFromTheChineseNotes) {
  Library lib;
  auto r = lib.run({"ask", "什么是脉动阵列？", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j["supported"].get<bool>()) << r.out;
  EXPECT_NE(j["answer"][0]["text"].get<std::string>().find("脉动阵列"), std::string::npos);
  EXPECT_EQ(j["answer"][0]["citations"][0].get<std::string>().rfind("file_gpu001zh:", 0), 0u);
}

TEST(CliAskTest, RefusesBadQuestionsSourcesAndOptions) {
  Library lib;
  expect_refused(lib.run({"ask", ""}), "question: is empty");
  expect_refused(lib.run({"ask", "   "}), "question: is empty");
  expect_refused(lib.run({"ask", std::string(501, 'a')}), "longer than 500 characters");
  expect_refused(lib.run({"ask", "What is a TPU?", "--source", "nosuch"}),
                 "nosuch: no such source");
  expect_refused(lib.run({"ask", "What is a TPU?", "--lesson", "nosuch"}),
                 "nosuch: no such lesson");
  expect_refused(lib.run({"ask", "What is a TPU?", "--k", "5"}), "--k 5: must be 1..4");
  expect_refused(lib.run({"ask", "What is a TPU?", "--k", "0"}), "--k 0");
}

TEST(CliVerifyTest, MarksSupportedAndInventedSentences) {
  Library lib;
  const auto file = lib.dir.write(
      "claims.txt",
      "Programs do not run on a TPU directly, because they are first compiled by XLA. "
      "In 1987 the Zorblax Institute built the first TPU on Mars.\n");
  auto r = lib.run({"verify", file.string(), "--source", "gpu001", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["sentences"].size(), 2u) << r.out;
  const auto& good = j["sentences"][0];
  EXPECT_TRUE(good["supported"].get<bool>()) << r.out;
  EXPECT_GE(good["support"].get<double>(), 0.9);
  EXPECT_TRUE(good["unsupported"].empty()) << good["unsupported"];
  ASSERT_GE(good["citations"].size(), 1u);
  EXPECT_EQ(good["citations"][0].get<std::string>().rfind("file_gpu001:", 0), 0u);
  const auto& bad = j["sentences"][1];
  EXPECT_FALSE(bad["supported"].get<bool>());
  const auto missing = bad["unsupported"].get<std::vector<std::string>>();
  EXPECT_EQ(missing, (std::vector<std::string>{"1987", "Zorblax Institute", "Mars"})) << r.out;
  // A sentence's score is its support discounted for what no chunk holds; the text's score is
  // the mean of its sentences' scores.
  EXPECT_LT(bad["score"].get<double>(), bad["support"].get<double>() / 2) << r.out;
  EXPECT_DOUBLE_EQ(good["score"].get<double>(), good["support"].get<double>());
  const double score = j["score"].get<double>();
  EXPECT_NEAR(score, (good["score"].get<double>() + bad["score"].get<double>()) / 2, 1e-9);
  EXPECT_GT(score, bad["support"].get<double>() / 2);
  EXPECT_LT(score, good["support"].get<double>());

  auto text = lib.run({"verify", file.string()});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("ok "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("NO "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("not in the sources: 1987, Zorblax Institute, Mars"), std::string::npos)
      << text.out;
}

TEST(CliVerifyTest, ChecksChineseTextAgainstTheChineseNotes) {
  Library lib;
  const auto file =
      lib.dir.write("zh.txt", "TPU的核心是由乘加单元组成的脉动阵列。香蕉富含钾元素。\n");
  auto r = lib.run({"verify", file.string(), "--source", "gpu001zh", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["language"], "zh");
  ASSERT_EQ(j["sentences"].size(), 2u) << r.out;
  EXPECT_TRUE(j["sentences"][0]["supported"].get<bool>()) << r.out;
  EXPECT_FALSE(j["sentences"][1]["supported"].get<bool>()) << r.out;
  EXPECT_FALSE(j["sentences"][1]["unsupported"].empty()) << r.out;
}

TEST(CliVerifyTest, RefusesEmptyBinaryHugeAndMissingFilesAndUnknownSources) {
  Library lib;
  expect_refused(lib.run({"verify", lib.dir.write("empty.txt", "").string()}), "is empty");
  expect_refused(lib.run({"verify", lib.dir.write("blank.txt", " \n\n\t").string()}), "is empty");
  expect_refused(
      lib.run(
          {"verify", lib.dir.write("bin.dat", std::string("\x89PNG\r\n\x1a\n\0\0", 10)).string()}),
      "is not UTF-8 text");
  const auto huge = lib.dir.write("huge.txt", std::string(10u << 20, 'a'));
  expect_refused(lib.run({"verify", huge.string()}), "over the limit of 1048576 bytes");
  expect_refused(lib.run({"verify", (lib.dir.path() / "absent.txt").string()}), "no such file");
  const auto ok = lib.dir.write("ok.txt", "TPUs use systolic arrays.\n");
  expect_refused(lib.run({"verify", ok.string(), "--source", "nosuch"}), "nosuch: no such source");
}

}  // namespace lectio::cli
