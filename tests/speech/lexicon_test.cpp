// The user's pronunciation lexicon: loading lexicon.yaml, its errors, and the matching rule.
#include <gtest/gtest.h>

#include <string>

#include "lectio/core/error.h"
#include "lectio/speech/normalize.h"
#include "support/temp_dir.h"

namespace lectio::speech {
namespace {

using lectio::testing::TempDir;

std::string error_of(const std::filesystem::path& path) {
  try {
    Lexicon::load(path);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "no InvalidInput";
}

TEST(LexiconTest, LoadsAMappingOfWordToSpokenForm) {
  const TempDir dir;
  const auto path = dir.write("lexicon.yaml",
                              "# pronunciations\n"
                              "SQL: sequel\n"
                              "Kubernetes: koo ber net eez\n"
                              "\"C++\": see plus plus\n"
                              "张三: 张三丰\n");
  const Lexicon lexicon = Lexicon::load(path);
  ASSERT_EQ(lexicon.entries.size(), 4u);
  EXPECT_EQ(lexicon.entries.at("SQL"), "sequel");
  EXPECT_EQ(lexicon.entries.at("C++"), "see plus plus");
}

TEST(LexiconTest, EmptyFileIsAnEmptyLexicon) {
  const TempDir dir;
  EXPECT_TRUE(Lexicon::load(dir.write("lexicon.yaml", "")).entries.empty());
}

TEST(LexiconTest, BadYamlNamesTheFileAndLine) {
  const TempDir dir;
  const auto path = dir.write("lexicon.yaml", "GPU: G P U\nbad: [unclosed\n");
  const std::string message = error_of(path);
  EXPECT_NE(message.find(path.string()), std::string::npos) << message;
  EXPECT_NE(message.find("line"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(LexiconTest, WrongShapesNameTheEntry) {
  const TempDir dir;
  EXPECT_NE(error_of(dir.write("a.yaml", "- just\n- a list\n")).find("mapping"), std::string::npos);
  const std::string nested = error_of(dir.write("b.yaml", "GPU: G P U\nTPU:\n  x: y\n"));
  EXPECT_NE(nested.find("\"TPU\""), std::string::npos) << nested;
  EXPECT_NE(nested.find("b.yaml"), std::string::npos) << nested;
  const std::string empty = error_of(dir.write("c.yaml", "XLA:\n"));
  EXPECT_NE(empty.find("\"XLA\""), std::string::npos) << empty;
}

TEST(LexiconTest, MissingFileIsNotFound) {
  const TempDir dir;
  EXPECT_THROW(Lexicon::load(dir.path() / "nope.yaml"), NotFound);
}

TEST(LexiconTest, AppliesBeforeEveryOtherRule) {
  const Lexicon lexicon{{{"SQL", "sequel"},
                         {"GPU", "graphics card"},
                         {"2048", "twenty forty eight"},
                         {"H100", "hopper"},
                         {"C++", "see plus plus"}}};
  EXPECT_EQ(normalize_for_speech("SQL on a GPU with 2048 cores", "en", lexicon),
            "sequel on a graphics card with twenty forty eight cores");
  EXPECT_EQ(normalize_for_speech("An H100 runs C++.", "en", lexicon),
            "An hopper runs see plus plus.");
}

TEST(LexiconTest, AllCapsEntriesAreCaseSensitiveOthersAreNot) {
  const Lexicon lexicon{{{"SQL", "sequel"}, {"kubernetes", "koo ber net eez"}}};
  EXPECT_EQ(normalize_for_speech("SQL and sql", "en", lexicon), "sequel and S Q L");
  EXPECT_EQ(normalize_for_speech("Kubernetes and KUBERNETES", "en", lexicon),
            "koo ber net eez and koo ber net eez");
}

TEST(LexiconTest, MatchesWholeWordsOnly) {
  const Lexicon lexicon{{{"cat", "kitty"}, {"New York", "the big apple"}, {"New", "fresh"}}};
  EXPECT_EQ(normalize_for_speech("a cat, concatenate, cats", "en", lexicon),
            "a kitty, concatenate, cats");
  EXPECT_EQ(normalize_for_speech("New York is New", "en", lexicon), "the big apple is fresh");
}

TEST(LexiconTest, MatchesInsideChineseText) {
  const Lexicon lexicon{{{"GPU", "显卡"}, {"张三", "张三丰"}}};
  EXPECT_EQ(normalize_for_speech("张三用GPU训练", "zh", lexicon), "张三丰用显卡训练");
}

TEST(LexiconTest, UserEntriesBeatBuiltInPronunciations) {
  const Lexicon lexicon{{{"NVIDIA", "in vidia"}}};
  EXPECT_EQ(normalize_for_speech("NVIDIA chips", "en", lexicon), "in vidia chips");
  EXPECT_EQ(normalize_for_speech("NVIDIA chips", "en"), "en vidia chips");
}

}  // namespace
}  // namespace lectio::speech
