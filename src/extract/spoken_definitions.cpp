#include "lectio/extract/spoken_definitions.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <regex>
#include <set>

#include "lectio/text/strings.h"
#include "lectio/text/wordnet.h"

namespace lectio::extract {

namespace {

constexpr std::string_view kOpenQuote = "\xe2\x80\x98";   // ‘
constexpr std::string_view kCloseQuote = "\xe2\x80\x99";  // ’
// The most words an option's argument has ("-exec command {} +"), and the longest run of names.
constexpr std::size_t kMaxArgumentWords = 3;
constexpr std::size_t kMaxNamesBytes = 80;
// What a listener cannot follow in a name as said (said_name()): "-exec command {} +".
constexpr std::string_view kUnsaidInName = "=[]{}<>|;$/\\`";

bool alpha(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

// "-A", "--after-context=NUM", "-name": a dash and a letter, or two dashes and a letter.
bool option_word(std::string_view t) {
  if (t.size() < 2 || t[0] != '-') return false;
  if (alpha(t[1])) return true;
  return t[1] == '-' && t.size() > 2 && alpha(t[2]);
}

// A word of an option's argument: "pattern", "NUM", "<number>", "+n", "-n", ";", "{}". A
// capitalised word ("True", "Print") opens the description instead.
bool argument_word(std::string_view t) {
  if (t == ";" || t == "{}" || t == "+") return true;
  // A placeholder: "<number>", "<pattern>".
  if (t.size() > 2 && t.size() <= 24 && t.front() == '<' && t.back() == '>') return true;
  if (t.size() == 2 && (t[0] == '+' || t[0] == '-') &&
      std::islower(static_cast<unsigned char>(t[1])))
    return true;
  const bool lower = std::all_of(t.begin(), t.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) || c == '-';
  });
  if (lower && alpha(t.front()) && t.size() <= 12) return true;
  // "NUM", "PATTERN", "SCRIPT-FILE": capitals only, two or more ("A" opens a sentence).
  const bool upper = std::all_of(t.begin(), t.end(), [](char c) {
    return std::isupper(static_cast<unsigned char>(c)) ||
           std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
  return upper && t.size() >= 2 && alpha(t.front());
}

bool quoted_opening(std::string_view t) {
  return t.starts_with(kOpenQuote) || t.starts_with('\'');
}

// `t` without the quote it opens with, if any ("‘-A" -> "-A").
std::string_view after_open_quote(std::string_view t) {
  if (t.starts_with(kOpenQuote)) return t.substr(kOpenQuote.size());
  return t.starts_with('\'') ? t.substr(1) : t;
}

bool quote_closes(std::string_view t) {
  return t.ends_with(kCloseQuote) || (t.size() > 1 && t.ends_with('\''));
}

// The token that closes the quote tokens[from] opens, at most kMaxArgumentWords words after it
// ("‘-exec command {} +’"), and the name they make; nothing when the quote runs on further.
std::optional<std::pair<std::size_t, std::string>> quoted_name(
    const std::vector<std::string>& tokens, std::size_t from) {
  std::size_t end = from;
  std::string name = tokens[from];
  while (!quote_closes(tokens[end]) && end + 1 < tokens.size() && end - from < kMaxArgumentWords) {
    name += " " + tokens[++end];
  }
  if (!quote_closes(tokens[end])) return std::nullopt;
  return std::make_pair(end, std::move(name));
}

// An Info definition's kind before its name: "Test:", "Action:", "Option:".
bool kind_word(std::string_view t) {
  return t.size() > 2 && t.ends_with(':') && std::isupper(static_cast<unsigned char>(t[0])) &&
         std::all_of(t.begin() + 1, t.end() - 1,
                     [](char c) { return std::islower(static_cast<unsigned char>(c)); });
}

// The names a line opens with (and their kind, when the line gives it) and where they end (a
// token index).
std::size_t leading_names(const std::vector<std::string>& tokens, Definition& d) {
  std::size_t i = 0;
  std::size_t bytes = 0;
  while (i < tokens.size() && d.names.size() < kMaxDefinedNames) {
    if (kind_word(tokens[i]) && i + 1 < tokens.size() && option_word(tokens[i + 1])) {
      if (d.kind.empty())
        d.kind = text::ascii_lower(std::string_view(tokens[i]).substr(0, tokens[i].size() - 1));
      ++i;
    }
    const std::string& t = tokens[i];
    std::string name;
    if (quoted_opening(t)) {
      if (!option_word(after_open_quote(t))) break;
      auto quoted = quoted_name(tokens, i);
      if (!quoted) break;
      name = std::move(quoted->second);
      i = quoted->first + 1;
    } else if (option_word(t)) {
      name = t;
      ++i;
      for (std::size_t args = 0; i < tokens.size() && args < kMaxArgumentWords &&
                                 argument_word(tokens[i]) && !option_word(tokens[i]);
           ++args) {
        name += " " + tokens[i++];
      }
    } else {
      break;
    }
    bytes += name.size() + 1;
    if (bytes > kMaxNamesBytes) {
      d.names.clear();
      return 0;
    }
    d.names.push_back(std::move(name));
  }
  return i;
}

// The third person of a verb's base form: "print" -> "prints", "match" -> "matches", "copy"
// -> "copies".
std::string third_person(const std::string& verb) {
  if (verb == "be") return "is";
  if (verb == "have") return "has";
  if (verb == "do" || verb == "go") return verb + "es";
  for (std::string_view end : {"s", "x", "z", "ch", "sh", "o"}) {
    if (verb.ends_with(end)) return verb + "es";
  }
  if (verb.size() > 1 && verb.back() == 'y' &&
      std::string_view("aeiou").find(verb[verb.size() - 2]) == std::string_view::npos) {
    return verb.substr(0, verb.size() - 1) + "ies";
  }
  return verb + "s";
}

bool is_word(const std::string& w) {
  return !w.empty() && std::all_of(w.begin(), w.end(), alpha);
}

// Whether a finite verb comes within a few words after `at` ("File names can contain ...",
// "Options are ..."): the word at `at` then begins a subject.
bool finite_soon(const std::vector<std::string>& words, std::size_t at) {
  static constexpr std::array<std::string_view, 16> kFinite = {
      "is",   "are", "was",  "were",   "has",  "have",  "can",   "cannot",
      "will", "may", "must", "should", "does", "could", "would", "might"};
  constexpr std::size_t kSubjectWords = 3;
  for (std::size_t i = at + 1; i < words.size() && i <= at + kSubjectWords; ++i) {
    if (std::find(kFinite.begin(), kFinite.end(), text::ascii_lower(words[i])) != kFinite.end()) {
      return true;
    }
  }
  return false;
}

// Whether `words` from `at` open an imperative: a verb's base form ("Print", "return") that
// the next few words do not make a noun of: "File has N hard links", "Name of the file", "File
// names can contain quotes" (finite_soon()).
bool opens_imperative(const std::vector<std::string>& words, std::size_t at,
                      const text::WordNet& wordnet) {
  if (at + 1 >= words.size()) return false;
  if (!is_word(words[at]) || !wordnet.is_verb(text::ascii_lower(words[at]))) return false;
  const std::string after = text::ascii_lower(words[at + 1]);
  if (after == "of" || after == "'s") return false;
  return !finite_soon(words, at);
}

// Whether `words` open with a capitalised verb in the third person ("Succeeds if ...", "Prints
// the version", "Matches ..."), not a plural noun ("Options are ...": finite_soon()).
bool opens_third_person(const std::vector<std::string>& words, const text::WordNet& wordnet) {
  const std::string& word = words.front();
  if (word.size() < 4 || !std::isupper(static_cast<unsigned char>(word[0])) || !is_word(word) ||
      !word.ends_with('s') || finite_soon(words, 0)) {
    return false;
  }
  const std::string w = text::ascii_lower(word);
  if (w.ends_with("ss") || w.ends_with("us") || w.ends_with("is")) return false;
  if (wordnet.is_verb(w.substr(0, w.size() - 1))) return true;
  if (w.ends_with("ies") && wordnet.is_verb(w.substr(0, w.size() - 3) + "y")) return true;
  return w.ends_with("es") && wordnet.is_verb(w.substr(0, w.size() - 2));
}

// A base verb right after `word` ("then exit", "but ask") put in the third person, as the
// same subject's second predicate.
void agree_after(std::vector<std::string>& words, std::string_view word,
                 const text::WordNet& wordnet) {
  for (std::size_t i = 1; i + 1 < words.size(); ++i) {
    if (text::ascii_lower(words[i]) != word) continue;
    std::string next = words[i + 1];
    std::string tail;
    while (!next.empty() && !alpha(next.back())) {
      tail.insert(tail.begin(), next.back());
      next.pop_back();
    }
    if (is_word(next) && wordnet.is_verb(text::ascii_lower(next))) {
      words[i + 1] = third_person(text::ascii_lower(next)) + tail;
    }
  }
}

// "--no-decorate", "‘--no-group-separator’": an option that turns another off.
bool negative(const std::string& name) {
  return after_open_quote(name).starts_with("--no-");
}

// An option word without a value that stands for one ("--max-count=<number>", "--context=NUM",
// "--diff-merges=(off|on)", "-i[SUFFIX]", "--decorate[=short|full]"). A literal value
// ("--diff-merges=first-parent") is what the description is about, and stays.
std::string without_placeholder(const std::string& t) {
  const std::size_t bracket = t.find('[');
  const std::size_t eq = t.find('=');
  if (bracket != std::string::npos && (eq == std::string::npos || bracket < eq)) {
    return t.substr(0, bracket);
  }
  if (eq == std::string::npos || eq + 1 == t.size()) return t;
  const std::string_view value = std::string_view(t).substr(eq + 1);
  const bool stands_for_one =
      value[0] == '<' || value[0] == '(' || std::all_of(value.begin(), value.end(), [](char c) {
        return std::isupper(static_cast<unsigned char>(c)) || c == '-' || c == '_';
      });
  return stands_for_one ? t.substr(0, eq) : t;
}

// The name as said: a placeholder in angle brackets as its word ("-n <number>" -> "-n number"),
// without a value that stands for one (without_placeholder())
// or the ';' that ends a command ("-exec command ;" -> "-exec command"). Nothing when what is
// left still holds what nobody could follow ("-exec command {} +").
std::optional<std::string> said_name(const std::string& name) {
  std::string_view inner = name;
  std::string_view open, close;
  for (const auto& [o, c] :
       {std::pair<std::string_view, std::string_view>{kOpenQuote, kCloseQuote}, {"'", "'"}}) {
    if (inner.size() > o.size() + c.size() && inner.starts_with(o) && inner.ends_with(c)) {
      open = o;
      close = c;
      inner = inner.substr(o.size(), inner.size() - o.size() - c.size());
      break;
    }
  }
  const std::vector<std::string> tokens = text::split_whitespace(inner);
  std::string out;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    std::string t = tokens[i];
    if (i == 0) {
      t = without_placeholder(t);
      // "-NUM" stands for "-5": a placeholder, not a name to say.
      const std::string_view word = std::string_view(t).substr(t.find_first_not_of('-'));
      if (word.size() > 1 && std::all_of(word.begin(), word.end(), [](char c) {
            return std::isupper(static_cast<unsigned char>(c));
          })) {
        return std::nullopt;
      }
    }
    if (t.size() > 2 && t.front() == '<' && t.back() == '>') t = t.substr(1, t.size() - 2);
    if (t == ";" && i + 1 == tokens.size()) break;
    out += (out.empty() ? "" : " ") + t;
  }
  // One character is a name only in quotes ("‘g’"); bare, "-" or "x" is no name.
  if (out.size() < (open.empty() ? 2U : 1U) ||
      out.find_first_of(kUnsaidInName) != std::string::npos)
    return std::nullopt;
  return std::string(open) + out + std::string(close);
}

// The names' kind and what is said of them. A kind in the plural ("tests", of "These tests are
// like ...") is said of all the names together.
using Predicate = std::pair<std::string, std::string>;

std::string joined_from(const std::vector<std::string>& words, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < words.size(); ++i) out += (i > from ? " " : "") + words[i];
  return out;
}

// The description's predicate when it opens with a fixed phrase ("True if", "Same as", "Like",
// "Do not", "This option ..."), or nothing.
std::optional<Predicate> fixed_predicate(std::vector<std::string> words,
                                         const text::WordNet* wordnet) {
  const std::string first = text::ascii_lower(words[0]);
  const std::string second = text::ascii_lower(words[1]);
  if ((first == "true" || first == "false") &&
      (second == "if" || second == "when" || second == "unless")) {
    return Predicate("test", "is " + first + " " + joined_from(words, 1));
  }
  if (first == "same" && second == "as")
    return Predicate("option", "is the same " + joined_from(words, 1));
  if (first == "like") {
    // "Like '-execdir', but ask the user first.": "but asks".
    if (wordnet != nullptr) agree_after(words, "but", *wordnet);
    return Predicate("option", "is like " + joined_from(words, 1));
  }
  if (first == "do" && second == "not")
    return Predicate("option", "does not " + joined_from(words, 2));
  if (first == "don't") return Predicate("option", "doesn't " + joined_from(words, 1));
  // "Always true." (find's -true).
  if (first == "always" && (second == "true." || second == "false.")) {
    return Predicate("test", "is always " + second);
  }
  // "This option controls ..." under its names: the names are what "this option" points at;
  // "These tests are like ..." under two names, the same.
  if (first == "this" && (second == "option" || second == "test" || second == "action")) {
    return Predicate(second, joined_from(words, 2));
  }
  if (first == "these" && (second == "options" || second == "tests" || second == "actions")) {
    return Predicate(second, joined_from(words, 2));
  }
  // "This works as for ...", the same.
  if (first == "this" && wordnet != nullptr && second.size() > 3 && second.ends_with('s') &&
      wordnet->is_verb(second.substr(0, second.size() - 1))) {
    return Predicate("option", joined_from(words, 1));
  }
  return std::nullopt;
}

// The description's predicate when it opens with an imperative ("Print NUM lines ..." ->
// "prints NUM lines ..."), or nothing.
std::optional<Predicate> imperative_predicate(std::vector<std::string> words,
                                              const text::WordNet& wordnet) {
  // "Succeeds if ...", "Prints the version and exits.": the third person already.
  if (opens_third_person(words, wordnet)) {
    words[0] = text::ascii_lower(words[0]);
    return Predicate("option", joined_from(words, 0));
  }
  if (!opens_imperative(words, 0, wordnet)) return std::nullopt;
  words[0] = third_person(text::ascii_lower(words[0]));
  // "Execute COMMAND; true if ..." (an action's value): the same subject's second predicate.
  for (std::size_t i = 1; i + 1 < words.size(); ++i) {
    const std::string next = text::ascii_lower(words[i + 1]);
    if (words[i].ends_with(';') && (next == "true" || next == "false")) {
      words[i].back() = ',';
      words[i + 1] = "and is " + next;
    }
  }
  // "..., then exit." agrees with the same subject: "then exits".
  agree_after(words, "then", wordnet);
  return Predicate("option", joined_from(words, 0));
}

// The description as a predicate of its names and the kind of thing they name, or nothing.
std::optional<Predicate> predicate(const std::vector<std::string>& words,
                                   const text::WordNet* wordnet) {
  if (words.size() < 2) return std::nullopt;
  if (auto fixed = fixed_predicate(words, wordnet)) return fixed;
  if (wordnet == nullptr) return std::nullopt;
  return imperative_predicate(words, *wordnet);
}

// The definition with its description, the tokens from `from` on, when they open with a
// capitalised word ("Print", "True"); nothing when there are none or they do not.
std::optional<Definition> with_description(Definition d, const std::vector<std::string>& tokens,
                                           std::size_t from) {
  if (from >= tokens.size()) return std::nullopt;
  const std::string& opening = tokens[from];
  if (opening.size() < 2 || !std::isupper(static_cast<unsigned char>(opening[0])) ||
      !std::islower(static_cast<unsigned char>(opening[1]))) {
    return std::nullopt;
  }
  for (std::size_t i = from; i < tokens.size(); ++i) {
    if (i > from) d.description += ' ';
    d.description += tokens[i];
  }
  return d;
}

}  // namespace

std::optional<Definition> split_definition(std::string_view line) {
  const std::vector<std::string> tokens = text::split_whitespace(line);
  Definition d;
  const std::size_t end = leading_names(tokens, d);
  if (d.names.empty()) return std::nullopt;
  return with_description(std::move(d), tokens, end);
}

bool instructs(std::string_view sentence, const text::WordNet& wordnet) {
  const std::vector<std::string> words = text::split_whitespace(sentence);
  if (words.size() < 2) return false;
  std::size_t at = 0;
  const std::string first = text::ascii_lower(words[0]);
  if (first == "if" || first == "when" || first == "unless") {
    while (at < words.size() && !words[at].ends_with(',')) ++at;
    ++at;  // past the clause's comma
  } else if (first == "otherwise," || first == "then") {
    at = 1;
  }
  static constexpr std::array<std::string_view, 4> kAdverbs = {"just", "only", "then", "simply"};
  while (at < words.size() && std::find(kAdverbs.begin(), kAdverbs.end(),
                                        text::ascii_lower(words[at])) != kAdverbs.end()) {
    ++at;
  }
  return opens_imperative(words, at, wordnet);
}

std::optional<std::string> said_example(std::string_view command_line, std::string_view description,
                                        const text::WordNet& wordnet) {
  const std::vector<std::string> command = text::split_whitespace(command_line);
  constexpr std::size_t kMaxCommandWords = 6;
  if (command.size() < 2 || command.size() > kMaxCommandWords) return std::nullopt;
  const std::string& program = command[0];
  if (!std::all_of(
          program.begin(), program.end(),
          [](char c) { return std::islower(static_cast<unsigned char>(c)) || c == '-'; }) ||
      !alpha(program[0])) {
    return std::nullopt;
  }
  if (!std::any_of(command.begin() + 1, command.end(),
                   [](const std::string& w) { return option_word(w); })) {
    return std::nullopt;
  }
  // A command's words nobody could follow by ear: quotes, globs, absolute paths, revision
  // syntax ("release..test", "HEAD^").
  // A relative path ("builtin/rev-list.c") is said as it is written.
  constexpr std::string_view kUnsaidInCommand = "=[]{}<>|;$\\`\"'*^~:";
  for (const std::string& w : command) {
    if (w.find_first_of(kUnsaidInCommand) != std::string::npos || w.starts_with('/') ||
        w.find("..") != std::string::npos) {
      return std::nullopt;
    }
  }
  std::vector<std::string> words = text::split_whitespace(description);
  if (words.size() < 3) return std::nullopt;
  const std::string first = text::ascii_lower(words[0]);
  if (opens_third_person(words, wordnet)) {
    words[0] = first;  // "Shows the commits ...": the third person already
  } else if (opens_imperative(words, 0, wordnet)) {
    words[0] = third_person(first);
  } else {
    return std::nullopt;
  }
  agree_after(words, "but", wordnet);
  agree_after(words, "then", wordnet);
  std::string out = "Running";
  for (const std::string& w : command) out += " " + w;
  out += " " + joined_from(words, 0);
  if (out.back() != '.') out += '.';
  return out;
}

std::optional<Definition> split_quoted_definition(std::string_view line) {
  const std::vector<std::string> tokens = text::split_whitespace(line);
  if (tokens.empty() || !quoted_opening(tokens[0]) || option_word(after_open_quote(tokens[0]))) {
    return std::nullopt;
  }
  auto quoted = quoted_name(tokens, 0);
  if (!quoted) return std::nullopt;
  Definition d;
  d.names.push_back(std::move(quoted->second));
  return with_description(std::move(d), tokens, quoted->first + 1);
}

std::string item_kind(std::string_view lead_in) {
  static const std::regex kFollowing(R"(\bthe following ([A-Za-z]+):\s*$)", std::regex::icase);
  std::cmatch m;
  if (!std::regex_search(lead_in.data(), lead_in.data() + lead_in.size(), m, kFollowing)) {
    return {};
  }
  std::string kind = text::ascii_lower(m[1].str());
  // A generic word says how the items are laid out, not what they are.
  static const std::set<std::string> kGeneric = {"forms", "ways",     "cases", "steps",
                                                 "items", "things",   "ones",  "lines",
                                                 "rules", "examples", "points"};
  if (kGeneric.contains(kind) || kind.size() < 4 || !kind.ends_with('s')) return {};
  if (kind.ends_with("sses") || kind.ends_with("shes") || kind.ends_with("ches") ||
      kind.ends_with("xes")) {
    kind.resize(kind.size() - 2);
  } else if (kind.ends_with("ies")) {
    kind.resize(kind.size() - 3);
    kind += 'y';
  } else {
    kind.pop_back();
  }
  return kind;
}

bool opens_with_option(std::string_view line) {
  line = after_open_quote(line);
  return option_word(line.substr(0, line.find(' ')));
}

std::optional<Definition> names_only(std::string_view line) {
  const std::vector<std::string> tokens = text::split_whitespace(line);
  Definition d;
  const std::size_t end = leading_names(tokens, d);
  if (d.names.empty() || end != tokens.size()) return std::nullopt;
  return d;
}

std::optional<std::string> said_definition(const Definition& definition,
                                           const text::WordNet* wordnet) {
  // "--no-decorate" over "--decorate" and the description of what --decorate does: the
  // negative is said only when it is all there is.
  const bool positive = std::any_of(definition.names.begin(), definition.names.end(),
                                    [](const std::string& n) { return !negative(n); });
  std::vector<std::string> said;
  for (const std::string& n : definition.names) {
    if (positive && negative(n)) continue;
    auto name = said_name(n);
    if (name && std::find(said.begin(), said.end(), *name) == said.end()) {
      said.push_back(std::move(*name));
    }
  }
  if (said.empty()) return std::nullopt;
  const auto heard = predicate(text::split_whitespace(definition.description), wordnet);
  if (!heard) return std::nullopt;
  const bool plural = heard->first.ends_with('s');
  if (plural && said.size() < 2) return std::nullopt;  // "These tests are ..." of one name
  std::string kind = definition.kind.empty() ? heard->first : definition.kind;
  if (plural && !kind.ends_with('s')) kind += 's';
  std::string out = "The " + kind + " " + said[0];
  for (std::size_t i = 1; i < said.size(); ++i) {
    if (plural) {
      out += (i + 1 == said.size() ? " and " : ", ") + said[i];
    } else {
      out += (i == 1 ? ", or " : " or ") + said[i];
    }
  }
  if (said.size() > 1 && !plural) out += ",";
  return out + " " + heard->second;
}

}  // namespace lectio::extract
