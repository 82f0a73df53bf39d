// Where the sources teach each insight: by section, not by shared words.
#include "insight_material.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "lectio/extract/related_words.h"
#include "lectio/text/terms.h"
#include "lesson_parts.h"

namespace lectio::compose {

namespace {

Chunk chunk(int ordinal, std::vector<std::string> path, std::string text) {
  Chunk c;
  c.source_id = "file_manual";
  c.ordinal = ordinal;
  c.heading_path = std::move(path);
  c.text = std::move(text);
  return c;
}

struct Fixture {
  lesson::Material material;
  std::vector<extract::Candidate> candidates;
  std::unique_ptr<extract::Scorer> scorer;
  std::unique_ptr<extract::SectionTree> tree;

  explicit Fixture(std::vector<Chunk> chunks) {
    material.chunks = std::move(chunks);
    candidates = extract::build_candidates(material, "en");
    scorer = std::make_unique<extract::Scorer>(candidates, "en");
    tree = std::make_unique<extract::SectionTree>(material, candidates, "en");
  }

  std::vector<InsightMaterial> find(const std::vector<std::string>& insights,
                                    bool related_words = true,
                                    const std::set<std::string>& light = {}) {
    std::vector<extract::Focus> foci;
    for (const auto& i : insights) {
      extract::Focus focus;
      focus.terms = text::terms(i, "en");
      for (const auto& t : light) focus.distinctness[t] = kLightVerbWeight;
      if (related_words) focus.related = extract::related_map(focus.terms, "en");
      focus.qualified = qualified_terms(i, "en");
      foci.push_back(std::move(focus));
    }
    return find_insight_material(foci, insight_relevance(foci, *scorer, candidates.size()), *tree,
                                 *scorer);
  }

  // What one focus, made by hand (its search priors, its distinctness), is taught by.
  InsightMaterial find_one(extract::Focus focus) const {
    const std::vector<extract::Focus> foci = {std::move(focus)};
    return find_insight_material(foci, insight_relevance(foci, *scorer, candidates.size()), *tree,
                                 *scorer)[0];
  }

  // The sentences an insight's part may say, verbatim.
  std::vector<std::string> said(const InsightMaterial& m) const {
    std::vector<std::string> out;
    for (std::size_t c = 0; c < candidates.size(); ++c) {
      if (m.priority[c] > 0) out.push_back(candidates[c].original);
    }
    return out;
  }
};

bool holds(const std::vector<std::string>& all, const std::string& s) {
  return std::find(all.begin(), all.end(), s) != all.end();
}

const std::string kStandards = "GNU Coding Standards";

std::vector<Chunk> standards() {
  return {
      chunk(0, {kStandards, "About the GNU Project"},
            "If you make a suggestion, please include a suggested new wording for it. Send "
            "changes to the maintainers of this document by electronic mail."),
      chunk(1, {kStandards, "Standards for Command Line Interfaces", "--help"},
            "The standard --help option should output brief documentation for how to invoke "
            "the program. Every program should support the --help option so that users can "
            "learn its usage. Near the end of the output, it should mention where to report "
            "bugs."),
      chunk(2, {kStandards, "Standards for Command Line Interfaces", "--version"},
            "The standard --version option should direct the program to print information "
            "about its name, version, origin and legal status. Every program should support "
            "the --version option so that users know which release they run."),
      chunk(3, {kStandards, "Documenting Programs", "Man Pages"},
            "Every program should come with a man page that summarises its options. The man "
            "page is secondary to the Texinfo manual."),
      chunk(4, {kStandards, "Portability between CPUs"},
            "Do not assume that the address of an int object is also the address of its "
            "least-significant byte. Programs should work on every common CPU."),
  };
}

// Ten sections on another subject after `chunks`, so that a word of the fixture's own sections
// is rare enough over the document to tell them apart.
void add_job_control(std::vector<Chunk>& chunks, const std::string& document) {
  const int first = static_cast<int>(chunks.size()) + 1;
  for (int k = 0; k < 10; ++k) {
    chunks.push_back(chunk(first + k, {document, "6." + std::to_string(k + 1) + " Job Control"},
                           "A job runs in the background until it is brought to the foreground. "
                           "The shell reports when a job " +
                               std::to_string(k) + " stops or ends."));
  }
}

}  // namespace

// A section is filled from the sections that teach its insight; a neighbour that shares a
// word ("program", "every") is not its material.
TEST(InsightMaterialTest, ASectionSaysItsOwnSectionsNotNeighboursSharingAWord) {
  Fixture f(standards());
  const auto found = f.find({"Why every program should support --help and --version"});
  ASSERT_TRUE(found[0].supported);
  const auto said = f.said(found[0]);
  EXPECT_TRUE(holds(said,
                    "Every program should support the --help option so that users can learn its "
                    "usage."));
  EXPECT_TRUE(holds(said,
                    "Every program should support the --version option so that users know which "
                    "release they run."));
  EXPECT_FALSE(
      holds(said, "If you make a suggestion, please include a suggested new wording for it."));
  EXPECT_FALSE(
      holds(said, "Every program should come with a man page that summarises its options."));
  EXPECT_FALSE(holds(said, "Programs should work on every common CPU."));
}

// Two insights never take the same section as their best: the one it serves better keeps it.
TEST(InsightMaterialTest, TwoInsightsDoNotShareTheirBestSection) {
  Fixture f(standards());
  const auto found = f.find({"What the --help option prints", "What the --version option prints"});
  ASSERT_TRUE(found[0].supported);
  ASSERT_TRUE(found[1].supported);
  EXPECT_NE(found[0].regions[0], found[1].regions[0]);
  const auto first = f.said(found[0]);
  const auto second = f.said(found[1]);
  for (const auto& s : first) EXPECT_FALSE(holds(second, s)) << s;
  EXPECT_TRUE(holds(second,
                    "The standard --version option should direct the program to print information "
                    "about its name, version, origin and legal status."));
}

// A section that is one insight's best by a few words of an aside, but serves another insight
// clearly better, goes to that one: the history sections teach "how to look at history", though
// a sentence there shares "share", "people" and "merge" with "how two people share and merge".
TEST(InsightMaterialTest, ASectionServingAnotherInsightClearlyBetterGoesToIt) {
  const std::string tutorial = "Git Tutorial";
  Fixture f({chunk(0, {tutorial, "Viewing project history"},
                   "At any point you can look at the history of your changes with the log "
                   "command."),
             chunk(1, {tutorial, "Exploring history"},
                   "Git history is a series of commits, and the log command lists them. You can "
                   "look at what changed in each commit with the show command. If you share a "
                   "commit with other people, give it a tag. When two people merge their work, "
                   "the history is hard to read as a list."),
             chunk(2, {tutorial, "Using Git for collaboration"},
                   "Alice and Bob work on one project. Bob clones the repository of Alice and "
                   "commits his own work. Alice then pulls from Bob and merges his work into "
                   "her branch.")});
  const auto found = f.find(
      {"How to look at history and what changed", "How two people share and merge their work"});
  ASSERT_TRUE(found[0].supported);
  ASSERT_TRUE(found[1].supported);
  const auto history = f.said(found[0]);
  const auto together = f.said(found[1]);
  EXPECT_TRUE(holds(history, "You can look at what changed in each commit with the show command."));
  EXPECT_TRUE(holds(together, "Alice then pulls from Bob and merges his work into her branch."));
  EXPECT_FALSE(holds(together, "If you share a commit with other people, give it a tag."));
}

// Most subsections of a section serving the insight make the section itself its place.
TEST(InsightMaterialTest, AnInsightTaughtAcrossSubsectionsTakesTheirParent) {
  const std::string doc = "How SQLite Is Tested";
  Fixture f({
      chunk(0, {doc, "1. Test Harnesses"},
            "SQLite has four independent test harnesses. Each harness runs its own tests."),
      chunk(1, {doc, "3. Anomaly Testing"},
            "Anomaly tests verify what happens when things go wrong in SQLite."),
      chunk(2, {doc, "3. Anomaly Testing", "3.1. Out-Of-Memory Testing"},
            "SQLite tests that every allocation may fail. A failed allocation must not corrupt "
            "the database."),
      chunk(3, {doc, "3. Anomaly Testing", "3.2. I/O Error Testing"},
            "SQLite tests that a failed disk read or write is reported. The test makes the I/O "
            "layer fail on purpose."),
      chunk(4, {doc, "3. Anomaly Testing", "3.3. Crash Testing"},
            "SQLite tests that a crash or power failure in the middle of a transaction leaves "
            "the database intact."),
      chunk(5, {doc, "7. Coverage"}, "The tests reach full branch coverage of the core library."),
  });
  const auto found = f.find({"How SQLite tests what happens when things fail"});
  ASSERT_TRUE(found[0].supported);
  EXPECT_EQ(f.tree->sections()[static_cast<std::size_t>(found[0].regions[0])].heading,
            "3. Anomaly Testing");
  const auto said = f.said(found[0]);
  EXPECT_TRUE(holds(said, "Anomaly tests verify what happens when things go wrong in SQLite."));
  EXPECT_TRUE(holds(said, "SQLite tests that every allocation may fail."));
  EXPECT_FALSE(holds(said, "The tests reach full branch coverage of the core library."));
}

// The rule holds at every level: the best subsection's parent gives way to its own parent when
// most of that one's subsections serve the insight too (find's "Run Commands": one file at a
// time, many files at a time and its parts, asking first).
TEST(InsightMaterialTest, AParentTaughtAcrossItsSubsectionsGivesWayToItsOwnParent) {
  const std::string doc = "Finding Files";
  std::vector<Chunk> chunks = {
      chunk(0, {doc, "3 Actions", "3.3 Run Commands"},
            "These actions hand what matched to another program."),
      chunk(1, {doc, "3 Actions", "3.3 Run Commands", "3.3.1 Single File"},
            "The execdir action starts a program in the directory of each match, one at a time."),
      chunk(2, {doc, "3 Actions", "3.3 Run Commands", "3.3.2 Multiple Files"},
            "Some programs take many names at once, which is faster."),
      chunk(3,
            {doc, "3 Actions", "3.3 Run Commands", "3.3.2 Multiple Files", "3.3.2.1 Parallelism"},
            "Xargs can run a command on each file found, several commands at a time. Each "
            "command runs on the files found so far. Run more commands when each file takes "
            "long."),
      chunk(4, {doc, "3 Actions", "3.3 Run Commands", "3.3.2 Multiple Files", "3.3.2.2 Limits"},
            "Xargs limits the size of each command line it runs for the files it reads."),
      chunk(5, {doc, "3 Actions", "3.3 Run Commands", "3.3.3 Querying"},
            "The ok action asks before it runs the command on a file."),
      chunk(6, {doc, "3 Actions", "3.1 Print File Name"},
            "The print action prints the name of the file."),
      chunk(7, {doc, "3 Actions", "3.2 Print File Information"},
            "The ls action lists the size and the owner in the long format."),
      chunk(8, {doc, "3 Actions", "3.4 Delete Files"},
            "The delete action removes what matched and reports an error when it cannot."),
      chunk(9, {doc, "3 Actions", "3.5 Adding Tests"},
            "An action is also a test: it is true or false, and the expression goes on."),
  };
  add_job_control(chunks, doc);
  Fixture f(chunks);
  const auto found = f.find({"How to run a command on each file found"});
  ASSERT_TRUE(found[0].supported);
  EXPECT_EQ(f.tree->sections()[static_cast<std::size_t>(found[0].regions[0])].heading,
            "3.3 Run Commands");
  EXPECT_TRUE(holds(f.said(found[0]),
                    "The execdir action starts a program in the directory of each match, one at "
                    "a time."));
}

// An insight the sources do not teach finds no section, however many common words it shares.
TEST(InsightMaterialTest, AnInsightNoSectionTeachesIsNotSupported) {
  Fixture f(standards());
  const auto found =
      f.find({"Baking sourdough bread at home", "Why every program should support --help"});
  EXPECT_FALSE(found[0].supported);
  EXPECT_TRUE(std::all_of(found[0].priority.begin(), found[0].priority.end(),
                          [](double p) { return p == 0; }));
  EXPECT_TRUE(found[1].supported);
}

// The text under a document's title, before its first section, teaches too; as a region it
// holds only its own sentences, never the sections under it.
TEST(InsightMaterialTest, TheTextBeforeTheFirstSectionIsARegionOfItsOwn) {
  Fixture f({
      chunk(0, {"Sourdough"},
            "Sourdough starter is flour and water that wild yeast and lactic acid bacteria "
            "ferment."),
      chunk(1, {"Sourdough", "Baking"},
            "The dough rises for hours in a warm kitchen. Bake it in a hot oven."),
  });
  const auto found = f.find({"What sourdough starter is made of"});
  ASSERT_TRUE(found[0].supported);
  const auto said = f.said(found[0]);
  EXPECT_TRUE(holds(said,
                    "Sourdough starter is flour and water that wild yeast and lactic acid "
                    "bacteria ferment."));
  EXPECT_FALSE(holds(said, "Bake it in a hot oven."));
}

// An insight worded with a task verb the document's headings lack ("undo") is taught where
// the document says the same in other general words ("fixing a mistake", "revert").
TEST(InsightMaterialTest, ATaskWordedDifferentlyFromTheHeadingsIsFoundByRelatedWords) {
  const std::string kManual = "Version control manual";
  const std::vector<Chunk> manual = {
      chunk(0, {kManual, "Making a commit"},
            "A commit records a snapshot of the project. Each commit has a message that says "
            "why the change was made."),
      chunk(1, {kManual, "Fixing mistakes"},
            "If you have made a mistake in a commit, there are two ways to fix it. You can "
            "create a new commit that reverts the changes of the old commit. Or you can go back "
            "and rewrite the commit itself."),
      chunk(2, {kManual, "Sharing work"},
            "A push sends your commits to another repository. A pull fetches commits from "
            "another repository and merges them."),
  };
  Fixture f(manual);
  const auto found = f.find({"How to undo a commit", "How to share commits with others"});
  ASSERT_TRUE(found[0].supported);
  const auto said = f.said(found[0]);
  EXPECT_TRUE(
      holds(said, "You can create a new commit that reverts the changes of the old commit."));
  EXPECT_FALSE(holds(said, "A commit records a snapshot of the project."));
  // Without the related words, "undo" is a word the document never uses.
  EXPECT_FALSE(
      f.find({"How to undo a commit", "How to share commits with others"}, false)[0].supported);
}

// The FAQ asks about what an insight's sections teach themselves, not about a subsection's
// detail said only as the subsection's opening.
TEST(InsightMaterialTest, CoreMarksTheRegionsOwnTextNotASubsectionsDetail) {
  const std::string kGuide = "Database guide";
  Fixture f({
      chunk(0, {kGuide, "Journals"},
            "A rollback journal is a file that holds the original content of changed pages. "
            "The journal makes a transaction atomic because the old pages can be put back."),
      chunk(1, {kGuide, "Journals", "Journal names"},
            "The file is named after the database. A super-journal is a file that lists the "
            "journals of several databases."),
      chunk(2, {kGuide, "Backups"},
            "A backup copies the database to another file at night. The copy is checked the "
            "next morning. Old copies are kept for a month. A copy can be restored in minutes."),
      chunk(3, {kGuide, "Indexes"},
            "An index keeps the rows of a table in the order of a column. A query that filters "
            "on that column reads far fewer pages. Each index costs space and slows writes."),
  });
  const auto found = f.find({"How the rollback journal makes a transaction atomic"});
  ASSERT_TRUE(found[0].supported);
  const auto& cands = f.candidates;
  for (std::size_t c = 0; c < cands.size(); ++c) {
    if (cands[c].original.rfind("A rollback journal is", 0) == 0) {
      EXPECT_TRUE(found[0].core[c]);
    }
    if (cands[c].original.rfind("The file is named", 0) == 0) {
      EXPECT_GT(found[0].priority[c], 0);  // said, as the subsection's opening
      EXPECT_FALSE(found[0].core[c]);      // but not asked about
    }
  }
}

// A long reference section (option by option) is taught by its opening and by the later
// sentences that carry the insight's words, not by every detail it lists.
TEST(InsightMaterialTest, ALongSectionsLateDetailIsNotSaid) {
  const std::string kRef = "Shell reference";
  std::vector<Chunk> chunks;
  std::string opening =
      "Parameter substitution replaces a parameter with its value. The value of the parameter "
      "is substituted where the parameter appears. Braces around the parameter name are "
      "optional.";
  chunks.push_back(chunk(0, {kRef, "Expanding variables"}, opening));
  // Thirty-two more sentences of the same section, each about one operand of one operator (and
  // sixty elsewhere, so that the section is not most of the document).
  for (int k = 0; k < 16; ++k) {
    chunks.push_back(chunk(k + 1, {kRef, "Expanding variables"},
                           "A negative offset number " + std::to_string(k) +
                               " counts from the end of the array. "
                               "The length operand " +
                               std::to_string(k) +
                               " must not be below zero in that form. "
                               "An associative array index " +
                               std::to_string(k) + " gives undefined results."));
  }
  chunks.push_back(chunk(17, {kRef, "Expanding variables"},
                         "Parameter substitution happens before word splitting."));
  for (int k = 0; k < 30; ++k) {
    chunks.push_back(chunk(18 + k, {kRef, "Job control " + std::to_string(k)},
                           "A job runs in the background until it is brought to the foreground. "
                           "The shell reports when a job " +
                               std::to_string(k) + " stops or ends."));
  }
  Fixture f(chunks);
  const auto found = f.find({"How parameter substitution works"});
  ASSERT_TRUE(found[0].supported);
  const auto said = f.said(found[0]);
  EXPECT_TRUE(holds(said, "Parameter substitution replaces a parameter with its value."));
  EXPECT_TRUE(holds(said, "A negative offset number 0 counts from the end of the array."));
  EXPECT_TRUE(holds(said, "Parameter substitution happens before word splitting."));
  EXPECT_FALSE(holds(said, "An associative array index 15 gives undefined results."));
}

// A subsection's opening says what it is; a subsection of that subsection is detail further
// still, said only when it serves the insight itself.
TEST(InsightMaterialTest, ASubsectionsOwnSubsectionIsNotSaidForItsOpening) {
  const std::string kRef = "Shell reference";
  std::vector<Chunk> chunks = {
      chunk(0, {kRef, "Expansions"},
            "The shell performs expansions on each word of a command line. Brace expansion "
            "comes first and filename expansion comes last."),
      chunk(1, {kRef, "Expansions", "Filename expansion"},
            "Filename expansion replaces a word that holds a star with the names of the files "
            "it matches. Files whose names begin with a dot are skipped."),
      chunk(2, {kRef, "Expansions", "Filename expansion", "Pattern syntax"},
            "A bracket holds a set of characters to match. The nul character may not occur "
            "in a pattern."),
  };
  for (int k = 0; k < 12; ++k) {
    chunks.push_back(chunk(3 + k, {kRef, "Job control " + std::to_string(k)},
                           "A job runs in the background until it is brought to the foreground. "
                           "The shell reports when a job " +
                               std::to_string(k) + " stops or ends."));
  }
  Fixture f(chunks);
  const auto found = f.find({"Which expansions the shell performs and in what order"});
  ASSERT_TRUE(found[0].supported);
  const auto said = f.said(found[0]);
  EXPECT_TRUE(holds(said, "The shell performs expansions on each word of a command line."));
  EXPECT_TRUE(holds(said,
                    "Filename expansion replaces a word that holds a star with the names of the "
                    "files it matches."));
  EXPECT_FALSE(holds(said, "A bracket holds a set of characters to match."));
}

// A further section whose heading shares only the insight's head noun, after a modifier the
// insight does not have, is about a sibling: "Process Substitution" is not "parameter and
// command substitution" (Bash reference manual, 3.5.3, 3.5.4 and 3.5.6).
TEST(InsightMaterialTest, AHeadingNamingASiblingConceptDoesNotJoin) {
  const std::string kRef = "Bash Reference Manual";
  std::vector<Chunk> chunks = {
      chunk(
          0, {kRef, "3.5.3 Shell Parameter Expansion"},
          "The parameter name or symbol to be expanded may be enclosed in braces, which are "
          "optional but serve to protect the variable to be expanded from characters "
          "immediately following it. When braces are used, the matching ending brace is the first "
          "'}' not escaped by a backslash or within a quoted string. The value of parameter is "
          "substituted."),
      chunk(1, {kRef, "3.5.6 Process Substitution"},
            "Process substitution allows a process's input or output to be referred to using a "
            "filename. This filename is passed as an argument to the current command as the "
            "result of the expansion. When available, process substitution is performed "
            "simultaneously with "
            "parameter and variable expansion, command substitution, and arithmetic "
            "expansion."),
      chunk(2, {kRef, "3.6 Redirections"},
            "Before a command is executed, its input and output may be redirected using a "
            "special notation interpreted by the shell."),
  };
  add_job_control(chunks, kRef);
  const std::string insight = "How parameter and command substitution work";
  const std::string sibling =
      "Process substitution allows a process's input or output to be referred to using a "
      "filename.";
  Fixture f(chunks);
  // As the lesson's search ranks them: parameter expansion first, process substitution next.
  const auto find = [&](bool qualify) {
    extract::Focus focus;
    focus.terms = text::terms(insight, "en");
    focus.chunk_prior = {{0, 1.0}, {1, 0.67}};
    if (qualify) focus.qualified = qualified_terms(insight, "en");
    return f.find_one(std::move(focus));
  };
  const InsightMaterial found = find(true);
  ASSERT_TRUE(found.supported);
  const auto said = f.said(found);
  EXPECT_TRUE(holds(said, "The value of parameter is substituted."));
  EXPECT_FALSE(holds(said, sibling));
  // Without knowing which of its terms the insight qualifies, the sibling joins on the shared
  // head noun.
  EXPECT_TRUE(holds(f.said(find(false)), sibling));
}

// A further section joins an insight's best one by its score only when its heading names a
// part of the insight the chosen ones do not, in a word of the insight's own: "MIME type" is
// every insight's of a lesson on MIME types, and extended attributes are another subject.
TEST(InsightMaterialTest, AFurtherSectionJoinsOnlyWhenItsHeadingNamesMoreOfTheInsight) {
  const std::string kSpec = "Shared MIME-info Database";
  std::vector<Chunk> chunks = {
      chunk(0, {kSpec, "The source XML files"},
            "Glob elements have a pattern attribute. Any file whose name matches this pattern "
            "will be given this MIME type. A name is matched against the longest pattern first. "
            "The default weight of a matching glob is 50."),
      chunk(1, {kSpec, "Storing the MIME type using Extended Attributes"},
            "An implementation may also read the MIME type from an extended attribute. The type "
            "given there is used in preference to any guessed type."),
      chunk(2, {kSpec, "Shell Parameter Expansion"},
            "The value of the parameter is substituted in place of its name. Parameter "
            "substitution works on the value of a parameter. The braces around the parameter "
            "name are optional."),
      chunk(3, {kSpec, "Command Substitution"},
            "Command substitution allows the output of a command to replace the command name."),
  };
  add_job_control(chunks, kSpec);
  Fixture f(chunks);
  // As the lesson's search ranks them.
  const auto find = [&](const std::string& insight, const std::set<std::string>& shared,
                        std::map<int, double> prior) {
    extract::Focus focus;
    focus.terms = text::terms(insight, "en");
    focus.chunk_prior = std::move(prior);
    // As set_distinctness() weighs the words the lesson's other insights or topic name too.
    for (const auto& t : shared) focus.distinctness[t] = 0.5;
    return f.find_one(std::move(focus));
  };
  const auto both = find("How parameter and command substitution work", {}, {{2, 1.0}, {3, 0.67}});
  const auto names = find("How a file name is matched to a MIME type", {"mime", "type", "file"},
                          {{0, 1.0}, {1, 0.67}});
  ASSERT_TRUE(names.supported);
  EXPECT_TRUE(holds(f.said(names),
                    "Any file whose name matches this pattern will be given this MIME type."));
  EXPECT_EQ(names.regions.size(), 1u);
  EXPECT_FALSE(holds(f.said(names),
                     "An implementation may also read the MIME type from an extended attribute."));
  // Its other half named in a heading of its own, an insight is taught from both.
  ASSERT_TRUE(both.supported);
  EXPECT_TRUE(
      holds(f.said(both), "The value of the parameter is substituted in place of its name."));
  EXPECT_TRUE(holds(f.said(both),
                    "Command substitution allows the output of a command to replace the command "
                    "name."));
  // An overview that names every word of the insight leaves its most distinct ones its own.
  const auto named = text::terms("How parameter and command substitution work", "en");
  const auto overview = find("How parameter and command substitution work",
                             {named.begin(), named.end()}, {{2, 1.0}, {3, 0.67}});
  EXPECT_EQ(overview.regions, both.regions);
}

TEST(InsightMaterialTest, QualifiedTermsStandAfterAModifier) {
  const auto q = qualified_terms("How parameter and command substitution work", "en");
  EXPECT_TRUE(q.count(text::terms("substitution", "en").front()));
  EXPECT_FALSE(q.count(text::terms("parameter", "en").front()));
  EXPECT_TRUE(qualified_terms("How to look at history", "en").empty());
}

// "make the first commit": the light verb says little; a heading that shares only it
// ("Making changes") does not outrank the section that creates the repository.
TEST(InsightMaterialTest, ALightVerbOfTheInsightDoesNotWinItsSection) {
  const std::string kTutorial = "Version control tutorial";
  Fixture f({
      chunk(0, {kTutorial, "Importing a new project"},
            "Assume you have a tarball with your initial work. You can place it under revision "
            "control as follows. You have now initialized the working directory, and you may "
            "notice a new directory created. This snapshot is now stored in a staging area "
            "called the index. You can permanently store the contents of the index in the "
            "repository. You have now stored the first version of your project."),
      chunk(1, {kTutorial, "Making changes"},
            "Modify some files, then add their updated contents to the index. You are now "
            "ready to commit. You can see what is about to be committed with diff. If you need "
            "to make any further adjustments, do so now. This will again prompt you for a "
            "message describing the change. A note on commit messages: it is a good idea to "
            "begin the commit message with a short line. The text up to the first blank line "
            "in a commit message is treated as the commit title."),
      chunk(2, {kTutorial, "Viewing project history"},
            "At any point you can view the history of your changes with the log. The log lists "
            "every commit with its message."),
  });
  const std::vector<std::string> insights = {"How to create a repository and make the first commit",
                                             "How to look at history"};
  const auto opening = [&](const InsightMaterial& m) {
    return f
        .candidates[static_cast<std::size_t>(
            f.tree->sections()[static_cast<std::size_t>(m.regions.front())].candidates.front())]
        .original;
  };
  const std::set<std::string> light = light_verbs("en");
  EXPECT_TRUE(light.count("make") > 0);
  const auto with = f.find(insights, true, light);
  ASSERT_TRUE(with[0].supported);
  EXPECT_EQ(opening(with[0]), "Assume you have a tarball with your initial work.");
  // Weighed as any word, "make" in the heading wins "Making changes".
  const auto without = f.find(insights, true, {});
  ASSERT_TRUE(without[0].supported);
  EXPECT_EQ(opening(without[0]),
            "Modify some files, then add their updated contents to the index.");
}

}  // namespace lectio::compose
