#pragma once
// The request context every handler gets, and the one wrapper that turns whatever a handler
// throws into a status code and a body: {"error":{...}} for the API, an error page for pages.
// Handlers never let an exception reach the HTTP library.
#include <httplib.h>

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "lectio/store/community_store.h"
#include "lectio/store/content_store.h"
#include "library_pool.h"

namespace lectio::web {

class App;

// A failure with its HTTP status; `code` is the stable machine-readable name in the body.
class HttpError : public std::runtime_error {
 public:
  HttpError(int status, std::string code, const std::string& message)
      : std::runtime_error(message), status_(status), code_(std::move(code)) {}
  int status() const { return status_; }
  const std::string& code() const { return code_; }

 private:
  int status_;
  std::string code_;
};

// What a route serves decides the error body and what the request context loads:
// pages and the API know the visitor (session, CSRF cookie); files (media, static files,
// feeds) are the same for everyone, so they carry no cookie and stay cacheable.
enum class Surface { kPage, kApi, kFile };

struct Context {
  const httplib::Request& req;
  httplib::Response& res;
  App& app;
  Surface surface;
  std::string lang;                 // "en" or "zh"
  std::optional<store::User> user;  // the signed-in user
  std::string session_digest;       // of the session cookie, when signed in
  std::string csrf;                 // this browser's CSRF token (cookie value)
  std::string session_csrf;         // the signed-in session's token: the only one it accepts

  // A store connection (and index) for this request; leased on first use.
  Library& library();
  store::ContentStore& store() { return library().store(); }
  store::CommunityStore& community() { return library().community(); }

  // Throws 401 unless someone is signed in.
  const store::User& require_user();
  // Throws 403 unless the request carries this browser's CSRF token (header X-CSRF-Token or
  // form field csrf). Every state-changing request calls it.
  void require_csrf() const;

  // The request body as a JSON object, for reading with JsonRequest (request.h); throws 400
  // (not a JSON object) or 413 (over the limit).
  nlohmann::json json_body() const;
  // A form field (urlencoded or multipart) or query parameter; empty when absent. Throws
  // InvalidField (a 400) when it is not valid UTF-8.
  std::string field(const std::string& name) const;

  void send_json(const nlohmann::json& body, int status = 200);
  void send_html(const std::string& html, int status = 200);
  void redirect(const std::string& location, int status = 303);

  std::optional<LibraryPool::Lease> lease_;
};

using Handler = std::function<void(Context&)>;

// The cookie of that name in the request; empty when absent.
std::string cookie(const httplib::Request& req, std::string_view name);
// A Set-Cookie header value: Path=/, HttpOnly, SameSite as given, Secure when asked.
std::string set_cookie(std::string_view name, std::string_view value, int max_age_seconds,
                       std::string_view same_site, bool secure);

// Only paths on this site ("/x", not "//host" or "http:…"): for redirects after sign-in and
// language switches, so that they cannot send a visitor elsewhere.
std::string local_path_or_root(std::string_view next);

// This browser's CSRF token: its cookie when it has a plausible one, else a new random token
// that is set as the cookie on the response.
std::string browser_csrf(const httplib::Request& req, httplib::Response& res, bool secure);

// The request's path and query without the lang parameter: where the language switch returns.
std::string path_without_lang(const httplib::Request& req);

// Fills the context's visitor: the CSRF token (set as a cookie when new; not for files) and
// the signed-in user. Throws what the store throws.
void load_visitor(Context& ctx);

// Wraps a handler: builds the context (language, user, CSRF cookie), runs it, and maps
// exceptions: HttpError as given, InvalidInput 400 (with the field of an InvalidField),
// NotFound 404, Unsupported 415, anything else 500 (logged, with a generic message).
httplib::Server::Handler route(App& app, Surface surface, Handler handler);

// The response for an error; used by route() and for the library's own 404s.
// `field` names the request field at fault, when one is.
// Sends an error page or JSON error; the message loses the server's data directory (see
// without_server_paths).
void send_error(Context& ctx, int status, const std::string& code, const std::string& message,
                const std::string& field = "");

// `message` with the data directory's path (as given and absolute) taken out of every file
// name in it: "…/data/uploads/x/a.md: empty file" reads "uploads/x/a.md: empty file".
std::string without_server_paths(const std::filesystem::path& data_dir, std::string message);

}  // namespace lectio::web

namespace lectio::web {

// Percent-encodes everything but unreserved characters (RFC 3986), for query values.
std::string url_encode(std::string_view text);

}  // namespace lectio::web
