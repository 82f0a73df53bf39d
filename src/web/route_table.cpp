// The one list of the site's routes. docs/api.md describes the API ones.
#include "route_table.h"

#include <array>

#include "app.h"
#include "routes.h"

namespace lectio::web {

namespace {

constexpr Surface kPage = Surface::kPage;
constexpr Surface kApi = Surface::kApi;
constexpr Surface kFile = Surface::kFile;
constexpr Method kGet = Method::kGet;
constexpr Method kPost = Method::kPost;
constexpr Method kPut = Method::kPut;
constexpr Method kDelete = Method::kDelete;

// What routes need, by the combinations they use (route_table.h).
constexpr Needs kNothing{};
constexpr Needs kFields{.fields = true};
constexpr Needs kJson{.json = true};
constexpr Needs kCsrf{.csrf = true};
constexpr Needs kCsrfJson{.csrf = true, .json = true};
constexpr Needs kCsrfFields{.csrf = true, .fields = true};
constexpr Needs kUser{.signed_in = true};
constexpr Needs kUserFields{.signed_in = true, .fields = true};
constexpr Needs kUserCsrf{.signed_in = true, .csrf = true};
constexpr Needs kUserCsrfJson{.signed_in = true, .csrf = true, .json = true};
constexpr Needs kUserCsrfFields{.signed_in = true, .csrf = true, .fields = true};
constexpr Needs kUserCsrfUpload{.signed_in = true, .csrf = true, .upload = true};

// In the order the areas registered their routes before the table; no two patterns of one
// method match the same path (a test checks), so the order decides nothing.
constexpr auto kRoutes = std::to_array<Route>({
    // Lesson, discover, plan and source pages.
    {kGet, R"(/lessons/([^/]+))", kPage, kFields, "lesson_page", lesson_page},
    {kGet, "/", kPage, kFields, "discover_page", discover_page},
    {kGet, R"(/plans/([^/]+))", kPage, kNothing, "plan_page", plan_page},
    {kGet, R"(/sources/([^/]+))", kPage, kFields, "source_page", source_page},
    {kGet, "/lessons", kPage, kFields, "lessons_list_page", lessons_list_page},
    {kGet, "/plans", kPage, kFields, "plans_list_page", plans_list_page},
    {kGet, "/sources", kPage, kFields, "sources_list_page", sources_list_page},

    // Accounts.
    {kGet, "/signup", kPage, kFields, "signup_page", signup_page},
    {kGet, "/signin", kPage, kFields, "signin_page", signin_page},
    {kPost, "/signup", kPage, kCsrfFields, "signup_form", signup_form},
    {kPost, "/signin", kPage, kCsrfFields, "signin_form", signin_form},
    {kPost, "/signout", kPage, kCsrf, "signout_form", signout_form},
    {kGet, "/me", kPage, kUser, "me_page", me_page},
    {kPost, "/api/signup", kApi, kCsrfJson, "api_signup", api_signup},
    {kPost, "/api/signin", kApi, kCsrfJson, "api_signin", api_signin},
    {kPost, "/api/signout", kApi, kCsrf, "api_signout", api_signout},
    {kGet, "/api/me", kApi, kNothing, "api_me", api_me},

    // Ratings, reviews and likes.
    {kGet, R"(/api/lessons/([^/]+)/reviews)", kApi, kFields, "api_reviews", api_reviews},
    {kPost, R"(/api/lessons/([^/]+)/reviews)", kApi, kUserCsrfJson, "api_post_review",
     api_post_review},
    {kDelete, R"(/api/reviews/([^/]+))", kApi, kUserCsrf, "api_delete_review", api_delete_review},
    {kPut, R"(/api/reviews/([^/]+)/like)", kApi, kUserCsrf, "api_like_review", api_like_review},
    {kDelete, R"(/api/reviews/([^/]+)/like)", kApi, kUserCsrf, "api_unlike_review",
     api_unlike_review},
    {kPost, R"(/lessons/([^/]+)/reviews)", kPage, kUserCsrfFields, "review_form", review_form},

    // The read side of the API.
    {kGet, "/api/lessons", kApi, kFields, "api_lessons", api_lessons},
    {kGet, R"(/api/lessons/([^/]+))", kApi, kNothing, "api_lesson", api_lesson},
    {kPost, R"(/api/lessons/([^/]+)/ask)", kApi, kJson, "api_ask", api_ask},
    {kGet, R"(/api/lessons/([^/]+)/related)", kApi, kNothing, "api_related", api_related},
    {kGet, "/api/plans", kApi, kFields, "api_plans", api_plans},
    {kGet, R"(/api/plans/([^/]+))", kApi, kNothing, "api_plan", api_plan},
    {kGet, "/api/sources", kApi, kFields, "api_sources", api_sources},
    {kGet, R"(/api/sources/([^/]+))", kApi, kFields, "api_source", api_source},
    {kGet, "/api/search", kApi, kFields, "api_search", api_search},
    {kGet, "/api/voices", kApi, kNothing, "api_voices", api_voices},

    // Making lessons: uploads, briefs, jobs, publishing and deleting.
    {kPost, "/api/sources", kApi, kUserCsrfUpload, "api_upload", api_upload},
    {kPost, "/api/lessons", kApi, kUserCsrfJson, "api_create_lesson", api_create_lesson},
    {kGet, R"(/api/jobs/([^/]+))", kApi, kUser, "api_job", api_job},
    {kPost, R"(/api/lessons/([^/]+)/publish)", kApi, kUserCsrfJson, "api_publish", api_publish},
    {kDelete, R"(/api/lessons/([^/]+))", kApi, kUserCsrf, "api_delete_lesson", api_delete_lesson},
    {kGet, "/create", kPage, kUser, "create_page", create_page},
    {kPost, "/create/sources", kPage, kUserCsrfUpload, "upload_form", upload_form},
    {kPost, "/create/lesson", kPage, kUserCsrfFields, "brief_form", brief_form},
    {kGet, R"(/jobs/([^/]+))", kPage, kUser, "job_page", job_page},
    {kPost, R"(/lessons/([^/]+)/publish)", kPage, kUserCsrfFields, "publish_form", publish_form},
    {kPost, R"(/lessons/([^/]+)/delete)", kPage, kUserCsrf, "delete_form", delete_form},

    // The lesson editor (issue 32).
    {kGet, R"(/lessons/([^/]+)/edit)", kPage, kUser, "edit_page", edit_page},
    {kGet, R"(/api/lessons/([^/]+)/script)", kApi, kUser, "api_lesson_script", api_lesson_script},
    {kPut, R"(/api/lessons/([^/]+)/script)", kApi, kUserCsrfJson, "api_save_script",
     api_save_script},
    {kGet, R"(/api/lessons/([^/]+)/chunks)", kApi, kUserFields, "api_lesson_chunks",
     api_lesson_chunks},

    // Study tools: quizzes (anyone), spaced review of flashcards (signed-in learners).
    {kGet, R"(/lessons/([^/]+)/quiz)", kPage, kNothing, "quiz_page", quiz_page},
    {kPost, R"(/api/lessons/([^/]+)/quiz-score)", kApi, kUserCsrfJson, "api_quiz_score",
     api_quiz_score},
    {kPost, R"(/api/lessons/([^/]+)/heard)", kApi, kUserCsrf, "api_lesson_heard", api_lesson_heard},
    {kGet, "/review", kPage, kUserFields, "review_page", review_page},
    {kGet, "/api/review", kApi, kUserFields, "api_review", api_review},
    {kPost, R"(/api/cards/([^/]+)/review)", kApi, kUserCsrfJson, "api_review_card",
     api_review_card},

    // Files: media, static files, feeds; and the language switch.
    {kGet, R"(/media/([^/]+)\.(mp3|opus|vtt|chapters\.json))", kFile, kNothing, "media_file",
     media_file},
    {kGet, R"(/static/([A-Za-z0-9_.\-]+))", kFile, kNothing, "static_asset", static_asset},
    {kGet, "/artwork.png", kFile, kNothing, "artwork", artwork},
    {kGet, R"(/covers/([^/]+)/([^/]+)\.svg)", kFile, kNothing, "cover_image", cover_image},
    {kGet, "/favicon.ico", kFile, kNothing, "favicon", favicon},
    {kGet, R"(/lang/(en|zh))", kPage, kFields, "language_switch", language_switch},
    {kGet, "/feeds/lessons.xml", kFile, kNothing, "lessons_feed", lessons_feed},
    {kGet, R"(/plans/([^/]+)/feed\.xml)", kFile, kNothing, "plan_feed", plan_feed},
});

}  // namespace

std::string_view method_name(Method method) {
  switch (method) {
    case Method::kGet:
      return "GET";
    case Method::kPost:
      return "POST";
    case Method::kPut:
      return "PUT";
    case Method::kDelete:
      return "DELETE";
  }
  return "GET";
}

std::span<const Route> route_table() {
  return kRoutes;
}

void register_routes(httplib::Server& server, App& app) {
  for (const Route& r : kRoutes) {
    httplib::Server::Handler handler = route(app, r.surface, r.handler);
    switch (r.method) {
      case Method::kGet:
        server.Get(r.pattern, std::move(handler));
        break;
      case Method::kPost:
        server.Post(r.pattern, std::move(handler));
        break;
      case Method::kPut:
        server.Put(r.pattern, std::move(handler));
        break;
      case Method::kDelete:
        server.Delete(r.pattern, std::move(handler));
        break;
    }
  }
}

}  // namespace lectio::web
