// The web app's small parts on their own: language choice, catalogs, rate limits, the page
// cache, cookies and redirect targets.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <set>

#include "http.h"
#include "i18n.h"
#include "lectio/core/clock.h"
#include "page_cache.h"
#include "rate_limit.h"

namespace lectio::web {
namespace {

TEST(LanguageTest, AcceptLanguagePicksTheBestSupportedByQuality) {
  EXPECT_EQ(language_from_accept("zh-CN,zh;q=0.9,en;q=0.8"), "zh");
  EXPECT_EQ(language_from_accept("fr-FR, en;q=0.5, zh;q=0.4"), "en");
  EXPECT_EQ(language_from_accept("de, fr"), "");
  EXPECT_EQ(language_from_accept("en-GB;q=0.2, zh-TW;q=0.7"), "zh");
  EXPECT_EQ(language_from_accept(""), "");
}

TEST(LanguageTest, QueryBeatsCookieBeatsHeader) {
  httplib::Request req;
  req.set_header("Accept-Language", "zh-CN");
  EXPECT_EQ(pick_language(req), "zh");
  req.set_header("Cookie", "a=b; lang=en");
  EXPECT_EQ(pick_language(req), "en");
  req.params.emplace("lang", "zh");
  EXPECT_EQ(pick_language(req), "zh");
  httplib::Request unknown;
  unknown.params.emplace("lang", "xx");
  EXPECT_EQ(pick_language(unknown), "en");
}

TEST(CatalogTest, BothLanguagesHaveTheSameKeysAndDifferentTexts) {
  const Catalog catalog;
  const std::vector<std::string> en = catalog.keys("en");
  const std::vector<std::string> zh = catalog.keys("zh");
  ASSERT_GT(en.size(), 50u);
  EXPECT_EQ(en, zh);
  EXPECT_EQ(catalog.text("en", "lesson_sources"), "Knowledge sources");
  EXPECT_EQ(catalog.text("zh", "lesson_sources"), "知识来源");
  EXPECT_EQ(catalog.text("en", "no_such_key"), "no_such_key");
}

TEST(RateLimiterTest, AllowsTheBudgetThenAsksToWaitThenRefills) {
  RateLimiter limiter(3);
  const auto t0 = RateLimiter::Clock::now();
  EXPECT_EQ(limiter.take("1.2.3.4", t0), 0);
  EXPECT_EQ(limiter.take("1.2.3.4", t0), 0);
  EXPECT_EQ(limiter.take("1.2.3.4", t0), 0);
  const int wait = limiter.take("1.2.3.4", t0);
  EXPECT_GE(wait, 1);
  EXPECT_LE(wait, 20);
  EXPECT_EQ(limiter.take("5.6.7.8", t0), 0) << "another client has its own budget";
  EXPECT_EQ(limiter.take("1.2.3.4", t0 + std::chrono::seconds(21)), 0);
}

TEST(PageCacheTest, PagesAreSplitWhereTheTokenGoes) {
  const CachedPage page = CachedPage::split("<meta content=\"@T@\"><p>@T@</p>", "@T@");
  ASSERT_EQ(page.parts.size(), 3u);
  EXPECT_EQ(page.join("tok"), "<meta content=\"tok\"><p>tok</p>");
  EXPECT_EQ(CachedPage::split("none", "@T@").join("x"), "none");
}

TEST(PageCacheTest, OldEntriesAreRenderedAgainByOneRequestAndChangesDropThem) {
  PageCache cache;
  const auto t0 = PageCache::Clock::now();
  auto page = std::make_shared<const CachedPage>(CachedPage{{"body"}});
  cache.put("a", page, cache.version(), t0);
  ASSERT_TRUE(cache.get("a", t0 + std::chrono::seconds(1)));
  EXPECT_EQ(cache.get("a", t0)->join(""), "body");
  const auto later = t0 + PageCache::kLifetime + std::chrono::seconds(1);
  EXPECT_FALSE(cache.get("a", later, false)) << "a caller that cannot render does not claim";
  EXPECT_FALSE(cache.get("a", later)) << "the first request after expiry renders";
  EXPECT_TRUE(cache.get("a", later)) << "the others still get the old page meanwhile";
  cache.put("a", page, cache.version(), later);
  EXPECT_TRUE(cache.get("a", later));

  const std::uint64_t before = cache.version();
  cache.invalidate();
  EXPECT_FALSE(cache.get("a", later)) << "a change drops the page for everyone";
  cache.put("b", page, before, t0);  // rendered before the change
  EXPECT_FALSE(cache.get("b", t0));
  EXPECT_FALSE(cache.get("missing", t0));
}

TEST(HttpTest, RedirectTargetsStayOnTheSite) {
  EXPECT_EQ(local_path_or_root("/lessons/x?lang=zh"), "/lessons/x?lang=zh");
  EXPECT_EQ(local_path_or_root("//evil.example/x"), "/");
  EXPECT_EQ(local_path_or_root("https://evil.example/"), "/");
  EXPECT_EQ(local_path_or_root("/\\evil.example"), "/");
  EXPECT_EQ(local_path_or_root("/a\r\nSet-Cookie: x=y"), "/");
  EXPECT_EQ(local_path_or_root(""), "/");
}

TEST(HttpTest, CookiesAreFoundByExactName) {
  httplib::Request req;
  req.set_header("Cookie", "xlang=zh; lang=en; lectio_session=abc");
  EXPECT_EQ(cookie(req, "lang"), "en");
  EXPECT_EQ(cookie(req, "lectio_session"), "abc");
  EXPECT_EQ(cookie(req, "missing"), "");
  const std::string set = set_cookie("lectio_session", "tok", 60, "Lax", true);
  EXPECT_NE(set.find("HttpOnly"), std::string::npos);
  EXPECT_NE(set.find("SameSite=Lax"), std::string::npos);
  EXPECT_NE(set.find("; Secure"), std::string::npos);
  EXPECT_EQ(set_cookie("a", "b", 1, "Strict", false).find("Secure"), std::string::npos);
}

TEST(HttpTest, UrlEncodingKeepsOnlyUnreservedCharacters) {
  EXPECT_EQ(url_encode("/lessons/a b?x=1&y=中"), "%2Flessons%2Fa%20b%3Fx%3D1%26y%3D%E4%B8%AD");
  EXPECT_EQ(url_encode("A-z_0.9~"), "A-z_0.9~");
}

TEST(HttpTest, IsoTimesHaveTheStoreFormat) {
  const std::string now = utc_timestamp();
  ASSERT_EQ(now.size(), 20u);
  EXPECT_EQ(now[10], 'T');
  EXPECT_EQ(now.back(), 'Z');
  EXPECT_LT(now, utc_timestamp(3600));
}

}  // namespace
}  // namespace lectio::web
