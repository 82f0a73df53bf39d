#include "lectio/pipeline/lesson_records.h"

namespace lectio::pipeline {

void save_lesson(store::ContentStore& store, const lesson::Lesson& lesson,
                 const std::string& owner) {
  store::Record r;
  r.id = lesson.id;
  r.slug = lesson.slug;
  r.title = lesson.title;
  r.plan = lesson.plan;
  r.language = lesson.language;
  r.build_key = lesson.build_key;
  r.owner = owner;
  r.body = lesson::lesson_to_json(lesson, -1);
  store.put_record(store::RecordKind::kLesson, r);
}

std::optional<lesson::Lesson> load_lesson(store::ContentStore& store, std::string_view id_or_slug) {
  const auto r = store.record(store::RecordKind::kLesson, id_or_slug);
  if (!r) return std::nullopt;
  return lesson::lesson_from_json(r->body);
}

}  // namespace lectio::pipeline
