// The built-in host voices and their lookups, without a registry: names in any ASCII case, the
// default voice of a language and the second voice of a dialogue.
#include "lectio/voices/hosts.h"

#include <gtest/gtest.h>

#include "lectio/voices/voice_registry.h"

namespace lectio::voices {
namespace {

TEST(HostsTest, SameHostNameIgnoresAsciiCaseOnly) {
  EXPECT_TRUE(same_host_name("Lena", "lENA"));
  EXPECT_FALSE(same_host_name("Lena", "Lena "));
  EXPECT_FALSE(same_host_name("Lena", "Lina"));
}

TEST(HostsTest, FindsBuiltInVoicesByNameInAnyCase) {
  use_voice_registry(nullptr);
  const auto mei = find_host("mei");
  ASSERT_TRUE(mei);
  EXPECT_EQ(mei->name, "Mei") << "the canonical spelling";
  EXPECT_EQ(mei->language, "zh");
  EXPECT_EQ(mei->engine, "espeak-ng");
  EXPECT_FALSE(find_host("Nobody"));
  EXPECT_EQ(hosts().size(), builtin_hosts().size());
}

TEST(HostsTest, DefaultHostIsTheLanguagesFirstVoiceAndAvoidsTheOtherSpeaker) {
  use_voice_registry(nullptr);
  EXPECT_EQ(default_host("en").name, "Lena");
  EXPECT_EQ(default_host("zh").name, "Mei");
  EXPECT_EQ(default_host("zh", "MEI").name, "Wei");
  EXPECT_EQ(default_host("fr").name, "Lena") << "no voice of the language: the first of all";
}

}  // namespace
}  // namespace lectio::voices
