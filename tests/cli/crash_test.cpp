// Crash safety: the real `lectio` killed with SIGKILL in the middle of rendering a lesson and
// of building a plan leaves no half-written audio under a final name and no lesson that points
// at missing files; running the command again finishes the work and reuses what was done.
// (The web creation job's kill test is tests/web/crash_test.cpp.)
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {

namespace {

namespace fs = std::filesystem;
using testing::BackgroundProcess;
using testing::run_lectio;

bool is_staged(const fs::path& p) {
  const std::string name = p.filename().string();
  return !name.empty() && name.front() == '.' && name.find(".tmp") != std::string::npos;
}

// Polls `dir` until a file matching `pred` appears (true) or the process exits (false).
template <class Pred>
bool wait_for_file(BackgroundProcess& process, const fs::path& dir, Pred pred) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  while (std::chrono::steady_clock::now() < deadline) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      if (pred(e.path())) return true;
    }
    // Exited already (a zombie until waited for): too late to kill it mid-way.
    if (::kill(process.pid(), 0) != 0) return false;
    std::string stat = testing::slurp("/proc/" + std::to_string(process.pid()) + "/stat");
    if (stat.find(") Z ") != std::string::npos) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return false;
}

// Every audio file under a final name is whole: ffprobe reads its full duration.
void expect_whole_audio(const fs::path& dir) {
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string ext = e.path().extension().string();
    if (is_staged(e.path()) || (ext != ".mp3" && ext != ".opus")) continue;
    const auto probe =
        testing::run_program({"ffprobe", "-v", "error", "-show_entries", "format=duration", "-of",
                              "csv=p=0", e.path().string()});
    EXPECT_EQ(probe.exit_code, 0) << e.path() << ": " << probe.err;
    EXPECT_TRUE(probe.err.empty()) << e.path() << ": " << probe.err;
    EXPECT_GT(std::atof(probe.out.c_str()), 1.0) << e.path();
  }
}

int staged_count(const fs::path& dir) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir)) n += is_staged(e.path());
  return n;
}

// Every stored lesson's audio paths (relative to the data directory, or absolute) exist.
void expect_no_dangling_lessons(const std::string& data) {
  const auto list = run_lectio({"--data", data, "lessons", "--json"});
  ASSERT_EQ(list.exit_code, 0) << list.err;
  for (const auto& entry : nlohmann::json::parse(list.out)) {
    const auto shown = run_lectio({"--data", data, "lessons", entry["id"], "--json"});
    ASSERT_EQ(shown.exit_code, 0) << shown.err;
    const auto lesson = nlohmann::json::parse(shown.out);
    if (!lesson.contains("audio") || lesson["audio"].is_null()) continue;
    for (const char* kind : {"mp3", "opus", "vtt", "chapters"}) {
      fs::path p = lesson["audio"][kind].get<std::string>();
      if (p.is_relative()) p = fs::path(data) / p;
      EXPECT_TRUE(fs::is_regular_file(p)) << entry["id"] << " points at missing " << p;
    }
  }
}

struct Library {
  testing::TempDir dir;
  std::string data = (dir.path() / "data").string();
  fs::path audio = dir.path() / "audio";

  void add(const fs::path& file, const std::string& id = "") {
    std::vector<std::string> args = {"--data", data, "add", file.string()};
    if (!id.empty()) args.insert(args.end(), {"--id", id});
    const auto r = run_lectio(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
};

// Runs the command, kills it with SIGKILL once a file matching `pred` is in the audio folder,
// then checks that nothing it left is half done.
template <class Pred>
void kill_when(const std::vector<std::string>& args, const Library& lib, Pred pred) {
  {
    BackgroundProcess process(args);
    ASSERT_TRUE(wait_for_file(process, lib.audio, pred))
        << "it ended before the moment to kill it: " << process.err_so_far();
    process.signal(SIGKILL);
    EXPECT_EQ(process.wait().exit_code, 128 + SIGKILL);
  }
  expect_whole_audio(lib.audio);
  expect_no_dangling_lessons(lib.data);
}

}  // namespace

TEST(CliCrashTest, LessonKilledWhileWritingAudioLeavesNothingHalfDoneAndFinishesOnRerun) {
  Library lib;
  const fs::path example = testing::source_dir() / "examples/gpu-tpu";
  lib.add(example / "gpu_tpu_lesson_notes.md", "gpu001");
  std::string brief = testing::slurp(example / "brief.yaml");
  brief += "\nminutes: 2\n";
  const fs::path brief_file = lib.dir.write("brief.yaml", brief);
  fs::create_directories(lib.audio);
  const std::vector<std::string> args = {
      testing::lectio_binary(), "--data", lib.data,           "lesson",
      brief_file.string(),      "--out",  lib.audio.string(), "--json"};
  kill_when(args, lib, is_staged);

  const auto again = run_lectio(
      {"--data", lib.data, "lesson", brief_file.string(), "--out", lib.audio.string(), "--json"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("lectio: rendered"), std::string::npos) << again.err;
  expect_whole_audio(lib.audio);
  expect_no_dangling_lessons(lib.data);
  // The killed run's staged files are cleared by the run that finished the work.
  EXPECT_EQ(staged_count(lib.audio), 0);
  // A third run finds the finished set and renders nothing.
  const auto third = run_lectio(
      {"--data", lib.data, "lesson", brief_file.string(), "--out", lib.audio.string(), "--json"});
  ASSERT_EQ(third.exit_code, 0) << third.err;
  EXPECT_NE(third.err.find("unchanged, not rendered again"), std::string::npos) << third.err;
}

TEST(CliCrashTest, PlanBuildKilledAfterItsFirstLessonReusesItOnRerun) {
  Library lib;
  const fs::path examples = testing::source_dir() / "examples/ai-hardware";
  testing::TempDir notes;
  for (const auto& e : fs::directory_iterator(examples)) {
    if (e.path().extension() != ".md" || e.path().filename() == "README.md") continue;
    fs::copy_file(e.path(), notes.path() / e.path().filename());
    lib.add(notes.path() / e.path().filename());
  }
  std::string text = testing::slurp(examples / "plan.yaml");
  const std::string from = "minutes: 4";
  text.replace(text.find(from), from.size(), "minutes: 1");
  const fs::path plan = notes.write("plan.yaml", text);
  fs::create_directories(lib.audio);
  const auto finished_set = [](const fs::path& p) {
    return p.string().ends_with(".render.json") && !is_staged(p);
  };
  kill_when({testing::lectio_binary(), "--data", lib.data, "plan", "build", plan.string(), "--json",
             "--out", lib.audio.string()},
            lib, finished_set);

  const auto again = run_lectio(
      {"--data", lib.data, "plan", "build", plan.string(), "--json", "--out", lib.audio.string()});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const auto built = nlohmann::json::parse(again.out);
  EXPECT_GE(built["build"]["reused"].get<int>(), 1) << built["build"];
  EXPECT_EQ(built["build"]["rendered"].get<int>() + built["build"]["reused"].get<int>(), 8)
      << built["build"];
  expect_whole_audio(lib.audio);
  expect_no_dangling_lessons(lib.data);
  EXPECT_EQ(staged_count(lib.audio), 0);
}

}  // namespace lectio::cli
