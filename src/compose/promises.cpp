#include "promises.h"

#include <algorithm>

#include "lesson_parts.h"

namespace lectio::compose {

namespace {

bool says_something(const lesson::ScriptSection& sec) {
  return std::any_of(sec.sentences.begin(), sec.sentences.end(),
                     [](const auto& s) { return s.role == lesson::SentenceRole::kContent; });
}

bool empty_insight(const lesson::ScriptSection& sec) {
  return sec.kind == lesson::SectionKind::kInsight && !says_something(sec);
}

}  // namespace

void keep_promises(lesson::Lesson& lesson, const lesson::Brief& brief, const Phrasing& say) {
  if (std::none_of(lesson.script.begin(), lesson.script.end(), empty_insight)) return;
  std::vector<int> covered;
  std::vector<int> left_out;
  for (const lesson::ScriptSection& sec : lesson.script) {
    if (sec.kind != lesson::SectionKind::kInsight) continue;
    (says_something(sec) ? covered : left_out).push_back(sec.insight_index);
  }
  std::erase_if(lesson.script, empty_insight);
  const bool dialogue = brief.format == lesson::LessonFormat::kDialogue;
  int position = 0;
  for (lesson::ScriptSection& sec : lesson.script) {
    if (sec.kind != lesson::SectionKind::kInsight) continue;
    // The host's opening is the section's first line, a connective, unless in a dialogue
    // (there the co-host asks about the insight, which does not depend on its place).
    if (!dialogue && !sec.sentences.empty() &&
        sec.sentences.front().role == lesson::SentenceRole::kConnective) {
      sec.sentences.front().text =
          say.section_opening(sec.insight_index, position, static_cast<int>(covered.size()));
    }
    ++position;
  }
  // The recap that names the insights names those said.
  const std::string named_all = say.recap();
  for (lesson::ScriptSection& sec : lesson.script) {
    if (sec.kind != lesson::SectionKind::kOutro) continue;
    for (lesson::ScriptSentence& s : sec.sentences) {
      if (s.text == named_all && !covered.empty()) s.text = say.recap(covered);
    }
    std::erase_if(sec.sentences, [&](const auto& s) { return s.text == named_all; });
  }
  const auto intro = std::find_if(
      lesson.script.begin(), lesson.script.end(),
      [](const lesson::ScriptSection& s) { return s.kind == lesson::SectionKind::kIntro; });
  if (intro == lesson.script.end() || intro->sentences.empty()) return;
  // With nothing covered there is no agenda, only the notes.
  if (covered.empty()) {
    intro->sentences.pop_back();
  } else {
    intro->sentences.back().text = say.agenda(covered);
  }
  for (int i : left_out) {
    intro->sentences.push_back(connective(
        say.unsupported_note(brief.insights.at(static_cast<std::size_t>(i))), brief.host));
  }
}

}  // namespace lectio::compose
