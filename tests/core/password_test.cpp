#include "lectio/core/password.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "lectio/core/error.h"

namespace lectio {

TEST(PasswordTest, HashVerifiesOnlyTheSamePassword) {
  const std::string hash = hash_password("correct horse battery staple");
  EXPECT_TRUE(verify_password("correct horse battery staple", hash));
  EXPECT_FALSE(verify_password("correct horse battery stapler", hash));
  EXPECT_FALSE(verify_password("Correct horse battery staple", hash));
  EXPECT_FALSE(verify_password("", hash));
}

TEST(PasswordTest, HashIsArgon2idWithAFreshSalt) {
  const std::string a = hash_password("hunter2");
  const std::string b = hash_password("hunter2");
  EXPECT_EQ(a.rfind("$argon2id$", 0), 0u) << a;
  EXPECT_NE(a, b) << "each hash has its own salt";
  EXPECT_TRUE(verify_password("hunter2", b));
}

TEST(PasswordTest, RejectsEmptyAndOverlongPasswords) {
  EXPECT_THROW(hash_password(""), InvalidInput);
  EXPECT_THROW(hash_password(std::string(kMaxPasswordBytes + 1, 'x')), InvalidInput);
  const std::string longest(kMaxPasswordBytes, 'x');
  EXPECT_TRUE(verify_password(longest, hash_password(longest)));
  EXPECT_FALSE(verify_password(longest + "x", hash_password(longest)));
}

TEST(PasswordTest, MalformedHashesDoNotVerify) {
  EXPECT_FALSE(verify_password("pw", ""));
  EXPECT_FALSE(verify_password("pw", "not a hash"));
  EXPECT_FALSE(verify_password("pw", "$argon2id$v=19$m=65536,t=2,p=1$garbage"));
  EXPECT_FALSE(verify_password("pw", std::string(4096, '$')));
}

TEST(PasswordTest, TokensAreUniqueAndUrlSafe) {
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    const std::string token = random_token();
    EXPECT_EQ(token.size(), 43u) << "32 bytes in unpadded base64";
    EXPECT_EQ(token.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                      "0123456789-_"),
              std::string::npos)
        << token;
    EXPECT_TRUE(seen.insert(token).second) << "repeated token " << token;
  }
  EXPECT_EQ(random_token(1).size(), 2u);
  EXPECT_EQ(random_token(9).size(), 12u);
  EXPECT_THROW(random_token(0), InvalidInput);
  EXPECT_THROW(random_token(4096), InvalidInput);
}

TEST(PasswordTest, TokenDigestIsStableHexBlake2b) {
  const std::string token = random_token();
  const std::string digest = token_digest(token);
  EXPECT_EQ(digest.size(), 64u);
  EXPECT_EQ(digest.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(token_digest(token), digest);
  EXPECT_NE(token_digest(token + "x"), digest);
  // BLAKE2b-256 of the empty string, a published test vector.
  EXPECT_EQ(token_digest(""), "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
}

}  // namespace lectio
