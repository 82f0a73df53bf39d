#pragma once
// What the study tools add to other pages: a signed-in learner's progress through a plan.
#include <kainjow/mustache.hpp>
#include <map>
#include <string>

#include "http.h"
#include "lectio/plan/plan.h"

namespace lectio::web {

// For each lesson of the plan the viewer may open (`urls`: lesson id to page): the learner's
// cards due now and their last quiz score ("3/5"). The context must have a signed-in user.
kainjow::mustache::data plan_progress(Context& ctx, const plan::Plan& plan,
                                      const std::map<std::string, std::string>& urls);

}  // namespace lectio::web
