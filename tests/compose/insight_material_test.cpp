// Where the sources teach each insight: by section, not by shared words.
#include "insight_material.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "lectio/text/terms.h"

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

  std::vector<InsightMaterial> find(const std::vector<std::string>& insights) {
    std::vector<extract::Focus> foci;
    for (const auto& i : insights) foci.push_back({text::terms(i, "en"), {}, {}});
    return find_insight_material(foci, insight_relevance(foci, *scorer, candidates.size()), *tree,
                                 *scorer);
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

}  // namespace lectio::compose
