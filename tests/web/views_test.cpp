// The page view models (src/web/page_views.h) on their own: lessons, plans and sources built
// by hand, the views' data read back, and the lesson page rendered from it with the real
// templates. No store and no server.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "cover_art.h"
#include "i18n.h"
#include "page_views.h"
#include "templates.h"

namespace lectio::web {
namespace {

using kainjow::mustache::data;

const data& at(const data& d, const std::string& key) {
  const data* v = d.get(key);
  if (v == nullptr) throw std::runtime_error("no '" + key + "' in the view");
  return *v;
}
std::string str(const data& d, const std::string& key) {
  return at(d, key).string_value();
}
const kainjow::mustache::list& list(const data& d, const std::string& key) {
  return at(d, key).list_value();
}
bool has(const data& d, const std::string& key) {
  return d.get(key) != nullptr;
}

lesson::CitedChunk cited(const std::string& source, int ordinal, const std::string& pages) {
  lesson::CitedChunk c;
  c.source_id = source;
  c.version = 2;
  c.chunk_id = source + ":c000" + std::to_string(ordinal);
  c.file_name = source.substr(5) + ".md";
  c.pages = pages;
  c.heading = "Heading " + std::to_string(ordinal);
  return c;
}

lesson::ScriptSentence sentence(const std::string& text, std::vector<std::string> cites,
                                const std::string& speaker = "") {
  lesson::ScriptSentence s;
  s.text = text;
  s.citations = std::move(cites);
  s.speaker = speaker;
  return s;
}

// Two chapters of two and one sentences, three sources, a FAQ item, a quote and audio.
lesson::Lesson example_lesson() {
  lesson::Lesson l;
  l.id = "lesson_chips_1234abcd";
  l.slug = "chips";
  l.title = "Chips";
  l.description = "About chips.";
  l.tags = {"gpu", "tpu"};
  l.date = "2026-01-02";
  l.plan = "Hardware";
  l.host = "Ava";
  l.style = "deep";
  l.sources = {cited("file_a", 1, "p1-1"), cited("file_b", 3, "p2-3"), cited("file_a", 4, "p4-4")};
  l.sources[1].origin_url = "https://example.com/b";
  lesson::ScriptSection intro;
  intro.title = "Welcome";
  intro.sentences = {sentence("GPUs run threads.", {"file_b:c0003", "file_zz:c0009"}, "Ava"),
                     sentence("So far so good.", {})};
  lesson::ScriptSection body;
  body.title = "Memory";
  body.sentences = {sentence("HBM is fast.", {"file_a:c0004", "file_a:c0001"}, "Ava")};
  l.script = {intro, body};
  lesson::FaqItem faq;
  faq.question = "Why?";
  faq.answer = {sentence("Because.", {"file_a:c0004"}), sentence("Really.", {})};
  l.faq = {faq};
  l.best_quote = lesson::BestQuote{"Threads are cheap.", "file_b:c0003"};
  l.audio = lesson::LessonAudio{"a.mp3", "a.opus", "a.vtt", "a.json"};
  l.duration.estimated_minutes = 10;
  l.duration.measured_seconds = 25 * 60 + 10;
  return l;
}

LessonPageInput visitor() {
  LessonPageInput in;
  in.lang = "en";
  return in;
}

TEST(LessonViewTest, ChaptersNumberSentencesAcrossTheScriptAndCiteSourcesByPosition) {
  const data d = lesson_view(example_lesson(), visitor());
  const auto& sections = list(d, "sections");
  ASSERT_EQ(sections.size(), 2u);
  EXPECT_EQ(str(sections[0], "title"), "Welcome");
  EXPECT_EQ(str(sections[0], "index"), "0");
  EXPECT_EQ(str(sections[1], "index"), "1");
  const auto& first = list(sections[0], "sentences");
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(str(first[0], "text"), "GPUs run threads.");
  EXPECT_EQ(str(first[1], "index"), "1");
  // A citation of a chunk the lesson does not list is left out rather than numbered.
  const auto& cites = list(first[0], "cites");
  ASSERT_EQ(cites.size(), 1u);
  EXPECT_EQ(str(cites[0], "n"), "2");
  EXPECT_EQ(str(cites[0], "id"), "file_b:c0003");
  EXPECT_TRUE(list(first[1], "cites").empty());
  // Sentence numbers continue into the next chapter; citations keep the sources' order.
  const auto& second = list(sections[1], "sentences");
  EXPECT_EQ(str(second[0], "index"), "2");
  const auto& cites2 = list(second[0], "cites");
  ASSERT_EQ(cites2.size(), 2u);
  EXPECT_EQ(str(cites2[0], "n"), "3");
  EXPECT_EQ(str(cites2[1], "n"), "1");
  // A monologue names no speaker.
  EXPECT_FALSE(has(first[0], "speaker"));
}

TEST(LessonViewTest, SourcesAreNumberedFromOneAndLinkToTheirChunk) {
  const data d = lesson_view(example_lesson(), visitor());
  EXPECT_EQ(str(d, "source_count"), "3");
  const auto& sources = list(d, "sources");
  ASSERT_EQ(sources.size(), 3u);
  EXPECT_EQ(str(sources[0], "n"), "1");
  EXPECT_EQ(str(sources[0], "file"), "a.md");
  EXPECT_EQ(str(sources[0], "url"), "/sources/file_a?v=2#c0001");
  EXPECT_FALSE(has(sources[0], "origin_url"));
  EXPECT_EQ(str(sources[1], "n"), "2");
  EXPECT_EQ(str(sources[1], "pages"), "p2-3");
  EXPECT_EQ(str(sources[1], "heading"), "Heading 3");
  EXPECT_EQ(str(sources[1], "origin_url"), "https://example.com/b");
  EXPECT_EQ(str(sources[2], "url"), "/sources/file_a?v=2#c0004");
}

TEST(LessonViewTest, HeaderShowsTheMeasuredDurationTagsQuoteAndMedia) {
  const data d = lesson_view(example_lesson(), visitor());
  EXPECT_EQ(str(d, "title"), "Chips");
  EXPECT_EQ(str(d, "duration"), "25:10");  // measured (1510 s) as the player shows it
  EXPECT_EQ(list(d, "tags").size(), 2u);
  EXPECT_EQ(list(d, "tags")[1].string_value(), "tpu");
  EXPECT_EQ(str(d, "host"), "Ava");
  EXPECT_TRUE(has(d, "style_deep"));
  EXPECT_FALSE(has(d, "style_quick"));
  EXPECT_FALSE(has(d, "draft"));
  const data& quote = at(d, "quote");
  EXPECT_EQ(str(quote, "text"), "Threads are cheap.");
  EXPECT_EQ(str(quote, "n"), "2");
  EXPECT_EQ(str(quote, "file"), "b.md");
  EXPECT_EQ(str(at(d, "audio"), "opus"), "/media/lesson_chips_1234abcd.opus");
  LessonPageInput zh = visitor();
  zh.lang = "zh";
  EXPECT_EQ(str(lesson_view(example_lesson(), zh), "duration"), "25:10");
}

TEST(LessonViewTest, ADialogueNamesItsSpeakersAndADraftSaysSo) {
  lesson::Lesson l = example_lesson();
  l.cohost = "Ben";
  l.style = "quick";
  l.published = false;
  l.audio.reset();
  l.best_quote.reset();
  l.duration.measured_seconds.reset();
  const data d = lesson_view(l, visitor());
  EXPECT_EQ(str(d, "host"), "Ava & Ben");
  EXPECT_TRUE(has(d, "style_quick"));
  EXPECT_TRUE(has(d, "draft"));
  EXPECT_FALSE(has(d, "audio"));
  EXPECT_FALSE(has(d, "quote"));
  EXPECT_EQ(str(d, "duration"), "~10 min");  // the estimate, marked, without audio
  const auto& first = list(list(d, "sections")[0], "sentences");
  EXPECT_EQ(str(first[0], "speaker"), "Ava");
  EXPECT_FALSE(has(first[1], "speaker"));  // a sentence without a speaker stays unnamed
}

TEST(LessonViewTest, FaqAnswersAreNumberedPerItemAndCiteTheLessonSources) {
  const data d = lesson_view(example_lesson(), visitor());
  const auto& faq = list(d, "faq");
  ASSERT_EQ(faq.size(), 1u);
  EXPECT_EQ(str(faq[0], "question"), "Why?");
  const auto& answer = list(faq[0], "answer");
  ASSERT_EQ(answer.size(), 2u);
  EXPECT_EQ(str(answer[0], "index"), "0");
  EXPECT_EQ(str(list(answer[0], "cites")[0], "n"), "3");
  EXPECT_EQ(str(answer[1], "index"), "1");
}

TEST(LessonViewTest, RatingsReviewsAndOwnershipFollowTheViewer) {
  LessonPageInput in = visitor();
  in.viewer = "user_me";
  in.owner = "user_me";
  in.creator = "Me Myself";
  in.rating.count = 3;
  in.rating.average = 4.333;
  in.rating.histogram = {0, 0, 0, 2, 1};
  store::Review mine;
  mine.id = "r1";
  mine.user_id = "user_me";
  mine.user_name = "Me Myself";
  mine.rating = 4;
  mine.likes = 2;
  mine.liked_by_viewer = true;
  mine.created_at = "2026-01-03T10:00:00Z";
  store::Review theirs = mine;
  theirs.id = "r2";
  theirs.user_id = "user_other";
  theirs.liked_by_viewer = false;
  in.reviews = {mine, theirs};
  const data d = lesson_view(example_lesson(), in);
  const data& rating = at(d, "rating");
  EXPECT_EQ(str(rating, "count"), "3");
  EXPECT_EQ(str(rating, "average"), "4.3");
  const auto& bars = list(rating, "bars");
  ASSERT_EQ(bars.size(), 5u);
  EXPECT_EQ(str(bars[0], "stars"), "5");
  EXPECT_EQ(str(bars[0], "percent"), "33");
  EXPECT_EQ(str(bars[1], "percent"), "66");
  EXPECT_EQ(str(bars[4], "percent"), "0");
  const auto& reviews = list(d, "reviews");
  ASSERT_EQ(reviews.size(), 2u);
  EXPECT_EQ(str(reviews[0], "stars"), "★★★★☆");
  EXPECT_EQ(str(reviews[0], "date"), "2026-01-03");
  EXPECT_TRUE(has(reviews[0], "mine"));
  EXPECT_TRUE(has(reviews[0], "liked"));
  EXPECT_FALSE(has(reviews[1], "mine"));
  EXPECT_FALSE(has(reviews[1], "liked"));
  EXPECT_TRUE(has(d, "mine"));
  EXPECT_EQ(str(d, "creator"), "Me Myself");
  // A visitor is not the creator of a lesson made on the command line (no owner either).
  const data anonymous = lesson_view(example_lesson(), visitor());
  EXPECT_FALSE(has(anonymous, "mine"));
  EXPECT_FALSE(has(anonymous, "creator"));
  EXPECT_EQ(str(at(anonymous, "rating"), "average"), "–");
}

TEST(LessonViewTest, AnAnswerNumbersItsOwnSources) {
  ask::Answer a;
  a.question = "What is HBM?";
  a.supported = true;
  a.sources = {cited("file_a", 4, "p4-4")};
  a.sentences = {sentence("HBM is memory.", {"file_a:c0004"})};
  LessonPageInput in = visitor();
  in.answer = a;
  in.question = "What is HBM?";
  const data d = lesson_view(example_lesson(), in);
  EXPECT_EQ(str(d, "q"), "What is HBM?");
  const data& answer = at(d, "answer");
  EXPECT_EQ(str(list(list(answer, "sentences")[0], "cites")[0], "n"), "1");
  EXPECT_EQ(str(list(answer, "sources")[0], "url"), "/sources/file_a?v=2#c0004");
  ask::Answer refused;
  refused.question = "Weather?";
  const data no = answer_view(refused);
  EXPECT_TRUE(has(no, "unsupported"));
  EXPECT_FALSE(has(no, "sentences"));
}

TEST(LessonViewTest, RendersThroughTheLessonTemplate) {
  data d = lesson_view(example_lesson(), visitor());
  const Catalog catalog;
  d.set("t", catalog.messages("en"));
  d.set("lang", std::string("en"));
  d.set("csrf", std::string("token"));
  const std::string html = render_template("lesson", d);
  EXPECT_NE(html.find("data-index=\"2\""), std::string::npos);
  EXPECT_NE(html.find("HBM is fast."), std::string::npos);
  EXPECT_NE(html.find("href=\"#source-3\""), std::string::npos);
  EXPECT_NE(html.find("/sources/file_b?v=2#c0003"), std::string::npos);
  EXPECT_NE(html.find("/media/lesson_chips_1234abcd.mp3"), std::string::npos);
}

// Renders the lesson template in LANG from the view of `in` (as App::render_body does).
std::string render_lesson(const LessonPageInput& in, const std::string& lang) {
  data d = lesson_view(example_lesson(), in);
  const Catalog catalog;
  d.set("t", catalog.messages(lang));
  d.set("lang", lang);
  d.set("csrf", std::string("token"));
  if (!in.viewer.empty()) d.set("signed_in", true);
  return render_template("lesson", d);
}

bool contains(const std::string& html, const std::string& part) {
  return html.find(part) != std::string::npos;
}

TEST(LessonViewTest, RatingCountsAgreeWithTheirNumberInEnglishAndChinese) {
  LessonPageInput in = visitor();
  in.rating.count = 1;
  in.rating.average = 4;
  in.rating.histogram = {0, 0, 0, 1, 0};
  EXPECT_TRUE(contains(render_lesson(in, "en"), "<span id=\"rating-word\">rating</span>"));
  EXPECT_TRUE(contains(render_lesson(in, "zh"), "<span id=\"rating-word\">个评分</span>"));
  in.rating.count = 2;
  EXPECT_TRUE(contains(render_lesson(in, "en"), "<span id=\"rating-word\">ratings</span>"));
  in.rating.count = 0;
  EXPECT_TRUE(contains(render_lesson(in, "en"), "<span id=\"rating-word\">ratings</span>"));
}

TEST(LessonViewTest, ALessonInAnotherLanguageThanItsSourcesSaysSo) {
  LessonPageInput in = visitor();
  in.source_languages = {"en"};
  EXPECT_FALSE(contains(render_lesson(in, "en"), "id=\"language-note\"")) << "English over English";

  lesson::Lesson zh = example_lesson();
  zh.language = "zh";
  data d = lesson_view(zh, in);
  EXPECT_TRUE(has(d, "language_differs"));
  EXPECT_TRUE(has(d, "lesson_in_zh"));
  const Catalog catalog;
  d.set("t", catalog.messages("zh"));
  d.set("lang", std::string("zh"));
  d.set("csrf", std::string("token"));
  const std::string html = render_template("lesson", d);
  EXPECT_TRUE(contains(html, "本课用中文讲解，来源是英文的")) << html.substr(0, 2000);

  in.source_languages = {"zh", "en"};  // one Chinese source among English ones still differs
  EXPECT_TRUE(has(lesson_view(zh, in), "language_differs"));
  in.source_languages = {"zh"};
  EXPECT_FALSE(has(lesson_view(zh, in), "language_differs"));
}

TEST(LessonViewTest, TheReviewFormShowsTheViewersOwnReview) {
  LessonPageInput in = visitor();
  in.viewer = "user_me";
  store::Review theirs;
  theirs.id = "r2";
  theirs.user_id = "user_other";
  theirs.rating = 2;
  theirs.text = "Not for me.";
  // Nobody's review yet but someone else's: an empty form that posts.
  in.reviews = {theirs};
  std::string html = render_lesson(in, "en");
  EXPECT_FALSE(contains(html, " checked>")) << "no star is the viewer's yet";
  EXPECT_TRUE(contains(html, ">Post</button>"));
  EXPECT_FALSE(contains(html, "review-mine-note"));
  EXPECT_TRUE(contains(html, "<span class=\"visually-hidden\">1 star</span>"));
  EXPECT_TRUE(contains(html, "<span class=\"visually-hidden\">5 stars</span>"));

  store::Review mine = theirs;
  mine.id = "r1";
  mine.user_id = "user_me";
  mine.rating = 4;
  mine.text = "Clear <and> sourced.";
  in.reviews = {theirs, mine};
  const data d = lesson_view(example_lesson(), in);
  EXPECT_EQ(str(at(d, "my_review"), "rating"), "4");
  html = render_lesson(in, "en");
  EXPECT_TRUE(contains(html, "id=\"rating-4\" name=\"rating\" value=\"4\" required checked>"))
      << html;
  EXPECT_FALSE(contains(html, "value=\"2\" required checked"));
  EXPECT_TRUE(contains(html, ">Clear &lt;and&gt; sourced.</textarea>"));
  EXPECT_TRUE(contains(html, ">Update your review</button>"));
  EXPECT_TRUE(contains(html, "review-mine-note"));
  // Their own review's like button is off and says why.
  EXPECT_TRUE(contains(html, "disabled title=\"You cannot like your own review.\""));
}

plan::PlanLesson plan_lesson(const std::string& id, const std::string& title, double minutes) {
  plan::PlanLesson pl;
  pl.id = id;
  pl.title = title;
  pl.topic = "topic of " + title;
  pl.estimated_minutes = minutes;
  return pl;
}

TEST(PlanViewTest, ChaptersAreLabelledAndLinkOnlyLessonsTheViewerMayOpen) {
  plan::Plan p;
  p.slug = "hw";
  p.title = "Hardware";
  p.totals.seconds = 3 * 3600 + 60;
  p.totals.chapters = 2;
  p.totals.lessons = 3;
  plan::PlanLesson failed = plan_lesson("", "", 0);
  failed.status = plan::LessonStatus::kFailed;
  plan::PlanLesson measured = plan_lesson("lesson_b", "B", 5);
  measured.measured_seconds = 125;
  p.chapters = {{"One", {plan_lesson("lesson_a", "A", 12), failed}},
                {"Two", {measured, plan_lesson("lesson_draft", "C", 7)}}};
  const data d =
      plan_view(p, "en", "Chapter {n}", {{"lesson_a", "/lessons/a"}, {"lesson_b", "/lessons/b"}});
  EXPECT_EQ(str(d, "duration"), "3:01:00");  // totals without estimates: a clock
  EXPECT_EQ(str(d, "lesson_count"), "3");
  EXPECT_EQ(str(d, "feed"), "/plans/hw/feed.xml");
  const auto& chapters = list(d, "chapters");
  ASSERT_EQ(chapters.size(), 2u);
  EXPECT_EQ(str(chapters[1], "label"), "Chapter 2");
  const auto& one = list(chapters[0], "lessons");
  EXPECT_EQ(str(one[0], "url"), "/lessons/a");
  EXPECT_EQ(str(one[0], "duration"), "~12 min");
  EXPECT_TRUE(has(one[1], "failed"));
  EXPECT_EQ(str(one[1], "title"), "topic of ");  // a failed lesson has only its topic
  EXPECT_FALSE(has(one[1], "duration"));
  const auto& two = list(chapters[1], "lessons");
  EXPECT_EQ(str(two[0], "duration"), "2:05");  // measured 125 s
  EXPECT_FALSE(has(two[1], "url"));            // someone else's draft: listed, not linked
  EXPECT_EQ(str(two[1], "duration"), "~7 min");
}

TEST(SourceViewTest, AnOlderVersionLinksTheCurrentOneAndChunksCarryAnchors) {
  Source s;
  s.id = "file_a";
  s.version = 1;
  s.file_name = "a.md";
  s.added_at = "2026-02-03T04:05:06Z";
  Chunk c;
  c.source_id = "file_a";
  c.version = 1;
  c.ordinal = 7;
  c.page_start = 2;
  c.page_end = 3;
  c.heading_path = {"Top", "Inner"};
  c.text = "Text.";
  const data d = source_view(s, 2, {c});
  EXPECT_EQ(str(d, "title"), "a.md");  // no title: the file name
  EXPECT_EQ(str(d, "added"), "2026-02-03");
  EXPECT_TRUE(has(d, "older"));
  EXPECT_EQ(str(d, "current_url"), "/sources/file_a?v=2");
  const auto& chunks = list(d, "chunks");
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_EQ(str(chunks[0], "anchor"), "c0007");
  EXPECT_EQ(str(chunks[0], "heading"), "Top › Inner");
  EXPECT_EQ(str(chunks[0], "pages"), "p2-3");
  EXPECT_FALSE(has(source_view(s, 1, {}), "older"));
}

TEST(DiscoverViewTest, ShowsTwelveRecentLessonsAndSplitsSnippetMarks) {
  std::vector<lesson::Lesson> lessons(14, example_lesson());
  lessons[13].title = "Memory walls";
  EXPECT_EQ(list(discover_view({}, lessons, "en"), "recent").size(), 12u);
  search::Hit hit;
  hit.chunk_id = "file_a:c0002";
  hit.source_id = "file_a";
  hit.ordinal = 2;
  hit.snippet = "the [[memory]] wall";
  const data d = search_view({}, lessons, {hit}, "memory walls", "en");
  EXPECT_EQ(str(d, "q"), "memory walls");
  EXPECT_EQ(list(d, "found_lessons").size(), 1u);
  const auto& parts = list(list(d, "found_chunks")[0], "snippet");
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(str(parts[0], "text"), "the ");
  EXPECT_EQ(str(parts[1], "text"), "memory");
  EXPECT_TRUE(has(parts[1], "mark"));
  EXPECT_EQ(str(parts[2], "text"), " wall");
  EXPECT_FALSE(has(parts[2], "mark"));
}

TEST(AccountViewTest, MyWorkListsDraftsWithTheirIds) {
  lesson::Lesson draft = example_lesson();
  draft.published = false;
  const data d = me_view("Me", {draft}, "en");
  EXPECT_EQ(str(d, "name"), "Me");
  const auto& lessons = list(d, "lessons");
  ASSERT_EQ(lessons.size(), 1u);
  EXPECT_EQ(str(lessons[0], "id"), "lesson_chips_1234abcd");
  EXPECT_TRUE(has(lessons[0], "draft"));
  EXPECT_FALSE(has(account_form_view("/", "ann", "", ""), "error"));
  EXPECT_EQ(str(account_form_view("/x", "ann", "", "taken"), "error"), "taken");
}

TEST(CreateViewTest, ListsSourcesAndHostsAndOffersAnEngineOnlyWhenThereAreTwo) {
  Source notes;
  notes.id = "file_notes";
  notes.file_name = "notes.md";
  notes.chunk_count = 12;
  voices::Host lena;
  lena.name = "Lena";
  lena.language = "en";
  lena.description = "a calm voice";
  const data one = create_view({notes}, {lena}, {{"extractive", "Built-in", true}}, "");
  const auto& sources = list(one, "sources");
  ASSERT_EQ(sources.size(), 1u);
  EXPECT_EQ(str(sources[0], "id"), "file_notes");
  EXPECT_EQ(str(sources[0], "file"), "notes.md");
  EXPECT_EQ(str(sources[0], "chunks"), "12");
  EXPECT_EQ(str(list(one, "voices")[0], "name"), "Lena");
  EXPECT_FALSE(has(one, "engine_choice"));
  EXPECT_FALSE(has(one, "error"));

  const data two =
      create_view({}, {}, {{"llm", "LLM", true}, {"extractive", "Built-in", false}}, "bad brief");
  EXPECT_TRUE(has(two, "engine_choice"));
  ASSERT_EQ(list(two, "engines").size(), 2u);
  EXPECT_TRUE(has(list(two, "engines")[0], "selected"));
  EXPECT_FALSE(has(list(two, "engines")[1], "selected"));
  EXPECT_EQ(str(two, "error"), "bad brief");
}

TEST(CreateViewTest, AJobShowsItsStateAndAFailedOneItsReason) {
  const data running = job_view("j1", "lesson", "composing", "");
  EXPECT_EQ(str(running, "id"), "j1");
  EXPECT_EQ(str(running, "state"), "composing");
  EXPECT_FALSE(has(running, "ingest"));
  EXPECT_FALSE(has(running, "error"));
  const data failed = job_view("j2", "ingest", "failed", "notes.pdf: encrypted");
  EXPECT_TRUE(has(failed, "ingest"));
  EXPECT_EQ(str(failed, "error"), "notes.pdf: encrypted");
}

// Issue 30: ingest writes a table's rows as lines of "; "-joined cells; pages show a table.
TEST(SourceViewTest, TableRowsBecomeATable) {
  const data blocks =
      chunk_blocks("Compare them.\nFactor; GPU; TPU\nCost; Any cloud; Google\nSpeed; High; Higher");
  const auto& parts = blocks.list_value();
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(str(parts[0], "para"), "Compare them.");
  ASSERT_TRUE(has(parts[1], "table"));
  const data& table = *parts[1].get("table");
  EXPECT_EQ(list(table, "head").size(), 3u);
  EXPECT_EQ(list(table, "rows").size(), 2u);
  // One line with a semicolon is prose, not a table.
  const data prose = chunk_blocks("Fast; but costly.\nThe end.");
  ASSERT_EQ(prose.list_value().size(), 1u);
  EXPECT_FALSE(has(prose.list_value()[0], "table"));
}

TEST(CoverArtTest, TheSameTitleAndTagsDrawTheSameEscapedPicture) {
  const std::string one = cover_svg("GPU vs TPU", {"GPU", "TPU"});
  EXPECT_EQ(one, cover_svg("GPU vs TPU", {"GPU", "TPU"}));
  EXPECT_NE(one, cover_svg("GPU vs TPU", {"Memory"}));
  EXPECT_NE(one, cover_svg("Threads and warps", {"GPU", "TPU"}));
  EXPECT_EQ(one.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(one.find(">GV</text>"), std::string::npos) << one;
  const std::string hostile = cover_svg("<script> & co", {});
  EXPECT_EQ(hostile.find("<script>"), std::string::npos);
  EXPECT_NE(cover_svg("人工智能硬件", {}).find(">人工</text>"), std::string::npos);
}

}  // namespace
}  // namespace lectio::web
