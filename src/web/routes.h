#pragma once
// Each file registers its routes on the server. All handlers go through route() (http.h).
#include <httplib.h>

#include <string>

#include "lectio/ask/answer.h"
#include "lectio/lesson/lesson.h"

namespace lectio::web {

class App;
struct Context;

void register_lesson_page(httplib::Server& server, App& app);
void register_library_pages(httplib::Server& server, App& app);   // discover, plans, sources
void register_account_routes(httplib::Server& server, App& app);  // pages and API
void register_review_routes(httplib::Server& server, App& app);
void register_api_routes(httplib::Server& server, App& app);
void register_create_routes(httplib::Server& server, App& app);
void register_media_routes(httplib::Server& server, App& app);  // media, static, language
void register_feed_routes(httplib::Server& server, App& app);

// Serves a lesson page from the page cache before routing, for visitors who are not signed
// in: the hot path of the site. False when the request is not such a page or it is not cached.
bool serve_cached_lesson(App& app, const httplib::Request& req, httplib::Response& res);

// Answers a question about a lesson from its sources, within the ask rate limit (429).
ask::Answer ask(Context& ctx, const lesson::Lesson& lesson, const std::string& question);

}  // namespace lectio::web
