// lectio lesson script | apply | versions | revert (issue 32): the round trip on the real
// binary with real audio, and bad edits refused with one line naming the line.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "lesson_example.h"

namespace lectio::cli {

namespace {

namespace fs = std::filesystem;
using testing::run_lectio;

struct Edited {
  Example ex;
  std::string id;
  std::string script;

  explicit Edited(bool audio) {
    const auto brief = ex.dir.write("short.yaml", testing::slurp(ex.brief) + "minutes: 2\n");
    std::vector<std::string> args = {"--data", ex.data, "lesson", brief.string(), "--json"};
    if (!audio) args.push_back("--no-audio");
    auto r = run_lectio(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    id = nlohmann::json::parse(r.out)["id"].get<std::string>();
    auto s = run_lectio({"--data", ex.data, "lesson", "script", id});
    EXPECT_EQ(s.exit_code, 0) << s.err;
    script = s.out;
  }

  nlohmann::json stored() const {
    auto r = run_lectio({"--data", ex.data, "lessons", id, "--json"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out);
  }

  testing::RunResult apply(const std::string& text, std::vector<std::string> extra = {}) const {
    const auto file = ex.dir.write("script.md", text);
    std::vector<std::string> args = {"--data", ex.data, "lesson", "apply", id, file.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_lectio(args);
  }

  int versions() const {
    auto r = run_lectio({"--data", ex.data, "lesson", "versions", id});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return static_cast<int>(std::count(r.out.begin(), r.out.end(), '\n'));
  }
};

// The first content line of the script ("- Lena: … [cite: …]") and its 1-based line number.
std::pair<std::string, int> first_cited_line(const std::string& script) {
  int number = 0;
  std::size_t at = 0;
  while (at < script.size()) {
    const auto end = script.find('\n', at);
    const std::string line = script.substr(at, end - at);
    ++number;
    if (line.rfind("- ", 0) == 0 && line.find("[cite: ") != std::string::npos) {
      return {line, number};
    }
    at = end + 1;
  }
  return {"", 0};
}

std::string replace_once(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

std::size_t files_in(const fs::path& dir) {
  std::size_t n = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); it != fs::end(it); ++it) {
    n += it->is_regular_file() ? 1 : 0;
  }
  return n;
}

}  // namespace

TEST(CliLessonEditTest, ScriptNamesItsVersionAndEveryCitedSentence) {
  Edited e(false);
  EXPECT_EQ(e.script.rfind("<!-- lectio script of " + e.id + ", version 1 -->\n", 0), 0u);
  EXPECT_NE(e.script.find("\n## intro: "), std::string::npos);
  EXPECT_NE(e.script.find("\n## insight 1: "), std::string::npos);
  EXPECT_NE(e.script.find("\n## faq\n"), std::string::npos);
  EXPECT_NE(e.script.find("- Lena: "), std::string::npos);
  EXPECT_FALSE(first_cited_line(e.script).first.empty());
  // Applied unchanged it is a new version that says the same.
  auto r = e.apply(e.script);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("0 edited sentences checked"), std::string::npos) << r.err;
  EXPECT_EQ(e.stored().value("version", 1), 2);
}

// The cards and quiz are made again from the edited script: none tests a removed sentence.
TEST(CliLessonEditTest, CardsFollowTheEditedScript) {
  Edited e(false);
  const auto before = e.stored();
  ASSERT_FALSE(before["study"]["cards"].empty());
  const std::string taught = before["study"]["cards"][0]["sentence"].get<std::string>();
  // Removes every script line that says the first card's sentence.
  std::string edited;
  std::size_t at = 0;
  int removed = 0;
  while (at < e.script.size()) {
    const auto end = e.script.find('\n', at);
    const std::string line = e.script.substr(at, end == std::string::npos ? end : end - at + 1);
    const bool says = line.rfind("- ", 0) == 0 && line.find(taught) != std::string::npos;
    removed += says ? 1 : 0;
    if (!says) edited += line;
    at = end == std::string::npos ? e.script.size() : end + 1;
  }
  ASSERT_GT(removed, 0) << taught;
  auto r = e.apply(edited);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto after = e.stored();
  ASSERT_TRUE(after.contains("study"));
  for (const auto& card : after["study"]["cards"]) {
    EXPECT_NE(card["sentence"].get<std::string>(), taught);
    EXPECT_NE(edited.find(card["sentence"].get<std::string>()), std::string::npos)
        << card["sentence"] << " is not in the edited script";
  }
}

// script → edit → apply (audio) → versions → revert, with only the changed sentence
// synthesised again.
TEST(CliLessonEditTest, RoundTripRendersOnlyTheChangedSentence) {
  Edited e(true);
  const auto before = e.stored();
  const fs::path old_mp3 = fs::path(e.ex.data) / before["audio"]["mp3"].get<std::string>();
  ASSERT_TRUE(fs::is_regular_file(old_mp3));
  const fs::path clips = fs::path(e.ex.data) / "audio" / "clips";
  const std::size_t clips_before = files_in(clips);
  EXPECT_GT(clips_before, 5u) << "every sentence's clip is cached";

  // An unsupported edit: flagged with its line, and refused under --strict.
  const auto [line, number] = first_cited_line(e.script);
  const std::string cite = line.substr(line.find(" [cite: "));
  const std::string invented = "- Lena: The Zorblax Institute shipped 4096 of them in 1987." + cite;
  auto strict = e.apply(replace_once(e.script, line, invented), {"--strict"});
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_NE(strict.err.find("script.md:" + std::to_string(number) + ": unsupported ("),
            std::string::npos)
      << strict.err;
  EXPECT_NE(strict.err.find("'Zorblax Institute' (name)"), std::string::npos) << strict.err;
  EXPECT_NE(strict.err.find("nothing saved"), std::string::npos) << strict.err;
  EXPECT_EQ(e.versions(), 1) << "nothing stored";

  // A supported edit: a connective line reworded; the other sentences keep their clips.
  const std::string hello = e.script.substr(e.script.find("- Lena: Hi, I'm Lena."));
  const std::string greeting = hello.substr(0, hello.find('\n'));
  std::string edited = replace_once(e.script, greeting, "- Lena: Hello there, I'm Lena.");
  auto r = e.apply(edited);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(e.id + " version 2"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("connective lines (uncited)"), std::string::npos) << r.err;
  EXPECT_EQ(files_in(clips), clips_before + 1) << "one sentence synthesised again";

  const auto after = e.stored();
  EXPECT_EQ(after.value("version", 1), 2);
  const fs::path new_mp3 = fs::path(e.ex.data) / after["audio"]["mp3"].get<std::string>();
  EXPECT_NE(new_mp3, old_mp3);
  EXPECT_TRUE(fs::is_regular_file(new_mp3));
  EXPECT_TRUE(fs::is_regular_file(old_mp3)) << "the old version's files stay";
  const std::string vtt =
      testing::slurp(fs::path(e.ex.data) / after["audio"]["vtt"].get<std::string>());
  EXPECT_NE(vtt.find("Hello there, I'm Lena."), std::string::npos);
  EXPECT_EQ(vtt.find("Hi, I'm Lena."), std::string::npos);

  auto list = run_lectio({"--data", e.ex.data, "lesson", "versions", e.id, "--diff"});
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_TRUE(std::regex_search(list.out, std::regex("(^|\n)1  \\S+  composed\n"))) << list.out;
  EXPECT_TRUE(std::regex_search(list.out, std::regex("\n2  \\S+  edited  \\(published\\)\n")))
      << list.out;
  EXPECT_NE(list.out.find("    - " + greeting + "\n"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("    + - Lena: Hello there, I'm Lena.\n"), std::string::npos) << list.out;

  // Revert: version 3 says what version 1 said, and its audio is version 1's files again.
  auto back = run_lectio({"--data", e.ex.data, "lesson", "revert", e.id, "1"});
  ASSERT_EQ(back.exit_code, 0) << back.err;
  EXPECT_NE(back.err.find("already rendered"), std::string::npos) << back.err;
  const auto reverted = e.stored();
  EXPECT_EQ(reverted.value("version", 1), 3);
  EXPECT_EQ(reverted["audio"]["mp3"], before["audio"]["mp3"]);
  EXPECT_EQ(reverted["script"], before["script"]);
  EXPECT_EQ(e.versions(), 3);
}

TEST(CliLessonEditTest, BadEditsAreRefusedNamingTheLineAndWriteNothing) {
  Edited e(false);
  const auto [line, number] = first_cited_line(e.script);
  const std::string where = "script.md:" + std::to_string(number) + ": ";
  const std::string cite = line.substr(line.find(" [cite: "));
  const std::string stem = line.substr(0, line.find(" [cite: "));
  struct Case {
    std::string text;
    std::string error;
  };
  const std::string first_section = e.script.substr(e.script.find("\n## insight 1: ") + 1);
  const std::string heading = first_section.substr(0, first_section.find('\n'));
  const std::vector<Case> cases = {
      {replace_once(e.script, line, stem + " [cite: file_gpu001:c0999]"),
       where + "citation file_gpu001:c0999: no such chunk"},
      {replace_once(e.script, line, stem + " [cite: not an id]"),
       where + "'not an id' is not a chunk id"},
      {replace_once(e.script, line, "* " + line.substr(2)), where + "not a script line"},
      {replace_once(e.script, line, "- Bob: " + line.substr(line.find(": ") + 2)),
       where + "no speaker"},
      {replace_once(e.script, heading + "\n", ""), "section 'insight 1' is missing"},
      {replace_once(e.script, "version 1 -->", "version 7 -->"),
       "is at version 1, this script was printed from version 7"},
  };
  for (const Case& c : cases) {
    auto r = e.apply(c.text);
    EXPECT_EQ(r.exit_code, 1) << c.error;
    EXPECT_NE(r.err.find(c.error), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.out, "");
  }
  EXPECT_EQ(e.versions(), 1) << "nothing stored";
  EXPECT_EQ(e.stored().value("version", 1), 1);
  auto missing = run_lectio({"--data", e.ex.data, "lesson", "revert", e.id, "4"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("no version 4"), std::string::npos) << missing.err;
}

// lesson versions --delete: a version's files go unless another version uses them; the
// published version, a version that does not exist and a bad number are refused in one line.
// A lesson composed again from its brief after edits becomes its next version.
TEST(CliLessonEditTest, DeletingAVersionRemovesItsFilesButNeverThePublishedOne) {
  Edited e(true);
  const auto v1 = e.stored();
  const fs::path v1_mp3 = fs::path(e.ex.data) / v1["audio"]["mp3"].get<std::string>();
  ASSERT_EQ(e.apply(replace_once(e.script, "- Lena: Hi, I'm Lena.", "- Lena: Hello.")).exit_code,
            0);
  const auto v2 = e.stored();
  const fs::path v2_mp3 = fs::path(e.ex.data) / v2["audio"]["mp3"].get<std::string>();
  ASSERT_TRUE(fs::is_regular_file(v1_mp3));
  const auto del = [&](const std::string& n) {
    return run_lectio({"--data", e.ex.data, "lesson", "versions", e.id, "--delete", n});
  };

  auto published = del("2");
  EXPECT_EQ(published.exit_code, 1);
  EXPECT_NE(published.err.find("version 2 is the published version and cannot be deleted"),
            std::string::npos)
      << published.err;
  EXPECT_EQ(std::count(published.err.begin(), published.err.end(), '\n'), 1) << published.err;
  auto missing = del("9");
  EXPECT_NE(missing.exit_code, 0);
  EXPECT_NE(missing.err.find("no version 9 (versions: 1, 2)"), std::string::npos) << missing.err;
  EXPECT_EQ(std::count(missing.err.begin(), missing.err.end(), '\n'), 1) << missing.err;
  EXPECT_NE(del("0").exit_code, 0);
  EXPECT_NE(del("two").exit_code, 0);
  EXPECT_EQ(e.versions(), 2) << "nothing deleted";
  EXPECT_TRUE(fs::is_regular_file(v1_mp3));

  auto ok = del("1");
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, e.id + " version 1 deleted; 5 files removed\n");
  EXPECT_FALSE(fs::exists(v1_mp3));
  EXPECT_FALSE(fs::exists(fs::path(v1_mp3).replace_extension(".opus")));
  EXPECT_TRUE(fs::is_regular_file(v2_mp3)) << "the published version's files stay";
  EXPECT_EQ(e.versions(), 1);
  EXPECT_NE(del("1").exit_code, 0) << "already gone";

  // Composed again from the brief: version 3, after the edits, which stay in the history.
  const auto brief = e.ex.dir.path() / "short.yaml";
  auto again = run_lectio({"--data", e.ex.data, "lesson", brief.string(), "--no-audio"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(e.stored().value("version", 1), 3);
  auto list = run_lectio({"--data", e.ex.data, "lesson", "versions", e.id});
  EXPECT_TRUE(std::regex_search(list.out, std::regex("(^|\n)2  \\S+  edited\n"))) << list.out;
  EXPECT_TRUE(
      std::regex_search(list.out, std::regex("\n3  \\S+  composed again  \\(published\\)\n")))
      << list.out;
}

// Two editors print version 1; the first to apply wins, the second is told which version
// now stands and loses nothing already stored.
TEST(CliLessonEditTest, TheSecondEditorOfAVersionGetsAConflict) {
  Edited e(false);
  const std::string first = replace_once(e.script, "- Lena: Hi, I'm Lena.", "- Lena: Hello.");
  const std::string second = replace_once(e.script, "- Lena: Hi, I'm Lena.", "- Lena: Welcome.");
  ASSERT_EQ(e.apply(first).exit_code, 0);
  auto late = e.apply(second);
  EXPECT_EQ(late.exit_code, 1);
  EXPECT_NE(late.err.find("is at version 2, this script was printed from version 1"),
            std::string::npos)
      << late.err;
  EXPECT_EQ(e.versions(), 2);
  EXPECT_NE(e.stored()["script"].dump().find("Hello."), std::string::npos);
}

}  // namespace lectio::cli
