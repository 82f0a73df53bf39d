// Usage errors: one line on stderr, exit status 2; bad inputs name themselves once.
#include <gtest/gtest.h>

#include <algorithm>

#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {
namespace {

using testing::run_lectio;

void expect_usage_error(const std::vector<std::string>& args, const std::string& needle) {
  const auto r = run_lectio(args);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind("lectio: usage: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

}  // namespace

TEST(CliUsageTest, EveryUsageErrorIsOneLineAndExitTwo) {
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  expect_usage_error({"--data", data, "search", "x", "--k", "abc"}, "--k = abc");
  expect_usage_error({"--data", data, "frobnicate"}, "subcommand");
  expect_usage_error({"--data", data, "add"}, "paths is required");
  expect_usage_error({"--data", data, "lesson", "b.yaml", "--json", "--markdown"}, "--json");
  const auto help = run_lectio({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("lectio"), std::string::npos);
}

TEST(CliUsageTest, AMissingFileIsNamedOnce) {
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  const std::string missing = (dir.path() / "missing.md").string();
  const auto r = run_lectio({"--data", data, "add", missing});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("lectio: error: " + missing + ": no such file"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(missing + ": " + missing), std::string::npos) << r.err;
}

}  // namespace lectio::cli
