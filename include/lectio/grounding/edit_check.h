#pragma once
// Holds an edited script (issue 32) to the standard of a composed one: every citation must
// name a chunk that exists, and every content sentence that is new or changed is checked
// against the chunks it cites with check_claim, the check every engine's output goes through.
// Uncited lines are connective: allowed, and counted.
#include <string>
#include <vector>

#include "lectio/lesson/lesson.h"
#include "lectio/lesson/script_text.h"
#include "lectio/store/content_store.h"

namespace lectio::grounding {

struct EditFinding {
  int line = 0;  // of the script text; 0 when the edit did not come from one
  std::string text;
  double support = 0;
  std::string reason;  // why the cited chunks do not support it, in one line
};

struct EditCheck {
  int checked = 0;     // content sentences new or changed, checked against their citations
  int unchanged = 0;   // content sentences as they were in the base lesson
  int connective = 0;  // uncited lines
  std::vector<EditFinding> unsupported;
};

// Checks `edit.lesson` (as parse_script_text read it from `name`) against `base`: throws
// InvalidInput "<name>:<line>: citation <id>: no such chunk" for a citation that does not
// exist; sets every content sentence's support and the lesson's sources and grounding
// (verify_grounding); reports each new or changed content sentence its chunks do not support.
[[nodiscard]] EditCheck check_edit(lesson::ScriptEdit& edit, const lesson::Lesson& base,
                                   const std::string& name, store::ContentStore& store);

}  // namespace lectio::grounding
