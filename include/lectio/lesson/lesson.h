#pragma once
// A composed lesson: the script and everything a lesson page shows. Plain data; its JSON form
// (lesson_to_json / lesson_from_json) is documented in docs/lesson.schema.json.
#include <optional>
#include <string>
#include <vector>

#include "lectio/lesson/study.h"

namespace lectio::lesson {

enum class SentenceRole {
  kContent,     // makes a claim; cites at least one chunk
  kConnective,  // greeting, transition, recap cue: no claim, no citation
};

struct ScriptSentence {
  std::string text;
  std::vector<std::string> citations;  // chunk ids, e.g. "file_gpu001:c0003"
  SentenceRole role = SentenceRole::kContent;
  std::string speaker;  // host name; in a dialogue the co-host asks
  double support = 0;   // grounding score against the cited chunks, 0..1 (content only)
};

enum class SectionKind { kIntro, kInsight, kOutro };

struct ScriptSection {
  SectionKind kind = SectionKind::kInsight;
  std::string title;
  int insight_index = -1;  // 0-based index into the brief's insights; -1 for intro/outro
  std::string insight;
  std::vector<ScriptSentence> sentences;
};

struct FaqItem {
  std::string question;
  std::vector<ScriptSentence> answer;  // 2-4 cited sentences
};

struct BestQuote {
  std::string text;  // verbatim from the chunk
  std::string chunk_id;
};

// A cited chunk with what a citation shows beside it.
struct CitedChunk {
  std::string chunk_id;   // current-version id, e.g. "file_gpu001:c0003"
  std::string pinned_id;  // version-pinned id, e.g. "file_gpu001@v1:c0003"
  std::string source_id;
  int version = 1;
  std::string file_name;
  std::string pages;  // "p1-1"
  std::string origin_url;
  std::string heading;  // innermost heading, may be empty
};

struct Duration {
  double target_minutes = 0;
  double estimated_minutes = 0;            // from words per minute for the language
  std::optional<double> measured_seconds;  // set once audio is rendered
};

struct InsightCoverage {
  std::string insight;
  double coverage = 0;  // share of the insight's content terms the section's claims carry
  int content_sentences = 0;
  bool supported = false;  // the sources had material for it
};

struct Grounding {
  double supported_share = 0;  // content sentences whose support passes the threshold
  double threshold = 0;
  int content_sentences = 0;
  // Sentences a model wrote that the verifier rejected: sent back once with the finding
  // (repaired when the new version passed), left out of the lesson otherwise.
  int repaired_sentences = 0;
  int rejected_sentences = 0;
  std::vector<InsightCoverage> insights;
};

// Where a lesson's rendered audio lives: paths as the renderer wrote them, relative to the
// data directory when inside it (so that a data directory can move), else absolute.
struct LessonAudio {
  std::string mp3;
  std::string opus;
  std::string vtt;
  std::string chapters;  // Podcasting 2.0 chapters JSON
};

// What an engine that asks a model spent on a lesson; absent for the built-in engine.
struct EngineUsage {
  std::string model;
  int requests = 0;  // HTTP requests, retries included
  int retries = 0;
  long prompt_tokens = 0;
  long completion_tokens = 0;
};

struct Lesson {
  std::string id;  // "lesson_<slug>_<hash8>"
  std::string slug;
  std::string title;
  std::string description;
  std::vector<std::string> tags;
  std::string date;  // YYYY-MM-DD
  std::string plan;
  std::string topic;
  std::string overview;
  std::vector<std::string> insights;
  std::string host;
  std::string cohost;  // non-empty for a dialogue
  std::string style;   // "quick" | "deep"
  std::string format;  // "monologue" | "dialogue"
  std::string language;
  std::string engine;  // which engine composed it: "extractive", or "llm:<model>"
  std::optional<EngineUsage> usage;
  std::string brief_hash;
  std::string build_key;  // brief hash + source versions; see lesson_build_key()
  std::vector<ScriptSection> script;
  std::vector<FaqItem> faq;
  std::optional<BestQuote> best_quote;
  std::vector<CitedChunk> sources;
  Duration duration;
  Grounding grounding;
  std::vector<std::string> warnings;
  std::optional<LessonAudio> audio;  // set once audio is rendered
  // Lessons made in the browser start as drafts that only their creator sees; lessons made on
  // the command line are published.
  bool published = true;
  // Which stored version of the lesson this is (issue 32): 1 as composed, one more with each
  // edit applied (`lectio lesson apply`, the web editor) or revert.
  int version = 1;
  // Flashcards and a quiz (the study module makes them with the lesson); absent for lessons
  // made before them until asked for (`lectio cards`).
  std::optional<StudySet> study;
};

[[nodiscard]] std::string lesson_to_json(const Lesson& lesson, int indent = 2);
// Throws InvalidInput when the text is not a lesson document.
[[nodiscard]] Lesson lesson_from_json(std::string_view json);
[[nodiscard]] std::string lesson_to_markdown(const Lesson& lesson);

// Every sentence of the script, in reading order.
std::vector<const ScriptSentence*> script_sentences(const Lesson& lesson);

}  // namespace lectio::lesson
