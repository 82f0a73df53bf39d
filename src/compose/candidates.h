#pragma once
// The sentences a lesson can be built from: every listenable sentence of the material's
// chunks, rewritten for the ear, with the features selection needs.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/compose/engine.h"

namespace lectio::compose {

struct Candidate {
  std::string text;      // rewritten for listening
  std::string original;  // verbatim from the chunk
  int chunk = 0;         // index into Material::chunks
  int position = 0;      // document order across the material
  int words = 0;
  bool dangling = false;  // opens by pointing back ("This", "It", "However") at something unsaid
  std::vector<std::string> terms;          // content terms of the sentence
  std::vector<std::string> heading_terms;  // content terms of the chunk's heading path
};

// Rewrites one source sentence for listening: spells out "e.g." and friends, drops short
// bracketed asides and stray markup. std::nullopt when the sentence is not fit to be read as
// a claim (a fragment, a table row, a heading-like line, a link dump, far too long or short).
std::optional<std::string> rewrite_for_listening(std::string_view sentence,
                                                 const std::string& language);

// True when a sentence opens by pointing back at something it does not name.
bool opens_dangling(std::string_view sentence, const std::string& language);

std::vector<Candidate> build_candidates(const Material& material, const std::string& language);

}  // namespace lectio::compose
