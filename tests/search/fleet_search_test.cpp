// Search in a fleet through the real binary: two data directories (two nodes, each with its own
// search index) on one PostgreSQL store. What one node adds or removes the other finds or no
// longer finds, by applying the store's change feed; the binary's note on stderr says when an
// index had to be rebuilt instead.
#include <gtest/gtest.h>

#include <string>

#include "lectio/pg/connection.h"
#include "support/pg_test.h"
#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {

namespace {

using testing::run_lectio;
using testing::RunResult;

constexpr std::string_view kRebuiltNote = "the search index was rebuilt";

class FleetSearchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const RunResult migrated = run_lectio({"--store", db_.url(), "migrate"});
    ASSERT_EQ(migrated.exit_code, 0) << migrated.err;
  }

  RunResult on(const std::string& node, std::vector<std::string> args) {
    args.insert(args.begin(), {"--store", db_.url(), "--data", (dir_.path() / node).string()});
    return run_lectio(args);
  }

  void add(const std::string& node, const std::string& id, const std::string& text) {
    const auto file = dir_.write(id + ".md", "# " + id + "\n\n" + text + "\n");
    const RunResult r = on(node, {"add", file.string(), "--id", id});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }

  testing::TestDatabase db_;
  testing::TempDir dir_;
};

bool found(const RunResult& r, const std::string& chunk_id) {
  return r.out.find("[" + chunk_id + "]") != std::string::npos;
}

bool rebuilt(const RunResult& r) {
  return r.err.find(kRebuiltNote) != std::string::npos;
}

}  // namespace

TEST_F(FleetSearchTest, WhatOneNodeAddsOrRemovesTheOtherFindsWithoutRebuilding) {
  add("a", "gpu", "Graphics processors run many threads at once.");
  RunResult r = on("b", {"search", "graphics"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(found(r, "file_gpu:c0000")) << r.out;
  EXPECT_TRUE(rebuilt(r)) << "b had no index yet: " << r.err;

  add("a", "cook", "Boil the pasta in salted water for ten minutes.");
  r = on("b", {"search", "pasta"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(found(r, "file_cook:c0000")) << r.out;
  EXPECT_FALSE(rebuilt(r)) << "one added source is one change applied: " << r.err;

  const RunResult removed = on("a", {"remove", "cook"});
  ASSERT_EQ(removed.exit_code, 0) << removed.err;
  EXPECT_EQ(removed.out, "removed file_cook\n");
  r = on("b", {"search", "pasta"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(found(r, "file_cook:c0000")) << r.out;
  EXPECT_NE(r.out.find("no matches"), std::string::npos) << r.out;
  EXPECT_FALSE(rebuilt(r)) << r.err;
  EXPECT_TRUE(on("b", {"sources"}).out.find("file_cook") == std::string::npos);

  // A node whose next change the feed no longer holds (pruned) rebuilds, and finds it all.
  add("a", "bread", "Knead the dough, then let it rise.");
  pg::Connection(db_.url()).exec("DELETE FROM chunk_changes");
  r = on("b", {"search", "dough"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(found(r, "file_bread:c0000")) << r.out;
  EXPECT_TRUE(rebuilt(r)) << r.err;
}

TEST_F(FleetSearchTest, RemovingAnUnknownSourceFailsAndRemovesNothing) {
  add("a", "gpu", "Graphics processors run many threads at once.");
  const RunResult r = on("a", {"remove", "gpu", "nosuch"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "lectio: error: nosuch: no such source (see `lectio sources`)\n");
  EXPECT_TRUE(found(on("b", {"search", "graphics"}), "file_gpu:c0000")) << "nothing was removed";
}

}  // namespace lectio::cli
