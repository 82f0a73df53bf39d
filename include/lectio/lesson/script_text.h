#pragma once
// The editable script of a lesson (issue 32): a plain text a person edits in any editor and
// `lectio lesson apply` reads back. Its form:
//
//   <!-- lectio script of lesson_x, version 2 -->     (the version it was printed from)
//   title: …          description: …          tags: a, b
//   ## intro: Introduction                     (one heading per section, in the lesson's order)
//   - Lena: A sentence the sources hold. [cite: file_gpu001:c0001]
//   - Lena: A connective line (no citations).
//   ## insight 1: Title                        (the section of the brief's first insight)
//   ## outro: Title
//   ## faq
//   ### A question?
//   - An answer sentence. [cite: file_gpu001:c0006]
//
// Sentences may be changed, deleted, moved within their section and added; sections may be
// renamed but not removed, added or reordered. Lines that are <!-- … --> comments are skipped.
#include <string>
#include <string_view>
#include <vector>

#include "lectio/lesson/lesson.h"

namespace lectio::lesson {

// Where a sentence of an edited lesson was written: a script section's or a FAQ item's.
struct SentencePlace {
  bool faq = false;
  int group = 0;  // index into Lesson::script, or Lesson::faq when faq
  int index = 0;  // index into the group's sentences
  int line = 0;   // 1-based line of the script text
};

struct ScriptEdit {
  Lesson lesson;                      // the base lesson with the edited title, tags, script and FAQ
  int base_version = 0;               // the version named in the header (0: no header)
  std::vector<SentencePlace> places;  // every sentence, in the text's order
};

// The script of `lesson` as editable text, naming `version`.
[[nodiscard]] std::string script_to_text(const Lesson& lesson, int version);

// Reads an edited script against the lesson it was printed from. Throws InvalidInput
// "<name>:<line>: <reason>" for a malformed line, a speaker who is not one of the lesson's
// hosts, a header naming another lesson, or a section removed, added or moved.
[[nodiscard]] ScriptEdit parse_script_text(std::string_view text, const std::string& name,
                                           const Lesson& base);

// The sentence at a place.
[[nodiscard]] const ScriptSentence& sentence_at(const Lesson& lesson, const SentencePlace& p);
[[nodiscard]] ScriptSentence& sentence_at(Lesson& lesson, const SentencePlace& p);

}  // namespace lectio::lesson
