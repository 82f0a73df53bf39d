// English words that are not written as they are said: abbreviations, identifiers, camel case,
// letter-digit tokens, lower-case letter strings and symbols.
#include <algorithm>
#include <cctype>
#include <set>
#include <string>

#include "normalize_steps.h"
#include "numbers.h"
#include "regex_rewrite.h"

namespace lectio::speech::detail {

namespace {

struct Abbreviation {
  const char* pattern;
  const char* spoken;
};

// Case-sensitive: "No." is "number" only before a digit, "Dr." is "Doctor" only before a name.
const Abbreviation kAbbreviations[] = {
    {R"(e\.\s?g\.)", "for example"},
    {R"(i\.\s?e\.)", "that is"},
    {R"(etc\.)", "et cetera"},
    {R"([Vv]s\.?)", "versus"},
    {R"(Dr\.(?=\s+\p{Lu}))", "Doctor"},
    {R"(Mr\.?(?=\s+\p{Lu}))", "Mister"},
    {R"(Mrs\.?(?=\s+\p{Lu}))", "Missus"},
    {R"(Ms\.?(?=\s+\p{Lu}))", "Miz"},
    {R"(Prof\.(?=\s+\p{Lu}))", "Professor"},
    {R"(Jr\.)", "Junior"},
    {R"(Sr\.)", "Senior"},
    {R"(approx\.)", "approximately"},
    {R"(cf\.)", "compare"},
    {R"(et al\.)", "et al"},
    {R"(No\.(?=\s?\d))", "number"},
    {R"(Nos\.(?=\s?\d))", "numbers"},
    {R"([Ff]ig\.(?=\s?\d))", "figure"},
    {R"([Ee]q\.(?=\s?\d))", "equation"},
    {R"([Ss]ec\.(?=\s?\d))", "section"},
    {R"([Cc]h\.(?=\s?\d))", "chapter"},
    {R"([Vv]ol\.(?=\s?\d))", "volume"},
    {R"(pp\.(?=\s?\d))", "pages"},
    {R"(p\.(?=\s?\d))", "page"},
    {R"(ca\.(?=\s?\d))", "circa"},
    {R"(Inc\.)", "Incorporated"},
    {R"(Ltd\.)", "Limited"},
    {R"(Corp\.)", "Corporation"},
    {R"(Dept\.)", "Department"},
};

const std::vector<std::unique_ptr<Pattern>>& abbreviation_patterns() {
  static const auto kPatterns = [] {
    std::vector<std::unique_ptr<Pattern>> patterns;
    for (const Abbreviation& a : kAbbreviations) {
      patterns.push_back(std::make_unique<Pattern>(std::string(R"((?<![\p{L}\p{N}.]))") +
                                                   a.pattern + R"((?![\p{L}\p{N}]))"));
    }
    return patterns;
  }();
  return kPatterns;
}

// A sentence that ends in an abbreviation keeps its full stop.
std::string keep_final_stop(const Match& m, std::string spoken) {
  const std::string_view after = m.after();
  const bool last = after.find_first_not_of(" \t\n") == std::string_view::npos;
  return last && m.str().ends_with(".") ? spoken + "." : spoken;
}

const Pattern kDottedAcronym{R"((?<![\p{L}\p{N}.])((?:\p{Lu}\.){2,})(?![\p{L}\p{N}]))"};
const Pattern kNumberSign{R"((?<![\p{L}\p{N}])#\s?(?=\d))"};
const Pattern kSection{R"(§\s?)"};
const Pattern kSnake{R"((?<=[\p{L}\p{N}])_+(?=[\p{L}\p{N}]))"};
const Pattern kDottedName{R"((?<=\p{L})\.(?=\p{L}))"};
const Pattern kInnerHyphen{R"((?<=[\p{L}\p{N}])-(?=[\p{L}\p{N}]))"};
const Pattern kMixedCase{R"((?<![\p{L}\p{N}])[A-Za-z]*(?:[a-z][A-Z]|[A-Z]{2}[a-rt-z])[A-Za-z]*)"};
const Pattern kLetterDigit{
    R"((?<![\p{L}\p{N}])[\p{L}\p{N}]*(?:\p{L}\p{N}|\p{N}\p{L})[\p{L}\p{N}]*(?:\.\d+)?)"};
const Pattern kConsonants{R"((?<![\p{L}\p{N}'’])[b-df-hj-np-tv-xz]{2,4}(?![\p{L}\p{N}'’]))"};
const Pattern kWordSlash{R"(([\p{L}'’]+)\s?/\s?([\p{L}'’]+))"};

// Splits "TensorFlow" -> "Tensor Flow", "XMLHttp" -> "XML Http", "cuDNN" -> "cu DNN", but not
// the plural in "GPUs" nor the prefix in "McDonald".
std::string split_camel(std::string_view word) {
  std::string out;
  for (std::size_t i = 0; i < word.size(); ++i) {
    const char c = word[i];
    if (i > 0) {
      const bool prev_lower = std::islower(static_cast<unsigned char>(word[i - 1]));
      const bool upper = std::isupper(static_cast<unsigned char>(c));
      const bool next_lower =
          i + 1 < word.size() && std::islower(static_cast<unsigned char>(word[i + 1]));
      const bool plural_tail = i + 2 == word.size() && word[i + 1] == 's';
      const bool prefix = i == 2 && word.starts_with("Mc");
      if (upper && !prefix &&
          (prev_lower ||
           (next_lower && !plural_tail && std::isupper(static_cast<unsigned char>(word[i - 1]))))) {
        out += ' ';
      }
    }
    out += c;
  }
  return out;
}

// "H100" -> "H one hundred", "fp16" -> "F P sixteen", "3D" -> "three D".
std::string split_letter_digit(std::string_view token) {
  std::string out;
  std::size_t i = 0;
  while (i < token.size()) {
    const bool digit = std::isdigit(static_cast<unsigned char>(token[i]));
    std::size_t j = i;
    while (j < token.size() &&
           (digit ? (std::isdigit(static_cast<unsigned char>(token[j])) || token[j] == '.')
                  : !std::isdigit(static_cast<unsigned char>(token[j])))) {
      ++j;
    }
    const std::string_view run = token.substr(i, j - i);
    if (!out.empty()) out += ' ';
    out += digit ? en_number(run) : letter_a_before_word(std::string(run));
    i = j;
  }
  return out;
}

std::string symbols(std::string s) {
  static const Pattern kAnd{R"(\s*&\s*)"};
  static const Pattern kPercent{R"(\s*[%％])"};
  static const Pattern kPlus{R"(\s*\+\s*)"};
  static const Pattern kEquals{R"(\s*=\s*)"};
  static const Pattern kTilde{R"(~\s*(?=[\p{L}\p{N}]))"};
  static const Pattern kAt{R"(\s*@\s*)"};
  static const Pattern kDegrees{R"(\s*°)"};
  static const Pattern kSlash{R"(\s*/\s*)"};
  s = kWordSlash.rewrite(s, [](const Match& m) -> std::optional<std::string> {
    const auto lower = [](std::string_view w) {
      return std::islower(static_cast<unsigned char>(w[0])) != 0;
    };
    if (m.str(1) == "and" && m.str(2) == "or") return "and or";
    const std::string joiner = lower(m.str(1)) && lower(m.str(2)) ? " or " : " ";
    return std::string(m.str(1)) + joiner + std::string(m.str(2));
  });
  s = kAnd.replace(s, " and ");
  s = kPercent.replace(s, " percent");
  s = kPlus.replace(s, " plus ");
  s = kEquals.replace(s, " equals ");
  s = kTilde.replace(s, "about ");
  s = kAt.replace(s, " at ");
  s = kDegrees.replace(s, " degrees");
  static const std::pair<const char*, const char*> kMath[] = {{"≈", " approximately "},
                                                              {"≤", " less than or equal to "},
                                                              {"≥", " greater than or equal to "},
                                                              {"≠", " not equal to "},
                                                              {"±", " plus or minus "},
                                                              {"×", " times "},
                                                              {"÷", " divided by "},
                                                              {"→", " to "},
                                                              {"⇒", " to "},
                                                              {"->", " to "},
                                                              {"↔", " and "},
                                                              {" < ", " less than "},
                                                              {" > ", " greater than "},
                                                              {"…", "..."}};
  for (const auto& [symbol, spoken] : kMath) {
    std::string out;
    std::size_t from = 0;
    for (auto at = s.find(symbol); at != std::string::npos; at = s.find(symbol, from)) {
      out.append(s, from, at - from).append(spoken);
      from = at + std::string_view(symbol).size();
    }
    s = out.append(s, from);
  }
  return kSlash.replace(s, " slash ");
}

}  // namespace

std::string expand_abbreviations_en(std::string_view text) {
  std::string s = kNumberSign.replace(text, "number ");
  s = kSection.replace(s, "section ");
  for (std::size_t i = 0; i < std::size(kAbbreviations); ++i) {
    const std::string spoken = kAbbreviations[i].spoken;
    s = abbreviation_patterns()[i]->rewrite(
        s, [&](const Match& m) { return keep_final_stop(m, spoken); });
  }
  return kDottedAcronym.rewrite(s, [](const Match& m) {
    std::string letters(m.str(1));
    letters.erase(std::remove(letters.begin(), letters.end(), '.'), letters.end());
    return keep_final_stop(m, letter_a_before_word(spell_letters(letters)));
  });
}

std::string expand_words_en(std::string_view text) {
  std::string s = kSnake.replace(text, " ");
  s = kDottedName.replace(s, " dot ");
  s = kInnerHyphen.replace(s, " ");
  s = kMixedCase.rewrite(s, [](const Match& m) { return split_camel(m.str()); });
  s = kLetterDigit.rewrite(s, [](const Match& m) { return split_letter_digit(m.str()); });
  static const std::set<std::string, std::less<>> kInterjections = {
      "hmm", "mm", "shh", "psst", "brr", "grr", "zzz", "pst", "tsk"};
  s = kConsonants.rewrite(s, [](const Match& m) -> std::optional<std::string> {
    if (kInterjections.contains(m.str())) return std::nullopt;
    return spell_letters(m.str());
  });
  s = expand_acronyms(s, true);
  return symbols(std::move(s));
}

}  // namespace lectio::speech::detail
