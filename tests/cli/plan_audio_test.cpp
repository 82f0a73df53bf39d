// `lectio plan build` with real audio: the example plan, shortened to one-minute lessons so
// that it renders quickly, built end to end.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {

namespace {

namespace fs = std::filesystem;
using testing::run_lectio;

const char* const kNotes[] = {"gpu_execution", "memory_hierarchy",  "tensor_cores",
                              "interconnects", "inference_serving", "cost"};

nlohmann::json json_of(const testing::RunResult& r) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

// The files under `dir`.
std::size_t entries(const fs::path& dir) {
  std::size_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) n += e.is_regular_file() ? 1 : 0;
  return n;
}

}  // namespace

// The example plan end to end with audio, shortened to one-minute lessons so that it renders
// quickly: its totals are the sum of its lessons' measured audio durations, and the render
// caches' bounds hold.
TEST(CliPlanAudioTest, TotalsAreTheSumOfTheLessonsMeasuredDurations) {
  testing::TempDir notes;
  const fs::path examples = testing::source_dir() / "examples/ai-hardware";
  for (const char* name : kNotes) {
    fs::copy_file(examples / (std::string(name) + ".md"),
                  notes.path() / (std::string(name) + ".md"));
  }
  std::string text = testing::slurp(examples / "plan.yaml");
  const std::string from = "minutes: 4";
  text.replace(text.find(from), from.size(), "minutes: 1");
  const auto plan = notes.write("plan.yaml", text);
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  for (const char* name : kNotes) {
    auto r =
        run_lectio({"--data", data, "add", (notes.path() / (std::string(name) + ".md")).string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const std::string audio = (dir.path() / "audio").string();
  const auto built = json_of(
      run_lectio({"--data", data, "plan", "build", plan.string(), "--json", "--out", audio}));
  EXPECT_EQ(built["build"]["rendered"], 8);
  EXPECT_EQ(built["totals"]["estimated_lessons"], 0);
  double sum = 0;
  for (const auto& c : built["chapters"]) {
    for (const auto& l : c["lessons"]) {
      const auto lesson = json_of(run_lectio({"--data", data, "lessons", l["id"], "--json"}));
      const double measured = lesson["duration"]["measured_seconds"].get<double>();
      EXPECT_DOUBLE_EQ(measured, l["measured_seconds"].get<double>());
      sum += measured;
    }
  }
  EXPECT_NEAR(built["totals"]["seconds"].get<double>(), sum, 1e-6);
  EXPECT_EQ(built["totals"]["duration"].get<std::string>().find('~'), std::string::npos);
  const auto again = json_of(
      run_lectio({"--data", data, "plan", "build", plan.string(), "--json", "--out", audio}));
  EXPECT_EQ(again["build"]["rendered"], 0);
  EXPECT_EQ(again["build"]["reused"], 8);

  // The render caches' bounds reach every lesson's render: built again into an empty audio
  // directory, one lesson at a time, with no room, only the last render's entries stay.
  const std::string bounded = (dir.path() / "bounded").string();
  const auto third =
      json_of(run_lectio({"--data", data, "plan", "build", plan.string(), "--json", "--out",
                          bounded, "--jobs", "1", "--clip-cache-mb", "0", "--unit-cache-mb", "0"}));
  EXPECT_EQ(third["build"]["rendered"], 8);
  for (const char* cache : {"clips", "units"}) {
    const std::size_t all = entries(fs::path(audio) / cache);
    const std::size_t kept = entries(fs::path(bounded) / cache);
    EXPECT_GT(kept, 0u) << cache << ": the last lesson's";
    EXPECT_LT(kept * 4, all) << cache << ": one lesson's of eight";
  }
}

}  // namespace lectio::cli
