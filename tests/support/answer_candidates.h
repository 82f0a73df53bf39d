#pragma once
// Hand-made answer candidates for the tests of pick_answer (answer_core_test,
// answer_features_test). Needs src/ on the include path.
#include <string>
#include <string_view>
#include <vector>

#include "lectio/ask/answer_core.h"
#include "lectio/text/terms.h"

namespace lectio::ask {

// One candidate per sentence, all in one chunk, in the order given.
inline std::vector<extract::Candidate> candidates_of(const std::vector<std::string>& sentences) {
  std::vector<extract::Candidate> out;
  for (const std::string& s : sentences) {
    extract::Candidate c;
    c.text = c.original = s;
    c.position = static_cast<int>(out.size()) + 1;
    c.terms = text::terms(s, "en");
    c.previous = static_cast<int>(out.size()) - 1;
    out.push_back(std::move(c));
  }
  return out;
}

// The sentence pick_answer leads with, or "" when it refuses.
inline std::string lead(std::string_view question,
                        const std::vector<extract::Candidate>& candidates,
                        const PickOptions& options = {}) {
  const std::vector<int> picked = pick_answer(question, candidates, "en", options);
  return picked.empty() ? "" : candidates[static_cast<std::size_t>(picked.front())].original;
}

}  // namespace lectio::ask
