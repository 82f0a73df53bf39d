#pragma once
// "Discover more": the stored plans most related to a plan or a lesson, by TF-IDF cosine
// similarity of their text (titles, descriptions, insights and the lessons' scripts).
#include <string>
#include <string_view>
#include <vector>

#include "lectio/plan/plan.h"
#include "lectio/store/content_store.h"

namespace lectio::plan {

struct RelatedPlan {
  std::string id;
  std::string title;
  double score = 0;  // cosine similarity, 0..1
  Totals totals;
};

// The k other plans most similar to the plan or lesson named by id or slug (plans first),
// best first; a lesson's own plans are left out, as are plans sharing no term with it. Throws
// NotFound when neither a plan nor a lesson has that name, InvalidInput when k < 1.
std::vector<RelatedPlan> related_plans(store::ContentStore& store, std::string_view id_or_slug,
                                       int k);

}  // namespace lectio::plan
