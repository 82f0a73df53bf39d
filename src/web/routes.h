#pragma once
// The handlers of the route table (route_table.cpp), by the file that holds them. A handler
// reads its path parameters from ctx.req.matches, in the order of its pattern's groups.
#include <httplib.h>

#include <string>

#include "http.h"
#include "lectio/ask/answer.h"
#include "lectio/lesson/lesson.h"

namespace lectio::web {

class App;

// lesson_page.cpp
void lesson_page(Context& ctx);  // GET /lessons/{id or slug}

// library_pages.cpp: discover (plans, recent lessons, search), plans and sources.
void discover_page(Context& ctx);
void plan_page(Context& ctx);
void source_page(Context& ctx);

// list_pages.cpp: every lesson, plan and source, a page at a time (?page=N).
void lessons_list_page(Context& ctx);
void plans_list_page(Context& ctx);
void sources_list_page(Context& ctx);

// account_routes.cpp: sign up, sign in, sign out (pages and API) and "my work".
void signup_page(Context& ctx);
void signin_page(Context& ctx);
void signup_form(Context& ctx);
void signin_form(Context& ctx);
void signout_form(Context& ctx);
void me_page(Context& ctx);
void api_signup(Context& ctx);
void api_signin(Context& ctx);
void api_signout(Context& ctx);
void api_me(Context& ctx);

// study_routes.cpp: quizzes and spaced review of flashcards.
void quiz_page(Context& ctx);         // GET /lessons/{id}/quiz
void api_quiz_score(Context& ctx);    // POST /api/lessons/{id}/quiz-score
void api_lesson_heard(Context& ctx);  // POST /api/lessons/{id}/heard
void review_page(Context& ctx);       // GET /review
void api_review(Context& ctx);        // GET /api/review
void api_review_card(Context& ctx);   // POST /api/cards/{card id}/review

// review_routes.cpp: ratings, reviews and likes.
void api_reviews(Context& ctx);
void api_post_review(Context& ctx);
void api_delete_review(Context& ctx);
void api_like_review(Context& ctx);
void api_unlike_review(Context& ctx);
void review_form(Context& ctx);

// api_routes.cpp: the read side of the JSON API.
void api_lessons(Context& ctx);
void api_lesson(Context& ctx);
void api_ask(Context& ctx);
void api_related(Context& ctx);
void api_plans(Context& ctx);
void api_plan(Context& ctx);
void api_sources(Context& ctx);
void api_source(Context& ctx);
void api_search(Context& ctx);
void api_voices(Context& ctx);

// create_routes.cpp: uploads, briefs, jobs, publishing and deleting.
void api_upload(Context& ctx);
void api_create_lesson(Context& ctx);
void api_job(Context& ctx);
void api_publish(Context& ctx);
void api_delete_lesson(Context& ctx);
void create_page(Context& ctx);
void upload_form(Context& ctx);
void brief_form(Context& ctx);
void job_page(Context& ctx);
void publish_form(Context& ctx);
void delete_form(Context& ctx);

// edit_routes.cpp: the lesson editor (the lesson's creator only).
void edit_page(Context& ctx);          // GET /lessons/{id}/edit
void api_lesson_script(Context& ctx);  // GET /api/lessons/{id}/script
void api_save_script(Context& ctx);    // PUT /api/lessons/{id}/script
void api_lesson_chunks(Context& ctx);  // GET /api/lessons/{id}/chunks?q=

// media_routes.cpp: lesson media, static files and the language switch.
void media_file(Context& ctx);
void static_asset(Context& ctx);
void artwork(Context& ctx);
void favicon(Context& ctx);
void language_switch(Context& ctx);

// cover_art.cpp: a lesson's or plan's cover, drawn from its title and tags.
void cover_image(Context& ctx);  // GET /covers/{lessons|plans}/{slug}.svg (else 404)

// feed_routes.cpp: podcast feeds.
void lessons_feed(Context& ctx);
void plan_feed(Context& ctx);

// Serves a lesson page from the page cache before routing, for visitors who are not signed
// in: the hot path of the site. False when the request is not such a page or it is not cached.
bool serve_cached_lesson(App& app, const httplib::Request& req, httplib::Response& res);

// Answers a question about a lesson from its sources, within the ask rate limit (429).
ask::Answer ask(Context& ctx, const lesson::Lesson& lesson, const std::string& question);

}  // namespace lectio::web
