// What a learner meets around lessons (issue 30, part B), over real HTTP on a loopback port:
// the create form teaches only from sources the learner picked and keeps a refused form, the
// list pages, plans a learner can follow (links, previous/next, named plans, serial feeds),
// lengths that agree everywhere, sources with tables and the lessons that cite them, covers.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "lectio/pipeline/lesson_records.h"
#include "lectio/plan/plan.h"
#include "lectio/plan/totals.h"
#include "lectio/store/store.h"
#include "lectio/text/duration.h"
#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using nlohmann::json;
using testing::body_json;
using testing::escaped;
using testing::stored_lesson;
using testing::wait_for_job;
using testing::WebTest;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

int count(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

constexpr const char* kForm = "application/x-www-form-urlencoded";

const char* kBreadNotes = R"(# Sourdough bread

## The starter

A sourdough starter is a mixture of flour and water in which wild yeasts and lactic acid
bacteria live together. Feeding the starter every day keeps those microbes active.

## Fermentation

During the bulk fermentation the yeasts make carbon dioxide, which lifts the dough.
)";

class LearnerTest : public WebTest {
 protected:
  // Copies of the example lesson stored as other lessons (same audio when there is some),
  // published, named `slug`, in `plan` (a plan name; may be empty).
  lesson::Lesson add_copy(const std::string& slug, const std::string& plan_name) {
    lesson::Lesson l = stored_lesson(data_, lib_->lesson_id);
    l.id = "lesson_" + slug + "_0000beef";
    l.slug = slug;
    l.title = "Copy " + slug;
    l.plan = plan_name;
    l.published = true;
    auto store = store::open_content_store(data_);
    pipeline::save_lesson(*store, l);
    return l;
  }
};

TEST_F(LearnerTest, TheFormRefusesABriefWithoutChosenSourcesNamingTheFieldAndKeepsIt) {
  auto b = signed_up("ann");
  const auto r = b->post_body("/create/lesson",
                              "topic=Sourdough+at+home&insights=What+a+starter+is%0AHow+it+"
                              "rises&tags=Baking&style=deep&csrf=" +
                                  b->csrf(),
                              kForm);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_TRUE(contains(r->body, escaped("field 'sources'"))) << r->body;
  EXPECT_TRUE(contains(r->body, "id=\"sources-error\"")) << r->body;
  // What was typed is there to correct, not to type again.
  EXPECT_TRUE(contains(r->body, "value=\"Sourdough at home\"")) << r->body;
  EXPECT_TRUE(contains(r->body, "What a starter is\nHow it rises</textarea>")) << r->body;
  EXPECT_TRUE(contains(r->body, "value=\"Baking\""));
  EXPECT_TRUE(contains(r->body, "<option value=\"deep\" selected>"));
  // No source is ticked unless chosen: the form never teaches from every file by default.
  const auto form = b->get("/create");
  ASSERT_TRUE(form);
  EXPECT_FALSE(contains(form->body, " checked>")) << form->body;
  EXPECT_FALSE(contains(form->body, "none ticked"));
}

TEST_F(LearnerTest, AnUploadIsConfirmedAndTickedOnTheForm) {
  auto b = signed_up("ben");
  const auto r =
      b->post_files("/create/sources", {{"files", kBreadNotes, "bread.md", "text/markdown"}});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 303) << r->body;
  const std::string location = r->get_header_value("Location");
  const std::regex added(R"(/create\?added=(file_[A-Za-z0-9_]+)#brief)");
  std::smatch m;
  ASSERT_TRUE(std::regex_match(location, m, added)) << location;
  const std::string id = m[1];
  const auto page = b->get(location.substr(0, location.find('#')));
  ASSERT_TRUE(page);
  ASSERT_EQ(page->status, 200);
  EXPECT_TRUE(contains(page->body, "id=\"upload-added\"")) << page->body;
  EXPECT_TRUE(contains(page->body, "<strong>bread.md</strong>"));
  EXPECT_TRUE(contains(page->body, "value=\"" + id + "\" checked>")) << page->body;
  // Only the new file is ticked, not the library's other sources.
  EXPECT_EQ(count(page->body, " checked>"), 1);
}

TEST_F(LearnerTest, TheFormRefusesALanguageThatDiffersFromTheInsightsOrTheSources) {
  auto b = signed_up("cai");
  // Chinese insights over English notes: the sources' language is named.
  auto r =
      b->post_body("/create/lesson",
                   "topic=GPU&insights=%E4%B8%BA%E4%BB%80%E4%B9%88GPU%E6%88%90%E4%B8%BA%E9%BB%98"
                   "%E8%AE%A4&language=zh&sources=file_gpu001&csrf=" +
                       b->csrf(),
                   kForm);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_TRUE(contains(r->body, escaped("field 'language'"))) << r->body;
  EXPECT_TRUE(contains(r->body, "gpu_tpu_lesson_notes.md")) << r->body;
  EXPECT_TRUE(contains(r->body, "<option value=\"zh\" selected>"));
  EXPECT_TRUE(contains(r->body, "value=\"file_gpu001\" checked>"));
  // English insights for a lesson in Chinese: the insights are named.
  r = b->post_body("/create/lesson",
                   "topic=GPU&insights=Why+GPUs+became+the+default&language=zh&sources=file_gpu001"
                   "&csrf=" +
                       b->csrf(),
                   kForm);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_TRUE(contains(r->body, escaped("field 'insights'"))) << r->body;
}

TEST_F(LearnerTest, AFailedLessonLeadsBackToItsBriefWithTheReason) {
  auto b = signed_up("dora");
  // Chinese insights over English notes (the API does not check languages; the job fails).
  const json brief = {{"topic", "GPU与TPU"},
                      {"insights", {"为什么GPU成为默认选择", "TPU的优势在哪里"}},
                      {"language", "zh"},
                      {"sources", {testing::kSourceId}},
                      {"audio", false}};
  const auto submitted = b->post_json("/api/lessons", brief);
  ASSERT_TRUE(submitted && submitted->status == 202) << (submitted ? submitted->body : "");
  const std::string id = body_json(submitted)["job"].value("id", "");
  const json job = wait_for_job(*b, id);
  ASSERT_EQ(job.value("state", ""), "failed") << job.dump();
  const auto job_page = b->get("/jobs/" + id);
  ASSERT_TRUE(job_page);
  EXPECT_TRUE(contains(job_page->body, "href=\"/create?job=" + id + "#brief\"")) << job_page->body;
  const auto form = b->get("/create?job=" + id);
  ASSERT_TRUE(form);
  ASSERT_EQ(form->status, 200);
  EXPECT_TRUE(contains(form->body, "value=\"GPU与TPU\""));
  EXPECT_TRUE(contains(form->body, "为什么GPU成为默认选择\nTPU的优势在哪里</textarea>"));
  EXPECT_TRUE(contains(form->body, "<option value=\"zh\" selected>"));
  EXPECT_TRUE(contains(form->body, "value=\"file_gpu001\" checked>"));
  EXPECT_TRUE(contains(form->body, escaped(job.value("error", "")))) << form->body;
  // Someone else's job is not theirs to read.
  auto other = signed_up("eve");
  EXPECT_EQ(other->get("/create?job=" + id)->status, 404);
}

TEST_F(LearnerTest, ListPagesSayTheirPageSizeAndPage) {
  for (int i = 0; i < 24; ++i) add_copy(fmt::format("copy_{:02}", i), "");
  const auto first = browser_->get("/lessons");
  ASSERT_TRUE(first);
  ASSERT_EQ(first->status, 200);
  EXPECT_EQ(count(first->body, "class=\"card lesson-card\""), 20);
  EXPECT_TRUE(contains(first->body, "1–20 of 25 · 20 a page")) << first->body;
  EXPECT_TRUE(contains(first->body, "href=\"/lessons?page=2\""));
  const auto second = browser_->get("/lessons?page=2");
  ASSERT_TRUE(second);
  EXPECT_EQ(count(second->body, "class=\"card lesson-card\""), 5);
  EXPECT_TRUE(contains(second->body, "21–25 of 25"));
  EXPECT_TRUE(contains(second->body, "href=\"/lessons?page=1\""));
  EXPECT_EQ(browser_->get("/lessons?page=3")->status, 404);
  const auto bad = browser_->get("/lessons?page=0");
  EXPECT_EQ(bad->status, 400);
  EXPECT_TRUE(contains(bad->body, "page:"));
  const auto plans = browser_->get("/plans");
  EXPECT_EQ(plans->status, 200);
  EXPECT_TRUE(contains(plans->body, "href=\"/plans/" + lib_->plan_slug + "\""));
  const auto sources = browser_->get("/sources");
  EXPECT_EQ(sources->status, 200);
  EXPECT_TRUE(contains(sources->body, "href=\"/sources/file_gpu001?v=1\""));
}

TEST_F(LearnerTest, APlanNamedOnlyByBriefsHasAPageAndItsLessonsLinkIt) {
  const lesson::Lesson one = add_copy("sour_one", "Sourdough basics");
  const lesson::Lesson two = add_copy("sour_two", "Sourdough basics");
  const auto plan = browser_->get("/plans/sourdough_basics");
  ASSERT_TRUE(plan);
  ASSERT_EQ(plan->status, 200) << plan->body;
  EXPECT_LT(plan->body.find("/lessons/sour_one"), plan->body.find("/lessons/sour_two"));
  const auto page = browser_->get("/lessons/sour_two");
  ASSERT_TRUE(page);
  EXPECT_TRUE(contains(page->body, "<a href=\"/plans/sourdough_basics\" id=\"lesson-plan\">"));
  EXPECT_TRUE(contains(page->body, "rel=\"prev\" href=\"/lessons/sour_one\""));
  EXPECT_FALSE(contains(page->body, "rel=\"next\""));
  // Its plan is first among the plans it offers, not "no related plans".
  EXPECT_FALSE(contains(page->body, "No related learning plans yet")) << page->body;
  // The example brief's own plan (stored by the fixture) answers too.
  EXPECT_EQ(browser_->get("/plans/ai_hardware_fundamentals")->status, 200);
  EXPECT_EQ(browser_->get("/plans/no_such_plan")->status, 404);
}

TEST_F(LearnerTest, SearchReadsTheLessonsScript) {
  // A word the lesson says but its title, tags and description do not.
  const lesson::Lesson l = stored_lesson(data_, lib_->lesson_id);
  ASSERT_FALSE(contains(l.title + l.description, "systolic"));
  const auto r = browser_->get("/?q=systolic");
  ASSERT_TRUE(r);
  const std::size_t lessons = r->body.find("class=\"results\"");
  ASSERT_NE(lessons, std::string::npos);
  EXPECT_NE(r->body.find("href=\"/lessons/" + lib_->lesson_slug + "\"", lessons), std::string::npos)
      << r->body;
}

TEST_F(LearnerTest, SourcePagesShowTablesAndTheLessonsThatCiteThem) {
  const auto r = browser_->get("/sources/file_gpu001?v=1");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  EXPECT_TRUE(contains(r->body, "<th scope=\"col\">Factor</th>")) << r->body;
  EXPECT_TRUE(contains(r->body, "<td>Framework</td><td>PyTorch with custom CUDA code</td>"));
  EXPECT_FALSE(contains(r->body, "Factor; Leans toward GPU"));
  const std::size_t citing = r->body.find("id=\"citing\"");
  ASSERT_NE(citing, std::string::npos);
  EXPECT_NE(r->body.find("href=\"/lessons/" + lib_->lesson_slug + "\"", citing), std::string::npos);
}

class LearnerAudioTest : public LearnerTest {
 protected:
  bool audio() const override { return true; }
};

TEST_F(LearnerAudioTest, EveryPageStatesTheMeasuredLengthAlike) {
  const lesson::Lesson l = stored_lesson(data_, lib_->lesson_id);
  ASSERT_TRUE(l.duration.measured_seconds);
  const std::string clock = text::format_clock(*l.duration.measured_seconds);
  const auto home = browser_->get("/");
  const auto page = browser_->get("/lessons/" + lib_->lesson_slug);
  const auto plan = browser_->get("/plans/" + lib_->plan_slug);
  const auto feed = browser_->get("/feeds/lessons.xml");
  ASSERT_TRUE(home && page && plan && feed);
  EXPECT_TRUE(contains(home->body, "<p class=\"meta\">" + clock + " · ")) << clock;
  EXPECT_TRUE(contains(page->body, "<span class=\"duration\">" + clock + "</span>"));
  EXPECT_TRUE(contains(plan->body, "<span class=\"duration\">" + clock + "</span>"));
  EXPECT_TRUE(contains(feed->body, "<itunes:duration>" + clock + "</itunes:duration>"));
  // The description says it too, rather than the estimate.
  EXPECT_TRUE(contains(page->body, "In " + clock + ",")) << page->body;
  EXPECT_FALSE(contains(page->body, "In about "));
}

TEST_F(LearnerAudioTest, APlanFeedIsSerialInPlanOrderWithItsOwnDates) {
  // Stored in one order, planned in another.
  const lesson::Lesson a = add_copy("feed_a", "");
  const lesson::Lesson b = add_copy("feed_b", "");
  const lesson::Lesson c = add_copy("feed_c", "");
  plan::Plan p;
  p.title = "Feed order";
  p.language = "en";
  p.id = plan::plan_id(p.title, p.language);
  p.slug = "feed_order";
  p.tags = {"Order"};
  plan::PlanChapter chapter{"One", {}};
  for (const lesson::Lesson* l : {&b, &c, &a}) {
    plan::PlanLesson pl;
    pl.id = l->id;
    pl.title = l->title;
    chapter.lessons.push_back(pl);
  }
  p.chapters = {chapter};
  p.totals = plan::compute_totals(p.chapters, p.language);
  {
    auto store = store::open_content_store(data_);
    plan::save_plan(*store, p);
  }
  const auto r = browser_->get("/plans/feed_order/feed.xml");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  EXPECT_TRUE(contains(r->body, "<itunes:type>serial</itunes:type>"));
  const json parsed = testing::check_feed(r->body);
  ASSERT_EQ(parsed["entries"].size(), 3u) << r->body;
  std::set<std::string> dates;
  std::string last;
  const std::string ids[] = {b.id, c.id, a.id};
  for (std::size_t i = 0; i < 3; ++i) {
    const json& e = parsed["entries"][i];
    EXPECT_EQ(e.value("id", ""), ids[i]) << i;
    EXPECT_EQ(e.value("itunes_episode", ""), std::to_string(i + 1));
    const std::string date = e.value("published", "");
    EXPECT_GT(date, last) << "episode " << i + 1 << " is not after the one before";
    last = date;
    dates.insert(date);
  }
  EXPECT_EQ(dates.size(), 3u);
  // Each episode and the channel carry generated covers, served here.
  EXPECT_TRUE(contains(r->body, "/covers/plans/feed_order.svg"));
  EXPECT_TRUE(contains(
      r->body, "<itunes:image href=\"" + server_->base_url() + "/covers/lessons/feed_b.svg\""))
      << r->body;
}

TEST_F(LearnerAudioTest, CoversAreDrawnHereTheSameEachTime) {
  const std::string path = "/covers/lessons/" + lib_->lesson_slug + ".svg";
  const auto one = browser_->get(path);
  const auto two = browser_->get(path);
  ASSERT_TRUE(one && two);
  ASSERT_EQ(one->status, 200);
  EXPECT_EQ(one->get_header_value("Content-Type"), "image/svg+xml");
  EXPECT_EQ(one->body, two->body);
  EXPECT_EQ(one->body.rfind("<svg ", 0), 0u);
  EXPECT_EQ(browser_->get("/covers/plans/" + lib_->plan_slug + ".svg")->status, 200);
  EXPECT_EQ(browser_->get("/covers/lessons/no_such_lesson.svg")->status, 404);
  // A draft's cover is its creator's alone, like the draft.
  EXPECT_EQ(browser_->get("/covers/lessons/draft_copy.svg")->status, 404);
  const auto home = browser_->get("/");
  EXPECT_TRUE(contains(home->body, "src=\"" + path + "\""));
}

}  // namespace
}  // namespace lectio::web
