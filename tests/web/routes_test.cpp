// The route table (src/web/route_table.h) against a real server: every route it lists answers
// a malformed request with a 4xx, never a 5xx, in the body its surface promises. The requests
// are made from the table, so a route added there is covered here without being named.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "route_table.h"
#include "web_fixture.h"

namespace lectio::web::testing {
namespace {

using nlohmann::json;

// Invalid UTF-8 in every field a handler reads.
constexpr const char* kJunkFields =
    "?q=%FF&v=%FF&k=%FF&next=%FF&name=%FF&display_name=%FF&password=%FF&rating=%FF&text=%FF"
    "&published=%FF&topic=%FF&plan=%FF&overview=%FF&host=%FF&language=%FF&style=%FF"
    "&format=%FF&engine=%FF&insights=%FF&tags=%FF&sources=%FF&syntax=%FF&origin_url=%FF"
    "&lesson=%FF&offset=%FF&limit=%FF&page=%FF&added=%FF&job=%FF";
constexpr const char* kJunkId = "no-such-%FF";
// A multipart body cut off before its closing boundary.
constexpr const char* kCutMultipart =
    "--xyz\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.md\"\r\n\r\nabc";

// The pattern with its groups replaced by `params` (as many as it has groups) and its
// escapes undone: a path the route matches when the parameters fit its groups.
std::string path_for(const Route& r, const std::vector<std::string>& params) {
  std::string out;
  std::size_t group = 0;
  int depth = 0;
  for (const char* p = r.pattern; *p != '\0'; ++p) {
    if (*p == '\\' && p[1] != '\0') {
      if (depth == 0)
        out += *++p;
      else
        ++p;
    } else if (*p == '(') {
      if (depth++ == 0) out += group < params.size() ? params[group++] : std::string();
    } else if (*p == ')') {
      --depth;
    } else if (depth == 0) {
      out += *p;
    }
  }
  return out;
}

std::size_t group_count(const Route& r) {
  std::size_t n = 0;
  for (const char* p = r.pattern; *p != '\0'; ++p) {
    if (*p == '\\' && p[1] != '\0')
      ++p;
    else if (*p == '(')
      ++n;
  }
  return n;
}

struct Request {
  std::string what;  // for failure messages
  std::string target;
  std::string body;
  std::string content_type;
  bool signed_in = false;
  bool csrf = false;
};

class RouteTableTest : public WebTest {
 protected:
  // Parameters that name things the example library holds, by where the route looks.
  std::vector<std::string> real_params(const Route& r) const {
    const std::string p = r.pattern;
    auto starts = [&](const char* prefix) { return p.rfind(prefix, 0) == 0; };
    if (starts("/media/")) return {lib_->lesson_id, "vtt"};
    if (starts("/covers/")) return {"plans", lib_->plan_slug};
    if (starts("/static/")) return {"app.css"};
    if (starts("/lang/")) return {"zh"};
    if (starts("/plans/") || starts("/api/plans/")) return {lib_->plan_slug};
    if (starts("/sources/") || starts("/api/sources/")) return {kSourceId};
    if (starts("/lessons/") || starts("/api/lessons/")) return {lib_->lesson_slug};
    if (starts("/api/reviews/")) return {review_id_};
    return {"job_none"};
  }

  // Sends the request as `user` when it is signed in, else as a new visitor (with a CSRF
  // cookie, so that only the header decides whether the token is sent).
  httplib::Result send(const Route& r, const Request& q, Browser& user) {
    std::unique_ptr<Browser> visitor = q.signed_in ? nullptr : new_browser();
    Browser& b = q.signed_in ? user : *visitor;
    httplib::Headers h;
    std::string jar = "lectio_csrf=" + b.csrf();
    if (q.signed_in) jar += "; lectio_session=" + b.cookie("lectio_session");
    h.emplace("Cookie", jar);
    if (q.csrf) h.emplace("X-CSRF-Token", b.csrf());
    httplib::Client client("127.0.0.1", port());
    client.set_url_encode(false);
    const std::string type = q.content_type.empty() ? "text/plain" : q.content_type;
    switch (r.method) {
      case Method::kGet:
        return client.Get(q.target, h);
      case Method::kPost:
        return client.Post(q.target, h, q.body, type);
      case Method::kPut:
        return client.Put(q.target, h, q.body, type);
      case Method::kDelete:
        return client.Delete(q.target, h, q.body, type);
    }
    return client.Get(q.target, h);
  }

  // The requests that are malformed for this route, from what the table says it takes.
  std::vector<Request> malformed(const Route& r) const {
    std::vector<Request> out;
    const std::string real = path_for(r, real_params(r));
    if (group_count(r) > 0) {
      std::vector<std::string> junk(group_count(r), kJunkId);
      out.push_back({"an unknown id", path_for(r, junk), "", "", false, false});
      out.push_back(
          {"an unknown id, signed in", path_for(r, junk), "{}", "application/json", true, true});
    }
    if (r.needs.signed_in) {
      out.push_back({"no session", real, "{}", "application/json", false, true});
    }
    if (r.needs.csrf) {
      out.push_back({"no CSRF token", real, "{}", "application/json", true, false});
    }
    if (r.needs.json) {
      out.push_back(
          {"a body that is not JSON", real, "{\"rating\":", "application/json", true, true});
      out.push_back({"a JSON array", real, "[1]", "application/json", true, true});
    }
    if (r.needs.fields) {
      out.push_back({"fields that are not UTF-8", real + kJunkFields, "", "", true, true});
    }
    if (r.needs.upload) {
      out.push_back({"not multipart", real, "plain", "text/plain", true, true});
      out.push_back({"a cut multipart body", real, kCutMultipart,
                     "multipart/form-data; boundary=xyz", true, true});
    }
    return out;
  }

  void SetUp() override {
    WebTest::SetUp();
    // A review by someone else, for the review routes' parameter.
    auto author = signed_up("author");
    const auto r = author->post_json("/api/lessons/" + lib_->lesson_slug + "/reviews",
                                     {{"rating", 4}, {"text", "fine"}});
    ASSERT_TRUE(r && r->status == 201) << (r ? r->body : "no response");
    review_id_ = body_json(r)["review"]["id"];
  }

  std::string review_id_;
};

TEST_F(RouteTableTest, NamesAndRoutesAreUnique) {
  std::set<std::string> names;
  std::set<std::string> routes;
  for (const Route& r : route_table()) {
    EXPECT_TRUE(names.insert(r.name).second) << "two handlers named " << r.name;
    const std::string key = std::string(method_name(r.method)) + " " + r.pattern;
    EXPECT_TRUE(routes.insert(key).second) << "listed twice: " << key;
    EXPECT_NE(r.handler, nullptr) << r.name;
  }
  EXPECT_GE(names.size(), 40u);
}

// Registration order cannot matter: a path of one route matches no other route's pattern of
// the same method.
TEST_F(RouteTableTest, EachPathMatchesOneRouteOfItsMethod) {
  for (const Route& r : route_table()) {
    const std::string path = path_for(r, real_params(r));
    EXPECT_TRUE(std::regex_match(path, std::regex(r.pattern))) << r.name << ": " << path;
    for (const Route& other : route_table()) {
      if (&other == &r || other.method != r.method) continue;
      EXPECT_FALSE(std::regex_match(path, std::regex(other.pattern)))
          << path << " matches both " << r.name << " and " << other.name;
    }
  }
}

TEST_F(RouteTableTest, EveryRouteAnswersAMalformedRequestWith4xxInItsSurfacesBody) {
  for (const Route& r : route_table()) {
    const auto user = signed_up("route");  // one per route: a sign-out ends only its own
    for (const Request& q : malformed(r)) {
      const std::string label =
          std::string(method_name(r.method)) + " " + q.target + " (" + r.name + ", " + q.what + ")";
      const httplib::Result res = send(r, q, *user);
      ASSERT_TRUE(res) << label << ": no response";
      // A page for accounts, opened signed out, leads to sign-in and back (issue 30).
      if (r.surface == Surface::kPage && r.method == Method::kGet && r.needs.signed_in &&
          !q.signed_in) {
        EXPECT_EQ(res->status, 303) << label;
        EXPECT_EQ(res->get_header_value("Location").rfind("/signin?next=/", 0), 0u) << label;
        continue;
      }
      EXPECT_GE(res->status, 400) << label << ": " << res->body.substr(0, 200);
      EXPECT_LT(res->status, 500) << label << ": " << res->body.substr(0, 200);
      const std::string type = res->get_header_value("Content-Type");
      if (r.surface == Surface::kPage) {
        EXPECT_EQ(type.rfind("text/html", 0), 0u) << label << ": " << type;
      } else {
        EXPECT_TRUE(is_json_error(res, res->status)) << label;
      }
    }
  }
}

// Routes that take no input (no parameter, field, body or session) have nothing to malform:
// they answer junk with what they always answer, and never a 5xx.
TEST_F(RouteTableTest, RoutesThatTakeNoInputIgnoreJunk) {
  int readers = 0;
  for (const Route& r : route_table()) {
    const Needs& n = r.needs;
    if (group_count(r) > 0 || n.signed_in || n.csrf || n.json || n.fields || n.upload) continue;
    ++readers;
    const Request q{"junk", path_for(r, {}) + kJunkFields, "{\"x\":", "application/json", false,
                    false};
    const httplib::Result res = send(r, q, *browser_);
    ASSERT_TRUE(res) << r.name << ": no response";
    EXPECT_EQ(res->status, 200) << r.name << ": " << res->body.substr(0, 200);
  }
  EXPECT_GT(readers, 0);
}

// Whatever a request carries, signed in or not, no route answers with a server error.
TEST_F(RouteTableTest, NoRouteAnswersJunkWithAServerError) {
  for (const Route& r : route_table()) {
    const auto user = signed_up("junk");
    const std::size_t groups = group_count(r);
    const std::vector<std::string> junk(groups, std::string(kJunkId) + "%00..%2F");
    for (const std::string& path : {path_for(r, real_params(r)), path_for(r, junk)}) {
      for (const bool signed_in : {false, true}) {
        for (const auto& [body, type] : std::vector<std::pair<std::string, std::string>>{
                 {"\xff\xfe{", "application/json"},
                 {kCutMultipart, "multipart/form-data; boundary=xyz"},
                 {"a=%FF&b", "application/x-www-form-urlencoded"}}) {
          const Request q{"junk", path + kJunkFields, body, type, signed_in, true};
          const httplib::Result res = send(r, q, *user);
          ASSERT_TRUE(res) << r.name << " " << path << ": no response";
          EXPECT_LT(res->status, 500)
              << r.name << " " << path << " (" << type << "): " << res->body.substr(0, 200);
        }
      }
    }
  }
}

}  // namespace
}  // namespace lectio::web::testing
