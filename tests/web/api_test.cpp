// Questions about a lesson, and making lessons in the browser (upload, brief, job, draft,
// publish, delete), over real HTTP against a server on a loopback port.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <regex>
#include <thread>

#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using nlohmann::json;
using testing::body_json;
using testing::Browser;
using testing::is_json_error;
using testing::wait_for_job;
using testing::WebTest;

using WebAskTest = WebTest;
using WebCreateTest = WebTest;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string ask_path(const testing::ExampleLibrary& lib) {
  return "/api/lessons/" + lib.lesson_id + "/ask";
}

TEST_F(WebAskTest, SupportedAnswerCitesTheSources) {
  browser_->csrf();
  const auto r = browser_->post_json(ask_path(*lib_), {{"question", "What is a systolic array?"}});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  const json j = body_json(r);
  EXPECT_EQ(j.value("question", ""), "What is a systolic array?");
  ASSERT_TRUE(j.value("supported", false)) << r->body;
  ASSERT_FALSE(j["sentences"].empty());
  const std::regex chunk(R"(file_gpu001:c\d{4})");
  std::string text;
  for (const json& s : j["sentences"]) {
    text += s.value("text", "") + " ";
    ASSERT_FALSE(s["citations"].empty()) << s.dump();
    for (const json& c : s["citations"]) {
      EXPECT_TRUE(std::regex_match(c.get<std::string>(), chunk)) << c;
    }
  }
  EXPECT_TRUE(contains(lower(text), "systolic")) << text;
  ASSERT_FALSE(j["sources"].empty());
  for (const json& s : j["sources"]) {
    EXPECT_TRUE(std::regex_match(s.value("chunk_id", ""), chunk));
    EXPECT_EQ(s.value("file_name", ""), "gpu_tpu_lesson_notes.md");
    EXPECT_EQ(s.value("origin_url", ""), testing::kOriginUrl);
    EXPECT_TRUE(
        std::regex_match(s.value("url", ""), std::regex(R"(/sources/file_gpu001\?v=1#c\d{4})")));
  }
}

TEST_F(WebAskTest, AskingNeedsNoAccountNorCsrf) {
  // Asking changes nothing, so a plain request is enough.
  httplib::Client raw("127.0.0.1", port());
  raw.set_read_timeout(120, 0);
  const auto r = raw.Post(ask_path(*lib_), json{{"question", "Where are TPUs strongest?"}}.dump(),
                          "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
}

TEST_F(WebAskTest, UnrelatedQuestionIsNotSupported) {
  const auto r = browser_->post_json(
      ask_path(*lib_), {{"question", "How do I bake sourdough bread with a rye starter?"}});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  const json j = body_json(r);
  EXPECT_FALSE(j.value("supported", true)) << r->body;
  EXPECT_EQ(j.value("refusal", ""), "not_said");
  EXPECT_FALSE(j.contains("message"));
  EXPECT_TRUE(j["sentences"].empty());
  EXPECT_TRUE(j["sources"].empty());
}

// Issue 30 (item 12): the lesson cites English notes only; a Chinese question is told so, in
// Chinese, on the API and on the page asked without scripts.
TEST_F(WebAskTest, AQuestionInAnotherLanguageThanTheSourcesIsToldSo) {
  const std::string q = "为什么PyTorch代码很难迁移到TPU上？";
  const auto r = browser_->post_json(ask_path(*lib_), {{"question", q}});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  const json j = body_json(r);
  EXPECT_FALSE(j.value("supported", true)) << r->body;
  EXPECT_EQ(j.value("refusal", ""), "other_language");
  const std::string message = j.value("message", "");
  EXPECT_NE(message.find("英文"), std::string::npos) << r->body;
  const auto page = browser_->get("/lessons/" + lib_->lesson_slug +
                                  "?q=" + httplib::detail::encode_query_param(q));
  ASSERT_EQ(page->status, 200);
  EXPECT_NE(page->body.find(testing::escaped(message)), std::string::npos);
}

TEST_F(WebAskTest, EmptyQuestionIs400) {
  for (const json& body : {json{{"question", ""}}, json{{"question", "   "}}, json::object()}) {
    const auto r = browser_->post_json(ask_path(*lib_), body);
    EXPECT_TRUE(is_json_error(r, 400)) << body.dump();
  }
  const auto long_one =
      browser_->post_json(ask_path(*lib_), {{"question", std::string(5000, 'a')}});
  EXPECT_TRUE(is_json_error(long_one, 400));
  EXPECT_TRUE(
      is_json_error(browser_->post_json("/api/lessons/nope/ask", {{"question", "What?"}}), 404));
}

TEST_F(WebAskTest, TooManyQuestionsAre429) {
  ServerOptions o = options();
  o.ask_per_minute = 2;
  restart(o);
  for (int i = 0; i < 2; ++i) {
    const auto r = browser_->post_json(ask_path(*lib_), {{"question", "What is a TPU?"}});
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << "question " << i << ": " << r->body;
  }
  const auto r = browser_->post_json(ask_path(*lib_), {{"question", "What is a TPU?"}});
  ASSERT_TRUE(is_json_error(r, 429));
  EXPECT_EQ(body_json(r)["error"].value("code", ""), "rate_limited");
  const std::string retry = r->get_header_value("Retry-After");
  ASSERT_FALSE(retry.empty());
  EXPECT_GE(std::stoi(retry), 1);
  // The page's own question form shares the budget.
  const auto page = browser_->get("/lessons/" + lib_->lesson_slug + "?q=What+is+a+TPU%3F");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 429);
}

TEST_F(WebAskTest, LessonPageAnswersAQuestionWithoutScripts) {
  const auto r = browser_->get("/lessons/" + lib_->lesson_slug + "?q=What+is+a+systolic+array%3F");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  const std::size_t answer = r->body.find("<div id=\"answer\"");
  ASSERT_NE(answer, std::string::npos);
  const std::string part = r->body.substr(answer, r->body.find("</section>", answer) - answer);
  EXPECT_TRUE(contains(lower(part), "systolic")) << part;
  EXPECT_TRUE(std::regex_search(part, std::regex(R"(/sources/file_gpu001\?v=1#c\d{4})"))) << part;
  const std::size_t input = r->body.find("id=\"question\"");
  ASSERT_NE(input, std::string::npos);
  EXPECT_TRUE(contains(r->body, "value=\"What is a systolic array?\""))
      << r->body.substr(input, 200);
}

// --- creating lessons ---

const char* kBreadNotes = R"(# Sourdough bread

## The starter

A sourdough starter is a culture of wild yeast and lactic acid bacteria kept alive in flour and water.
Bakers feed the starter every day with equal weights of fresh flour and water.
A healthy starter doubles in volume within six hours of a feeding.
The lactic acid bacteria in the starter give sourdough its sour taste.

## Fermentation

The dough ferments slowly for eight to twelve hours at room temperature.
During bulk fermentation the yeast produces carbon dioxide that makes the dough rise.
Cold fermentation in a refrigerator slows the yeast and deepens the flavour of the bread.
Bakers stretch and fold the dough during fermentation to build gluten strength.

## Baking

Sourdough bread bakes in a very hot covered pot so that steam keeps the crust soft at first.
The lid comes off after twenty minutes so that the crust can brown and crisp.
)";

httplib::MultipartFormData file_part(const std::string& name, const std::string& content,
                                     const std::string& type = "text/markdown") {
  return {"files", content, name, type};
}

// Uploads one file; returns its source id (a failed test when it was not added).
std::string upload(Browser& b, const std::string& name, const std::string& content) {
  const auto r = b.post_files("/api/sources", {file_part(name, content)});
  EXPECT_TRUE(r && r->status == 201) << (r ? r->body : std::string("no response"));
  if (!r || r->status != 201) return {};
  return body_json(r)["files"][0].value("source_id", "");
}

json bread_brief(const std::string& source_id) {
  return {{"topic", "Baking sourdough bread"},
          {"insights", {"What a sourdough starter is", "How the dough ferments"}},
          {"sources", {source_id}},
          {"tags", {"Baking"}},
          {"audio", false}};
}

TEST_F(WebCreateTest, SignedOutCannotCreate) {
  browser_->csrf();
  auto r = browser_->post_files("/api/sources", {file_part("notes.md", kBreadNotes)});
  EXPECT_TRUE(is_json_error(r, 401));
  r = browser_->post_json("/api/lessons", bread_brief("file_gpu001"));
  EXPECT_TRUE(is_json_error(r, 401));
  EXPECT_TRUE(is_json_error(browser_->get("/api/jobs/job_x"), 401));
  // Nor without the CSRF token when signed in.
  auto b = signed_up("uma");
  r = b->post_files("/api/sources", {file_part("notes.md", kBreadNotes)}, false);
  EXPECT_TRUE(is_json_error(r, 403));
  r = b->post_json("/api/lessons", bread_brief("file_gpu001"), false);
  EXPECT_TRUE(is_json_error(r, 403));
}

TEST_F(WebCreateTest, UploadAddsASource) {
  auto b = signed_up("vera");
  const auto r = b->post_files("/api/sources", {file_part("bread notes.md", kBreadNotes)});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 201) << r->body;
  const json f = body_json(r)["files"][0];
  EXPECT_EQ(f.value("file_name", ""), "bread_notes.md");
  EXPECT_EQ(f.value("outcome", ""), "added");
  EXPECT_GE(f.value("chunks", 0), 1);
  const std::string id = f.value("source_id", "");
  ASSERT_FALSE(id.empty());
  // An upload is its uploader's (issue 29): others get a 404.
  EXPECT_TRUE(is_json_error(browser_->get("/api/sources/" + id), 404));
  const auto source = b->get("/api/sources/" + id);
  ASSERT_TRUE(source);
  ASSERT_EQ(source->status, 200);
  const json s = body_json(source);
  EXPECT_EQ(s.value("file_name", ""), "bread_notes.md");
  EXPECT_EQ(s.value("url", ""), "/sources/" + id + "?v=1");
  ASSERT_FALSE(s["chunk_list"].empty());
  EXPECT_EQ(s["chunk_list"][0].value("id", ""), id + ":c0000");
  EXPECT_TRUE(s["chunk_list"][0].contains("closes_mid_sentence"));
  EXPECT_FALSE(s.dump().find(data_.string()) != std::string::npos);
  EXPECT_EQ(browser_->get("/sources/" + id)->status, 404);
  const auto page = b->get("/sources/" + id);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_TRUE(contains(page->body, "wild yeast"));
  // The same file again is unchanged; the upload folder is cleaned up.
  const auto again = b->post_files("/api/sources", {file_part("bread notes.md", kBreadNotes)});
  ASSERT_TRUE(again);
  ASSERT_EQ(again->status, 201) << again->body;
  EXPECT_EQ(body_json(again)["files"][0].value("outcome", ""), "unchanged");
  EXPECT_TRUE(std::filesystem::is_empty(data_ / "uploads"));
  // No files at all.
  const auto none = b->post_files("/api/sources", {{"other", "x", "x.md", "text/markdown"}});
  EXPECT_TRUE(is_json_error(none, 400));
}

TEST_F(WebCreateTest, BadFileIs422NamingTheFileNotTheServerPath) {
  auto b = signed_up("walt");
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage += static_cast<char>((i * 7919 + 13) % 256);
  const auto r = b->post_files("/api/sources", {file_part("broken.pdf", garbage, "application/pdf"),
                                                file_part("bread.md", kBreadNotes)});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 422) << r->body;
  const json files = body_json(r)["files"];
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(files[0].value("file_name", ""), "broken.pdf");
  const std::string error = files[0].value("error", "");
  EXPECT_TRUE(contains(error, "broken.pdf")) << error;
  EXPECT_FALSE(contains(error, data_.string())) << error;
  EXPECT_FALSE(contains(error, "uploads")) << error;
  EXPECT_FALSE(contains(r->body, data_.string())) << r->body;
  EXPECT_FALSE(files[0].contains("source_id"));
  // The good file still went in.
  EXPECT_FALSE(files[1].value("source_id", "").empty()) << files[1].dump();
}

TEST_F(WebCreateTest, BadBriefIs400) {
  auto b = signed_up("xena");
  const std::string id = upload(*b, "bread.md", kBreadNotes);
  json brief = bread_brief(id);
  brief.erase("topic");
  EXPECT_TRUE(is_json_error(b->post_json("/api/lessons", brief), 400));
  brief = bread_brief(id);
  brief["insights"] = json::array();
  EXPECT_TRUE(is_json_error(b->post_json("/api/lessons", brief), 400));
  brief = bread_brief("file_no_such_source");
  EXPECT_TRUE(is_json_error(b->post_json("/api/lessons", brief), 400));
  brief = bread_brief("/etc/passwd");
  EXPECT_TRUE(is_json_error(b->post_json("/api/lessons", brief), 400));
  brief = bread_brief(id);
  brief["language"] = "fr";
  EXPECT_TRUE(is_json_error(b->post_json("/api/lessons", brief), 400));
  brief = bread_brief(id);
  brief["host"] = "Nobody";
  EXPECT_TRUE(is_json_error(b->post_json("/api/lessons", brief), 400));
}

TEST_F(WebCreateTest, LessonIsADraftUntilPublishedAndOnlyItsCreatorDeletesIt) {
  json creator_user;
  auto creator = signed_up("yara", &creator_user, "Yara Y.");
  auto other = signed_up("zeke");
  const std::string source = upload(*creator, "bread.md", kBreadNotes);
  ASSERT_FALSE(source.empty());

  const auto submitted = creator->post_json("/api/lessons", bread_brief(source));
  ASSERT_TRUE(submitted);
  ASSERT_EQ(submitted->status, 202) << submitted->body;
  const std::string job_id = body_json(submitted)["job"].value("id", "");
  ASSERT_FALSE(job_id.empty());
  EXPECT_EQ(submitted->get_header_value("Location"), "/api/jobs/" + job_id);
  EXPECT_TRUE(is_json_error(other->get("/api/jobs/" + job_id), 404));  // not theirs

  const json job = wait_for_job(*creator, job_id);
  ASSERT_EQ(job.value("state", ""), "done") << job.dump();
  const std::string id = job.value("lesson_id", "");
  ASSERT_FALSE(id.empty());

  // A draft: only its creator sees it.
  const auto mine = creator->get("/api/lessons/" + id);
  ASSERT_TRUE(mine);
  ASSERT_EQ(mine->status, 200) << mine->body;
  const json lesson = body_json(mine);
  EXPECT_FALSE(lesson.value("published", true));
  EXPECT_EQ(lesson.value("creator", ""), "Yara Y.");
  const std::string slug = lesson.value("slug", "");
  const auto page = creator->get("/lessons/" + slug);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_TRUE(contains(page->body, "class=\"badge draft\""));
  EXPECT_TRUE(contains(page->body, "wild yeast") || contains(page->body, "starter"));
  for (Browser* b : {browser_.get(), other.get()}) {
    EXPECT_TRUE(is_json_error(b->get("/api/lessons/" + id), 404));
    const auto hidden = b->get("/lessons/" + slug);
    ASSERT_TRUE(hidden);
    EXPECT_EQ(hidden->status, 404);
    EXPECT_FALSE(contains(b->get("/api/lessons")->body, id));
    EXPECT_FALSE(contains(b->get("/")->body, "/lessons/" + slug));
    EXPECT_FALSE(contains(b->get("/api/search?q=sourdough")->body, id));
    EXPECT_TRUE(
        is_json_error(b->post_json("/api/lessons/" + id + "/ask", {{"question", "Why?"}}), 404));
  }
  EXPECT_TRUE(contains(creator->get("/api/lessons")->body, id));
  EXPECT_TRUE(contains(creator->get("/me")->body, "/lessons/" + slug));
  // Someone else can neither publish nor delete it: to them it does not exist.
  EXPECT_TRUE(
      is_json_error(other->post_json("/api/lessons/" + id + "/publish", json::object()), 404));
  EXPECT_TRUE(is_json_error(other->del("/api/lessons/" + id), 404));

  const auto published = creator->post_json("/api/lessons/" + id + "/publish", json::object());
  ASSERT_TRUE(published);
  ASSERT_EQ(published->status, 200) << published->body;
  EXPECT_TRUE(body_json(published).value("published", false));
  const auto seen = browser_->get("/api/lessons/" + id);
  ASSERT_TRUE(seen);
  EXPECT_EQ(seen->status, 200);
  EXPECT_TRUE(contains(browser_->get("/api/lessons")->body, id));
  EXPECT_EQ(other->get("/lessons/" + slug)->status, 200);

  // Published, it is still not someone else's to unpublish or delete.
  EXPECT_TRUE(is_json_error(other->del("/api/lessons/" + id), 403));
  EXPECT_TRUE(is_json_error(
      other->post_json("/api/lessons/" + id + "/publish", {{"published", false}}), 403));
  EXPECT_EQ(browser_->get("/api/lessons/" + id)->status, 200);

  const auto deleted = creator->del("/api/lessons/" + id);
  ASSERT_TRUE(deleted);
  ASSERT_EQ(deleted->status, 200) << deleted->body;
  EXPECT_TRUE(is_json_error(browser_->get("/api/lessons/" + id), 404));
  EXPECT_TRUE(is_json_error(creator->get("/api/lessons/" + id), 404));
  EXPECT_EQ(creator->get("/lessons/" + slug)->status, 404);
}

TEST_F(WebCreateTest, TheServerFetchesNoUrl) {
  // A local "origin" that counts every request: the server must never contact it, whether
  // the URL is a source's origin or a link or image inside the document.
  std::atomic<int> hits{0};
  httplib::Server origin;
  origin.set_pre_routing_handler([&](const httplib::Request&, httplib::Response& res) {
    ++hits;
    res.status = 200;
    return httplib::Server::HandlerResponse::Handled;
  });
  const int origin_port = origin.bind_to_any_port("127.0.0.1");
  ASSERT_GT(origin_port, 0);
  std::thread origin_thread([&] { origin.listen_after_bind(); });
  const std::string url = "http://127.0.0.1:" + std::to_string(origin_port);
  {
    httplib::Client probe("127.0.0.1", origin_port);
    ASSERT_TRUE(probe.Get("/probe"));  // the counter works
  }
  const int before = hits.load();

  auto b = signed_up("abe");
  const std::string notes = std::string(kBreadNotes) + "\nSee [the recipe](" + url +
                            "/recipe) and ![a loaf](" + url + "/loaf.png).\n";
  httplib::MultipartFormDataItems items = {file_part("linked.md", notes),
                                           {"origin_url", url + "/notes", "", ""}};
  const auto r = b->post_files("/api/sources", items);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 201) << r->body;
  const std::string id = body_json(r)["files"][0].value("source_id", "");
  const auto page = b->get("/sources/" + id);  // the uploader's: private
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_TRUE(contains(page->body, "href=\"" + url + "/notes\""));
  b->get("/?q=recipe");
  b->get("/api/sources/" + id);
  const auto submitted = b->post_json("/api/lessons", bread_brief(id));
  ASSERT_TRUE(submitted);
  ASSERT_EQ(submitted->status, 202) << submitted->body;
  const json job = wait_for_job(*b, body_json(submitted)["job"].value("id", ""));
  EXPECT_EQ(job.value("state", ""), "done") << job.dump();
  const std::string lesson = job.value("lesson_id", "");
  b->get("/lessons/" + lesson);
  b->post_json("/api/lessons/" + lesson + "/ask", {{"question", "What is a starter?"}});

  origin.stop();
  origin_thread.join();
  EXPECT_EQ(hits.load(), before);
}

}  // namespace
}  // namespace lectio::web
