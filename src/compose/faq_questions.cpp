#include "faq_questions.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>
#include <sstream>

#include "faq_questions_zh.h"
#include "lectio/text/stopwords.h"
#include "lectio/text/strings.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"
#include "phrasing.h"
#include "phrasing_words.h"

namespace lectio::compose {

namespace {

// "Moving the WAL file transactions back into the database is called a "checkpoint"." ->
// {"What is a checkpoint?", "checkpoint"}: a sentence that gives a name to what it describes
// defines the name. Its subject must say what is named: "This is known as indirect expansion."
// points back to a sentence the answer would not have.
std::optional<std::pair<std::string, std::string>> naming_question_en(const std::string& sentence) {
  static const std::regex kNaming(
      R"re(^([A-Z][\w-]*(?: [\w'’-]+){1,14}) (is|are) (?:called|known as|referred to as|termed) (?:(a|an|the) )?["“']?([A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2})["”']?[.,;:])re");
  std::smatch m;
  if (!std::regex_search(sentence, m, kNaming)) return appositive_naming_en(sentence);
  // "The HEAD in such a state is called ...": what is named is pointed back to.
  static const std::regex kPointing(
      R"(^(?:This|That|These|Those|It|They|Such|Each|Both)\b|\b(?:such|this|these|those)\b)");
  if (std::regex_search(m[1].str(), kPointing)) return std::nullopt;
  const std::string article = m[3].matched ? m[3].str() + " " : "";
  const std::string term = m[4].str();
  return std::make_pair(fmt::format("What {} {}{}?", m[2].str(), article, term), term);
}

}  // namespace

std::optional<std::pair<std::string, std::string>> naming_question(const extract::Candidate& c,
                                                                   const std::string& lang) {
  if (c.dangling) return std::nullopt;
  return lang == "zh" ? naming_question_zh(c.text) : naming_question_en(c.text);
}

std::optional<std::pair<std::string, std::string>> definition_question(const extract::Candidate& c,
                                                                       const std::string& lang) {
  if (c.dangling) return std::nullopt;
  if (lang == "zh") {
    const auto at = c.text.find("是");
    if (at == std::string::npos || at < 6 || at > 30) return std::nullopt;
    // "X是为……设计的" says what X was made for, not what X is.
    const std::string after = c.text.substr(at + std::string("是").size());
    for (std::string_view purpose : {"为", "因为", "由于"}) {
      if (after.rfind(purpose, 0) == 0) return std::nullopt;
    }
    const std::string subject = c.text.substr(0, at);
    for (std::string_view bad : {"，", "、", "（", "：", " ", "就", "不", "也", "都", "还", "只"}) {
      if (subject.find(bad) != std::string::npos) return std::nullopt;
    }
    return std::make_pair(fmt::format("{}是什么？", subject), subject);
  }
  // "“Context lines” are non-matching lines that are near a matching line.": a term in quotes
  // as the subject is being defined, whatever the predicate opens with.
  static const std::regex kQuoted(
      R"re(^(?:“|"|‘)([A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,3})(?:”|"|’) (is|are) (?!not\b)\w)re");
  std::smatch quoted;
  if (std::regex_search(c.text, quoted, kQuoted)) {
    const std::string term = lower_first(quoted[1].str());
    return std::make_pair(fmt::format("What {} {}?", quoted[2].str(), term), term);
  }
  if (auto q = attribute_definition_en(c.text)) return q;
  static const std::regex kDefinition(
      R"(^((?:(A|An|The) )?([A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2})) (is|are) (a|an|the|one|used|what|how|where|when|any) )");
  std::smatch m;
  if (!std::regex_search(c.text, m, kDefinition)) return std::nullopt;
  // "The value is a NULL value.": one common word after "the" is a thing the text spoke of
  // before, not a term it defines.
  if (m[2].str() == "The" && m[3].str().find(' ') == std::string::npos &&
      std::islower(static_cast<unsigned char>(m[3].str()[0])) &&
      m[3].str().find_first_of("0123456789-") == std::string::npos) {
    return std::nullopt;
  }
  if (conditional_predicate(
          std::string_view(c.text).substr(static_cast<std::size_t>(m.length(0))))) {
    return std::nullopt;
  }
  std::string subject = m[1].str();
  subject = lower_first(subject);
  const auto t = text::terms(m[3].str(), lang);
  if (t.empty()) return std::nullopt;
  // Each word of the term is written as words are ("lock", "Journal", "TH3"), not run
  // together by a PDF's layout ("QThe").
  static const std::regex kWord(R"(^(?:[a-z][a-z-]*|[A-Z][a-z-]*|[A-Z0-9-]+)$)");
  std::istringstream in(m[3].str());
  for (std::string w; in >> w;) {
    if (!std::regex_match(w, kWord)) return std::nullopt;
  }
  for (const auto& w : text::words(m[3].str())) {
    if (text::is_stopword(w, lang)) return std::nullopt;  // "Some of them are ..."
  }
  return std::make_pair(fmt::format("What {} {}?", m[4].str(), subject), m[3].str());
}

std::optional<std::pair<std::string, std::string>> term_question(const extract::Candidate& c,
                                                                 const std::string& lang) {
  if (lang != "zh" || c.dangling) return std::nullopt;
  const auto term = quoted_term_zh(c.text);
  if (!term) return std::nullopt;
  return std::make_pair(fmt::format("“{}”是什么意思？", *term), *term);
}

std::optional<std::string> purpose_question(const std::string& sentence,
                                            const std::string& language) {
  return language == "zh" ? purpose_question_zh(sentence) : std::nullopt;
}

std::optional<std::string> list_question(const std::string& sentence, const std::string& language) {
  return language == "zh" ? list_question_zh(sentence) : std::nullopt;
}

std::optional<StatementAsk> statement_question(const std::string& sentence,
                                               const std::string& language,
                                               const std::set<std::string>& names) {
  if (language == "zh") return std::nullopt;
  if (auto q = count_question_en(sentence)) return q;
  if (auto q = choice_question_en(sentence)) return q;
  if (auto q = absence_question_en(sentence, names)) return q;
  if (auto q = default_question_en(sentence)) return q;
  if (auto q = meaning_question_en(sentence, names)) return q;
  if (auto q = usual_question_en(sentence, names)) return q;
  if (auto q = capability_question_en(sentence, names)) return q;
  if (auto q = manner_question_en(sentence, names)) return q;
  return state_condition_question_en(sentence, names);
}

std::optional<std::string> task_question(const std::string& sentence, const std::string& language) {
  if (language == "zh") return task_question_zh(sentence);
  // "To X, Y ..." where X is a short verb phrase that names what it acts on.
  // The clause after the comma tells how: an instruction ("escape the inner backquotes") or
  // who does it ("we first read"). One that opens with an article or a pointing word starts a
  // statement, and the "To ..." before it was an aside ("To make matters worse, the change
  // ..."), not a task.
  // "If you need to X, use Y" says the same: what to do for a task.
  static const std::regex kTask(
      R"(^(?:To|If you (?:need|want|wish) to) ([a-z][a-z-]*(?: [A-Za-z0-9][\w-]*){1,7}), (?!(?:the|a|an|this|that|these|those|its|their|his|her|it|there)\b)[a-z])");
  std::smatch m;
  if (!std::regex_search(sentence, m, kTask)) return std::nullopt;
  const std::string task = m[1].str();
  // A task that points elsewhere, or at no particular thing ("make any further adjustments").
  static const std::regex kPointing(
      R"(\b(?:this|these|those|it|them|they|such|above|below|any|so)\b)");
  // "that" points when it is the object ("undo that"), not in "changes that you have pushed".
  static const std::regex kThat(R"(^[a-z-]+ that\b|\bthat$)");
  if (std::regex_search(task, kPointing) || std::regex_search(task, kThat)) return std::nullopt;
  return fmt::format("How do you {}?", task);
}

std::optional<std::string> command_question(const std::string& sentence,
                                            const std::string& language) {
  if (language == "zh") return std::nullopt;
  // "The "pull" command thus performs two operations: ..." -> "What does the pull command do?";
  // "The optional X-Python3-Version field specifies the versions ..." -> "What does the
  // X-Python3-Version field do?". A manual's commands, fields and options are what a learner
  // asks about; the sentence says what one does (its verb, in the present, after the name).
  // A name of one word may be written as the manual writes it ("X-Python3-Version"); one of
  // two is lower case ("git log").
  static const std::regex kCommand(
      R"re(^(?:The )?(?:optional )?["“]?([a-z][\w-]*(?: [a-z][\w-]*)?|[A-Za-z][\w.-]*[A-Za-z0-9])["”]? (command|field|option|variable|keyword|directive|setting) (?:(?:thus|also|only|always|then|first) )?([a-z]+s) )re");
  // An option's definition as said (spoken_definitions.h): "The option ‘-A NUM’, or
  // ‘--after-context’, prints NUM lines ..." -> "What does the option ‘-A NUM’ do?".
  // A name's second word is its argument ("-n number") unless it is the verb ("--since shows
  // commits", "--alternate-refs pretends as if"): the name of one word is tried first, and a
  // word in -s after it is its verb.
  // The name, in quotes or not, with its argument word (kNameWithArgument) or without it
  // (kName), then the other names as said_definition() joins them.
  static const std::string kName = R"re(((?:‘|')?--?[A-Za-z][\w-]*(?:’|')?))re";
  static const std::string kNameWithArgument =
      R"re(((?:‘|')?--?[A-Za-z][\w-]*(?: [A-Za-z][\w-]*)?(?:’|')?))re";
  static const std::string kOthers = R"re((?:, or [^,]+,)?)re";
  static const std::string kVerb = R"re( ([a-z]{3,}s) )re";
  static const std::regex kDefined("^The (option|action) " + kNameWithArgument + kOthers + kVerb);
  static const std::regex kDefinedShort("^The (option|action) " + kName + kOthers + kVerb);
  // "The test -name pattern, or -iname pattern, is true if ..." -> "When is the test -name
  // pattern true?".
  static const std::regex kTest("^The test " + kNameWithArgument + kOthers +
                                R"re( is true (?:if|when) )re");
  // A quoted name defined under its list's lead-in (split_quoted_definition()): "The flag ‘g’
  // applies the replacement ..." -> "What does the flag ‘g’ do?".
  static const std::regex kQuoted(R"re(^The ([a-z]{3,}) (‘[^’]{1,24}’)(?:, or [^,]+,)?)re" + kVerb);
  std::smatch m;
  if (std::regex_search(sentence, m, kQuoted) && m[3].str() != "does" && m[3].str() != "has") {
    return fmt::format("What does the {} {} do?", m[1].str(), m[2].str());
  }
  for (const std::regex* defined : {&kDefinedShort, &kDefined}) {
    if (std::regex_search(sentence, m, *defined) && m[3].str() != "does") {
      return fmt::format("What does the {} {} do?", m[1].str(), m[2].str());
    }
  }
  if (std::regex_search(sentence, m, kTest)) {
    return fmt::format("When is the test {} true?", m[1].str());
  }
  if (!std::regex_search(sentence, m, kCommand)) return std::nullopt;
  const std::string verb = m[3].str();
  if (verb == "is" || verb == "was" || verb == "has" || verb == "does") return std::nullopt;
  // "The following option ...", "The same field ...": a word of the text, not a name.
  static const std::set<std::string> kNotNames = {"following", "same",  "other", "next",
                                                  "previous",  "first", "last",  "new",
                                                  "default",   "above", "below", "given"};
  if (kNotNames.contains(m[1].str())) return std::nullopt;
  return fmt::format("What does the {} {} do?", m[1].str(), m[2].str());
}

std::optional<std::string> heading_question(const std::string& heading,
                                            const std::string& language) {
  if (language == "zh") return std::nullopt;
  // "How to use bisect to find a regression", "3.2. How to merge"
  static const std::regex kHowTo(
      R"(^(?:[0-9]+(?:\.[0-9]+)*\.? )?How to ([a-z][\w-]*(?: [\w-]+)*)$)");
  std::smatch m;
  if (std::regex_match(heading, m, kHowTo)) return fmt::format("How do you {}?", m[1].str());
  // A FAQ's own heading ("What should I put in user.name?", "4.2. Why is WAL faster?") is a
  // learner's question as written; a heading's aside in brackets or a colon's subtitle is not.
  static const std::regex kAsked(
      R"(^(?:[0-9]+(?:\.[0-9]+)*\.? )?((?:What|How|Why|When|Where|Which|Who|Can|Does|Do|Is|Are|Should|Will) [^?():;]+\?)$)");
  if (!std::regex_match(heading, m, kAsked)) return std::nullopt;
  const std::size_t words = text::split_whitespace(m[1].str()).size();
  if (words < 3 || words > 16) return std::nullopt;
  return m[1].str();
}

std::optional<std::pair<std::string, std::string>> topic_question(const std::string& heading,
                                                                  const std::string& language) {
  if (language == "zh") return std::nullopt;
  const std::string spoken = spoken_heading(heading);
  const auto words = text::split_whitespace(spoken);
  if (words.empty()) return std::nullopt;
  const auto ends_with = [](const std::string& w, std::string_view end) {
    return w.size() > end.size() + 2 && w.compare(w.size() - end.size(), end.size(), end) == 0;
  };
  // "Making changes", "Resolving a merge": an activity, asked as a task if at all.
  if (words.size() > 1 && ends_with(words[0], "ing")) return std::nullopt;
  // The parts any document has say nothing a learner would ask about.
  static const std::set<std::string> kParts = {
      "introduction", "overview",        "summary",
      "example",      "examples",        "notes",
      "note",         "details",         "usage",
      "description",  "contents",        "references",
      "conclusion",   "conclusions",     "background",
      "preface",      "appendix",        "index",
      "copyright",    "license",         "version",
      "bugs",         "history",         "abstract",
      "see also",     "further reading", "acknowledgements",
      "glossary",     "syntax"};
  if (kParts.count(spoken) > 0) return std::nullopt;
  const std::string& head = words.back();
  const bool plural = ends_with(head, "s") && !ends_with(head, "ss");
  std::string question = words.size() == 1 && !plural
                             ? fmt::format("What is {}?", spoken)
                             : fmt::format("What should I know about {}?", spoken);
  return std::make_pair(std::move(question), head);
}

namespace {

// The base form of an "-ing" word as the material writes it: "fixing" -> "fix", "resolving"
// -> "resolve", "getting" -> "get", "specifying" -> "specify"; empty when the material says
// none of them (a guessed form is not said).
std::string base_form(const std::string& ing, const std::set<std::string>& known) {
  const std::string stem = ing.substr(0, ing.size() - 3);
  std::vector<std::string> forms = {stem + "e", stem};
  if (stem.size() > 2 && stem.back() == stem[stem.size() - 2]) {
    forms.push_back(stem.substr(0, stem.size() - 1));
  }
  for (const std::string& f : forms) {
    if (known.count(f) > 0) return f;
  }
  return {};
}

}  // namespace

std::optional<std::string> activity_question(const std::string& heading,
                                             const std::set<std::string>& known,
                                             const std::string& language) {
  if (language == "zh") return std::nullopt;
  std::vector<std::string> words = text::split_whitespace(heading);
  while (!words.empty() && std::isdigit(static_cast<unsigned char>(words[0][0]))) {
    words.erase(words.begin());
  }
  static const std::string kPilcrow = "\u00b6";
  if (!words.empty() && words.back().ends_with(kPilcrow)) {
    words.back().resize(words.back().size() - kPilcrow.size());
    if (words.back().empty()) words.pop_back();
  }
  // An activity and what it acts on, short enough to ask in one breath.
  if (words.size() < 2 || words.size() > 8) return std::nullopt;
  for (const std::string& w : words) {
    if (!std::all_of(w.begin(), w.end(), [](unsigned char c) {
          return std::isalpha(c) || c == '-' || c == '\'' || c >= 0x80;
        })) {
      return std::nullopt;
    }
  }
  std::string first = words[0];
  if (!std::isupper(static_cast<unsigned char>(first[0])) || first.size() < 6 ||
      first.compare(first.size() - 3, 3, "ing") != 0) {
    return std::nullopt;
  }
  first[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(first[0])));
  const std::string verb = base_form(first, known);
  if (verb.empty()) return std::nullopt;
  std::string out = "How do you " + verb;
  for (std::size_t i = 1; i < words.size(); ++i) {
    std::string w = words[i];
    // A title's capitals are not names ("Supported Versions"); an acronym's are ("WAL").
    if (!is_acronym(w) &&
        std::all_of(w.begin() + 1, w.end(), [](unsigned char c) { return !std::isupper(c); })) {
      w[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(w[0])));
    }
    out += " " + w;
  }
  return out + "?";
}

}  // namespace lectio::compose
