#include "lectio/plan/related.h"

#include <fmt/format.h>

#include <algorithm>

#include "lectio/compose/composer.h"
#include "lectio/core/error.h"
#include "lectio/pipeline/lesson_records.h"
#include "terms.h"

namespace lectio::plan {

namespace {

// What a lesson is about, in words: its framing and every sentence of its script.
void append_lesson_text(const lesson::Lesson& lesson, std::string& out) {
  out += fmt::format("\n{}\n{}\n{}\n", lesson.title, lesson.topic, lesson.overview);
  for (const std::string& i : lesson.insights) out += i + "\n";
  for (const lesson::ScriptSentence* s : lesson::script_sentences(lesson)) {
    if (s->role == lesson::SentenceRole::kContent) out += s->text + "\n";
  }
}

std::string plan_text(store::ContentStore& store, const Plan& plan) {
  std::string out = fmt::format("{}\n{}\n{}\n", plan.title, plan.description, plan.audience);
  for (const PlanChapter& c : plan.chapters) {
    out += c.title + "\n";
    for (const PlanLesson& l : c.lessons) {
      out += l.topic + "\n";
      if (l.id.empty()) continue;
      if (const auto lesson = pipeline::load_lesson(store, l.id)) append_lesson_text(*lesson, out);
    }
  }
  return out;
}

bool holds_lesson(const Plan& plan, const std::string& lesson_id) {
  for (const PlanChapter& c : plan.chapters) {
    for (const PlanLesson& l : c.lessons) {
      if (l.id == lesson_id) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<RelatedPlan> related_plans(store::ContentStore& store, std::string_view id_or_slug,
                                       int k) {
  if (k < 1) throw InvalidInput(fmt::format("--k must be at least 1, not {}", k));
  std::string target;
  std::string own_plan;    // a plan is not related to itself
  std::string own_lesson;  // nor is a lesson to the plans that hold it
  if (const auto plan = load_plan(store, id_or_slug)) {
    target = plan_text(store, *plan);
    own_plan = plan->id;
  } else if (const auto lesson = pipeline::load_lesson(store, id_or_slug)) {
    append_lesson_text(*lesson, target);
    own_lesson = lesson->id;
  } else {
    throw NotFound(fmt::format("{}: no such plan or lesson (see `lectio plans`)", id_or_slug));
  }

  std::vector<Plan> others;
  for (Plan& p : list_plans(store)) {
    if (p.id == own_plan || (!own_lesson.empty() && holds_lesson(p, own_lesson))) continue;
    others.push_back(std::move(p));
  }
  std::vector<std::vector<std::string>> docs;
  for (const Plan& p : others) docs.push_back(content_terms(plan_text(store, p)));
  docs.push_back(content_terms(target));
  const text::TermStats weights(docs);
  const TermVector query = weights.tfidf(docs.back());

  std::vector<RelatedPlan> out;
  for (std::size_t i = 0; i < others.size(); ++i) {
    const double score = cosine(query, weights.tfidf(docs[i]));
    if (score <= 0) continue;
    out.push_back({others[i].id, others[i].title, score, others[i].totals});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const RelatedPlan& a, const RelatedPlan& b) { return a.score > b.score; });
  if (out.size() > static_cast<std::size_t>(k)) out.resize(static_cast<std::size_t>(k));
  return out;
}

}  // namespace lectio::plan
