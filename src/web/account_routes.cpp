// Sign up, sign in, sign out (pages and API), and "my work". Passwords are hashed with
// argon2id; a session cookie holds a random token whose digest is what the store keeps.
#include <fmt/format.h>

#include <cctype>

#include "app.h"
#include "lectio/core/clock.h"
#include "lectio/core/error.h"
#include "lectio/core/password.h"
#include "lectio/plan/plan.h"
#include "lectio/text/unicode.h"
#include "page_views.h"
#include "request.h"
#include "routes.h"
#include "views.h"

namespace lectio::web {

using nlohmann::json;

namespace {

constexpr int kSessionSeconds = 30 * 24 * 3600;
constexpr std::size_t kMaxDisplayNameChars = 60;

struct Credentials {
  std::string name;
  std::string password;
  std::string display_name;
};

Credentials credentials(Context& ctx) {
  if (ctx.surface == Surface::kApi) {
    const JsonRequest body(ctx.json_body());
    // Lengths are checked with the form's rules below; these caps only bound the reading.
    return {body.text("name", 1024), body.text("password", 4096),
            body.optional_text("display_name", 1024).value_or("")};
  }
  return {ctx.field("name"), ctx.field("password"), ctx.field("display_name")};
}

void check_new_account(Context& ctx, const Credentials& c) {
  const bool name_ok =
      c.name.size() >= 3 && c.name.size() <= 32 &&
      std::all_of(c.name.begin(), c.name.end(), [](char ch) {
        return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-' || ch == '.';
      });
  if (!name_ok) throw HttpError(400, "invalid_name", ctx.app.t(ctx, "error_bad_name"));
  // Lengths people read are counted in characters; the password's upper bound is the hash's
  // input limit, in bytes, and says so.
  if (c.password.size() > kMaxPasswordBytes) {
    throw HttpError(400, "invalid_password", ctx.app.t(ctx, "error_long_password"));
  }
  if (text::character_count(c.password) < 8) {
    throw HttpError(400, "invalid_password", ctx.app.t(ctx, "error_bad_password"));
  }
  if (text::character_count(c.display_name) > kMaxDisplayNameChars) {
    throw HttpError(400, "invalid_display_name", ctx.app.t(ctx, "error_bad_display_name"));
  }
}

void limit_sign_in(Context& ctx) {
  if (const int wait = ctx.app.sign_in_limiter().take(ctx.req.remote_addr); wait > 0) {
    ctx.res.set_header("Retry-After", std::to_string(wait));
    throw HttpError(429, "rate_limited", ctx.app.t(ctx, "error_rate_limited"));
  }
}

// Starts a session: a new session cookie, and a new CSRF token so that a token planted before
// sign-in is worth nothing after it.
void start_session(Context& ctx, const store::User& user) {
  const std::string token = random_token(32);
  store::Session session;
  session.token_digest = token_digest(token);
  session.user_id = user.id;
  session.csrf_token = random_token(24);
  session.expires_at = utc_timestamp(kSessionSeconds);
  session.created_at = utc_timestamp();
  ctx.community().put_session(session);
  const bool secure = ctx.app.options().secure_cookies;
  ctx.res.set_header("Set-Cookie",
                     set_cookie("lectio_session", token, kSessionSeconds, "Lax", secure));
  ctx.res.set_header("Set-Cookie", set_cookie("lectio_csrf", session.csrf_token, 365 * 24 * 3600,
                                              "Strict", secure));
  ctx.user = user;
  ctx.csrf = session.csrf_token;
}

json user_json(const store::User& u) {
  return {{"id", u.id}, {"name", u.name}, {"display_name", u.display_name}};
}

store::User sign_up(Context& ctx) {
  ctx.require_csrf();
  limit_sign_in(ctx);
  const Credentials c = credentials(ctx);
  check_new_account(ctx, c);
  store::User user;
  user.id = "user_" + random_token(12);
  user.name = c.name;
  // Bidi controls would let a name reorder the text shown around it.
  const std::string display = text::without_bidi_controls(c.display_name);
  user.display_name = display.empty() ? c.name : display;
  user.password_hash = hash_password(c.password);
  std::optional<store::User> made = ctx.community().create_user(user);
  if (!made) throw HttpError(409, "name_taken", ctx.app.t(ctx, "error_name_taken"));
  start_session(ctx, *made);
  return *made;
}

store::User sign_in(Context& ctx) {
  ctx.require_csrf();
  limit_sign_in(ctx);
  const Credentials c = credentials(ctx);
  const std::optional<store::User> user = ctx.community().user_by_name(c.name);
  // An unknown name costs a hash check too, so that timing does not tell which names exist.
  static const std::string dummy = hash_password("not a real password");
  const bool ok = verify_password(c.password, user ? user->password_hash : dummy) && user;
  if (!ok) throw HttpError(401, "wrong_credentials", ctx.app.t(ctx, "error_wrong_credentials"));
  start_session(ctx, *user);
  return *user;
}

void sign_out(Context& ctx) {
  ctx.require_csrf();
  if (!ctx.session_digest.empty()) ctx.community().delete_session(ctx.session_digest);
  ctx.res.set_header("Set-Cookie",
                     set_cookie("lectio_session", "", 0, "Lax", ctx.app.options().secure_cookies));
  ctx.user.reset();
}

// A form page again, with the error and what was typed (never the password).
void form_page(Context& ctx, const std::string& page, const std::string& error, int status) {
  ctx.app.send_page(ctx, page,
                    account_form_view(local_path_or_root(ctx.field("next")), ctx.field("name"),
                                      ctx.field("display_name"), error),
                    ctx.app.t(ctx, page + "_title"), status);
}

// Form posts show their errors on the form rather than on an error page.
void form_post(Context& ctx, const std::string& page, store::User (*action)(Context&)) {
  try {
    action(ctx);
    ctx.redirect(local_path_or_root(ctx.field("next")));
  } catch (const HttpError& e) {
    if (e.status() == 429) ctx.res.status = 429;
    form_page(ctx, page, e.what(), e.status());
  } catch (const InvalidInput& e) {
    form_page(ctx, page, e.what(), 400);
  }
}

}  // namespace

void signup_page(Context& ctx) {
  form_page(ctx, "signup", "", 200);
}

void signin_page(Context& ctx) {
  form_page(ctx, "signin", "", 200);
}

void signup_form(Context& ctx) {
  form_post(ctx, "signup", sign_up);
}

void signin_form(Context& ctx) {
  form_post(ctx, "signin", sign_in);
}

void signout_form(Context& ctx) {
  sign_out(ctx);
  ctx.redirect("/");
}

void me_page(Context& ctx) {
  const store::User& user = ctx.require_user();
  std::vector<lesson::Lesson> lessons;
  for (const store::Record& r : ctx.store().records(store::RecordKind::kLesson)) {
    if (r.owner == user.id) lessons.push_back(lesson::lesson_from_json(r.body));
  }
  ctx.app.send_page(ctx, "me", me_view(user.display_name, lessons, ctx.lang),
                    ctx.app.t(ctx, "me_title"));
}

void api_signup(Context& ctx) {
  ctx.send_json({{"user", user_json(sign_up(ctx))}}, 201);
}

void api_signin(Context& ctx) {
  ctx.send_json({{"user", user_json(sign_in(ctx))}});
}

void api_signout(Context& ctx) {
  sign_out(ctx);
  ctx.send_json({{"signed_out", true}});
}

void api_me(Context& ctx) {
  ctx.send_json({{"user", ctx.user ? user_json(*ctx.user) : json(nullptr)}, {"csrf", ctx.csrf}});
}

}  // namespace lectio::web
