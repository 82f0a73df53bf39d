// Golden lessons over real manuals nobody here wrote (Debian's git-doc, sqlite3-doc and
// bash-doc: HTML and PDF), composed by the real binary from the briefs in
// tests/fixtures/compose/dev/. The Markdown of each lesson is the expectation: a change to
// what the built-in engine says on real documentation shows here and is reviewed on purpose
// (LECTIO_UPDATE_GOLDEN=1 rewrites the files). ../shared/eval/lessons/run-dev.sh measures the
// same kind of lesson with the listener's linter.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::compose {

namespace {

namespace fs = std::filesystem;
using testing::run_lectio;

struct DevLesson {
  const char* brief;   // in tests/fixtures/compose/dev/, without .yaml
  const char* source;  // the manual, from the package list's *-doc packages
  const char* id;      // the source id the brief names, without "file_"
};

const DevLesson kLessons[] = {
    {"git", "/usr/share/doc/git-doc/gittutorial.html", "gittutorial"},
    {"sqlite-locking", "/usr/share/doc/sqlite3/lockingv3.html", "sqlitelocking"},
    {"sqlite-testing", "/usr/share/doc/sqlite3/testing.html", "sqlitetesting"},
    {"bash-expansion", "/usr/share/doc/bash/bashref.pdf", "bashref"},
};

class DevGoldenTest : public ::testing::TestWithParam<DevLesson> {};

TEST_P(DevGoldenTest, ComposesTheGoldenLesson) {
  const DevLesson& dev = GetParam();
  ASSERT_TRUE(fs::exists(dev.source)) << dev.source << ": install the package list (make deps)";
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  auto added = run_lectio({"--data", data, "add", dev.source, "--id", dev.id});
  ASSERT_EQ(added.exit_code, 0) << added.err;
  const fs::path fixtures = testing::source_dir() / "tests/fixtures/compose/dev";
  const std::string brief = (fixtures / (std::string(dev.brief) + ".yaml")).string();
  auto r = run_lectio({"--data", data, "lesson", brief, "--markdown", "--no-audio"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const fs::path golden = fixtures / (std::string(dev.brief) + ".md");
  if (std::getenv("LECTIO_UPDATE_GOLDEN")) testing::TempDir::write_to(golden, r.out);
  EXPECT_EQ(r.out, testing::slurp(golden))
      << "the lesson changed; if on purpose, re-run with LECTIO_UPDATE_GOLDEN=1 and review";
}

INSTANTIATE_TEST_SUITE_P(Manuals, DevGoldenTest, ::testing::ValuesIn(kLessons),
                         [](const auto& info) {
                           std::string name = info.param.brief;
                           std::erase(name, '-');
                           return name;
                         });

}  // namespace

}  // namespace lectio::compose
