#include "lectio/grounding/edit_check.h"

#include <fmt/format.h>

#include <map>
#include <set>
#include <utility>

#include "lectio/core/enum_names.h"
#include "lectio/core/error.h"
#include "lectio/grounding/grounding.h"

namespace lectio::grounding {

namespace {

constexpr EnumNames<TermKind, 3> kTermKinds{
    {{TermKind::kName, "name"}, {TermKind::kNumber, "number"}, {TermKind::kTerm, "word"}}};

// "support 0.41 < 0.60; not in the cited chunks: 'Zorblax' (name), '1987' (number)".
std::string reason_of(const ClaimCheck& check) {
  std::string reason;
  if (check.support < kSupportThreshold) {
    reason = fmt::format("support {:.2f} < {:.2f}", check.support, kSupportThreshold);
  }
  std::vector<std::string> missing;
  for (const UnsupportedTerm& t : check.unsupported) {
    if (t.kind == TermKind::kTerm && check.support >= kSupportThreshold) continue;
    missing.push_back(fmt::format("'{}' ({})", t.text, name_of(kTermKinds, t.kind)));
  }
  if (!missing.empty()) {
    if (!reason.empty()) reason += "; ";
    reason += fmt::format("not in the cited chunks: {}", fmt::join(missing, ", "));
  }
  return reason;
}

}  // namespace

EditCheck check_edit(lesson::ScriptEdit& edit, const lesson::Lesson& base, const std::string& name,
                     store::ContentStore& store) {
  // What the base lesson said: a sentence written again with the same citations is unchanged.
  std::set<std::pair<std::string, std::vector<std::string>>> before;
  for (const auto* s : lesson::script_sentences(base)) before.insert({s->text, s->citations});
  for (const auto& f : base.faq) {
    for (const auto& s : f.answer) before.insert({s.text, s.citations});
  }
  std::map<std::string, std::string> texts;  // chunk id → text
  EditCheck result;
  for (const lesson::SentencePlace& place : edit.places) {
    lesson::ScriptSentence& s = lesson::sentence_at(edit.lesson, place);
    if (s.role == lesson::SentenceRole::kConnective) {
      ++result.connective;
      continue;
    }
    std::vector<std::string> cited;
    for (const std::string& id : s.citations) {
      if (!texts.contains(id)) {
        const auto ref = ChunkRef::parse(id);
        const auto chunk = ref ? store.chunk(*ref) : std::nullopt;
        if (!chunk) {
          throw InvalidInput(
              fmt::format("{}:{}: citation {}: no such chunk", name, place.line, id));
        }
        texts.emplace(id, chunk->text);
      }
      cited.push_back(texts.at(id));
    }
    if (before.contains({s.text, s.citations})) {
      ++result.unchanged;
      continue;
    }
    ++result.checked;
    const ClaimCheck check = check_claim(s.text, cited, edit.lesson.language);
    if (check.support < kSupportThreshold || !check.facts_held()) {
      result.unsupported.push_back({place.line, s.text, check.support, reason_of(check)});
    }
  }
  verify_grounding(edit.lesson, store);
  return result;
}

}  // namespace lectio::grounding
