// The render's caches (sentence clips, units) stay within their bounds with real renders:
// the least recently used entries go, never the ones the render used nor a rendered file,
// and a render that finds its entries evicted makes the same bytes again.
// Labelled "audio": needs flite.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "lectio/speech/render.h"
#include "speech/audio_support.h"

namespace lectio::speech {
namespace {

namespace fs = std::filesystem;
using lesson::Lesson;
using lesson::ScriptSentence;
using testing::TempDir;

Lesson lesson_of(const std::string& slug, const std::vector<std::string>& lines) {
  Lesson l;
  l.slug = slug;
  l.id = "lesson_" + slug + "_0000abcd";
  l.title = slug;
  l.host = "Lena";
  l.language = "en";
  l.format = "monologue";
  lesson::ScriptSection section{lesson::SectionKind::kIntro, "Introduction", -1, "", {}};
  for (const std::string& text : lines) {
    ScriptSentence s;
    s.text = text;
    section.sentences.push_back(std::move(s));
  }
  l.script.push_back(std::move(section));
  return l;
}

// The entries of a cache: their names (content keys) and their bytes in all.
struct Entries {
  std::set<std::string> names;
  std::uintmax_t bytes = 0;
};

Entries entries(const fs::path& dir) {
  Entries e;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); it != fs::end(it); ++it) {
    if (!it->is_regular_file()) continue;
    e.names.insert(it->path().filename().string());
    e.bytes += it->file_size();
  }
  return e;
}

bool includes(const std::set<std::string>& all, const std::set<std::string>& part) {
  return std::includes(all.begin(), all.end(), part.begin(), part.end());
}

TEST(RenderCacheTest, StaysWithinItsBoundAndARenderAfterEvictionMakesTheSameBytes) {
  TempDir dir;
  const Lesson a =
      lesson_of("alpha", {"GPUs run thousands of threads at once.",
                          "CUDA made them easy to program.", "Games paid for the first chips."});
  const Lesson b =
      lesson_of("beta", {"TPUs do one thing very well.", "Researchers found them by accident.",
                         "Choose by your workload."});

  // Unbounded, to measure: what each lesson leaves in each cache.
  RenderOptions unbounded;
  unbounded.out_dir = dir.path() / "unbounded";
  const RenderResult first_a = render_lesson(a, unbounded);
  const Entries clips_a = entries(unbounded.out_dir / "clips");
  const Entries units_a = entries(unbounded.out_dir / "units");
  render_lesson(b, unbounded);
  const Entries clips_ab = entries(unbounded.out_dir / "clips");
  const Entries units_ab = entries(unbounded.out_dir / "units");
  ASSERT_EQ(clips_a.names.size(), 3u);
  ASSERT_EQ(clips_ab.names.size(), 6u) << "no sentence shared";
  ASSERT_GT(units_ab.names.size(), units_a.names.size());
  const std::uintmax_t clips_b = clips_ab.bytes - clips_a.bytes;
  const std::uintmax_t units_b = units_ab.bytes - units_a.bytes;

  // Bounded to hold either lesson's entries but not both.
  RenderOptions bounded;
  bounded.out_dir = dir.path() / "bounded";
  bounded.cache.clip_bytes = std::max(clips_a.bytes, clips_b);
  bounded.cache.unit_bytes = std::max(units_a.bytes, units_b);
  ASSERT_LT(bounded.cache.clip_bytes, clips_ab.bytes);
  ASSERT_LT(bounded.cache.unit_bytes, units_ab.bytes);
  const RenderResult bounded_a = render_lesson(a, bounded);
  EXPECT_EQ(entries(bounded.out_dir / "clips").names, clips_a.names) << "within the bound";
  const RenderResult bounded_b = render_lesson(b, bounded);
  for (const auto& [cache, bound, all] :
       {std::tuple{"clips", bounded.cache.clip_bytes, &clips_ab},
        std::tuple{"units", bounded.cache.unit_bytes, &units_ab}}) {
    const Entries left = entries(bounded.out_dir / cache);
    EXPECT_LE(left.bytes, bound) << cache;
    EXPECT_LT(left.names.size(), all->names.size()) << cache << ": some of alpha's evicted";
  }
  std::set<std::string> b_clips;
  std::set_difference(clips_ab.names.begin(), clips_ab.names.end(), clips_a.names.begin(),
                      clips_a.names.end(), std::inserter(b_clips, b_clips.end()));
  EXPECT_TRUE(includes(entries(bounded.out_dir / "clips").names, b_clips))
      << "what the render used stays";
  for (const RenderResult* r : {&bounded_a, &bounded_b}) {
    for (const fs::path* f : {&r->mp3, &r->opus, &r->vtt, &r->chapters}) {
      EXPECT_TRUE(fs::is_regular_file(*f)) << *f << ": rendered files are never evicted";
    }
  }

  // alpha again, its render record gone: what was evicted is made again, to the byte.
  fs::remove(fs::path(bounded_a.mp3).replace_extension(".render.json"));
  const RenderResult again = render_lesson(a, bounded);
  EXPECT_FALSE(again.reused);
  EXPECT_EQ(testing::slurp(again.mp3), testing::slurp(first_a.mp3));
  EXPECT_EQ(testing::slurp(again.opus), testing::slurp(first_a.opus));
  for (const auto& [cache, bound, used] :
       {std::tuple{"clips", bounded.cache.clip_bytes, &clips_a},
        std::tuple{"units", bounded.cache.unit_bytes, &units_a}}) {
    const Entries left = entries(bounded.out_dir / cache);
    EXPECT_LE(left.bytes, bound) << cache << ": beta's now least recently used";
    EXPECT_TRUE(includes(left.names, used->names)) << cache;
  }

  // A bound of nothing keeps just what the last render used.
  bounded.cache = {0, 0};
  fs::remove(fs::path(bounded_b.mp3).replace_extension(".render.json"));
  render_lesson(b, bounded);
  EXPECT_EQ(entries(bounded.out_dir / "clips").names, b_clips);
  std::set<std::string> b_units;
  std::set_difference(units_ab.names.begin(), units_ab.names.end(), units_a.names.begin(),
                      units_a.names.end(), std::inserter(b_units, b_units.end()));
  EXPECT_EQ(entries(bounded.out_dir / "units").names, b_units) << "its units and its gain memo";
}

}  // namespace
}  // namespace lectio::speech
