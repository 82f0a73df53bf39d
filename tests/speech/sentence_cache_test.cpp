// The directory cache under the speech module's caches (server answers, clips, units): a hit
// marks its entry used, and trim() removes the least recently used entries down to a bound,
// never a kept one, a file being staged, nor anything that is not a file.
#include "sentence_cache.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "support/temp_dir.h"

namespace lectio::speech {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

// Sets an entry's mtime `age` in the past: the order trim() evicts in.
void age(const fs::path& file, std::chrono::seconds age) {
  fs::last_write_time(file, fs::file_time_type::clock::now() - age);
}

fs::path entry(const fs::path& dir, const std::string& key) {
  return dir / key.substr(0, 2) / (key + ".clip");
}

TEST(SentenceCacheTest, TrimEvictsTheLeastRecentlyUsedDownToTheBoundAndKeepsWhatIsUsed) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "clips";
  const SentenceCache cache(dir);
  const std::string k1 = "aa11";
  const std::string k2 = "bb22";
  const std::string k3 = "cc33";
  const std::string k4 = "dd44";
  for (const std::string& k : {k1, k2, k3, k4}) cache.put(k, "clip", std::string(100, 'x'));
  age(entry(dir, k1), std::chrono::seconds(400));
  age(entry(dir, k2), std::chrono::seconds(300));
  age(entry(dir, k3), std::chrono::seconds(200));
  age(entry(dir, k4), std::chrono::seconds(100));
  // A hit makes the oldest entry the newest.
  EXPECT_EQ(cache.get(k1, "clip"), std::string(100, 'x'));
  // A file being staged by another writer is neither counted nor touched.
  const fs::path staged = dir / "aa" / ".aa11.clip.tmp0000abcd";
  tmp.write("clips/aa/.aa11.clip.tmp0000abcd", std::string(1000, 'y'));

  EXPECT_EQ(cache.trim(1000, {}), 400u) << "within the bound: nothing goes";
  EXPECT_EQ(cache.trim(250, {k2}), 200u);
  EXPECT_TRUE(fs::exists(entry(dir, k1))) << "used last";
  EXPECT_TRUE(fs::exists(entry(dir, k2))) << "kept, though the oldest";
  EXPECT_FALSE(fs::exists(entry(dir, k3)));
  EXPECT_FALSE(fs::exists(entry(dir, k4)));
  EXPECT_TRUE(fs::exists(staged));

  EXPECT_EQ(cache.trim(0, {k1, k2}), 200u) << "what is kept may stay over the bound";
  EXPECT_EQ(cache.trim(0, {}), 0u);
  EXPECT_FALSE(cache.get(k1, "clip"));
  EXPECT_TRUE(fs::exists(staged));
  EXPECT_EQ(SentenceCache(tmp.path() / "missing").trim(0, {}), 0u);
}

}  // namespace
}  // namespace lectio::speech
