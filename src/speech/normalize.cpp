// normalize_for_speech: the pipeline. Order matters: what is never spoken goes first, then the
// lexicons (so a user's entry beats every rule), then numbers (which need the symbols and
// letters around them), then words and symbols, and a final tidy of spaces and punctuation.
#include "lectio/speech/normalize.h"

#include "lectio/core/error.h"
#include "lectio/text/strings.h"
#include "normalize_steps.h"
#include "numbers.h"
#include "regex_rewrite.h"

namespace lectio::speech {

namespace {

using detail::Lang;
using detail::Match;
using detail::Pattern;

const Pattern kQuote{R"([“”„"«»「」『』]|(?<![\p{L}\p{N}])['‘’]|['‘’](?![\p{L}\p{N}]))"};
const Pattern kBracket{R"(\s*[()\[\]{}（）【】〔〕<>]\s*)"};
const Pattern kDash{R"(\s+[-–—]+\s+|\s*[—–]+\s*|\s*--+\s*|\s*[|·•]\s*)"};
const Pattern kLeftover{R"([*_`#~^\\]+)"};
const Pattern kSpaceBeforePunct{R"(\s+(?=[,.;:!?，。；：！？、]))"};
const Pattern kRepeatedComma{R"(([,;:，；：])(?:\s*[,;:，；：])+)"};
const Pattern kCommaBeforeStop{R"([,;:，；：]\s*(?=[.!?。！？]))"};
const Pattern kTightComma{R"((?<=\p{L}),(?=\p{L}))"};
const Pattern kEdges{R"(^[\s,.;:，。；：、]+|[\s,;:，；：、]+$)"};
const Pattern kHanSpace{
    R"((?<=[\p{Han}，。！？；：、（）“”])\s+|\s+(?=[\p{Han}，。！？；：、（）“”]))"};

std::string tidy(std::string s, Lang lang) {
  s = kQuote.replace(s, "");
  s = kBracket.replace(s, lang == Lang::kZh ? "，" : ", ");
  s = kDash.replace(s, lang == Lang::kZh ? "，" : ", ");
  s = kLeftover.replace(s, " ");
  s = text::collapse_whitespace(s);
  s = kSpaceBeforePunct.replace(s, "");
  s = kRepeatedComma.rewrite(s, [](const Match& m) { return std::string(m.str(1)); });
  s = kCommaBeforeStop.replace(s, "");
  if (lang == Lang::kEn) s = kTightComma.replace(s, ", ");
  s = kEdges.replace(s, "");
  if (lang == Lang::kZh) s = kHanSpace.replace(s, "");
  return s;
}

}  // namespace

std::string normalize_for_speech(std::string_view text, const std::string& language,
                                 const Lexicon& lexicon) {
  if (!text::is_valid_utf8(text)) {
    throw InvalidInput("text to speak is not valid UTF-8: " + std::string(text.substr(0, 40)));
  }
  const Lang lang = language.starts_with("zh") ? Lang::kZh : Lang::kEn;
  std::string s = detail::strip_markup(text);
  s = detail::speak_links(s, lang);
  s = detail::speak_code(s, lang);
  detail::Shelter shelter;
  s = detail::apply_lexicon(s, lexicon, shelter);
  s = detail::apply_lexicon(s, detail::builtin_lexicon(lang), shelter);
  if (lang == Lang::kZh) {
    s = detail::expand_numbers_zh(s);
    s = detail::expand_words_zh(s);
  } else {
    s = detail::expand_abbreviations_en(s);
    s = detail::expand_numbers_en(s);
    s = detail::expand_words_en(s);
  }
  return tidy(shelter.restore(s), lang);
}

}  // namespace lectio::speech
