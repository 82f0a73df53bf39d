#pragma once
// The introduction promises only what the lesson says. Private to the compose module.
#include "lectio/lesson/brief.h"
#include "lectio/lesson/lesson.h"
#include "phrasing.h"

namespace lectio::compose {

// Drops each insight section that says nothing (the sources do not support its insight: the
// engine has already warned), has the intro's agenda (its last line) name only the insights
// that are spoken, followed by a line saying which ones the sources do not cover, and
// renumbers the host's section openings ("Let's start with", "Finally") over the sections
// kept; a recap that names the insights names only those. A listener then hears no promise the
// lesson does not keep. Lessons whose every insight has content are left as they are.
void keep_promises(lesson::Lesson& lesson, const lesson::Brief& brief, const Phrasing& say);

}  // namespace lectio::compose
