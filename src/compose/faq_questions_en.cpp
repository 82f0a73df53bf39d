#include "faq_questions_en.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <initializer_list>
#include <map>
#include <regex>
#include <set>
#include <string_view>

#include "lectio/text/stopwords.h"
#include "lectio/text/strings.h"
#include "phrasing.h"
#include "phrasing_words.h"

namespace lectio::compose {

namespace {

constexpr std::array<std::string_view, 4> kConditionCues = {" if ", " when ", " unless ",
                                                            " whenever "};

// Whether the words before the verb are a plain noun phrase a question can name on its own:
// no clause opens it ("If a command is ..."), no word points elsewhere or only counts ("This
// option", "Each section", "No valid warnings"), no clause inside it ("Options that are ...")
// and it ends on a word of its own, not on "of".
bool plain_subject(const std::string& subject) {
  static const std::set<std::string> kNotSubject = {
      "if",      "when",    "whenever",  "while",  "although", "though",  "because",   "since",
      "unless",  "once",    "after",     "before", "until",    "as",      "note",      "first",
      "then",    "however", "typically", "also",   "in",       "with",    "for",       "here",
      "there",   "so",      "thus",      "hence",  "instead",  "usually", "normally",  "this",
      "these",   "that",    "those",     "it",     "its",      "they",    "them",      "their",
      "such",    "each",    "both",      "other",  "another",  "same",    "following", "above",
      "below",   "which",   "who",       "whose",  "what",     "where",   "only",      "no",
      "any",     "all",     "every",     "some",   "most",     "many",    "several",   "either",
      "neither", "we",      "you",       "i",      "he",       "she",     "one",       "former",
      "latter",  "previous"};
  const auto words = text::split_whitespace(subject);
  if (words.empty() || words.size() > 5) return false;
  bool own = false;
  for (const auto& w : words) {
    const std::string l = text::ascii_lower(w);
    if (kNotSubject.contains(l)) return false;
    own = own || !text::is_stopword(l, "en");
  }
  return own && !text::is_stopword(text::ascii_lower(words.back()), "en");
}

// The subject as a question says it mid-sentence: its article kept, its first word in lower
// case unless a name ("BLOB values", or "Git history" when the material writes "Git" so).
std::string subject_phrase(const std::string& article, const std::string& subject,
                           const std::set<std::string>& names) {
  if (!article.empty()) return text::ascii_lower(article) + " " + subject;
  const auto words = text::split_whitespace(subject);
  if (!words.empty() && names.contains(words.front())) return subject;
  return lower_first(subject);
}

// Whether a phrase the question would carry points at text the question does not have: it
// holds, as a whole word, a demonstrative or "it" ("does not support it", "of that column"),
// or one of the `also` words a maker refuses besides ("them", "so", "than" ...). Case as
// written: these words stand inside a sentence.
bool points_elsewhere(std::string_view phrase, std::initializer_list<std::string_view> also) {
  static constexpr std::array<std::string_view, 6> kPointing = {"this",  "that", "these",
                                                                "those", "such", "it"};
  const auto word_char = [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) != 0 || ch == '_';
  };
  for (std::size_t at = 0; at < phrase.size();) {
    if (!word_char(phrase[at])) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < phrase.size() && word_char(phrase[end])) ++end;
    const std::string_view w = phrase.substr(at, end - at);
    if (std::find(kPointing.begin(), kPointing.end(), w) != kPointing.end() ||
        std::find(also.begin(), also.end(), w) != also.end()) {
      return true;
    }
    at = end;
  }
  return false;
}

}  // namespace

bool conditional_predicate(std::string_view predicate) {
  return std::any_of(kConditionCues.begin(), kConditionCues.end(), [&](std::string_view cue) {
    return predicate.find(cue) != std::string_view::npos;
  });
}

std::optional<StatementAsk> capability_question_en(const std::string& sentence,
                                                   const std::set<std::string>& names) {
  // The verbs that say what a thing makes possible ("lets" is left out: its object is who may,
  // "X lets you V", and the question would have to say them).
  static const std::regex kCapability(
      R"(^(?:(The|A|An) )?([A-Za-z][\w./+-]*(?: [\w./+-]+){0,4}) (allows|allow|enables|enable|permits|permit) ([a-z][\w-]*) )");
  std::smatch m;
  if (!std::regex_search(sentence, m, kCapability) || !plain_subject(m[2].str())) {
    return std::nullopt;
  }
  // "This allows us for example to ...": the object is an aside, not what is allowed.
  // "The -s option restricts enable to ...": a name after a verb, not what is allowed.
  static const std::set<std::string> kNoObject = {"for", "in", "with", "by", "at", "on", "to"};
  if (kNoObject.contains(m[4].str())) return std::nullopt;
  std::string verb = m[3].str();
  if (verb.ends_with('s')) verb.pop_back();
  const bool plural = m[3].str() == verb;
  return StatementAsk{fmt::format("What {} {} {}?", plural ? "do" : "does",
                                  subject_phrase(m[1].str(), m[2].str(), names), verb),
                      m[2].str(), true};
}

std::optional<StatementAsk> absence_question_en(const std::string& sentence,
                                                const std::set<std::string>& names) {
  // The whole sentence is the statement: a clause after the object ("..., but ...") may turn
  // the answer, and the question could not say it.
  static const std::regex kAbsence(
      R"(^(?:(The|A|An) )?([A-Z][\w.+-]*(?: [\w.+-]+){0,3}) (does not|doesn't|do not|don't) (have|support|allow|provide|use|need|require|include|impose|guarantee|accept|recognize|work|block|affect|modify|store) ([^,;:()]{3,70})\.$)");
  std::smatch m;
  if (!std::regex_search(sentence, m, kAbsence) || !plain_subject(m[2].str())) {
    return std::nullopt;
  }
  // An object that points back ("does not support it") asks about nothing.
  const std::string object = m[5].str();
  if (points_elsewhere(object, {"them", "so"})) return std::nullopt;
  const bool plural = m[3].str().starts_with("do ") || m[3].str().starts_with("don");
  return StatementAsk{
      fmt::format("{} {} {} {}?", plural ? "Do" : "Does",
                  subject_phrase(m[1].str(), m[2].str(), names), m[4].str(), object),
      m[2].str()};
}

std::optional<StatementAsk> default_question_en(const std::string& sentence) {
  static const std::regex kDefault(
      R"(^The default ([A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2}) (is|are) (?!not\b)\S)");
  std::smatch m;
  if (!std::regex_search(sentence, m, kDefault) || !plain_subject(m[1].str())) {
    return std::nullopt;
  }
  return StatementAsk{fmt::format("What {} the default {}?", m[2].str(), m[1].str()), m[1].str()};
}

std::optional<StatementAsk> meaning_question_en(const std::string& sentence,
                                                const std::set<std::string>& names) {
  // The subject may carry a value of its own ("an exit status of 0", "a file name of '-'").
  static const std::regex kMeans(
      R"re(^(?:(The|A|An) )?([A-Za-z][\w./+-]*(?: [\w./+'"‘’-]+){0,5}) (means|mean|stands for|stand for) \S)re");
  std::smatch m;
  if (!std::regex_search(sentence, m, kMeans) || !plain_subject(m[2].str()) ||
      points_elsewhere(m[2].str(), {})) {
    return std::nullopt;
  }
  const std::string verb = m[3].str();
  const bool plural = !verb.starts_with("means") && !verb.starts_with("stands");
  const std::string base = verb.starts_with("stand") ? "stand for" : "mean";
  return StatementAsk{fmt::format("What {} {} {}?", plural ? "do" : "does",
                                  subject_phrase(m[1].str(), m[2].str(), names), base),
                      m[2].str()};
}

std::optional<StatementAsk> usual_question_en(const std::string& sentence,
                                              const std::set<std::string>& names) {
  // The thing is a quoted name ('find', ‘grep’) or a short noun phrase; its verb is in the
  // third person singular ("examines", "creates"), not a copula or an auxiliary, whose question
  // would have to be turned another way ("By default, the command is run once").
  static const std::regex kUsual(
      R"re(^(By default|Normally|Usually), (?:(the|The) )?('[\w.+-]+'|‘[\w.+-]+’|[A-Za-z][\w.+-]*(?: [a-z][\w.+-]*){0,2}?) ([a-z]+[^s\W]s) \S)re");
  std::smatch m;
  if (!std::regex_search(sentence, m, kUsual)) return std::nullopt;
  static const std::set<std::string> kNotAction = {"is", "was", "has", "does", "goes"};
  const std::string subject = m[3].str();
  std::string bare = subject;
  for (std::string_view q : {"'", "‘", "’"}) {
    if (bare.starts_with(q)) bare.erase(0, q.size());
    if (bare.ends_with(q)) bare.erase(bare.size() - q.size());
  }
  if (kNotAction.contains(m[4].str()) || !plain_subject(bare) || points_elsewhere(bare, {})) {
    return std::nullopt;
  }
  const std::string thing = subject_phrase(m[2].str(), subject, names);
  return StatementAsk{m[1].str() == "By default" ? fmt::format("What does {} do by default?", thing)
                                                 : fmt::format("What does {} usually do?", thing),
                      bare};
}

std::optional<StatementAsk> manner_question_en(const std::string& sentence,
                                               const std::set<std::string>& names) {
  // The verb is a participle of a passive ("are converted", "may be combined"); what follows
  // it says how (by, using, through, via, as) or when. "into Y" stays with the verb: it says
  // what the thing becomes ("converted into TEXT values").
  static const std::regex kManner(
      R"(^(?:(The|A|An) )?([A-Za-z][\w./+-]*(?: [\w./+-]+){0,4}) (is|are|should be|must be|can be|may be) (?:(?:usually|normally|always|often|typically|generally|simply|automatically) )?([a-z]+ed|built|kept|sent|run|found|held|made|done|written|chosen|shown|given|taken|known|read|set) (?:(into [^,;:]{1,40}?) )?(by|using|through|via|as|when) ([a-z\w'"“‘-]+))");
  // "The traditional rollback journal works by writing a copy ..." -> "How does the
  // traditional rollback journal work?"
  static const std::regex kWorksBy(
      R"(^(?:(The|A|An) )?([A-Za-z][\w./+-]*(?: [\w./+-]+){0,4}) (works|work|operates|operate) by [a-z]+ing\b)");
  std::smatch m;
  if (std::regex_search(sentence, m, kWorksBy) && plain_subject(m[2].str())) {
    const bool plural = !m[3].str().ends_with('s');
    std::string verb = m[3].str();
    if (!plural) verb.pop_back();
    return StatementAsk{fmt::format("How {} {} {}?", plural ? "do" : "does",
                                    subject_phrase(m[1].str(), m[2].str(), names), verb),
                        m[2].str()};
  }
  if (!std::regex_search(sentence, m, kManner) || !plain_subject(m[2].str())) {
    return std::nullopt;
  }
  // A participle of permission, intent or naming says what may or should be, not how it is
  // done: "Shell variables are allowed as operands" is no manner of allowing.
  static const std::set<std::string> kNotDone = {
      "allowed",  "permitted",  "required",   "expected",    "supposed",   "intended",
      "designed", "considered", "encouraged", "recommended", "deprecated", "needed",
      "called",   "named",      "known",      "referred",    "said",       "termed"};
  if (kNotDone.contains(m[4].str())) return std::nullopt;
  const std::string how = m[6].str();
  const std::string next = m[7].str();
  // "enabled by default", "performed as described", "reused as necessary": not a manner.
  static const std::set<std::string> kNotManner = {
      "default",   "follows", "described", "necessary", "if",   "though", "well", "part",
      "shown",     "above",   "below",     "long",      "soon", "much",   "many", "required",
      "specified", "needed",  "noted",     "such",      "the",  "with"};
  if (kNotManner.contains(next) && !(how != "as" && next == "the")) return std::nullopt;
  // "into" over a few words, or with a participle of its own ("into the current line
  // separated by"), is a clause of its own, not the thing the verb makes.
  const std::string into = m[5].matched ? " " + m[5].str() : "";
  const auto into_words = text::split_whitespace(into);
  if (into_words.size() > 5 ||
      std::any_of(into_words.begin(), into_words.end(),
                  [](const std::string& w) { return w.ends_with("ed"); })) {
    return std::nullopt;
  }
  const std::string be = m[3].str();
  const std::string subject = subject_phrase(m[1].str(), m[2].str(), names);
  const std::string wh = how == "when" ? "When" : "How";
  if (be == "is" || be == "are") {
    return StatementAsk{fmt::format("{} {} {} {}{}?", wh, be, subject, m[4].str(), into),
                        m[2].str()};
  }
  // "may be combined" is asked as what can be done: "How can expressions be combined?"
  std::string modal = be.substr(0, be.find(' '));
  if (modal == "may") modal = "can";
  return StatementAsk{fmt::format("{} {} {} be {}{}?", wh, modal, subject, m[4].str(), into),
                      m[2].str()};
}

std::optional<std::pair<std::string, std::string>> appositive_naming_en(
    const std::string& sentence) {
  static const std::regex kAppositive(
      R"re(\b(?:a|an) [a-z][\w-]*(?: [a-z][\w-]*){0,3},? (or|called|known as|also called|also known as) (?:“|")([A-Za-z][\w.+-]*(?: [A-Za-z][\w.+-]*){0,2})(?:”|"))re");
  std::smatch m;
  if (!std::regex_search(sentence, m, kAppositive)) return std::nullopt;
  const std::string name = m[2].str();
  const bool term = m[1].str() == "or";
  const bool plural = name.ends_with('s') && !name.ends_with("ss");
  if (plural) return std::make_pair(fmt::format("What are {}?", name), name);
  if (!term) return std::make_pair(fmt::format("What is {}?", name), name);
  const bool vowel = std::string_view("aeiouAEIOU").find(name[0]) != std::string_view::npos;
  return std::make_pair(fmt::format("What is {} {}?", vowel ? "an" : "a", name), name);
}

std::optional<std::pair<std::string, std::string>> attribute_definition_en(
    const std::string& sentence) {
  static const std::regex kAttribute(
      R"(^The ([a-z][\w-]*(?: [a-z][\w-]*){0,2}) of ((?:a|an|the) )?([A-Za-z][\w-]*(?: [A-Za-z][\w-]*)?) (is|are) (?:a|an|the|one) )");
  std::smatch m;
  if (!std::regex_search(sentence, m, kAttribute)) return std::nullopt;
  // "The rest of this section is ...": a part of the text, or a thing pointed back to.
  static const std::set<std::string> kNotAttributes = {"rest",      "end",   "start", "beginning",
                                                       "remainder", "part",  "most",  "some",
                                                       "all",       "first", "last",  "remaining"};
  const std::string attribute = m[1].str();
  if (kNotAttributes.contains(text::split_whitespace(attribute).front()) ||
      points_elsewhere(m[3].str(), {"its", "their"})) {
    return std::nullopt;
  }
  // As for any definition: a predicate under a condition says when, not what.
  if (conditional_predicate(sentence.substr(static_cast<std::size_t>(m.length(0))))) {
    return std::nullopt;
  }
  return std::make_pair(
      fmt::format("What {} the {} of {}{}?", m[4].str(), attribute, m[2].str(), m[3].str()),
      attribute);
}

namespace {

// "When is S P?" of a subject and the state its condition makes true, or nothing when the state
// says too little alone.
std::optional<StatementAsk> condition_ask(const std::string& article, const std::string& subject,
                                          const std::string& verb, const std::string& state,
                                          const std::set<std::string>& names) {
  if (!plain_subject(subject)) return std::nullopt;
  // Adverbs that bound the statement read wrongly in the question ("When are assert statements
  // only enabled?"): the answer says them.
  static const std::set<std::string> kDropped = {"only",      "also",      "always",
                                                 "often",     "usually",   "sometimes",
                                                 "typically", "generally", "normally"};
  // A state that points back or compares ("as large as the database") says too little alone;
  // "Best practice is to avoid ... if ...": an infinitive is advice, not a state.
  if (points_elsewhere(state, {"its", "they", "them", "their", "so", "as", "than"}) ||
      state.starts_with("to ")) {
    return std::nullopt;
  }
  std::string kept;
  for (const auto& w : text::split_whitespace(state)) {
    if (!kDropped.contains(w)) kept += (kept.empty() ? "" : " ") + w;
  }
  if (kept.empty() || text::split_whitespace(kept).size() > 8) return std::nullopt;
  return StatementAsk{
      fmt::format("When {} {} {}?", verb, subject_phrase(article, subject, names), kept), subject};
}

}  // namespace

std::optional<StatementAsk> state_condition_question_en(const std::string& sentence,
                                                        const std::set<std::string>& names) {
  // "A super-journal is stale if no individual file journals are pointing to it." -> "When is
  // a super-journal stale?": what the subject is (a state, a kind, a participle) and the
  // condition under which it is so. The question asks the condition; the sentence gives it.
  static const std::regex kState(
      R"(^(?:(The|A|An) )?([A-Za-z][\w./+-]*(?: [\w./+-]+){0,4}) (is|are) ([^,;:()]{2,60}?) (?:if|when|whenever) \S)");
  // The condition first: "When an INTEGER or REAL is compared to another INTEGER or REAL, a
  // numerical comparison is performed." -> "When is a numerical comparison performed?".
  static const std::regex kFronted(
      R"(^(?:When|If|Whenever) [^,;:]{5,120}, (?:then )?(?:(the|a|an) )?([A-Za-z][\w./+-]*(?: [\w./+-]+){0,4}) (is|are) ([^,;:()]{2,60}?)\.$)");
  std::smatch m;
  if (std::regex_search(sentence, m, kState)) {
    return condition_ask(m[1].str(), m[2].str(), m[3].str(), m[4].str(), names);
  }
  // After its condition, a definite subject is the condition's own ("If a value ... is
  // inserted ..., the value is converted ..."): asked alone, "the value" names nothing.
  if (std::regex_search(sentence, m, kFronted) && m[1].str() != "the") {
    return condition_ask(m[1].str(), m[2].str(), m[3].str(), m[4].str(), names);
  }
  return std::nullopt;
}

std::optional<StatementAsk> count_question_en(const std::string& sentence) {
  // A small count in words: "There are 50240 distinct test cases" counts, it does not list.
  static const std::regex kCount(
      R"(^There (are|is) (two|three|four|five|six|seven|eight|nine|ten) ([A-Za-z][^:;,.()]*))");
  std::smatch m;
  if (!std::regex_search(sentence, m, kCount)) return std::nullopt;
  // The counted thing ends before a clause or a participle that says more of it ("test
  // harnesses used for testing ...", "subtypes of checkpoints that vary ...").
  static const std::set<std::string> kEnds = {"that", "which", "who", "where", "when", "but",
                                              "and",  "in",    "on",  "at",    "by"};
  std::string thing;
  for (const auto& w : text::split_whitespace(m[3].str())) {
    if (kEnds.contains(w) || (w.size() >= 4 && w.ends_with("ed") && !thing.empty())) break;
    thing += (thing.empty() ? "" : " ") + w;
  }
  const auto words = text::split_whitespace(thing);
  if (words.empty() || words.size() > 8 ||
      text::is_stopword(text::ascii_lower(words.back()), "en")) {
    return std::nullopt;
  }
  if (points_elsewhere(thing, {"its", "them"})) return std::nullopt;
  const std::size_t after = static_cast<std::size_t>(m.position(3)) + m[3].length();
  const bool listed = after < sentence.size() && sentence[after] == ':';
  StatementAsk ask{fmt::format("What {} the {} {}?", m[1].str(), m[2].str(), thing), thing};
  ask.whole = listed;
  return ask;
}

std::optional<StatementAsk> choice_question_en(const std::string& sentence) {
  static const std::regex kChoice(
      R"(^(?:Each|Every) ([a-z][^:;,]*?) (has|is assigned|is given|takes|uses|gets) one of )"
      R"((?:these|the following|two|three|four|five|six|seven|eight|nine|ten) )"
      R"(([A-Za-z][A-Za-z -]*[a-z]s):)");
  std::smatch m;
  if (!std::regex_search(sentence, m, kChoice)) return std::nullopt;
  // An aside in brackets says more of the thing; the question names the thing alone.
  static const std::regex kAside(R"(\s*\([^()]*\))");
  const std::string thing = std::regex_replace(m[1].str(), kAside, "");
  const auto words = text::split_whitespace(thing);
  if (words.empty() || words.size() > 8 || thing.find('(') != std::string::npos ||
      thing.find(')') != std::string::npos || points_elsewhere(thing, {"its", "them"})) {
    return std::nullopt;
  }
  static const std::map<std::string, std::string> kAsked = {
      {"has", "have"},          {"is assigned", "be assigned"},
      {"is given", "be given"}, {"takes", "take"},
      {"uses", "use"},          {"gets", "get"}};
  const std::string article = std::string("aeiou").find(thing[0]) != std::string::npos ? "an" : "a";
  return StatementAsk{
      fmt::format("Which {} can {} {} {}?", m[3].str(), article, thing, kAsked.at(m[2].str())),
      thing};
}

}  // namespace lectio::compose
