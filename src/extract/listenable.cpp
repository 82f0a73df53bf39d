#include "lectio/extract/listenable.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <regex>
#include <vector>

#include "lectio/text/strings.h"

namespace lectio::extract {

namespace {

constexpr int kMinWords = 5;  // "This is called branch divergence." is a sentence
constexpr int kMaxWords = 45;
constexpr int kShortWords = 9;  // below this a sentence must carry a verb
constexpr int kMinChars = 8;    // Chinese, in characters
constexpr int kMaxChars = 140;

// Opening quotes and brackets that do not change how a sentence starts when heard.
std::string_view skip_openers(std::string_view s) {
  for (;;) {
    if (!s.empty() && (s[0] == '"' || s[0] == '\'' || s[0] == '(')) {
      s.remove_prefix(1);
      continue;
    }
    bool found = false;
    for (std::string_view q : {"\xe2\x80\x9c", "\xe2\x80\x98", "\xe3\x80\x8c", "\xef\xbc\x88"}) {
      if (s.substr(0, q.size()) == q) {
        s.remove_prefix(q.size());
        found = true;
      }
    }
    if (!found) return s;
  }
}

std::string bare_lower(std::string w) {
  std::erase_if(w, [](char c) { return std::ispunct(static_cast<unsigned char>(c)) && c != '\''; });
  std::transform(w.begin(), w.end(), w.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return w;
}

// Page layout: where something is on the page, not what it says.
const std::regex& layout_en() {
  static const std::regex re(
      R"(\b(the following|as follows|following (example|table|list|figure|section|command|)"
      R"(commands|options?|output|steps?)|below|above|(this|these|the next|the previous|)"
      R"(the preceding|a later|an earlier|a previous) (tables?|figures?|sections?|chapters?|)"
      R"(pages?|lists?|manual|document|node|menu|appendix|tutorial|notes|article|guide|post|)"
      R"(handbook|book|paper|example shows)|(see|refer to|described in|explained in|covered in|)"
      R"(discussed in|shown in) (the )?(section|chapter|figure|table|appendix|node|manual)|)"
      R"(^see\b|\(see\b|see also|here (is|are)\b|listed here|shown here|footnote|)"
      R"(in (section|chapter|appendix) [0-9A-Z]))",
      std::regex::icase | std::regex::optimize);
  return re;
}

// Text nobody reads aloud as it is written.
const std::regex& markup_any() {
  static const std::regex re(
      R"((https?://|ftp://|www\.|\b\d+\.\d+\.\d+|\b\d+\.\d+\.(\s|$)|(^|[\s"'(])(~?/|\.\.?/)\w|)"
      R"(/(etc|usr|var|home|opt|tmp|bin|dev|proc|lib|srv|sys)/|\$ |[{}\[\]<>\\`|]|&&|==|)"
      R"(\w\(\)|\w=\S|\s[-+*/=]\s\w+\s[-+*/=]\s))",
      std::regex::optimize);
  return re;
}

bool starts_with_word(std::string_view s, std::string_view w) {
  if (s.size() < w.size()) return false;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[i])) != w[i]) return false;
  }
  return s.size() == w.size() || !std::isalnum(static_cast<unsigned char>(s[w.size()]));
}

const std::array<std::string_view, 21> kDeterminers = {
    "the",   "a",     "an",      "all", "each", "every", "any", "its",  "their", "this", "that",
    "these", "those", "whether", "how", "what", "which", "one", "some", "no",    "your"};

const std::array<std::string_view, 12> kPrepositions = {"to",   "by",   "as", "for",  "in", "on",
                                                        "with", "from", "at", "when", "if", "into"};

template <std::size_t N>
bool in(const std::array<std::string_view, N>& list, const std::string& w) {
  return std::find(list.begin(), list.end(), w) != list.end();
}

// Definition lists and option tables describe an item whose name stands in another cell:
// "Used to ask for brief usage information.", "Prints the version and exits.",
// "Same as --verbose.", "True if the file is empty.". Heard alone, they have no subject.
bool subjectless(const std::vector<std::string>& words) {
  if (words.size() < 2) return true;
  const std::string first = bare_lower(words[0]);
  const std::string second = bare_lower(words[1]);
  if ((first == "same" || first == "similar" || first == "equivalent" || first == "short" ||
       first == "synonym" || first == "alias" || first == "identical") &&
      (second == "as" || second == "to" || second == "for")) {
    return true;
  }
  // A test's or an action's description: "True if the file name matches PATTERN."
  if ((first == "true" || first == "false") &&
      (second == "if" || second == "when" || second == "unless" || second == "for")) {
    return true;
  }
  const bool participle = first.size() > 4 && first.ends_with("ed");
  if (participle && in(kPrepositions, second)) return true;
  // A verb in the third person ("Prints", "Specifies") straight before its object.
  // Adverbs that end in -s open a sentence with its subject still to come ("Sometimes the
  // best way ...").
  static const std::array<std::string_view, 8> kAdverbs = {
      "sometimes", "always", "perhaps", "besides", "afterwards", "nowadays", "towards", "whereas"};
  const bool third_person = first.size() > 3 && first.ends_with('s') && !first.ends_with("ss") &&
                            !first.ends_with("us") && !first.ends_with("is") &&
                            !first.ends_with("'s") && !in(kAdverbs, first);
  return third_person && in(kDeterminers, second) && second != "that" && second != "this";
}

// Finite forms of "be", "have" and "do", and the modals: each makes a clause of the words
// around it.
const std::array<std::string_view, 22> kAuxiliaries = {
    "is",   "are", "was", "were",  "be",  "been",  "am",   "has",   "have",   "had",  "do",
    "does", "did", "can", "could", "may", "might", "must", "shall", "should", "will", "would"};

bool has_verb(const std::vector<std::string>& words) {
  static const std::array<std::string_view, 18> kCommonVerbs = {
      "being", "use",  "make", "run",  "take", "keep", "give", "get",  "go",
      "see",   "know", "need", "find", "set",  "put",  "let",  "work", "show"};
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string w = bare_lower(words[i]);
    if (in(kAuxiliaries, w) || in(kCommonVerbs, w)) return true;
    if (i > 0 && w.size() > 4 && (w.ends_with("ed") || w.ends_with("es") || w.ends_with("ing"))) {
      return true;
    }
    if (i > 0 && w.size() > 3 && w.ends_with('s') && !w.ends_with("ss")) return true;
  }
  return false;
}

// A definition list's term set in a column of its own, heard as a stray letter before the
// definition's text ("Q The expansion is ...", "K Produces a quoted version ...", "A The
// expansion is ..."; "A" and "I" are words, so only before a determiner).
bool opens_with_column_term(const std::vector<std::string>& words) {
  if (words.size() < 2 || words[0].size() != 1 || words[1].empty()) return false;
  if (!std::isalpha(static_cast<unsigned char>(words[0][0])) ||
      !std::isupper(static_cast<unsigned char>(words[1][0]))) {
    return false;
  }
  if (words[0] != "A" && words[0] != "I") return true;
  return in(kDeterminers, bare_lower(words[1]));
}

Unfit why_unfit_en(std::string_view sentence, int length_scale) {
  if (std::regex_search(sentence.begin(), sentence.end(), markup_any())) return Unfit::kMarkup;
  if (std::regex_search(sentence.begin(), sentence.end(), layout_en())) return Unfit::kLayout;
  const std::string_view opened = skip_openers(sentence);
  if (opened.empty() || !std::isupper(static_cast<unsigned char>(opened[0]))) {
    return Unfit::kFragment;  // "apt for all interactive ...", "-a in du, ls ...", "3 ..."
  }
  const std::vector<std::string> words = text::split_whitespace(sentence);
  const int n = static_cast<int>(words.size());
  if (n < kMinWords) return Unfit::kFragment;
  if (n > kMaxWords * length_scale) return Unfit::kLength;
  if (subjectless(words) || opens_with_column_term(words)) return Unfit::kFragment;
  if (n < kShortWords && !has_verb(words)) return Unfit::kFragment;
  // A list squeezed into a sentence ("a, b, c, d, e") is read as a list, not a thought.
  const auto commas = std::count(sentence.begin(), sentence.end(), ',');
  if (commas >= 4 && commas * 3 > n) return Unfit::kFragment;
  return Unfit::kNone;
}

int count_chars(std::string_view s) {
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

bool contains_any(std::string_view s, std::initializer_list<std::string_view> cues) {
  return std::any_of(cues.begin(), cues.end(),
                     [&](std::string_view c) { return s.find(c) != std::string_view::npos; });
}

bool starts_with_any(std::string_view s, std::initializer_list<std::string_view> cues) {
  return std::any_of(cues.begin(), cues.end(),
                     [&](std::string_view c) { return s.starts_with(c); });
}

Unfit why_unfit_zh(std::string_view sentence, int length_scale) {
  if (std::regex_search(sentence.begin(), sentence.end(), markup_any())) return Unfit::kMarkup;
  if (contains_any(sentence,
                   {"如下",   "下面",   "下列", "下表",   "上表",   "下图",   "上图",   "上述",
                    "以上",   "上面",   "以下", "见第",   "参见",   "参看",   "详见",   "请看",
                    "本节",   "本章",   "本文", "下方",   "下述",   "本手册", "本文档", "本页",
                    "这里是", "这里有", "脚注", "下一节", "上一节", "下一章", "上一章"})) {
    return Unfit::kLayout;
  }
  const std::string_view opened = skip_openers(sentence);
  if (opened.empty()) return Unfit::kFragment;
  const auto lead = static_cast<unsigned char>(opened[0]);
  if (lead < 0x80 && !std::isupper(lead) && !std::isdigit(lead)) return Unfit::kFragment;
  const int chars = count_chars(sentence);
  if (chars < kMinChars) return Unfit::kFragment;
  if (chars > kMaxChars * length_scale) return Unfit::kLength;
  // "与……相同。" "用于……。": a table cell describing an item named elsewhere.
  if (starts_with_any(opened, {"用于", "用来", "同上", "与此相同", "等同于", "表示"})) {
    return Unfit::kFragment;
  }
  return Unfit::kNone;
}

}  // namespace

Unfit why_unfit(std::string_view sentence, const std::string& language, int length_scale) {
  // A question in the source is a heading or a teaser ("What is a package?"), not a claim.
  if (sentence.ends_with('?') || sentence.ends_with("\xef\xbc\x9f")) return Unfit::kFragment;
  // A sentence that trails off ("A journal is hot if...") leads into a list the ear misses.
  if (sentence.ends_with("...") || sentence.ends_with("\xe2\x80\xa6")) return Unfit::kFragment;
  return language == "zh" ? why_unfit_zh(sentence, length_scale)
                          : why_unfit_en(sentence, length_scale);
}

bool has_finite_verb(std::string_view clause) {
  // A pronoun subject always has its verb; these forms of the auxiliaries are finite too.
  static const std::array<std::string_view, 10> kAlsoFinite = {
      "cannot", "i", "you", "we", "they", "he", "she", "it", "won't", "don't"};
  const std::vector<std::string> words = text::split_whitespace(clause);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string w = bare_lower(words[i]);
    if (in(kAuxiliaries, w) || in(kAlsoFinite, w)) return true;
    if (i == 0 || w.size() <= 3) continue;
    if (w.ends_with("ed")) return true;
    if (w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is")) {
      return true;
    }
  }
  return false;
}

bool points_back(std::string_view sentence, const std::string& language) {
  // A sentence wholly in brackets is an aside on the one before it: "(The portable POSIX
  // limit is 255, and even interval expressions with smaller counts can be impractically
  // slow ...)" after the sentence about interval expressions.
  std::string_view whole = sentence;
  while (!whole.empty() && (whole.back() == '.' || whole.back() == ' ')) whole.remove_suffix(1);
  if ((whole.starts_with("(") && whole.ends_with(")")) ||
      (whole.starts_with("（") && whole.ends_with("）"))) {
    return true;
  }
  const std::string_view s = skip_openers(sentence);
  if (language == "zh") {
    return starts_with_any(
        s, {"这",   "那",   "它",   "他",   "她",   "其",     "该",     "此",   "另外", "此外",
            "同时", "而且", "并且", "但",   "然而", "不过",   "因此",   "所以", "于是", "因而",
            "总之", "例如", "比如", "还",   "也",   "又",     "而",     "否则", "相反", "同样",
            "其次", "然后", "接着", "最后", "另一", "类似的", "类似地", "在这"});
  }
  // Pronouns, demonstratives and discourse connectives of English: each needs the sentence
  // before it to be understood.
  static const std::array<std::string_view, 54> kOpeners = {
      "it",          "its",          "it's",         "this",        "these",   "that",
      "those",       "they",         "them",         "their",       "he",      "she",
      "his",         "her",          "such",         "both",        "either",  "neither",
      "however",     "also",         "but",          "and",         "or",      "so",
      "thus",        "therefore",    "hence",        "otherwise",   "instead", "moreover",
      "furthermore", "additionally", "likewise",     "similarly",   "then",    "still",
      "yet",         "nevertheless", "nonetheless",  "meanwhile",   "other",   "another",
      "here",        "there's",      "consequently", "accordingly", "again",   "besides",
      "conversely",  "finally",      "next",         "now",         "once",    "alternatively"};
  for (std::string_view o : kOpeners) {
    if (starts_with_word(s, o)) return true;
  }
  for (std::string_view phrase :
       {"in this",         "in that",           "in these",      "in those",
        "in such",         "in addition",       "in contrast",   "in other words",
        "in turn",         "in short",          "in particular", "for this reason",
        "for that reason", "for these reasons", "as a result",   "on the other hand",
        "by contrast",     "the former",        "the latter",    "the above",
        "the same",        "the other",         "the next",      "the previous",
        "the last",        "the rest",          "the second",    "the third",
        "at this point",   "at that point",     "after that",    "before that",
        "even so",         "for example",       "for instance",  "as such",
        "to do so",        "to do this",        "in this case",  "in that case",
        "unlike",          "like this",         "as well"}) {
    if (starts_with_word(s, phrase)) return true;
  }
  // A part of what was just named: "Each of these tests has ...", "All of them store ...".
  static const std::regex kPartOfBack(
      R"(^(?:each|all|some|many|most|none|one|both|any|several|few|either|neither|two|three|four|five) of (?:these|those|them|this|that)\b)",
      std::regex::icase | std::regex::optimize);
  if (std::regex_search(s.begin(), s.end(), kPartOfBack)) return true;
  // A clause of condition or time whose subject points back: "If this branch is the only
  // branch containing those commits, ..." (after the command that would remove them).
  static const std::regex kFramedBack(
      R"(^(?:if|when|whenever|because|since|although|though|unless|while|once|after|before) (?:this|that|these|those|it|they|such)\b)",
      std::regex::icase | std::regex::optimize);
  if (std::regex_search(s.begin(), s.end(), kFramedBack)) return true;
  // Anywhere in it, a demonstrative that places what it names in the text before: "Be careful
  // with *that last command*: ..." (git's tutorial, after "git reset --hard HEAD^"), "the
  // former", "the preceding example"; "If you run git branch *at this point*, ..." (after the
  // commands that started a bisection). "The last commit" and "the previous commit" name a thing
  // of the subject (the newest commit, a commit's parent), not a place in the text.
  static const std::regex kBack(
      R"(\b(?:(?:this|that|these|those) (?:last|previous|preceding|above|former|latter)|the (?:above|preceding|former|latter)|(?:at|in) (?:this|that) (?:point|stage|step))\b)",
      std::regex::icase | std::regex::optimize);
  return std::regex_search(s.begin(), s.end(), kBack);
}

bool ends_like_sentence(std::string_view s, const std::string& language) {
  const bool zh = language == "zh";
  if (s.empty()) return false;
  const char last = s.back();
  if (last == '.' || last == '!' || last == '?') return true;
  if (last == '"' || last == ')')
    return s.size() > 1 && (s[s.size() - 2] == '.' || s[s.size() - 2] == '?');
  if (zh) {
    for (std::string_view end : {"\xe3\x80\x82", "\xef\xbc\x81", "\xef\xbc\x9f"}) {
      if (s.ends_with(end)) return true;
    }
    // A closing quote ends a sentence when the quotation's own stop is inside it ("……：“好。”");
    // a list item that ends on a quoted word ("同样称为“世界”和“所有人”") is no sentence.
    const std::string_view quote = "\xe2\x80\x9d";
    if (s.ends_with(quote))
      return ends_like_sentence(s.substr(0, s.size() - quote.size()), language);
  }
  return false;
}

}  // namespace lectio::extract
