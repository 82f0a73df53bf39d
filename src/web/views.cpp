#include "views.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "app.h"
#include "cover_art.h"
#include "lectio/plan/totals.h"
#include "lectio/text/duration.h"
#include "lectio/text/strings.h"

namespace lectio::web {

using kainjow::mustache::data;

namespace {

std::vector<std::string> query_words(std::string_view q) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text::ascii_lower(q) + " ") {
    if (c == ' ' || c == '\t' || c == ',' || c == '"') {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  return words;
}

}  // namespace

// Published lessons (and the viewer's own drafts), newest first.
std::vector<lesson::Lesson> visible_lessons(Context& ctx) {
  std::vector<lesson::Lesson> out;
  for (const store::Record& r : ctx.store().records(store::RecordKind::kLesson)) {
    lesson::Lesson l = lesson::lesson_from_json(r.body);
    if (!l.published && !(ctx.user && r.owner == ctx.user->id)) continue;
    out.push_back(std::move(l));
  }
  return out;
}

bool may_see(const Context& ctx, const Source& source) {
  return !source.is_private || (ctx.user && source.owner == ctx.user->id);
}

std::vector<Source> visible_sources(Context& ctx) {
  std::vector<Source> out;
  for (Source& s : ctx.store().sources()) {
    if (may_see(ctx, s)) out.push_back(std::move(s));
  }
  return out;
}

std::optional<Source> visible_source(Context& ctx, std::string_view id,
                                     std::optional<int> version) {
  std::optional<Source> s = ctx.store().source(id, version);
  if (!s || !may_see(ctx, *s)) return std::nullopt;
  return s;
}

std::vector<std::string> hidden_source_ids(Context& ctx) {
  std::vector<std::string> out;
  for (const Source& s : ctx.store().sources()) {
    if (!may_see(ctx, s)) out.push_back(s.id);
  }
  return out;
}

std::vector<search::Hit> visible_hits(Context& ctx, search::Query query) {
  const std::vector<std::string> hidden = hidden_source_ids(ctx);
  if (hidden.empty()) return ctx.library().index().search(query);
  // Ask for more, so that hidden hits leave k for the viewer.
  const int wanted = query.k;
  query.k = std::min(wanted * 4 + 16, 1000);
  std::vector<search::Hit> out;
  for (search::Hit& h : ctx.library().index().search(query)) {
    if (std::find(hidden.begin(), hidden.end(), h.source_id) != hidden.end()) continue;
    out.push_back(std::move(h));
    if (static_cast<int>(out.size()) == wanted) break;
  }
  return out;
}

// Lessons whose title, topic, description, tags or script hold every word of the query.
bool lesson_matches(const lesson::Lesson& l, std::string_view query) {
  const std::vector<std::string> words = query_words(query);
  std::string searched =
      text::ascii_lower(l.title + " " + l.topic + " " + l.description + " " + l.plan);
  for (const std::string& tag : l.tags) searched += " " + text::ascii_lower(tag);
  // What the lesson says, too: a learner searches for what they heard.
  for (const auto& section : l.script) {
    for (const auto& sentence : section.sentences) {
      searched += " " + text::ascii_lower(sentence.text);
    }
  }
  return std::all_of(words.begin(), words.end(),
                     [&](const std::string& w) { return searched.find(w) != std::string::npos; });
}

std::optional<LessonEntry> find_lesson(Context& ctx, std::string_view id_or_slug) {
  std::optional<store::Record> record = ctx.store().record(store::RecordKind::kLesson, id_or_slug);
  if (!record) return std::nullopt;
  LessonEntry entry{lesson::lesson_from_json(record->body), std::move(*record)};
  const bool mine = ctx.user && entry.record.owner == ctx.user->id;
  if (!entry.lesson.published && !mine) return std::nullopt;
  return entry;
}

LessonEntry require_lesson(Context& ctx, std::string_view id_or_slug) {
  std::optional<LessonEntry> entry = find_lesson(ctx, id_or_slug);
  if (!entry) {
    throw HttpError(404, "not_found",
                    fmt::format("{}: {}", ctx.app.t(ctx, "error_no_lesson"), id_or_slug));
  }
  return std::move(*entry);
}

double lesson_seconds(const lesson::Lesson& lesson) {
  return lesson.duration.measured_seconds.value_or(lesson.duration.estimated_minutes * 60);
}

std::string lesson_length(const lesson::Lesson& lesson, const std::string& lang) {
  return text::format_length(lesson.duration.estimated_minutes, lesson.duration.measured_seconds,
                             lang);
}

std::string lesson_description(const lesson::Lesson& lesson) {
  if (!lesson.duration.measured_seconds) return lesson.description;
  return text::restate_length(lesson.description, lesson.duration.estimated_minutes,
                              *lesson.duration.measured_seconds);
}

std::string plan_length(const plan::Plan& plan, const std::string& lang) {
  if (plan.totals.estimated_lessons == 0 && plan.totals.seconds > 0) {
    return text::format_clock(plan.totals.seconds);
  }
  return text::format_length(plan.totals.seconds / 60, std::nullopt, lang);
}

std::string lesson_path(const lesson::Lesson& lesson) {
  return "/lessons/" + lesson.slug;
}
std::string plan_path(const plan::Plan& plan) {
  return "/plans/" + plan.slug;
}

std::string source_path(std::string_view source_id, int version) {
  return fmt::format("/sources/{}?v={}", source_id, version);
}

std::string chunk_anchor(int ordinal) {
  return fmt::format("c{:04d}", ordinal);
}

std::string chunk_path(std::string_view source_id, int version, int ordinal) {
  return source_path(source_id, version) + "#" + chunk_anchor(ordinal);
}

std::string chunk_path(const lesson::CitedChunk& chunk) {
  const std::optional<ChunkRef> ref = ChunkRef::parse(chunk.chunk_id);
  return chunk_path(chunk.source_id, chunk.version, ref ? ref->ordinal : 0);
}

data lesson_card(const lesson::Lesson& lesson, const std::string& lang) {
  data card;
  card.set("title", lesson.title);
  card.set("url", lesson_path(lesson));
  card.set("cover", cover_path("lessons", lesson.slug));
  card.set("duration", lesson_length(lesson, lang));
  card.set("date", lesson.date);
  card.set("description", lesson_description(lesson));
  card.set("plan", lesson.plan);
  data tags = data::type::list;
  for (const std::string& tag : lesson.tags) tags.push_back(data(tag));
  card.set("tags", tags);
  if (!lesson.published) card.set("draft", true);
  return card;
}

data plan_card(const plan::Plan& plan, const std::string& lang) {
  data card;
  card.set("title", plan.title);
  card.set("url", plan_path(plan));
  card.set("cover", cover_path("plans", plan.slug));
  card.set("description", plan.description);
  card.set("duration", plan_length(plan, lang));
  card.set("chapters", plan::format_chapters(plan.totals.chapters, lang));
  card.set("lessons",
           fmt::format(fmt::runtime(lang == "zh" ? "{} 节课" : "{} lessons"), plan.totals.lessons));
  return card;
}

std::string creator_name(store::CommunityStore& store, const std::string& owner) {
  if (owner.empty()) return {};
  const std::optional<store::User> user = store.user(owner);
  if (!user) return {};
  return user->display_name.empty() ? user->name : user->display_name;
}

}  // namespace lectio::web
