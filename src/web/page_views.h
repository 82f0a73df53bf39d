#pragma once
// Page view models: what a page's template is given, made from a lesson, plan or source and
// what the handler looked up for the request. Pure functions: no store, no request, no server,
// so a test builds the inputs and reads the data back. The handlers gather the inputs.
#include <kainjow/mustache.hpp>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/ask/answer.h"
#include "lectio/core/source.h"
#include "lectio/lesson/lesson.h"
#include "lectio/plan/plan.h"
#include "lectio/search/index.h"
#include "lectio/store/community_store.h"
#include "lectio/voices/hosts.h"

namespace lectio::web {

// What the lesson page shows besides the lesson itself.
struct LessonPageInput {
  std::string lang;                   // "en" or "zh": durations
  std::string viewer;                 // the signed-in user's id; empty for a visitor
  std::string owner;                  // the lesson's creator's id; empty from the command line
  std::string creator;                // the creator's display name; empty when none
  std::optional<ask::Answer> answer;  // to the question asked as ?q=
  std::string question;               // that ?q=
  store::RatingSummary rating;
  std::vector<store::Review> reviews;  // as the viewer sees them (liked_by_viewer)
  std::vector<plan::Plan> related;     // plans that hold related lessons
  // The languages ("en", "zh") of the sources the lesson cites, each once: the page says so
  // when the lesson is in another language than its sources.
  std::vector<std::string> source_languages;
};

// The lesson page (templates/lesson.mustache): chapters of numbered sentences whose citations
// are numbered by the chunk's position in the lesson's sources, the FAQ, the best quote, the
// media, ratings and reviews, related plans and the creator.
kainjow::mustache::data lesson_view(const lesson::Lesson& lesson, const LessonPageInput& in);

// An answer: its sentences with citations numbered by its own sources, or `unsupported`.
kainjow::mustache::data answer_view(const ask::Answer& answer);

// The discover page: plan cards and the most recent of `lessons` (newest first) as cards.
kainjow::mustache::data discover_view(const std::vector<plan::Plan>& plans,
                                      const std::vector<lesson::Lesson>& lessons,
                                      const std::string& lang);
// The discover page with a query: plan cards, the lessons that match it, and the chunks the
// search found, their snippets split into marked and unmarked parts.
kainjow::mustache::data search_view(const std::vector<plan::Plan>& plans,
                                    const std::vector<lesson::Lesson>& lessons,
                                    const std::vector<search::Hit>& hits, const std::string& query,
                                    const std::string& lang);

// A plan page. `chapter_label` is the catalog's "plan_chapter" ("Chapter {n}");
// `lesson_urls` maps the ids of the plan's lessons the viewer may open to their pages.
kainjow::mustache::data plan_view(const plan::Plan& plan, const std::string& lang,
                                  std::string_view chapter_label,
                                  const std::map<std::string, std::string>& lesson_urls);

// A source page: one version's chunks, and a link to the current version when it is older.
// A chunk's table rows (lines of cells joined by "; ", as ingest writes tables) are given as a
// table; `citing` are the lessons that cite the source, linked from its page.
kainjow::mustache::data source_view(const Source& source, std::optional<int> current_version,
                                    const std::vector<Chunk>& chunks,
                                    const std::vector<lesson::Lesson>& citing = {});

// A chunk's text as blocks: {para} paragraphs, and {table: {head: [cells], rows: [{cells}]}}
// for two or more consecutive lines of the same number (two or more) of "; "-joined cells.
kainjow::mustache::data chunk_blocks(const std::string& text);

// "My work": the user's lessons, drafts included, as cards with their ids.
kainjow::mustache::data me_view(const std::string& display_name,
                                const std::vector<lesson::Lesson>& lessons,
                                const std::string& lang);

// The sign-up and sign-in forms, with what was typed (never the password) and the error.
kainjow::mustache::data account_form_view(const std::string& next, const std::string& name,
                                          const std::string& display_name,
                                          const std::string& error);

// An engine the create form offers: the value posted and its label in the page's language.
struct EngineChoice {
  std::string value;
  std::string label;
  bool selected = false;
};

// What the create form shows filled in: the values of an attempt that was refused (so that
// nothing typed is lost), the sources ticked, and the files just uploaded (confirmed, ticked).
struct CreateForm {
  std::map<std::string, std::string> values;  // topic, plan, overview, insights, tags, selects
  std::vector<std::string> chosen;            // source ids ticked
  std::vector<std::string> added;             // source ids just uploaded
  std::string error_field;                    // the field the error is about, when one is
};

// The create form: the sources a lesson may be made from, the hosts, the engines (a choice only
// when there are two or more) and the error of the last attempt. No source is ticked unless
// the learner chose it or just uploaded it: a lesson teaches from the sources picked only.
kainjow::mustache::data create_view(const std::vector<Source>& sources,
                                    const std::vector<voices::Host>& hosts,
                                    const std::vector<EngineChoice>& engines,
                                    const std::string& error, const CreateForm& form = {});

// The list pages (/lessons, /plans, /sources): this many items a page, said on the page.
inline constexpr std::size_t kListPageSize = 20;

// A source as an item of the sources list: title, file, passages, link.
kainjow::mustache::data source_item(const Source& source);

// One page of a list: `items` (cards of `kind`: "lessons", "plans" or "sources"), which of
// `total` they are, the page size, and links to the pages before and after (`path`?page=N).
kainjow::mustache::data list_view(std::string_view kind, const kainjow::mustache::data& items,
                                  int page, std::size_t total, const std::string& path);

// A job's page: its state and, once failed, its one-line reason.
kainjow::mustache::data job_view(const std::string& id, const std::string& kind,
                                 const std::string& state, const std::string& error);

}  // namespace lectio::web
