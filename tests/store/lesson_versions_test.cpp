// Versions of a lesson (issue 32) on every backend: appended, never overwritten, and of two
// editors who saved on the same version the second is refused, not lost.
#include <gtest/gtest.h>

#include <thread>

#include "store_backends.h"

namespace lectio::store {

class LessonVersionsTest : public StoreBackendTest {};

INSTANTIATE_TEST_SUITE_P(Backends, LessonVersionsTest, ::testing::ValuesIn(store_backends()),
                         backend_name);

namespace {

LessonVersion version_of(const std::string& lesson, const std::string& body) {
  return {lesson, 0, "edited", "u1", body, ""};
}

}  // namespace

TEST_P(LessonVersionsTest, AppendsVersionsInOrderAndKeepsTheOldOnes) {
  auto store = open_content();
  EXPECT_TRUE(store->lesson_versions("lesson_a").empty());
  ASSERT_TRUE(store->add_lesson_version({"lesson_a", 0, "composed", "", "{\"v\":1}", ""}, 0));
  ASSERT_TRUE(store->add_lesson_version(version_of("lesson_a", "{\"v\":2}"), 1));
  ASSERT_TRUE(store->add_lesson_version(version_of("lesson_b", "{\"b\":1}"), 0));

  const auto reopened = open_content();  // stored, not cached
  const auto versions = reopened->lesson_versions("lesson_a");
  ASSERT_EQ(versions.size(), 2u);
  EXPECT_EQ(versions[0].version, 1);
  EXPECT_EQ(versions[0].note, "composed");
  EXPECT_EQ(versions[0].body, "{\"v\":1}");
  EXPECT_EQ(versions[1].version, 2);
  EXPECT_EQ(versions[1].author, "u1");
  EXPECT_EQ(versions[1].body, "{\"v\":2}");
  EXPECT_FALSE(versions[1].created_at.empty());
  EXPECT_EQ(reopened->lesson_versions("lesson_b").size(), 1u);

  EXPECT_TRUE(reopened->delete_lesson_version("lesson_a", 1));
  EXPECT_FALSE(reopened->delete_lesson_version("lesson_a", 1));
  ASSERT_EQ(reopened->lesson_versions("lesson_a").size(), 1u);
  EXPECT_EQ(reopened->lesson_versions("lesson_a")[0].version, 2);
}

TEST_P(LessonVersionsTest, AnEditOnAnOlderVersionIsAConflictAndWritesNothing) {
  auto store = open_content();
  ASSERT_TRUE(store->add_lesson_version(version_of("lesson_a", "one"), 0));
  ASSERT_TRUE(store->add_lesson_version(version_of("lesson_a", "two"), 1));
  EXPECT_FALSE(store->add_lesson_version(version_of("lesson_a", "late"), 1));
  EXPECT_FALSE(store->add_lesson_version(version_of("lesson_a", "ahead"), 5)) << "no gaps";
  EXPECT_FALSE(store->add_lesson_version(version_of("lesson_a", "again"), 0));
  const auto versions = store->lesson_versions("lesson_a");
  ASSERT_EQ(versions.size(), 2u);
  EXPECT_EQ(versions[1].body, "two");
}

// Two editors on two connections, both saving on version 1 at once: exactly one is stored.
TEST_P(LessonVersionsTest, OfTwoConcurrentEditorsExactlyOneWins) {
  {
    auto store = open_content();
    ASSERT_TRUE(store->add_lesson_version(version_of("lesson_a", "one"), 0));
  }
  for (int round = 0; round < 5; ++round) {
    const int expected = round + 1;
    auto first = open_content();
    auto second = open_content();
    bool won_first = false;
    bool won_second = false;
    {
      std::jthread a([&] {
        won_first = first->add_lesson_version(version_of("lesson_a", "first"), expected);
      });
      std::jthread b([&] {
        won_second = second->add_lesson_version(version_of("lesson_a", "second"), expected);
      });
    }
    EXPECT_NE(won_first, won_second) << "round " << round;
    const auto versions = first->lesson_versions("lesson_a");
    ASSERT_EQ(versions.size(), static_cast<std::size_t>(expected + 1));
    EXPECT_EQ(versions.back().body, won_first ? "first" : "second");
  }
}

}  // namespace lectio::store
