#pragma once
// Anki's package format (.apkg): a zip holding the collection as SQLite ("collection.anki2",
// Anki's schema 11, which every Anki since 2.1 imports) and an empty media list. Two note types:
// "Lectio Basic" (Front, Back, Source) and "Lectio Cloze" (Text with {{c1::...}}, Extra,
// Source); one card per note, new; decks nest by "::" (a plan's deck, a subdeck per lesson).
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "lectio/lesson/lesson.h"

namespace lectio::study {

struct AnkiNote {
  std::string guid;  // stable across exports of the same card: Anki updates instead of adding
  bool cloze = false;
  std::string front;              // Basic: Front. Cloze: Text, with the hidden part as {{c1::...}}
  std::string back;               // Basic: Back. Cloze: Extra
  std::string source;             // chunk id, file name and pages
  std::vector<std::string> tags;  // no spaces (Anki separates tags by spaces)
};

struct AnkiDeck {
  std::string name;  // "Plan::Lesson" for a subdeck
  std::vector<AnkiNote> notes;
};

// The notes of a lesson's cards (lesson.study must be set): HTML-escaped text, the lesson's
// tags, and a Source field naming each card's chunk, file and pages.
std::vector<AnkiNote> anki_notes(const lesson::Lesson& lesson);

// Writes the decks as one .apkg at `out` (through a temporary file and a rename). `now` (Unix
// seconds) stamps the collection and orders ids. Throws InvalidInput for no notes at all, Io
// when writing fails.
void write_apkg(const std::vector<AnkiDeck>& decks, const std::filesystem::path& out,
                std::int64_t now);

// The cards as CSV (RFC 4180): kind, front, back, source, tags; for other flashcard apps.
std::string cards_csv(const lesson::Lesson& lesson);

}  // namespace lectio::study
