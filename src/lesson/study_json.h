#pragma once
// The study set as a JSON value, for the lesson's JSON form (lesson_json.cpp) and on its own
// (study_to_json). study_value_from throws nlohmann's exceptions; callers turn them into
// InvalidInput.
#include <nlohmann/json.hpp>

#include "lectio/lesson/study.h"

namespace lectio::lesson {

nlohmann::ordered_json study_value(const StudySet& study);
StudySet study_value_from(const nlohmann::ordered_json& j);

}  // namespace lectio::lesson
