#include "http.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "app.h"
#include "lectio/core/clock.h"
#include "lectio/core/error.h"
#include "lectio/core/password.h"
#include "lectio/text/strings.h"

namespace lectio::web {

using nlohmann::json;

namespace {

constexpr std::string_view kSessionCookie = "lectio_session";
constexpr std::string_view kCsrfCookie = "lectio_csrf";

// Signs the request in when its session cookie names a live session.
void load_session(Context& ctx) {
  const std::string token = cookie(ctx.req, kSessionCookie);
  if (token.empty() || token.size() > 200) return;
  const std::string digest = token_digest(token);
  store::CommunityStore& store = ctx.community();
  const std::optional<store::Session> session = store.session(digest, utc_timestamp());
  if (!session) return;
  ctx.user = store.user(session->user_id);
  if (!ctx.user) return;
  ctx.session_digest = digest;
  ctx.session_csrf = session->csrf_token;
}

// Every browser gets a random CSRF token in a cookie the first time; forms and scripts send
// it back, and a request from another site cannot, because it cannot read the cookie.
void ensure_csrf(Context& ctx) {
  ctx.csrf = browser_csrf(ctx.req, ctx.res, ctx.app.options().secure_cookies);
}

}  // namespace

std::string browser_csrf(const httplib::Request& req, httplib::Response& res, bool secure) {
  std::string token = cookie(req, kCsrfCookie);
  if (token.size() >= 20 && token.size() <= 100) return token;
  token = random_token(24);
  res.set_header("Set-Cookie", set_cookie(kCsrfCookie, token, 365 * 24 * 3600, "Strict", secure));
  return token;
}

std::string path_without_lang(const httplib::Request& req) {
  // From the request target, not req.params: those also hold a form's fields (a password).
  const std::size_t mark = req.target.find('?');
  if (mark == std::string::npos) return req.path;
  std::string query;
  std::string_view rest = std::string_view(req.target).substr(mark + 1);
  while (!rest.empty()) {
    const std::size_t amp = rest.find('&');
    const std::string_view item = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    if (item.empty() || item == "lang" || item.rfind("lang=", 0) == 0) continue;
    query += (query.empty() ? "?" : "&") + std::string(item);
  }
  return req.path + query;
}

Library& Context::library() {
  if (!lease_) lease_.emplace(app.libraries().acquire());
  return **lease_;
}

const store::User& Context::require_user() {
  if (!user) throw HttpError(401, "unauthorized", app.t(*this, "error_sign_in_required"));
  return *user;
}

void Context::require_csrf() const {
  std::string sent = req.get_header_value("X-CSRF-Token");
  if (sent.empty()) sent = field("csrf");
  // Signed in, the token is the session's (its row holds it): a cookie planted by another
  // site (a sibling domain can set one) does not match it.
  const std::string& expected = session_digest.empty() ? csrf : session_csrf;
  if (sent.empty() || sent != expected) {
    throw HttpError(403, "csrf", app.t(*this, "error_csrf"));
  }
}

json Context::json_body() const {
  if (req.body.size() > app.options().max_json_bytes) {
    throw HttpError(413, "too_large",
                    fmt::format("request body over {} bytes", app.options().max_json_bytes));
  }
  json body = json::parse(req.body, nullptr, false);
  if (body.is_discarded() || !body.is_object()) {
    throw HttpError(400, "invalid_json", "the request body is not a JSON object");
  }
  return body;
}

std::string Context::field(const std::string& name) const {
  std::string value;
  if (req.has_param(name)) {
    value = req.get_param_value(name);
  } else if (req.has_file(name)) {
    value = req.get_file_value(name).content;
  }
  // Query and form fields arrive as raw bytes; everything downstream (search, pages, JSON
  // answers) takes text.
  if (!text::is_valid_utf8(value)) {
    throw InvalidField(name, fmt::format("field '{}': is not valid UTF-8", name));
  }
  return value;
}

// A 200 is left to the library, which turns it into 206 for a Range request.
void Context::send_json(const json& body, int status) {
  if (status != 200) res.status = status;
  res.set_header("Cache-Control", "no-store");
  // Messages may echo a path's bytes (an unknown id), which need not be UTF-8.
  res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace),
                  "application/json; charset=utf-8");
}

void Context::send_html(const std::string& html, int status) {
  if (status != 200) res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(html, "text/html; charset=utf-8");  // this httplib copies either way
}

void Context::redirect(const std::string& location, int status) {
  res.status = status;
  res.set_header("Location", location);
}

std::string cookie(const httplib::Request& req, std::string_view name) {
  for (std::size_t i = 0, n = req.get_header_value_count("Cookie"); i < n; ++i) {
    const std::string value = req.get_header_value("Cookie", i);  // by value: keep it alive
    std::string_view header = value;
    while (!header.empty()) {
      const std::size_t semi = header.find(';');
      std::string_view item = header.substr(0, semi);
      header = semi == std::string_view::npos ? std::string_view() : header.substr(semi + 1);
      while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
      const std::size_t eq = item.find('=');
      if (eq != std::string_view::npos && item.substr(0, eq) == name) {
        return std::string(item.substr(eq + 1));
      }
    }
  }
  return {};
}

std::string set_cookie(std::string_view name, std::string_view value, int max_age_seconds,
                       std::string_view same_site, bool secure) {
  return fmt::format("{}={}; Path=/; Max-Age={}; HttpOnly; SameSite={}{}", name, value,
                     max_age_seconds, same_site, secure ? "; Secure" : "");
}

std::string local_path_or_root(std::string_view next) {
  // Browsers drop tabs, line breaks and other control characters from a Location before
  // reading it, so "/\t/evil.example" is "//evil.example": any control character, a
  // backslash (read as a slash) or a second leading slash makes it another site's address.
  const bool control = std::any_of(next.begin(), next.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
  });
  if (next.empty() || next.front() != '/' || control || next.substr(0, 2) == "//" ||
      next.find('\\') != std::string_view::npos) {
    return "/";
  }
  return std::string(next);
}

std::string url_encode(std::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += fmt::format("%{:02X}", c);
    }
  }
  return out;
}

std::string without_server_paths(const std::filesystem::path& data_dir, std::string message) {
  // The data directory as given and as absolute: messages name files either way.
  std::error_code ec;
  for (const std::filesystem::path& dir :
       {data_dir, std::filesystem::absolute(data_dir, ec).lexically_normal()}) {
    std::string prefix = dir.string();
    if (prefix.empty() || prefix == "/") continue;
    while (prefix.size() > 1 && prefix.back() == '/') prefix.pop_back();
    prefix += '/';
    for (std::size_t at = message.find(prefix); at != std::string::npos;
         at = message.find(prefix, at)) {
      message.erase(at, prefix.size());
    }
  }
  return message;
}

void send_error(Context& ctx, int status, const std::string& code, const std::string& raw,
                const std::string& field) {
  const std::string message = without_server_paths(ctx.app.options().data_dir, raw);
  if (ctx.surface != Surface::kPage) {
    json error = {{"status", status}, {"code", code}, {"message", message}};
    if (!field.empty()) error["field"] = field;
    ctx.send_json({{"error", error}}, status);
    return;
  }
  // A signed-out visitor opening a page that needs an account is led to sign in, and back here
  // afterwards (the sign-in form keeps `next`, checked by local_path_or_root).
  if (status == 401 && ctx.req.method == "GET") {
    ctx.redirect("/signin?next=" + url_encode(path_without_lang(ctx.req)));
    return;
  }
  kainjow::mustache::data data;
  data.set("status", std::to_string(status));
  data.set("message", message);
  if (status == 404) data.set("not_found", true);
  if (status == 401) data.set("sign_in", true);
  try {
    ctx.app.send_page(ctx, "error", std::move(data), ctx.app.t(ctx, "error_title"), status);
  } catch (const std::exception&) {
    ctx.res.status = status;  // the error page itself failed: plain text is still an answer
    ctx.res.set_content(message, "text/plain; charset=utf-8");
  }
}

void load_visitor(Context& ctx) {
  if (ctx.surface != Surface::kFile) ensure_csrf(ctx);
  load_session(ctx);  // files too: a creator plays the media of a draft
  if (ctx.surface != Surface::kFile && !ctx.session_csrf.empty() && ctx.csrf != ctx.session_csrf) {
    // The browser's cookie is not its session's (planted, or from before sign-in): pages and
    // scripts get the session's token again.
    ctx.csrf = ctx.session_csrf;
    ctx.res.set_header("Set-Cookie", set_cookie(kCsrfCookie, ctx.csrf, 365 * 24 * 3600, "Strict",
                                                ctx.app.options().secure_cookies));
  }
}

httplib::Server::Handler route(App& app, Surface surface, Handler handler) {
  return [&app, surface, handler = std::move(handler)](const httplib::Request& req,
                                                       httplib::Response& res) {
    Context ctx{req, res, app, surface, pick_language(req), {}, {}, {}, {}, {}};
    try {
      load_visitor(ctx);
      handler(ctx);
    } catch (const HttpError& e) {
      send_error(ctx, e.status(), e.code(), e.what());
    } catch (const InvalidField& e) {
      send_error(ctx, 400, "invalid_input", e.what(), e.field());
    } catch (const InvalidInput& e) {
      send_error(ctx, 400, "invalid_input", e.what());
    } catch (const NotFound& e) {
      send_error(ctx, 404, "not_found", e.what());
    } catch (const Unsupported& e) {
      send_error(ctx, 415, "unsupported", e.what());
    } catch (const std::exception& e) {
      spdlog::error("{} {}: {}", req.method, req.path, e.what());
      send_error(ctx, 500, "internal", app.t(ctx, "error_internal"));
    } catch (...) {
      spdlog::error("{} {}: unknown exception", req.method, req.path);
      send_error(ctx, 500, "internal", app.t(ctx, "error_internal"));
    }
  };
}

}  // namespace lectio::web
