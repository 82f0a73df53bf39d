// Study tools on the web: a lesson's quiz (anyone may take it; a signed-in learner's score is
// kept), and spaced review of flashcards with FSRS for signed-in learners (the Review page and
// its API). Cards come with the lesson (Lesson::study); a lesson stored before them gets them
// made for the request.
#include <fmt/format.h>

#include <map>
#include <set>

#include "app.h"
#include "lectio/core/clock.h"
#include "lectio/study/fsrs.h"
#include "lectio/study/study_set.h"
#include "request.h"
#include "routes.h"
#include "study_views.h"
#include "views.h"

namespace lectio::web {

using kainjow::mustache::data;
using kainjow::mustache::list;
using nlohmann::json;

namespace {

// New cards a learner is shown in one sitting, beside the ones due.
constexpr std::size_t kNewCardsPerVisit = 20;

lesson::StudySet study_of(Context& ctx, const lesson::Lesson& l) {
  if (l.study) return *l.study;
  return study::make_study_set(l, study::cited_source_texts(l, ctx.store()));
}

std::int64_t unix_seconds(const std::string& iso) {
  return unix_seconds_of(iso).value_or(0);
}

study::Memory memory_of(const store::CardSchedule& s) {
  study::Memory m;
  m.state = static_cast<study::CardState>(s.state);
  m.stability = s.stability;
  m.difficulty = s.difficulty;
  m.reps = s.reps;
  m.lapses = s.lapses;
  m.scheduled_days = s.scheduled_days;
  m.due = unix_seconds(s.due_at);
  m.last_review = unix_seconds(s.last_review_at);
  return m;
}

json card_json(const lesson::Lesson& l, const lesson::StudyCard& c, const std::string& due_at) {
  return {{"id", c.id},
          {"lesson_id", l.id},
          {"lesson_title", l.title},
          {"kind", lesson::card_kind_name(c.kind)},
          {"front", c.front},
          {"answer", c.answer},
          {"sentence", c.sentence},
          {"chunk_id", c.chunk_id},
          {"due_at", due_at.empty() ? json(nullptr) : json(due_at)}};
}

}  // namespace

void quiz_page(Context& ctx) {
  const LessonEntry entry = require_lesson(ctx, ctx.req.matches[1].str());
  const lesson::StudySet s = study_of(ctx, entry.lesson);
  list questions;
  for (const auto& q : s.quiz) {
    list options;
    for (std::size_t i = 0; i < q.options.size(); ++i) {
      data o;
      o.set("index", std::to_string(i));
      o.set("text", q.options[i]);
      options.push_back(o);
    }
    data d;
    d.set("question", q.question);
    d.set("answer", std::to_string(q.answer));
    d.set("options", options);
    d.set("explanation", q.explanation);
    d.set("chunk_id", q.chunk_id);
    questions.push_back(d);
  }
  data body;
  body.set("id", entry.lesson.id);
  body.set("title", entry.lesson.title);
  body.set("lesson_url", lesson_path(entry.lesson));
  body.set("questions", questions);
  body.set("total", std::to_string(s.quiz.size()));
  if (s.quiz.empty()) body.set("no_questions", true);
  ctx.app.send_page(ctx, "quiz", body, ctx.app.t(ctx, "quiz_title") + " · " + entry.lesson.title);
}

void api_quiz_score(Context& ctx) {
  const store::User& user = ctx.require_user();
  ctx.require_csrf();
  const LessonEntry entry = require_lesson(ctx, ctx.req.matches[1].str());
  const JsonRequest body(ctx.json_body());
  const int questions = static_cast<int>(study_of(ctx, entry.lesson).quiz.size());
  const int total = body.integer("total", 1, std::max(1, questions));
  const int correct = body.integer("correct", 0, total);
  const store::QuizScore score{entry.lesson.id, correct, total, utc_timestamp()};
  ctx.community().put_quiz_score(user.id, score);
  ctx.send_json({{"lesson_id", score.lesson_id},
                 {"correct", correct},
                 {"total", total},
                 {"taken_at", score.taken_at}});
}

// The player reports a lesson heard to its end; the learner's plan progress shows it.
void api_lesson_heard(Context& ctx) {
  const store::User& user = ctx.require_user();
  ctx.require_csrf();
  const LessonEntry entry = require_lesson(ctx, ctx.req.matches[1].str());
  const store::HeardLesson heard{entry.lesson.id, utc_timestamp()};
  ctx.community().put_heard(user.id, heard);
  ctx.send_json({{"lesson_id", heard.lesson_id}, {"heard", true}});
}

void review_page(Context& ctx) {
  ctx.require_user();
  data body;
  body.set("lesson", ctx.field("lesson"));
  body.set("fsrs", std::string(study::kFsrsVersion));
  ctx.app.send_page(ctx, "review", body, ctx.app.t(ctx, "review_title"));
}

// GET /api/review[?lesson=ID]: the learner's cards due now, soonest first, then new cards of
// the lessons they study (rated a card of, or took the quiz of; and the lesson asked for).
void api_review(Context& ctx) {
  const store::User& user = ctx.require_user();
  const std::string now = utc_timestamp();
  std::map<std::string, store::CardSchedule> schedules;
  std::vector<std::string> lessons;
  std::set<std::string> seen;
  auto study_lesson = [&](const std::string& id) {
    if (!id.empty() && seen.insert(id).second) lessons.push_back(id);
  };
  study_lesson(ctx.field("lesson"));
  for (auto& s : ctx.community().card_schedules(user.id)) {
    study_lesson(s.lesson_id);
    schedules.emplace(s.card_id, std::move(s));
  }
  for (const auto& q : ctx.community().quiz_scores(user.id)) study_lesson(q.lesson_id);
  json due = json::array();
  json fresh = json::array();
  std::vector<std::pair<std::string, json>> due_sorted;
  for (const auto& id : lessons) {
    const std::optional<LessonEntry> entry = find_lesson(ctx, id);
    if (!entry) continue;
    for (const auto& c : study_of(ctx, entry->lesson).cards) {
      const auto it = schedules.find(c.id);
      if (it == schedules.end()) {
        if (fresh.size() < kNewCardsPerVisit) fresh.push_back(card_json(entry->lesson, c, ""));
      } else if (it->second.due_at <= now) {
        due_sorted.emplace_back(it->second.due_at, card_json(entry->lesson, c, it->second.due_at));
      }
    }
  }
  std::stable_sort(due_sorted.begin(), due_sorted.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [at, card] : due_sorted) due.push_back(std::move(card));
  ctx.send_json({{"due", due}, {"new", fresh}, {"scheduler", study::kFsrsVersion}});
}

// POST /api/cards/{card id}/review {"lesson_id", "rating": 1..4}: schedules the card with FSRS
// from the learner's last rating of it, and logs the rating.
void api_review_card(Context& ctx) {
  const store::User& user = ctx.require_user();
  ctx.require_csrf();
  const std::string card_id = ctx.req.matches[1].str();
  const JsonRequest body(ctx.json_body());
  const LessonEntry entry = require_lesson(ctx, body.text("lesson_id", 200));
  const int rating = body.integer("rating", 1, 4);
  const lesson::StudySet s = study_of(ctx, entry.lesson);
  const auto card = std::find_if(s.cards.begin(), s.cards.end(),
                                 [&](const lesson::StudyCard& c) { return c.id == card_id; });
  if (card == s.cards.end()) {
    throw HttpError(404, "not_found",
                    fmt::format("{}: no such card in {}", card_id, entry.lesson.id));
  }
  const auto before = ctx.community().card_schedule(user.id, card_id);
  const std::int64_t now = unix_seconds_now();
  const study::Memory m = study::Fsrs().review(before ? memory_of(*before) : study::Memory{},
                                               static_cast<study::Rating>(rating), now);
  store::CardReview r;
  r.card_id = card_id;
  r.lesson_id = entry.lesson.id;
  r.rating = rating;
  r.reviewed_at = utc_timestamp_at(now);
  r.elapsed_days = m.elapsed_days;
  r.after = {card_id,
             entry.lesson.id,
             static_cast<int>(m.state),
             m.stability,
             m.difficulty,
             m.reps,
             m.lapses,
             m.scheduled_days,
             utc_timestamp_at(m.due),
             utc_timestamp_at(m.last_review)};
  ctx.community().put_card_review(user.id, r);
  ctx.send_json({{"card_id", card_id},
                 {"rating", rating},
                 {"due_at", r.after.due_at},
                 {"scheduled_days", m.scheduled_days},
                 {"stability", m.stability},
                 {"difficulty", m.difficulty}});
}

data plan_progress(Context& ctx, const plan::Plan& p,
                   const std::map<std::string, std::string>& urls) {
  const std::string now = utc_timestamp();
  std::map<std::string, int> due;  // by lesson id
  std::map<std::string, int> rated;
  for (const auto& s : ctx.community().card_schedules(ctx.user->id)) {
    ++rated[s.lesson_id];
    if (s.due_at <= now) ++due[s.lesson_id];
  }
  std::set<std::string> heard;
  for (const auto& h : ctx.community().heard_lessons(ctx.user->id)) heard.insert(h.lesson_id);
  std::map<std::string, std::string> scores;
  for (const auto& q : ctx.community().quiz_scores(ctx.user->id)) {
    scores[q.lesson_id] = fmt::format("{}/{}", q.correct, q.total);
  }
  list lessons;
  int heard_count = 0;
  for (const auto& chapter : p.chapters) {
    for (const auto& pl : chapter.lessons) {
      const auto url = urls.find(pl.id);
      if (url == urls.end()) continue;
      data d;
      d.set("title", pl.title);
      d.set("url", url->second);
      d.set("due", std::to_string(due[pl.id]));
      if (scores.contains(pl.id)) d.set("quiz", scores[pl.id]);
      if (heard.contains(pl.id)) {
        d.set("heard", true);
        ++heard_count;
      }
      lessons.push_back(d);
    }
  }
  data out;
  out.set("heard", std::to_string(heard_count));
  out.set("total", std::to_string(lessons.size()));
  out.set("lessons", lessons);
  return out;
}

}  // namespace lectio::web
