#pragma once
// The files of one rendered lesson: content-addressed names, the output directory, reuse of
// an earlier render, and removal of a set that could not be finished. Private to the speech
// module (render.cpp).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "lectio/lesson/lesson.h"
#include "lectio/speech/render.h"

namespace lectio::speech {

// `<slug>-<first 12 hex of key>.{mp3,opus,vtt,chapters.json}`, plus `.render.json`, a small
// record of the measurements written last, so its presence marks a complete set.
struct RenderPaths {
  std::filesystem::path mp3;
  std::filesystem::path opus;
  std::filesystem::path vtt;
  std::filesystem::path chapters;
  std::filesystem::path record;
};

RenderPaths render_paths(const std::filesystem::path& dir, const lesson::Lesson& lesson,
                         const std::string& key);

// Creates `dir` when missing (but not its parents: a mistyped path should fail, not grow a
// tree) and proves it writable by creating and removing a file. Throws Io naming it.
void prepare_out_dir(const std::filesystem::path& dir);

// The earlier render when all five files exist and the record is readable.
std::optional<RenderResult> find_render(const RenderPaths& paths);

// Writes the record (through a temporary file and a rename). Throws Io.
void write_record(const RenderPaths& paths, const RenderResult& result);

// Removes the files it was given unless dismissed: a failed render leaves nothing behind.
class PublishedFiles {
 public:
  PublishedFiles() = default;
  ~PublishedFiles();
  PublishedFiles(const PublishedFiles&) = delete;
  PublishedFiles& operator=(const PublishedFiles&) = delete;
  void add(const std::filesystem::path& path) { paths_.push_back(path); }
  void keep() { paths_.clear(); }

 private:
  std::vector<std::filesystem::path> paths_;
};

}  // namespace lectio::speech
