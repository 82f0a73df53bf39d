#pragma once
// Composes a lesson from a brief: resolves the brief's sources, runs an engine, verifies
// grounding, and estimates the duration.
#include "lectio/compose/brief.h"
#include "lectio/compose/engine.h"
#include "lectio/compose/lesson.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"

namespace lectio::compose {

// Throws InvalidInput when the brief names a source that is not in the store.
Lesson compose_lesson(const Brief& brief, store::Store& store, search::Index& index,
                      Engine& engine);

// Spoken words per minute for a language; Chinese counts characters.
double words_per_minute(const std::string& language);

// Estimated listening minutes of the script, pauses included.
double estimate_minutes(const Lesson& lesson);

}  // namespace lectio::compose
