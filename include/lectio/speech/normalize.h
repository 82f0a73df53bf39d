#pragma once
// Text normalisation for speech: turns written text into what a narrator would say, so that
// the synthesiser reads "GPU" as "G P U", "3.5%" as "three point five percent" and never reads
// citation markers, markdown, emoji or raw URLs aloud.
#include <filesystem>
#include <map>
#include <string>
#include <string_view>

namespace lectio::speech {

// A user pronunciation lexicon: word -> spoken form, applied before every other rule.
// Matching is case-sensitive for all-caps entries ("SQL") and case-insensitive otherwise.
struct Lexicon {
  std::map<std::string, std::string> entries;

  // Loads `lexicon.yaml`: a mapping of word to spoken form. Throws InvalidInput naming the
  // file and the entry that is wrong.
  static Lexicon load(const std::filesystem::path& path);
};

// Normalises one sentence for `language` ("en" or "zh"). Pure and thread-safe.
std::string normalize_for_speech(std::string_view text, const std::string& language,
                                 const Lexicon& lexicon = {});

}  // namespace lectio::speech
