#include "lectio/media/media.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <atomic>
#include <thread>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "lectio/text/strings.h"
#include "support/temp_dir.h"

namespace lectio::media {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

std::vector<fs::path> files_below(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) out.push_back(e.path());
  }
  return out;
}

TEST(MediaDirTest, StoresBytesUnderTheirContentKey) {
  TempDir tmp;
  auto media = open_media_dir(tmp.path() / "media");
  const std::string key = media->put("ID3 audio bytes", "mp3");
  EXPECT_EQ(key, content_hash("ID3 audio bytes") + ".mp3");
  EXPECT_TRUE(is_key(key));
  EXPECT_TRUE(media->exists(key));
  EXPECT_EQ(media->get(key), "ID3 audio bytes");
  const auto path = media->local_path(key);
  ASSERT_TRUE(path);
  EXPECT_EQ(*path, tmp.path() / "media" / key.substr(0, 2) / key);
  EXPECT_EQ(media->put("ID3 audio bytes", "mp3"), key);     // again: the same object
  EXPECT_EQ(files_below(tmp.path() / "media").size(), 1u);  // and no temporary file left
  EXPECT_NE(media->put("ID3 audio bytes", "opus"), key);
}

TEST(MediaDirTest, MissingObjectsAreMisses) {
  TempDir tmp;
  auto media = open_media_dir(tmp.path());
  const std::string key = content_key("never stored", "mp3");
  EXPECT_FALSE(media->exists(key));
  EXPECT_EQ(media->get(key), std::nullopt);
  EXPECT_EQ(media->local_path(key), std::nullopt);
  EXPECT_FALSE(media->remove(key));
  const std::string stored = media->put("x", "vtt");
  EXPECT_TRUE(media->remove(stored));
  EXPECT_FALSE(media->exists(stored));
}

TEST(MediaDirTest, MalformedKeysAndExtensionsAreRefused) {
  TempDir tmp;
  auto media = open_media_dir(tmp.path());
  const std::string good = content_key("a", "mp3");
  for (const std::string& bad : {std::string("../../etc/passwd"), good.substr(1), good + "/x",
                                 std::string(64, 'g') + ".mp3", good.substr(0, 65) + "MP3"}) {
    EXPECT_FALSE(is_key(bad)) << bad;
    EXPECT_THROW(media->get(bad), InvalidInput) << bad;
    EXPECT_THROW(media->remove(bad), InvalidInput) << bad;
  }
  EXPECT_THROW(media->put("a", ""), InvalidInput);
  EXPECT_THROW(media->put("a", "../mp3"), InvalidInput);
  EXPECT_THROW(media->put("a", "toolongext"), InvalidInput);
  EXPECT_THROW(media->put_file(tmp.path() / "missing.mp3", "mp3"), NotFound);
}

TEST(MediaDirTest, StoresAFile) {
  TempDir tmp;
  auto media = open_media_dir(tmp.path() / "media");
  const fs::path file = tmp.write("lesson.opus", "OggS...");
  const std::string key = media->put_file(file, "opus");
  EXPECT_EQ(media->get(key), "OggS...");
}

TEST(MediaDirTest, ReadersNeverSeeAPartialObject) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "media";
  std::vector<std::string> objects;
  for (int i = 0; i < 40; ++i)
    objects.push_back(std::string(200'000 + i, static_cast<char>('a' + i % 26)));
  std::vector<std::string> keys;
  for (const auto& o : objects) keys.push_back(content_key(o, "mp3"));
  std::atomic<bool> done{false};
  std::atomic<int> checked{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < 2; ++w) {  // two writers put the same objects at once
    threads.emplace_back([&] {
      auto media = open_media_dir(dir);
      for (const auto& o : objects) media->put(o, "mp3");
    });
  }
  std::thread reader([&] {
    auto media = open_media_dir(dir);
    while (!done) {
      for (std::size_t i = 0; i < keys.size(); ++i) {
        if (const auto bytes = media->get(keys[i])) {
          EXPECT_EQ(bytes->size(), objects[i].size());
          EXPECT_TRUE(*bytes == objects[i]);
          ++checked;
        }
      }
    }
  });
  for (auto& t : threads) t.join();
  done = true;
  reader.join();
  EXPECT_EQ(files_below(dir).size(), objects.size());
  EXPECT_GT(checked.load(), 0);
}

TEST(MediaDirTest, TheDirectoryComesFromTheFlagTheEnvironmentOrTheDataDirectory) {
  ::unsetenv("LECTIO_MEDIA");
  EXPECT_EQ(resolve_media_dir(std::nullopt, "/data"), fs::path("/data/audio"));
  ::setenv("LECTIO_MEDIA", "/shared/media", 1);
  EXPECT_EQ(resolve_media_dir(std::nullopt, "/data"), fs::path("/shared/media"));
  EXPECT_EQ(resolve_media_dir(std::string("/flag"), "/data"), fs::path("/flag"));
  ::unsetenv("LECTIO_MEDIA");
}

}  // namespace
}  // namespace lectio::media
