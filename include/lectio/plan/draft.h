#pragma once
// Drafts a plan file from the sources alone, with no model and no network: the material is
// grouped into chapters by topic (the sources' headings where they have them, else clusters of
// related chunks), each chapter gets a few lessons with 2-4 insights taken from the material,
// and the plan gets a title from the goal and a two-sentence description.
#include <string>
#include <vector>

#include "lectio/store/content_store.h"

namespace lectio::plan {

struct DraftOptions {
  std::string goal;                     // required: what the learner wants to know
  std::vector<std::string> source_ids;  // "file_x" or "x"; empty = every source
  int chapters = 4;                     // 1-12; fewer when the material is too small
  int max_lessons_per_chapter = 3;
  std::string audience;  // default: made from the goal
};

struct DraftLesson {
  std::string topic;
  std::string overview;
  std::vector<std::string> insights;   // 2-4 (1 when the material has only one idea)
  std::vector<std::string> sources;    // source ids
  std::vector<std::string> chunk_ids;  // the lesson's own chunks, in document order
  int minutes = 0;
};

struct DraftChapter {
  std::string title;
  std::vector<DraftLesson> lessons;
  std::vector<std::string> chunk_ids;  // the chapter's group: its lessons' chunks together
};

struct Draft {
  std::string title;
  std::string description;  // two sentences: who it is for, why it matters now
  std::string audience;
  std::string language;
  std::string host;
  std::vector<DraftChapter> chapters;
};

// Throws InvalidInput for an empty goal or a bad chapter count, NotFound for an unknown source,
// InvalidInput when there is no material.
Draft draft_plan(store::ContentStore& store, const DraftOptions& options);

// The draft as a plan file a person can edit and build: every lesson inline, scoped to its
// chunks by ranges ("file_x:c0003..c0007").
std::string draft_to_yaml(const Draft& draft);

}  // namespace lectio::plan
