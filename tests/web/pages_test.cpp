// The server-rendered pages over real HTTP: discover, lesson, plan and source pages, search,
// error pages, the language choice, the security headers and escaping, and request limits.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <map>
#include <regex>
#include <set>

#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using nlohmann::json;
using testing::escaped;
using testing::is_json_error;
using testing::stored_lesson;
using testing::WebTest;

using WebPagesTest = WebTest;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A page answered 200 as UTF-8 HTML.
::testing::AssertionResult is_html_page(const httplib::Result& r, int status = 200) {
  if (!r) return ::testing::AssertionFailure() << "no response";
  if (r->status != status) {
    return ::testing::AssertionFailure()
           << "status " << r->status << ", expected " << status << ": " << r->body.substr(0, 400);
  }
  if (r->get_header_value("Content-Type") != "text/html; charset=utf-8") {
    return ::testing::AssertionFailure() << "Content-Type " << r->get_header_value("Content-Type");
  }
  if (!contains(r->body, "<!doctype html>")) return ::testing::AssertionFailure() << "no doctype";
  return ::testing::AssertionSuccess();
}

std::map<std::string, std::string> catalog(const std::string& lang) {
  const YAML::Node root = YAML::LoadFile(
      (lectio::testing::source_dir() / "src/web/assets/i18n" / (lang + ".yaml")).string());
  std::map<std::string, std::string> out;
  for (const auto& entry : root)
    out[entry.first.as<std::string>()] = entry.second.as<std::string>();
  return out;
}

TEST_F(WebPagesTest, DiscoverListsTheLessonAndThePlan) {
  const auto r = browser_->get("/");
  ASSERT_TRUE(is_html_page(r));
  EXPECT_TRUE(contains(r->body, "<html lang=\"en\">"));
  EXPECT_TRUE(contains(r->body, escaped(lib_->lesson_title)));
  EXPECT_TRUE(contains(r->body, "href=\"/lessons/" + lib_->lesson_slug + "\""));
  EXPECT_TRUE(contains(r->body, "href=\"/plans/" + lib_->plan_slug + "\""));
  EXPECT_TRUE(contains(r->body, escaped(catalog("en").at("discover_heading"))));
}

TEST_F(WebPagesTest, LessonPageShowsTranscriptFaqAndKnowledgeSources) {
  const lesson::Lesson lesson = stored_lesson(data_, lib_->lesson_id);
  ASSERT_FALSE(lesson.script.empty());
  ASSERT_FALSE(lesson.sources.empty());
  const auto r = browser_->get("/lessons/" + lib_->lesson_slug);
  ASSERT_TRUE(is_html_page(r));
  const std::string& html = r->body;
  EXPECT_TRUE(contains(html, "<title>" + escaped(lesson.title) + " · Lectio</title>"));
  EXPECT_TRUE(contains(html, "<h1>" + escaped(lesson.title) + "</h1>"));
  int sentences = 0;
  for (const lesson::ScriptSentence* s : lesson::script_sentences(lesson)) {
    EXPECT_TRUE(contains(html, escaped(s->text))) << "missing sentence: " << s->text;
    ++sentences;
  }
  EXPECT_GT(sentences, 3);
  ASSERT_FALSE(lesson.faq.empty());
  for (const lesson::FaqItem& f : lesson.faq) {
    EXPECT_TRUE(contains(html, "<summary>" + escaped(f.question) + "</summary>")) << f.question;
    for (const lesson::ScriptSentence& s : f.answer) {
      EXPECT_TRUE(contains(html, escaped(s.text))) << s.text;
    }
  }
  // Knowledge sources: "[file_gpu001:c0003] gpu_tpu_lesson_notes.md p1-1", a link to the chunk
  // on its source page, and the origin URL as a plain outbound link.
  const std::regex chunk_id(R"(\[file_gpu001:c\d{4}\])");
  EXPECT_TRUE(std::regex_search(html, chunk_id));
  const std::regex origin("<a class=\"origin\" href=\"" + std::string(testing::kOriginUrl) +
                          "\" rel=\"[^\"]*\\bnoopener\\b[^\"]*\"");
  EXPECT_TRUE(std::regex_search(html, origin));
  const auto source_page = browser_->get("/sources/file_gpu001?v=1");
  ASSERT_TRUE(is_html_page(source_page));
  for (const lesson::CitedChunk& c : lesson.sources) {
    EXPECT_TRUE(contains(html, "[" + c.chunk_id + "]")) << c.chunk_id;
    EXPECT_EQ(c.file_name, "gpu_tpu_lesson_notes.md");
    EXPECT_TRUE(std::regex_match(c.pages, std::regex(R"(p\d+(-\d+)?)"))) << c.pages;
    // Grouped by source (issue 30): the file and origin once, then each chunk and its pages.
    EXPECT_TRUE(contains(html, "[" + c.chunk_id + "]</a> " + c.pages)) << c.chunk_id;
    const std::string anchor = c.chunk_id.substr(c.chunk_id.find(':') + 1);  // "c0003"
    EXPECT_TRUE(contains(html, "href=\"/sources/file_gpu001?v=1#" + anchor + "\"")) << anchor;
    EXPECT_TRUE(contains(source_page->body, "id=\"" + anchor + "\"")) << anchor;
  }
  // Each transcript citation number links to a listed source.
  EXPECT_TRUE(contains(html, "<a class=\"cite\" href=\"#source-1\""));
  EXPECT_TRUE(contains(html, "<li id=\"source-1\" value=\"1\">"));
  // One source: its origin URL is listed once, however many of its chunks are cited.
  const std::string origin_link = "class=\"origin\" href=\"" + std::string(testing::kOriginUrl);
  EXPECT_EQ(html.find(origin_link), html.rfind(origin_link));
}

TEST_F(WebPagesTest, LessonIsFoundByIdAndBySlug) {
  const auto by_id = browser_->get("/lessons/" + lib_->lesson_id);
  ASSERT_TRUE(is_html_page(by_id));
  EXPECT_TRUE(contains(by_id->body, escaped(lib_->lesson_title)));
  const auto api = browser_->get("/api/lessons/" + lib_->lesson_slug);
  ASSERT_TRUE(api);
  ASSERT_EQ(api->status, 200);
  const json j = testing::body_json(api);
  EXPECT_EQ(j.value("id", ""), lib_->lesson_id);
  EXPECT_EQ(j.value("url", ""), "/lessons/" + lib_->lesson_slug);
  EXPECT_FALSE(j.contains("audio"));  // server paths stay on the server
  EXPECT_TRUE(j.at("media").is_null());
}

TEST_F(WebPagesTest, PlanPageListsItsLessons) {
  const auto r = browser_->get("/plans/" + lib_->plan_slug);
  ASSERT_TRUE(is_html_page(r));
  EXPECT_TRUE(contains(r->body, "<h1>AI hardware fundamentals</h1>"));
  EXPECT_TRUE(contains(r->body, "Accelerators"));
  EXPECT_TRUE(contains(r->body, "<a href=\"/lessons/" + lib_->lesson_slug + "\">" +
                                    escaped(lib_->lesson_title) + "</a>"));
  EXPECT_TRUE(contains(r->body, "href=\"/plans/" + lib_->plan_slug + "/feed.xml\""));
  EXPECT_TRUE(is_html_page(browser_->get("/plans/" + lib_->plan_id)));
  const auto api = browser_->get("/api/plans/" + lib_->plan_id);
  ASSERT_TRUE(api);
  EXPECT_EQ(api->status, 200);
  EXPECT_EQ(testing::body_json(api).value("title", ""), "AI hardware fundamentals");
}

TEST_F(WebPagesTest, SourcePageShowsChunksAndOrigin) {
  const auto r = browser_->get("/sources/file_gpu001");
  ASSERT_TRUE(is_html_page(r));
  EXPECT_TRUE(contains(r->body, "gpu_tpu_lesson_notes.md"));
  EXPECT_TRUE(contains(r->body, "<li class=\"chunk\" id=\"c0000\">") ||
              contains(r->body, "<li class=\"chunk\" id=\"c0001\">"));
  EXPECT_TRUE(contains(r->body, "systolic array"));
  EXPECT_TRUE(std::regex_search(
      r->body, std::regex("<a class=\"origin\" href=\"" + std::string(testing::kOriginUrl) +
                          "\" rel=\"[^\"]*\\bnoopener\\b")));
  EXPECT_TRUE(is_html_page(browser_->get("/sources/file_nothing"), 404));
  EXPECT_TRUE(is_html_page(browser_->get("/sources/file_gpu001?v=x"), 400));
}

TEST_F(WebPagesTest, DiscoverSearchFindsAChunk) {
  const auto r = browser_->get("/?q=systolic");
  ASSERT_TRUE(is_html_page(r));
  EXPECT_TRUE(std::regex_search(r->body, std::regex("<mark>systolic</mark>", std::regex::icase)));
  EXPECT_TRUE(
      std::regex_search(r->body, std::regex(R"(<a href="/sources/file_gpu001\?v=1#c\d{4}">)")));
  const auto api = browser_->get("/api/search?q=systolic");
  ASSERT_TRUE(api);
  ASSERT_EQ(api->status, 200);
  const json j = testing::body_json(api);
  ASSERT_FALSE(j.at("chunks").empty());
  EXPECT_EQ(j["chunks"][0].value("source_id", ""), "file_gpu001");
  EXPECT_TRUE(std::regex_match(j["chunks"][0].value("url", ""),
                               std::regex(R"(/sources/file_gpu001\?v=1#c\d{4})")));
  EXPECT_TRUE(is_json_error(browser_->get("/api/search"), 400));
}

TEST_F(WebPagesTest, SearchTextIsEscaped) {
  const auto r = browser_->get("/?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
  ASSERT_TRUE(is_html_page(r));
  EXPECT_FALSE(contains(r->body, "<script>alert(1)"));
  EXPECT_TRUE(contains(r->body, "&lt;script&gt;alert(1)&lt;/script&gt;"));
}

TEST_F(WebPagesTest, UnknownLessonIs404InHtmlAndJson) {
  const auto page = browser_->get("/lessons/no_such_lesson");
  ASSERT_TRUE(is_html_page(page, 404));
  EXPECT_TRUE(contains(page->body, "404"));
  EXPECT_TRUE(contains(page->body, "no_such_lesson"));
  const auto api = browser_->get("/api/lessons/no_such_lesson");
  ASSERT_TRUE(is_json_error(api, 404));
  EXPECT_EQ(testing::body_json(api)["error"].value("code", ""), "not_found");
  // Paths no route takes get the same bodies.
  EXPECT_TRUE(is_html_page(browser_->get("/no/such/page"), 404));
  EXPECT_TRUE(is_json_error(browser_->get("/api/no/such/thing"), 404));
  EXPECT_TRUE(is_json_error(browser_->get("/media/no_such_lesson.mp3"), 404));
}

TEST_F(WebPagesTest, LangParameterGivesChinese) {
  const auto zh = catalog("zh");
  const auto r = browser_->get("/?lang=zh");
  ASSERT_TRUE(is_html_page(r));
  EXPECT_TRUE(contains(r->body, "<html lang=\"zh-CN\">"));
  EXPECT_TRUE(contains(r->body, escaped(zh.at("discover_heading"))));
  EXPECT_TRUE(contains(r->body, escaped(zh.at("nav_discover"))));
  EXPECT_FALSE(contains(r->body, escaped(catalog("en").at("discover_heading"))));
  const auto lesson = browser_->get("/lessons/" + lib_->lesson_slug + "?lang=zh");
  ASSERT_TRUE(is_html_page(lesson));
  EXPECT_TRUE(contains(lesson->body, escaped(zh.at("lesson_sources"))));
  const auto missing = browser_->get("/lessons/nope?lang=zh");
  ASSERT_TRUE(is_html_page(missing, 404));
  EXPECT_TRUE(contains(missing->body, "<html lang=\"zh-CN\">"));
}

TEST_F(WebPagesTest, LanguageSwitchSetsACookieAndRedirectsOnlyToLocalPaths) {
  const auto r = browser_->get("/lang/zh?next=/x");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 303);
  EXPECT_EQ(r->get_header_value("Location"), "/x");
  const std::string set = testing::set_cookie_header(r, "lang");
  EXPECT_EQ(set.rfind("lang=zh;", 0), 0u) << set;
  EXPECT_TRUE(contains(set, "Path=/")) << set;
  EXPECT_EQ(browser_->cookie("lang"), "zh");
  // The cookie now chooses Chinese.
  const auto page = browser_->get("/");
  ASSERT_TRUE(is_html_page(page));
  EXPECT_TRUE(contains(page->body, "<html lang=\"zh-CN\">"));

  for (const char* next : {"//evil.com", "https://evil.com/", "/\\evil.com", "evil.com",
                           "%2F%2Fevil.com", "/%0d%0aSet-Cookie:x=y"}) {
    const auto away = browser_->get(std::string("/lang/en?next=") + next);
    ASSERT_TRUE(away);
    EXPECT_EQ(away->status, 303) << next;
    EXPECT_EQ(away->get_header_value("Location"), "/") << next;
  }
  const auto local = browser_->get("/lang/en?next=%2Flessons%2Fx%3Fa%3D1");
  ASSERT_TRUE(local);
  EXPECT_EQ(local->get_header_value("Location"), "/lessons/x?a=1");
  const auto empty = browser_->get("/lang/en");
  ASSERT_TRUE(empty);
  EXPECT_EQ(empty->get_header_value("Location"), "/");
}

TEST_F(WebPagesTest, AcceptLanguageCookieAndParameterInThatOrder) {
  const httplib::Headers zh_accept{{"Accept-Language", "zh-CN,zh;q=0.9"}};
  auto r = browser_->get("/", zh_accept);
  ASSERT_TRUE(is_html_page(r));
  EXPECT_TRUE(contains(r->body, "<html lang=\"zh-CN\">"));
  r = browser_->get("/", {{"Accept-Language", "fr-FR,en;q=0.8,zh;q=0.5"}});
  ASSERT_TRUE(is_html_page(r));
  EXPECT_TRUE(contains(r->body, "<html lang=\"en\">"));
  // A cookie beats Accept-Language.
  browser_->set_cookie("lang", "en");
  r = browser_->get("/", zh_accept);
  ASSERT_TRUE(is_html_page(r));
  EXPECT_TRUE(contains(r->body, "<html lang=\"en\">"));
  // ?lang beats the cookie.
  browser_->set_cookie("lang", "zh");
  r = browser_->get("/?lang=en", zh_accept);
  ASSERT_TRUE(is_html_page(r));
  EXPECT_TRUE(contains(r->body, "<html lang=\"en\">"));
  r = browser_->get("/");
  ASSERT_TRUE(is_html_page(r));
  EXPECT_TRUE(contains(r->body, "<html lang=\"zh-CN\">"));
}

TEST(WebCatalogFilesTest, EveryKeyIsInBothLanguages) {
  const auto en = catalog("en");
  const auto zh = catalog("zh");
  EXPECT_GT(en.size(), 50u);
  for (const auto& [key, text] : en) {
    EXPECT_TRUE(zh.count(key)) << key << " is missing from zh.yaml";
    EXPECT_FALSE(text.empty()) << "en." << key;
  }
  for (const auto& [key, text] : zh) {
    EXPECT_TRUE(en.count(key)) << key << " is missing from en.yaml";
    EXPECT_FALSE(text.empty()) << "zh." << key;
  }
}

TEST_F(WebPagesTest, PagesShowNoRawCatalogKeys) {
  // A missing key renders as the key itself (Catalog::text): no page may show one.
  const auto en = catalog("en");
  for (const std::string& path :
       std::vector<std::string>{"/", "/lessons/" + lib_->lesson_slug, "/plans/" + lib_->plan_slug,
                                "/sources/file_gpu001", "/signin", "/signup", "/lessons/nope"}) {
    for (const char* lang : {"en", "zh"}) {
      const auto r = browser_->get(path + (contains(path, "?") ? "&" : "?") + "lang=" + lang);
      ASSERT_TRUE(r) << path;
      for (const auto& [key, text] : en) {
        EXPECT_FALSE(contains(r->body, ">" + key + "<")) << path << " " << lang << ": " << key;
      }
    }
  }
}

TEST_F(WebPagesTest, EveryHtmlResponseCarriesTheSecurityHeaders) {
  const std::vector<std::string> paths = {"/",
                                          "/?q=systolic",
                                          "/?lang=zh",
                                          "/lessons/" + lib_->lesson_slug,
                                          "/plans/" + lib_->plan_slug,
                                          "/sources/file_gpu001?v=1",
                                          "/signin",
                                          "/signup",
                                          "/lessons/nope",
                                          "/no/such/page",
                                          "/lessons",
                                          "/plans",
                                          "/sources"};
  const std::regex inline_script(R"(<script(?![^>]*\ssrc=)[^>]*>)");
  const std::regex inline_handler(R"(<[^>]*\son[a-z]+\s*=)", std::regex::icase);
  for (const std::string& path : paths) {
    const auto r = browser_->get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->get_header_value("Content-Type"), "text/html; charset=utf-8") << path;
    const std::string csp = r->get_header_value("Content-Security-Policy");
    EXPECT_TRUE(contains(csp, "script-src 'self'")) << path << ": " << csp;
    EXPECT_FALSE(contains(csp, "unsafe-inline")) << path << ": " << csp;
    EXPECT_FALSE(contains(csp, "unsafe-eval")) << path << ": " << csp;
    EXPECT_TRUE(contains(csp, "frame-ancestors 'none'")) << path;
    EXPECT_EQ(r->get_header_value("X-Content-Type-Options"), "nosniff") << path;
    EXPECT_FALSE(std::regex_search(r->body, inline_script)) << path;
    EXPECT_FALSE(std::regex_search(r->body, inline_handler)) << path;
    EXPECT_FALSE(contains(r->body, "src=\"\"")) << path << ": an empty script tag";
  }
  const auto api = browser_->get("/api/lessons");
  ASSERT_TRUE(api);
  EXPECT_EQ(api->get_header_value("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(api->get_header_value("Content-Type"), "application/json; charset=utf-8");
}

// Issue 30: signed out, /create and /me lead to sign-in and back (not "401 · Something went
// wrong"); the return address survives the sign-in form.
TEST_F(WebPagesTest, SignedOutCreateAndMePagesLeadToSignInAndBack) {
  const auto create = browser_->get("/create");
  ASSERT_TRUE(create);
  EXPECT_EQ(create->status, 303);
  EXPECT_EQ(create->get_header_value("Location"), "/signin?next=/create");
  const auto me = browser_->get("/me");
  ASSERT_TRUE(me);
  EXPECT_EQ(me->get_header_value("Location"), "/signin?next=/me");
  const auto form = browser_->get("/signin?next=%2Fcreate");
  ASSERT_TRUE(is_html_page(form, 200));
  EXPECT_TRUE(contains(form->body, "name=\"next\" value=\"/create\"")) << form->body;
  // Another site is never a return address.
  const auto hostile = browser_->get("/signin?next=%2F%2Fevil.example");
  ASSERT_TRUE(is_html_page(hostile, 200));
  EXPECT_TRUE(contains(hostile->body, "name=\"next\" value=\"/\"")) << hostile->body;
  // The API still answers 401 in JSON.
  EXPECT_TRUE(is_json_error(browser_->get("/api/jobs/job_x"), 401));
  // The home page says lessons can be made here.
  EXPECT_TRUE(contains(browser_->get("/")->body, "href=\"/create\""));
}

TEST_F(WebPagesTest, UserTextIsEscaped) {
  const std::string name_tag = "<script>alert(1)</script>";
  const std::string review_tag = "<img src=x onerror=alert(1)>";
  auto author = signed_up("mallory", nullptr, name_tag);
  const auto posted = author->post_json("/api/lessons/" + lib_->lesson_id + "/reviews",
                                        {{"rating", 4}, {"text", review_tag}});
  ASSERT_TRUE(posted);
  ASSERT_EQ(posted->status, 201) << posted->body;
  for (auto* b : {author.get(), browser_.get()}) {
    const auto r = b->get("/lessons/" + lib_->lesson_slug);
    ASSERT_TRUE(is_html_page(r));
    EXPECT_FALSE(contains(r->body, name_tag));
    EXPECT_FALSE(contains(r->body, review_tag));
    EXPECT_FALSE(contains(r->body, "<img src=x"));
    EXPECT_TRUE(contains(r->body, escaped(name_tag)));
    EXPECT_TRUE(contains(r->body, escaped(review_tag)));
  }
  // The signed-in author's name in the navigation too.
  const auto me = author->get("/me");
  ASSERT_TRUE(is_html_page(me));
  EXPECT_FALSE(contains(me->body, name_tag));
  EXPECT_TRUE(contains(me->body, escaped(name_tag)));
}

TEST_F(WebPagesTest, JsonBodyOverTheLimitIs413) {
  ServerOptions o = options();
  o.max_json_bytes = 1024;
  o.max_upload_bytes = 64 * 1024;
  restart(o);
  const std::string padding(2000, 'x');
  const auto r = browser_->post_json("/api/signup",
                                     {{"name", "big"}, {"password", padding}, {"pad", padding}});
  ASSERT_TRUE(is_json_error(r, 413));
  // Over even the upload limit: the HTTP library refuses it, with the same JSON body.
  const auto huge =
      browser_->post_body("/api/signup", std::string(100 * 1024, ' '), "application/json");
  ASSERT_TRUE(is_json_error(huge, 413));
}

TEST_F(WebPagesTest, MalformedJsonIs400) {
  auto r = browser_->post_body("/api/signup", "{\"name\": \"x\",", "application/json");
  ASSERT_TRUE(is_json_error(r, 400));
  EXPECT_EQ(testing::body_json(r)["error"].value("code", ""), "invalid_json");
  r = browser_->post_body("/api/signup", "[1, 2]", "application/json");
  EXPECT_TRUE(is_json_error(r, 400));
  r = browser_->post_body("/api/lessons/" + lib_->lesson_id + "/ask", "not json", "text/plain");
  EXPECT_TRUE(is_json_error(r, 400));
}

}  // namespace
}  // namespace lectio::web
