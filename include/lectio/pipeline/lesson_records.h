#pragma once
// Lessons in the content store: stored as their JSON document under their id, with the fields
// that lists and look-ups need kept beside it (store::Record).
#include <optional>
#include <string>
#include <string_view>

#include "lectio/lesson/lesson.h"
#include "lectio/store/content_store.h"

namespace lectio::pipeline {

// Stores a lesson under its id, replacing an earlier one; `owner` is the creator's user id
// ("" for the library's own lessons). Throws Io.
void save_lesson(store::ContentStore& store, const lesson::Lesson& lesson,
                 const std::string& owner = "");

// A stored lesson by id or slug; std::nullopt when there is none.
std::optional<lesson::Lesson> load_lesson(store::ContentStore& store, std::string_view id_or_slug);

}  // namespace lectio::pipeline
