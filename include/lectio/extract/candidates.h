#pragma once
// The sentences a lesson can be built from: every listenable sentence of the material's
// chunks, rewritten for the ear, with the features selection needs.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/lesson/lesson.h"
#include "lectio/lesson/material.h"

namespace lectio::extract {

struct Candidate {
  std::string text;      // as spoken and written in the transcript
  std::string original;  // verbatim from the chunk
  int chunk = 0;         // index into Material::chunks
  int position = 0;      // document order across the material
  int words = 0;
  bool dangling = false;  // opens by pointing back ("This", "It", "However") at something unsaid
  // The candidate that is the sentence right before this one in its chunk, or -1 when the
  // sentence opens its chunk or the one before it is not fit to be spoken. A dangling
  // sentence may only be spoken right after it.
  int previous = -1;
  std::vector<std::string> terms;          // content terms of the sentence
  std::vector<std::string> heading_terms;  // content terms of the chunk's heading path
  // An option's definition or an example said anew (ChunkSentence::definition).
  bool definition = false;
};

// The sentence as the transcript gives it: the source's text exactly (the speech normaliser
// says "e.g." and options aloud). std::nullopt when it is not fit to be heard as a claim
// (why_unfit() in listenable.h) or does not end like a sentence.
// `length_scale` as why_unfit()'s.
[[nodiscard]] std::optional<std::string> rewrite_for_listening(std::string_view sentence,
                                                               const std::string& language,
                                                               int length_scale = 1);

// A sentence of a chunk. `cut` marks the piece of a sentence the chunker cut at its word cap
// (the chunk's first when it opens mid-sentence, its last when it closes mid-sentence): no
// sentence a listener could follow, nor one to quote.
struct ChunkSentence {
  std::string text;
  bool cut = false;
  int line = 0;  // the chunk's line (block) it is in
  // A list said with its lead-in (spoken_lists.h): the lead-in's `text` is the sentence of both
  // and `lead_in` the lead-in as written; each item's piece is `item`, heard in that sentence.
  std::string lead_in;
  bool item = false;
  // The term a definition defines, on the definition's first sentence: the one an English
  // list's line opens with ("NULL" in "NULL. The value is a NULL value."), or a Chinese
  // term on the line above ("“预依赖”"). Heard before the definition, which alone would not
  // say what it defines.
  std::string term;
  // An option's definition said with its names as the subject (spoken_definitions.h): not the
  // source's sentence, so a sentence after it that points back ("This visits all commits ...")
  // is not taken to follow it (a reader of the page could not find the two side by side).
  bool definition = false;
};

// The sentence a line's last sentence `intro` is heard as when the `next` line is a shell
// command ("$ git log"): "... your changes using" -> "... your changes using git log.", the
// command said in a few plain words; "... with git commit:" -> "... with git commit.", the
// sentence naming the command already. Nothing when `next` is no command or neither holds.
[[nodiscard]] std::optional<std::string> with_its_command(const std::string& intro,
                                                          std::string_view next);

// The sentences of a chunk in order, as candidates are made of them: lines of a chunk are
// separate blocks (paragraphs, list items) and sentences stay inside them; a sentence that
// introduces a command on the next line is heard with it (with_its_command), and a list's
// lead-in with its items (said_with_items) when the list ends inside the chunk.
[[nodiscard]] std::vector<ChunkSentence> chunk_sentences(const Chunk& chunk,
                                                         const std::string& language);

// How many leading headings every chunk of each source shares (typically the document's
// title), by source id. Those say nothing about where a sentence belongs.
[[nodiscard]] std::map<std::string, std::size_t> shared_heading_depth(
    const std::vector<Chunk>& chunks);

[[nodiscard]] std::vector<Candidate> build_candidates(const lesson::Material& material,
                                                      const std::string& language);

// How a candidate is written into a script: as spoken (a lesson) or verbatim (an answer the
// learner reads beside its source).
enum class Wording { kSpoken, kVerbatim };

// The candidate as a content sentence that cites the chunk it came from (the one way a picked
// candidate becomes a cited sentence, for lessons, FAQs and answers alike).
[[nodiscard]] lesson::ScriptSentence cited_sentence(const Candidate& candidate,
                                                    const lesson::Material& material,
                                                    Wording wording = Wording::kSpoken);

}  // namespace lectio::extract
