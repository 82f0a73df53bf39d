// Ratings, reviews and likes: anyone reads them; only signed-in users write, and only the
// author deletes a review.
#include <fmt/format.h>

#include "app.h"
#include "list_page.h"
#include "request.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

using nlohmann::json;

namespace {

json review_json(const store::Review& r) {
  return {{"id", r.id},
          {"lesson_id", r.lesson_id},
          {"author", r.user_name},
          {"rating", r.rating},
          {"text", r.text},
          {"likes", r.likes},
          {"liked", r.liked_by_viewer},
          {"created_at", r.created_at},
          {"updated_at", r.updated_at}};
}

json summary_json(const store::RatingSummary& s) {
  return {{"count", s.count}, {"average", s.average}, {"histogram", s.histogram}};
}

// The form's rating: one digit from 1 to 5.
int form_rating(Context& ctx, const std::string& text) {
  if (text.size() == 1 && text[0] >= '1' && text[0] <= '5') return text[0] - '0';
  throw HttpError(400, "invalid_rating", ctx.app.t(ctx, "error_bad_rating"));
}

store::Review post_review(Context& ctx, const std::string& lesson_id, int rating,
                          const std::string& text) {
  const store::User& user = ctx.require_user();
  ctx.require_csrf();
  const LessonEntry entry = require_lesson(ctx, lesson_id);
  store::Review review = ctx.community().put_review(entry.lesson.id, user.id, rating, text);
  ctx.app.page_cache().invalidate();
  return review;
}

void set_like(Context& ctx, const std::string& review_id, bool liked) {
  const store::User& user = ctx.require_user();
  ctx.require_csrf();
  if (liked) {
    const std::optional<store::Review> own = ctx.community().review(review_id);
    if (own && own->user_id == user.id) {
      throw HttpError(403, "own_review", ctx.app.t(ctx, "error_own_review"));
    }
  }
  if (!ctx.community().set_review_like(review_id, user.id, liked)) {
    throw HttpError(404, "not_found", ctx.app.t(ctx, "error_no_review"));
  }
  ctx.app.page_cache().invalidate();
  const std::optional<store::Review> r = ctx.community().review(review_id);
  ctx.send_json({{"id", review_id}, {"liked", liked}, {"likes", r ? r->likes : 0}});
}

void delete_review(Context& ctx, const std::string& review_id) {
  const store::User& user = ctx.require_user();
  ctx.require_csrf();
  const std::optional<store::Review> r = ctx.community().review(review_id);
  if (!r) throw HttpError(404, "not_found", ctx.app.t(ctx, "error_no_review"));
  if (r->user_id != user.id || !ctx.community().delete_review(review_id, user.id)) {
    throw HttpError(403, "forbidden", ctx.app.t(ctx, "error_not_yours"));
  }
  ctx.app.page_cache().invalidate();
}

}  // namespace

void api_reviews(Context& ctx) {
  const LessonEntry entry = require_lesson(ctx, ctx.req.matches[1].str());
  const ListPage page = list_page(ctx);
  json reviews = json::array();
  const std::string viewer = ctx.user ? ctx.user->id : std::string();
  std::vector<store::Review> all = ctx.community().reviews(entry.lesson.id, viewer);
  const std::size_t total = all.size();
  for (const store::Review& r : page_of(std::move(all), page)) reviews.push_back(review_json(r));
  ctx.send_json({{"rating", summary_json(ctx.community().rating_summary(entry.lesson.id))},
                 {"reviews", reviews},
                 {"page", page_json(page, total)}});
}

void api_post_review(Context& ctx) {
  const JsonRequest body(ctx.json_body());
  const store::Review r =
      post_review(ctx, ctx.req.matches[1].str(), body.integer("rating", 1, 5),
                  body.optional_text("text", store::kMaxReviewBytes).value_or(""));
  ctx.send_json({{"review", review_json(r)}}, 201);
}

void api_delete_review(Context& ctx) {
  delete_review(ctx, ctx.req.matches[1].str());
  ctx.send_json({{"deleted", true}});
}

void api_like_review(Context& ctx) {
  set_like(ctx, ctx.req.matches[1].str(), true);
}

void api_unlike_review(Context& ctx) {
  set_like(ctx, ctx.req.matches[1].str(), false);
}

// The same as api_post_review from a plain form on the lesson page (pages without scripts).
void review_form(Context& ctx) {
  const LessonEntry entry = require_lesson(ctx, ctx.req.matches[1].str());
  post_review(ctx, entry.lesson.id, form_rating(ctx, ctx.field("rating")), ctx.field("text"));
  ctx.redirect(lesson_path(entry.lesson) + "#reviews");
}

}  // namespace lectio::web
