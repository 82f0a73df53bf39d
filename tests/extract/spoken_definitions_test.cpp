// Option definitions heard as sentences, on lines as GNU manuals write them (grep's and sed's
// option tables, find's Info definitions).
#include "lectio/extract/spoken_definitions.h"

#include <gtest/gtest.h>

#include "lectio/extract/candidates.h"
#include "lectio/extract/listenable.h"
#include "lectio/text/wordnet.h"

namespace lectio::extract {

namespace {

std::string heard(std::string_view line) {
  const auto d = split_definition(line);
  if (!d) return "(no definition)";
  return said_definition(*d, text::WordNet::shared()).value_or("(not said)");
}

}  // namespace

// A name in quotes holds at most kMaxArgumentWords (3) words after its first, as an option
// name's argument does ("‘-exec command {} +’"), whether the name is an option's or not.
TEST(SpokenDefinitionsTest, ANameInQuotesHoldsAsManyArgumentWordsEitherWay) {
  const auto option = split_definition("\u2018-exec command {} +\u2019 Run the command.");
  ASSERT_TRUE(option);
  EXPECT_EQ(option->names, (std::vector<std::string>{"\u2018-exec command {} +\u2019"}));
  EXPECT_FALSE(split_definition("\u2018-exec command {} + ;\u2019 Run the command."));
  const auto other = split_quoted_definition("\u2018w FILE NAME NOW\u2019 Write the result.");
  ASSERT_TRUE(other);
  EXPECT_EQ(other->names, (std::vector<std::string>{"\u2018w FILE NAME NOW\u2019"}));
  EXPECT_FALSE(split_quoted_definition("\u2018w FILE NAME NOW THEN\u2019 Write the result."));
}

TEST(SpokenDefinitionsTest, NamesAndDescriptionAreSplitWhereTheDescriptionOpens) {
  const auto d = split_definition(
      "\u2018-A NUM\u2019 \u2018--after-context=NUM\u2019 Print NUM lines of trailing context.");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->names,
            (std::vector<std::string>{"\u2018-A NUM\u2019", "\u2018--after-context=NUM\u2019"}));
  EXPECT_EQ(d->description, "Print NUM lines of trailing context.");
  EXPECT_EQ(d->kind, "");
  const auto info = split_definition("Test: -name pattern Test: -iname pattern True if it is.");
  ASSERT_TRUE(info);
  EXPECT_EQ(info->names, (std::vector<std::string>{"-name pattern", "-iname pattern"}));
  EXPECT_EQ(info->kind, "test");
  // No option first, or no capitalised description after the names: no definition.
  EXPECT_FALSE(split_definition("The option -A prints lines of context."));
  EXPECT_FALSE(split_definition("-a in du, ls, nm and stty."));
  EXPECT_FALSE(split_definition("-name pattern"));
  const auto alone = names_only("\u2018-B NUM\u2019 \u2018--before-context=NUM\u2019");
  ASSERT_TRUE(alone);
  EXPECT_EQ(alone->names.size(), 2u);
  EXPECT_FALSE(names_only("-B NUM Print lines."));
}

TEST(SpokenDefinitionsTest, AnImperativeDescriptionIsSaidOfTheOptionItDescribes) {
  ASSERT_NE(text::WordNet::shared(), nullptr) << "wordnet-base is in scripts/debian-packages.txt";
  EXPECT_EQ(heard("\u2018-A NUM\u2019 \u2018--after-context=NUM\u2019 Print NUM lines of trailing "
                  "context after matching lines."),
            "The option \u2018-A NUM\u2019, or \u2018--after-context\u2019, prints NUM lines of "
            "trailing context after matching lines.");
  // A second verb after "then" agrees with the same subject; "Do not" becomes "does not".
  EXPECT_EQ(heard("\u2018--version\u2019 Print the version of \u2018sed\u2019, then exit."),
            "The option \u2018--version\u2019 prints the version of \u2018sed\u2019, then exits.");
  EXPECT_EQ(heard("--no-group-separator Do not print a separator between groups of lines."),
            "The option --no-group-separator does not print a separator between groups of "
            "lines.");
  EXPECT_EQ(heard("\u2018-n\u2019 \u2018--quiet\u2019 \u2018--silent\u2019 Suppress the automatic "
                  "printing of the pattern space."),
            "The option \u2018-n\u2019, or \u2018--quiet\u2019 or \u2018--silent\u2019, suppresses "
            "the automatic printing of the pattern space.");
  // A noun that opens a description is no imperative: nothing is said of it.
  EXPECT_EQ(heard("-links n File has N hard links."), "(not said)");
  EXPECT_EQ(heard("-size n Number of blocks the file uses."), "(not said)");
  EXPECT_EQ(heard("--format Options are read from the file."), "(not said)");
}

TEST(SpokenDefinitionsTest, ATestIsTrueIfAndAnInfoKindNamesWhatTheNamesAre) {
  EXPECT_EQ(heard("-name pattern -iname pattern True if the base of the file name matches shell "
                  "pattern PATTERN."),
            "The test -name pattern, or -iname pattern, is true if the base of the file name "
            "matches shell pattern PATTERN.");
  // An action's value after its effect is the same subject's second predicate; the ';' that
  // ends its command is not said.
  EXPECT_EQ(heard("Action: -exec command ; Execute COMMAND; true if 0 status is returned."),
            "The action -exec command executes COMMAND, and is true if 0 status is returned.");
  EXPECT_EQ(heard("-regextype name This option controls the syntax of regular expressions."),
            "The option -regextype name controls the syntax of regular expressions.");
  EXPECT_EQ(heard("\u2018-r\u2019 This means the same as \u2018--recursive\u2019."),
            "The option \u2018-r\u2019 means the same as \u2018--recursive\u2019.");
  EXPECT_EQ(heard("Action: -okdir command ; Like '-execdir', but ask the user first."),
            "The action -okdir command is like '-execdir', but asks the user first.");
  // "-execdir command {} +" is not "-execdir command ;": without its unsaid part it is not said.
  EXPECT_EQ(heard("Action: -execdir command {} + This works as for '-execdir command ;'."),
            "(not said)");
  EXPECT_EQ(heard("Test: -true Always true."), "The test -true is always true.");
  EXPECT_EQ(heard("Test: -newerXY reference Succeeds if timestamp X is newer than timestamp Y."),
            "The test -newerXY reference succeeds if timestamp X is newer than timestamp Y.");
  EXPECT_EQ(heard("Option: -xdev Don't descend directories on other filesystems."),
            "The option -xdev doesn't descend directories on other filesystems.");
  EXPECT_EQ(heard("-ipath pattern -iwholename pattern These tests are like -path, but the match "
                  "is case-insensitive."),
            "The tests -ipath pattern and -iwholename pattern are like -path, but the match is "
            "case-insensitive.");
  EXPECT_EQ(heard("-iwholename pattern Like -wholename, but the match is case-insensitive."),
            "The option -iwholename pattern is like -wholename, but the match is "
            "case-insensitive.");
}

TEST(SpokenDefinitionsTest, NamesAreSaidWithoutTheirValuesOrLeftOut) {
  EXPECT_EQ(heard("\u2018-C NUM\u2019 \u2018-NUM\u2019 \u2018--context=NUM\u2019 Print NUM lines "
                  "of output context."),
            "The option \u2018-C NUM\u2019, or \u2018--context\u2019, prints NUM lines of output "
            "context.");
  EXPECT_EQ(heard("\u2018-i[SUFFIX]\u2019 Edit files in place."),
            "The option \u2018-i\u2019 edits files in place.");
  EXPECT_EQ(heard("-n <number> --max-count=<number> Limit the number of commits to output."),
            "The option -n number, or --max-count, limits the number of commits to output.");
  EXPECT_EQ(heard("-exec command {} + Run the command on many files."), "(not said)");
  // A literal value is what the description is about: the name is not said without it.
  EXPECT_EQ(heard("--diff-merges=first-parent This option makes merge commits show the full "
                  "diff."),
            "(not said)");
  EXPECT_EQ(heard("--diff-merges=(off|none|on) --no-diff-merges Specify the diff format to use."),
            "The option --diff-merges specifies the diff format to use.");
  // A negative grouped with the option it turns off is not said to do what that one does.
  EXPECT_EQ(heard("--no-decorate --decorate Print out the ref names of any commits shown."),
            "The option --decorate prints out the ref names of any commits shown.");
  EXPECT_EQ(heard("--min-parents=<number> --no-min-parents Show only commits which have at "
                  "least that many parent commits."),
            "The option --min-parents shows only commits which have at least that many parent "
            "commits.");
  EXPECT_EQ(heard("--no-color Turn off colored output."),
            "The option --no-color turns off colored output.");
}

TEST(SpokenDefinitionsTest, OptionLinesOfAChunkAreHeardAsSentences) {
  Chunk chunk;
  chunk.source_id = "file_grep";
  chunk.ordinal = 3;
  chunk.text =
      "\u201cContext lines\u201d are non-matching lines that are near a matching line.\n"
      "\u2018-A NUM\u2019 \u2018--after-context=NUM\u2019 Print NUM lines of trailing context "
      "after matching lines.\n"
      "\u2018-B NUM\u2019\n"
      "Print NUM lines of leading context before matching lines.\n"
      "Action: -print0 True; print the file name and a null character.\n"
      "--no-decorate\n"
      "--decorate[=short|full]\n"
      "Print out the ref name given on the command line.\n"
      "--diff-merges=(off|none|on|first-parent|1|separate|m|combined|c|dense-combined|cc|remerge)\n"
      "--no-diff-merges\n"
      "Specify the diff format to be used for merge commits.\n"
      "--first-parent\n"
      "When finding commits to include, follow only the first parent commit.";
  std::vector<std::string> got;
  for (const ChunkSentence& s : chunk_sentences(chunk, "en")) got.push_back(s.text);
  // A group whose first line of names cannot be read is not said with the rest of its names,
  // and a description in the imperative is not said without its names either.
  ASSERT_EQ(got.size(), 13u);
  EXPECT_EQ(got[10], "Specify the diff format to be used for merge commits.");
  EXPECT_TRUE(chunk_sentences(chunk, "en")[10].cut);
  EXPECT_TRUE(chunk_sentences(chunk, "en")[12].cut);
  // Names each on a line of their own above the description, as HTML's definition lists give.
  EXPECT_EQ(got[7], "The option --decorate prints out the ref name given on the command line.");
  EXPECT_EQ(got[1],
            "The option \u2018-A NUM\u2019, or \u2018--after-context\u2019, prints NUM lines of "
            "trailing context after matching lines.");
  EXPECT_EQ(got[3],
            "The option \u2018-B NUM\u2019 prints NUM lines of leading context before matching "
            "lines.");
  EXPECT_EQ(why_unfit(got[1], "en"), Unfit::kNone);
  // A definition that cannot be said with its names is no sentence to say as written either.
  EXPECT_TRUE(chunk_sentences(chunk, "en")[4].cut);
  EXPECT_FALSE(chunk_sentences(chunk, "en")[1].cut);
  // Chinese text is left as it is.
  EXPECT_EQ(chunk_sentences(chunk, "zh")[1].text.substr(0, 9), "\u2018-A NUM");
}

// A name in quotes that is no option ("‘g’") is defined by its line only under a lead-in that
// says what the names are; alone, the name could be anything and the line stays as it is.
TEST(SpokenDefinitionsTest, AQuotedNameIsDefinedWhenTheListsLeadInSaysWhatItIs) {
  const auto d = split_quoted_definition("\u2018w FILENAME\u2019 Write the result to FILENAME.");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->names, (std::vector<std::string>{"\u2018w FILENAME\u2019"}));
  EXPECT_EQ(d->description, "Write the result to FILENAME.");
  EXPECT_FALSE(split_quoted_definition("\u2018g\u2019 is a flag."));
  EXPECT_FALSE(split_quoted_definition("\u2018-n\u2019 Print nothing."));  // an option's
  EXPECT_EQ(item_kind("The \u2018s\u2019 command can be followed by the following FLAGS:"), "flag");
  EXPECT_EQ(item_kind("These are the following switches:"), "switch");
  EXPECT_EQ(item_kind("Addresses can be in any of the following forms:"), "");
  EXPECT_EQ(item_kind("They operate as follows:"), "");

  Chunk chunk;
  chunk.text =
      "The \u2018s\u2019 command can be followed by zero or more of the following FLAGS:\n"
      "\u2018g\u2019 Apply the replacement to all matches to the REGEXP, not just the first.\n"
      "\u2018NUMBER\u2019 Only replace the NUMBERth match of the REGEXP.\n"
      "\u2018i\u2019 Match REGEXP in a case-insensitive manner.\n"
      "They operate as follows:\n"
      "\u2018D\u2019 Delete text in the pattern space up to the first newline.";
  const std::vector<ChunkSentence> got = chunk_sentences(chunk, "en");
  ASSERT_EQ(got.size(), 6u);
  EXPECT_EQ(got[1].text,
            "The flag \u2018g\u2019 applies the replacement to all matches to the REGEXP, not "
            "just the first.");
  EXPECT_TRUE(got[1].definition);
  // A placeholder in capitals is no name to say; unsaid, the instruction is no sentence.
  EXPECT_TRUE(got[2].cut);
  // Past an item that could not be said, the lead-in still names the list.
  EXPECT_EQ(got[3].text, "The flag \u2018i\u2019 matches REGEXP in a case-insensitive manner.");
  // No kind named: the line is left as written.
  EXPECT_EQ(got[5].text, "\u2018D\u2019 Delete text in the pattern space up to the first newline.");
  EXPECT_FALSE(got[5].definition);
}

// A sentence that points back follows the source's sentence, not the definition said in its
// place: a reader of the page could not find the two side by side.
TEST(SpokenDefinitionsTest, ASentenceThatPointsBackDoesNotFollowADefinitionSaidAnew) {
  lesson::Material m;
  Chunk c;
  c.source_id = "file_log";
  c.text =
      "--since-as-filter=<date>\n"
      "Show all commits more recent than a specific date. This visits all commits in the range.\n"
      "The date may be given in many formats. It can be a relative date.";
  m.chunks.push_back(c);
  const std::vector<Candidate> all = build_candidates(m, "en");
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all[0].text,
            "The option --since-as-filter shows all commits more recent than a specific date.");
  EXPECT_EQ(all[0].original, all[0].text);
  EXPECT_TRUE(all[1].dangling);
  EXPECT_EQ(all[1].previous, -1);
  EXPECT_TRUE(all[3].dangling);
  EXPECT_EQ(all[3].previous, 2);
}

TEST(SpokenDefinitionsTest, AnInstructionIsToldFromAStatement) {
  const text::WordNet* wordnet = text::WordNet::shared();
  ASSERT_NE(wordnet, nullptr);
  for (const char* s : {"If the user does not agree to run the command, just return false.",
                        "Otherwise, run it, with standard input redirected from /dev/null.",
                        "Only run the command line if the response starts with y.",
                        "Stop when a given path disappears from the tree."}) {
    EXPECT_TRUE(instructs(s, *wordnet)) << s;
  }
  for (const char* s : {"If the user does not agree, the command is not run.",
                        "File names can contain quotes and newlines.", "The result is always true.",
                        "Name of the file to read."}) {
    EXPECT_FALSE(instructs(s, *wordnet)) << s;
  }
  // After a definition on its line, such a sentence is not said; elsewhere it is.
  Chunk chunk;
  chunk.text =
      "Action: -okdir command ; Like '-execdir', but ask the user first. If the user does not "
      "agree to run the command, just return false. The prompt goes to standard error.\n"
      "If in doubt, just run the command twice.";
  const std::vector<ChunkSentence> got = chunk_sentences(chunk, "en");
  ASSERT_EQ(got.size(), 4u);
  EXPECT_TRUE(got[0].definition);
  EXPECT_TRUE(got[1].cut);
  EXPECT_FALSE(got[2].cut);
  EXPECT_FALSE(got[3].cut);
}

TEST(SpokenDefinitionsTest, AnExampleIsTheCommandRunAndWhatItDoes) {
  const text::WordNet* wordnet = text::WordNet::shared();
  ASSERT_NE(wordnet, nullptr);
  const auto said = [&](std::string_view command, std::string_view what) {
    return said_example(command, what, *wordnet).value_or("(not said)");
  };
  EXPECT_EQ(said("git log --no-merges", "Show the whole commit history, but skip any merges"),
            "Running git log --no-merges shows the whole commit history, but skips any merges.");
  EXPECT_EQ(said("git log --follow builtin/rev-list.c",
                 "Shows the commits that changed builtin/rev-list.c, before and after renames."),
            "Running git log --follow builtin/rev-list.c shows the commits that changed "
            "builtin/rev-list.c, before and after renames.");
  // No option, words nobody could follow, or no verb to open the description: not said.
  EXPECT_EQ(said("git log v2.6.12.. include/scsi", "Show all commits since version v2.6.12."),
            "(not said)");
  EXPECT_EQ(said("git log --since=\"2 weeks ago\" -- gitk", "Show the changes to gitk."),
            "(not said)");
  EXPECT_EQ(said("git log --name-status release..test", "Show the commits in test."), "(not said)");
  EXPECT_EQ(said("git log -3", "The newest three commits are shown."), "(not said)");
  EXPECT_EQ(said("The history of a file", "Show it with git log."), "(not said)");
  // In a chunk: the command's line above its description's.
  Chunk chunk;
  chunk.text = "git log --no-merges\nShow the whole commit history, but skip any merges";
  const std::vector<ChunkSentence> got = chunk_sentences(chunk, "en");
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[1].text,
            "Running git log --no-merges shows the whole commit history, but skips any merges.");
  EXPECT_TRUE(got[1].definition);
}

// Names that end one chunk and their description that opens the next: the description is not
// said alone (an instruction to the listener) nor with names its chunk does not hold.
TEST(SpokenDefinitionsTest, ADescriptionWhoseNamesEndThePreviousChunkIsNotSaid) {
  lesson::Material m;
  Chunk first;
  first.source_id = "file_log";
  first.ordinal = 4;
  first.text = "--remove-empty\nStop when a given path disappears from the tree.\n--merges";
  Chunk second = first;
  second.ordinal = 5;
  second.text =
      "Print only merge commits that were made by hand.\nMerges are commits with parents.";
  m.chunks = {first, second};
  std::vector<std::string> said;
  for (const Candidate& c : build_candidates(m, "en")) said.push_back(c.text);
  EXPECT_EQ(said, (std::vector<std::string>{
                      "The option --remove-empty stops when a given path disappears from the tree.",
                      "Merges are commits with parents."}));
  // Without the chunk before it, nothing says the line is a description.
  m.chunks = {second};
  EXPECT_EQ(build_candidates(m, "en").size(), 2u);
}

}  // namespace lectio::extract
