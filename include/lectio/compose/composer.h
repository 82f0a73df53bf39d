#pragma once
// Composes a lesson from a brief: resolves the brief's sources, runs an engine, verifies
// grounding, and estimates the duration.
#include <optional>
#include <string>
#include <string_view>

#include "lectio/compose/engine.h"
#include "lectio/lesson/brief.h"
#include "lectio/lesson/lesson.h"
#include "lectio/search/index.h"
#include "lectio/store/content_store.h"

namespace lectio::compose {

// Throws InvalidInput when the brief names a source that is not in the store.
[[nodiscard]] lesson::Lesson compose_lesson(const lesson::Brief& brief, store::ContentStore& store,
                                            search::Index& index, Engine& engine);

// What a lesson is built from: the brief's hash, the versions of its sources and the engine
// that writes it (Engine::name(): another model writes another lesson). A stored lesson with
// the same key need not be composed again. Throws like compose_lesson for a brief whose
// sources are unknown.
[[nodiscard]] std::string lesson_build_key(const lesson::Brief& brief, store::ContentStore& store,
                                           std::string_view engine = "extractive");

// Estimated listening minutes of the script, pauses included.
[[nodiscard]] double estimate_minutes(const lesson::Lesson& lesson);

}  // namespace lectio::compose
