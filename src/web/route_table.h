#pragma once
// Every route of the site in one table: method, path pattern, surface, what the route needs
// from a request, and its handler (routes.h). The server registers the table in one loop;
// tests iterate it, so a route added here is covered by them without being named.
#include <httplib.h>

#include <span>
#include <string_view>

#include "http.h"

namespace lectio::web {

class App;

enum class Method { kGet, kPost, kPut, kDelete };
std::string_view method_name(Method method);  // "GET", ...

// What a route needs from a request. Its handler does the checking, in its own order (a
// review form looks the lesson up before it asks for a session): these flags state the
// contract once, for readers and for the tests that hold every handler to it.
struct Needs {
  bool signed_in = false;  // 401 for a visitor who is not signed in
  bool csrf = false;       // 403 without this browser's CSRF token
  bool json = false;       // a JSON object body: 400 when it is not one
  bool fields = false;     // reads query or form fields: 400 for one that is not UTF-8
  bool upload = false;     // a multipart upload of files: 400 when it is not one
};

struct Route {
  Method method;
  const char* pattern;  // matched against the whole path; its groups are the parameters
  Surface surface;      // decides the error body and what the context loads (http.h)
  Needs needs;
  const char* name;  // the handler's name, for test messages
  void (*handler)(Context&);
};

// The routes in registration order (the first whose method and pattern match answers).
std::span<const Route> route_table();

// Registers every route of the table on the server, each wrapped by route() (http.h).
void register_routes(httplib::Server& server, App& app);

}  // namespace lectio::web
