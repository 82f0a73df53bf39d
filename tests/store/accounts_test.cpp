#include <gtest/gtest.h>

#include "lectio/core/error.h"
#include "lectio/core/password.h"
#include "store_backends.h"

namespace lectio::store {

namespace {

User make_user(const std::string& id, const std::string& name) {
  return {id, name, "The " + name, "$argon2id$not-a-real-hash", ""};
}

}  // namespace

class AccountsTest : public StoreBackendTest {};

INSTANTIATE_TEST_SUITE_P(Backends, AccountsTest, ::testing::ValuesIn(store_backends()),
                         backend_name);

TEST_P(AccountsTest, SignUpAndSignInWithARealHash) {
  {
    auto store = open_community();
    const auto created =
        store->create_user({"user_1", "Ada", "Ada L.", hash_password("analytical"), ""});
    ASSERT_TRUE(created);
    EXPECT_FALSE(created->created_at.empty());
  }
  auto store = open_community();  // reopened: the user is on disk
  const auto ada = store->user_by_name("ada");
  ASSERT_TRUE(ada);
  EXPECT_EQ(ada->id, "user_1");
  EXPECT_EQ(ada->name, "Ada") << "the name keeps the case it was given";
  EXPECT_EQ(ada->display_name, "Ada L.");
  EXPECT_TRUE(verify_password("analytical", ada->password_hash));
  EXPECT_FALSE(verify_password("Analytical", ada->password_hash));
  EXPECT_EQ(store->user("user_1")->name, "Ada");
  EXPECT_FALSE(store->user("user_2"));
  EXPECT_FALSE(store->user_by_name("bob"));
}

TEST_P(AccountsTest, NamesAreUniqueIgnoringCase) {
  auto store = open_community();
  ASSERT_TRUE(store->create_user(make_user("user_1", "Grace")));
  EXPECT_FALSE(store->create_user(make_user("user_2", "grace")));
  EXPECT_FALSE(store->create_user(make_user("user_3", "GRACE")));
  EXPECT_FALSE(store->create_user(make_user("user_4", "Grace")));
  EXPECT_FALSE(store->user("user_2")) << "a refused sign-up leaves nothing behind";
  EXPECT_TRUE(store->create_user(make_user("user_5", "Grace2")));
  EXPECT_EQ(store->user_by_name("gRaCe")->id, "user_1");
  // Non-ASCII letters are not folded: these are two names.
  EXPECT_TRUE(store->create_user(make_user("user_6", "\xc3\x89mile")));
  EXPECT_TRUE(store->create_user(make_user("user_7", "\xc3\xa9mile")));
}

TEST_P(AccountsTest, BadUsersAreRejected) {
  auto store = open_community();
  EXPECT_THROW(store->create_user(make_user("", "a")), InvalidInput);
  EXPECT_THROW(store->create_user(make_user("user_1", "")), InvalidInput);
  EXPECT_THROW(store->create_user(make_user("user_1", "bad\xff")), InvalidInput);
  EXPECT_THROW(store->create_user({"user_1", "a", "A", "", ""}), InvalidInput);
  ASSERT_TRUE(store->create_user(make_user("user_1", "a")));
  EXPECT_THROW(store->create_user(make_user("user_1", "b")), Io) << "an id is never reused";
}

TEST_P(AccountsTest, SessionsExpireAndCanBeDeleted) {
  auto store = open_community();
  ASSERT_TRUE(store->create_user(make_user("user_1", "ada")));
  const std::string token = random_token();
  const std::string digest = token_digest(token);
  store->put_session({digest, "user_1", "csrf-1", "2030-01-01T12:00:00Z", ""});
  store->put_session({token_digest("other"), "user_1", "csrf-2", "2030-01-01T10:00:00Z", ""});

  const auto live = store->session(digest, "2030-01-01T11:59:59Z");
  ASSERT_TRUE(live);
  EXPECT_EQ(live->user_id, "user_1");
  EXPECT_EQ(live->csrf_token, "csrf-1");
  EXPECT_FALSE(live->created_at.empty());
  EXPECT_FALSE(store->session(digest, "2030-01-01T12:00:00Z")) << "expired at its expiry";
  EXPECT_FALSE(store->session(token, "2030-01-01T00:00:00Z")) << "found by digest only";
  EXPECT_FALSE(store->session(token_digest("nobody"), "2030-01-01T00:00:00Z"));

  // A put with the same digest renews the session.
  store->put_session({digest, "user_1", "csrf-3", "2030-01-02T12:00:00Z", ""});
  EXPECT_EQ(store->session(digest, "2030-01-02T00:00:00Z")->csrf_token, "csrf-3");

  EXPECT_EQ(store->delete_expired_sessions("2030-01-01T10:00:00Z"), 1);
  EXPECT_EQ(store->delete_expired_sessions("2030-01-01T10:00:00Z"), 0);
  EXPECT_TRUE(store->session(digest, "2030-01-01T10:00:00Z"));
  store->delete_session(digest);
  store->delete_session(digest);  // signing out twice is fine
  EXPECT_FALSE(store->session(digest, "2000-01-01T00:00:00Z"));
}

TEST_P(AccountsTest, SessionsNeedAUserAndWellFormedTimes) {
  auto store = open_community();
  EXPECT_THROW(store->put_session({"d", "user_x", "c", "2030-01-01T12:00:00Z", ""}), NotFound);
  ASSERT_TRUE(store->create_user(make_user("user_1", "ada")));
  EXPECT_THROW(store->put_session({"d", "user_1", "c", "2030-01-01 12:00:00", ""}), InvalidInput);
  EXPECT_THROW(store->put_session({"d", "user_1", "c", "2030-01-01T12:00:00.5Z", ""}),
               InvalidInput);
  EXPECT_THROW(store->session("d", "1735689600"), InvalidInput);
  EXPECT_THROW(store->delete_expired_sessions(""), InvalidInput);
}

}  // namespace lectio::store
