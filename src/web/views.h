#pragma once
// Small pieces many pages show, in the request's language.
#include <kainjow/mustache.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http.h"
#include "lectio/lesson/lesson.h"
#include "lectio/plan/plan.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"

namespace lectio::web {

// A stored lesson with what its record adds (the creator). std::nullopt when there is none or
// when it is a draft the viewer did not make.
struct LessonEntry {
  lesson::Lesson lesson;
  store::Record record;
};
std::optional<LessonEntry> find_lesson(Context& ctx, std::string_view id_or_slug);
// Like find_lesson, but a 404 HttpError when missing.
LessonEntry require_lesson(Context& ctx, std::string_view id_or_slug);

// Published lessons and the viewer's own drafts, newest first.
std::vector<lesson::Lesson> visible_lessons(Context& ctx);
// Whether the lesson's title, topic, description, plan, tags or script hold every word of the query
// (case-insensitive substrings, which also serves Chinese).
bool lesson_matches(const lesson::Lesson& lesson, std::string_view query);

// Whether the viewer may see a source (its page, its chunks in search and the API, the create
// form): a public one, or a private one they uploaded.
bool may_see(const Context& ctx, const Source& source);
// The current sources the viewer may see, by id.
std::vector<Source> visible_sources(Context& ctx);
// A source version the viewer may see; std::nullopt when missing or private to someone else.
std::optional<Source> visible_source(Context& ctx, std::string_view id, std::optional<int> version);
// The ids of the current sources the viewer may not see (others' private uploads).
std::vector<std::string> hidden_source_ids(Context& ctx);
// A search of the chunks the viewer may see: at most query.k hits.
std::vector<search::Hit> visible_hits(Context& ctx, search::Query query);

// The listening time of a lesson: measured when rendered, else the estimate.
double lesson_seconds(const lesson::Lesson& lesson);
// The one way a page or feed states a lesson's length (text::format_length): the measured
// clock ("9:49", as the player shows it) once there is audio, else "~11 min".
std::string lesson_length(const lesson::Lesson& lesson, const std::string& lang);
// The lesson's description, its length restated as measured once there is audio.
std::string lesson_description(const lesson::Lesson& lesson);
// A plan's total the same way: a clock when every lesson is measured, else "~2 h 39 min".
std::string plan_length(const plan::Plan& plan, const std::string& lang);

// The page of a lesson, plan or source chunk.
std::string lesson_path(const lesson::Lesson& lesson);
std::string plan_path(const plan::Plan& plan);
std::string source_path(std::string_view source_id, int version);
std::string chunk_anchor(int ordinal);  // "c0003"
// Where a citation lands: the chunk's anchor on its source page, "/sources/file_x?v=1#c0003".
std::string chunk_path(std::string_view source_id, int version, int ordinal);
std::string chunk_path(const lesson::CitedChunk& chunk);

// A lesson as a card on lists (title, link, duration, date, description, tags).
kainjow::mustache::data lesson_card(const lesson::Lesson& lesson, const std::string& lang);
kainjow::mustache::data plan_card(const plan::Plan& plan, const std::string& lang);

// The display name of a user id; empty for lessons made on the command line.
std::string creator_name(store::CommunityStore& store, const std::string& owner);

}  // namespace lectio::web
