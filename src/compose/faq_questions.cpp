#include "faq_questions.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <initializer_list>
#include <regex>
#include <set>
#include <sstream>

#include "lectio/text/stopwords.h"
#include "lectio/text/terms.h"
#include "lectio/text/unicode.h"
#include "lectio/text/words.h"
#include "phrasing.h"
#include "phrasing_words.h"

namespace lectio::compose {

namespace {

// The term a Chinese sentence opens with in quotes before a colon ("“预依赖”：类似于 Depends"),
// as a manual lists the values of a field and says what each means; nothing otherwise.
// (std::regex reads bytes, so the quotes are found by hand.)
std::optional<std::string> quoted_term_zh(const std::string& sentence) {
  static constexpr std::array<std::string_view, 4> kBreaks = {" ", "，", "。", "："};
  for (const auto& [open, close] : {std::pair<std::string_view, std::string_view>{"“", "”"},
                                    std::pair<std::string_view, std::string_view>{"\"", "\""}}) {
    if (!sentence.starts_with(open)) continue;
    const std::size_t end = sentence.find(close, open.size());
    if (end == std::string::npos) return std::nullopt;
    std::string term = sentence.substr(open.size(), end - open.size());
    std::string_view rest = std::string_view(sentence).substr(end + close.size());
    while (rest.starts_with(" ")) rest.remove_prefix(1);
    const bool colon = rest.starts_with("：") || rest.starts_with(":");
    const bool short_term = !term.empty() && text::character_count(term) <= 12 &&
                            std::none_of(kBreaks.begin(), kBreaks.end(), [&](std::string_view b) {
                              return term.find(b) != std::string::npos;
                            });
    if (colon && short_term) return term;
    return std::nullopt;
  }
  return std::nullopt;
}

// "Moving the WAL file transactions back into the database is called a "checkpoint"." ->
// {"What is a checkpoint?", "checkpoint"}: a sentence that gives a name to what it describes
// defines the name. Its subject must say what is named: "This is known as indirect expansion."
// points back to a sentence the answer would not have.
std::optional<std::pair<std::string, std::string>> naming_question_en(const std::string& sentence) {
  static const std::regex kNaming(
      R"re(^([A-Z][\w-]*(?: [\w'’-]+){1,14}) (is|are) (?:called|known as|referred to as|termed) (?:(a|an|the) )?["“']?([A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2})["”']?[.,;:])re");
  std::smatch m;
  if (!std::regex_search(sentence, m, kNaming)) return std::nullopt;
  static const std::regex kPointing(R"(^(?:This|That|These|Those|It|They|Such|Each|Both)\b)");
  if (std::regex_search(m[1].str(), kPointing)) return std::nullopt;
  const std::string article = m[3].matched ? m[3].str() + " " : "";
  const std::string term = m[4].str();
  return std::make_pair(fmt::format("What {} {}{}?", m[2].str(), article, term), term);
}

// "……"$PATH" 变量的值也叫作 Shell 的搜索路径。" -> {"Shell 的搜索路径是什么？", the name}: the
// Chinese of naming_question(). The name ends the sentence (a name in an aside, "(有时候被称为
// 通配符)", is a gloss, not what the sentence defines), and what is named is said before the
// naming word, not pointed back to ("这叫作……").
std::optional<std::pair<std::string, std::string>> naming_question_zh(const std::string& sentence) {
  static constexpr std::array<std::string_view, 8> kNaming = {
      "也叫作", "也叫做", "也称为", "也称作", "被称为", "被称作", "叫作", "称为"};
  static constexpr std::array<std::string_view, 6> kPointing = {"这", "那", "它", "此", "其", "该"};
  static constexpr std::array<std::string_view, 9> kBreaks = {"，", "、", "；", "：",    "（",
                                                              "(",  "“",  "\"", "的时候"};
  for (std::string_view naming : kNaming) {
    const std::size_t at = sentence.find(naming);
    if (at == std::string::npos) continue;
    std::string_view name = std::string_view(sentence).substr(at + naming.size());
    if (!name.ends_with("。")) return std::nullopt;
    name.remove_suffix(std::string_view("。").size());
    while (name.starts_with(" ")) name.remove_prefix(1);
    // What is named: the clause before the naming word.
    std::string_view named = std::string_view(sentence).substr(0, at);
    if (const std::size_t comma = named.rfind("，"); comma != std::string_view::npos) {
      named.remove_prefix(comma + std::string_view("，").size());
    }
    const bool points = std::any_of(kPointing.begin(), kPointing.end(),
                                    [&](std::string_view p) { return named.starts_with(p); });
    const bool plain_name = !name.empty() && text::character_count(name) <= 12 &&
                            std::none_of(kBreaks.begin(), kBreaks.end(), [&](std::string_view b) {
                              return name.find(b) != std::string_view::npos;
                            });
    if (points || named.empty() || !plain_name) return std::nullopt;
    return std::make_pair(fmt::format("{}是什么？", name), std::string(name));
  }
  return std::nullopt;
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
  // "A type is a subclass of another type if ..." states when a relation holds, not what a
  // type is: a predicate with a condition defines the relation, and "What is a type?" would go
  // unanswered.
  const std::string predicate = c.text.substr(static_cast<std::size_t>(m.length(0)));
  for (std::string_view cue : {" if ", " when ", " unless ", " whenever "}) {
    if (predicate.find(cue) != std::string::npos) return std::nullopt;
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

namespace {

// "可以在 Bash 脚本文件 "~/.bashrc" 中改变 "$PATH" 环境变量的值。" -> "在哪里可以改变 "$PATH"
// 环境变量的值？"; "你可以使用 alias 来列出所有的别名。" -> "怎样列出所有的别名？": the Chinese
// of task_question(), a sentence that says where (in which file) or with what (which command)
// a task is done. The task is one clause that does not point back ("这", "它").
std::optional<std::string> task_question_zh(const std::string& sentence) {
  std::string_view s = sentence;
  for (std::string_view who : {"你", "用户", "我们"}) {
    if (s.starts_with(who)) {
      s.remove_prefix(who.size());
      break;
    }
  }
  if (s.starts_with("也")) s.remove_prefix(std::string_view("也").size());
  if (!s.starts_with("可以") || !s.ends_with("。")) return std::nullopt;
  s.remove_prefix(std::string_view("可以").size());
  s.remove_suffix(std::string_view("。").size());
  // Where: "在 X 中 / 里 Y"; with what: "使用 / 用 / 通过 / 利用 X 来 Y".
  std::string_view task;
  bool where = false;
  const auto after = [&](std::string_view open, std::initializer_list<std::string_view> closes) {
    if (!s.starts_with(open)) return false;
    for (std::string_view close : closes) {
      const std::size_t at = s.find(close, open.size());
      if (at == std::string_view::npos || at == open.size()) continue;
      // The file or command: a few words, not a clause ("在安装的时候，……").
      const std::string_view what = s.substr(open.size(), at - open.size());
      if (what.find("，") != std::string_view::npos || text::character_count(what) > 60) continue;
      task = s.substr(at + close.size());
      return true;
    }
    return false;
  };
  if (after("在", {"中", "里"})) {
    where = true;
  } else if (!after("使用", {"来"}) && !after("通过", {"来"}) && !after("利用", {"来"}) &&
             !after("用", {"来"})) {
    return std::nullopt;
  }
  while (task.starts_with(" ")) task.remove_prefix(1);
  const std::size_t length = text::character_count(task);
  if (length < 3 || length > 30) return std::nullopt;
  // One clause; nothing pointing back, where it opens ("此", "其") or anywhere ("这", "它":
  // "改变它的值").
  const auto holds = [&](std::string_view w) { return task.find(w) != std::string_view::npos; };
  const auto opens = [&](std::string_view w) { return task.starts_with(w); };
  if (holds("，") || holds("；") || holds("：") || holds("。") || holds("这") || holds("它") ||
      opens("那") || opens("此") || opens("其") || opens("该")) {
    return std::nullopt;
  }
  return where ? fmt::format("在哪里可以{}？", task) : fmt::format("怎样{}？", task);
}

}  // namespace

namespace {

// The subject a Chinese sentence opens with, up to `at`: a few characters of one phrase that
// names a thing rather than pointing back to one ("后台任务", not "这个功能").
std::optional<std::string_view> plain_subject_zh(std::string_view sentence, std::size_t at) {
  const std::string_view subject = sentence.substr(0, at);
  const std::size_t length = text::character_count(subject);
  if (length < 2 || length > 16) return std::nullopt;
  for (std::string_view bad : {"，", "、", "；", "：", "（", "(", "“", "\"", "。"}) {
    if (subject.find(bad) != std::string_view::npos) return std::nullopt;
  }
  for (std::string_view pointing : {"这", "那", "它", "此", "其", "该", "如果", "当"}) {
    if (subject.starts_with(pointing)) return std::nullopt;
  }
  return subject;
}

}  // namespace

std::optional<std::string> purpose_question(const std::string& sentence,
                                            const std::string& language) {
  if (language != "zh" || !sentence.ends_with("。")) return std::nullopt;
  for (std::string_view lets : {"让用户能够", "使用户能够", "让用户可以", "使用户可以", "让你能够",
                                "使你能够", "让你可以", "使你可以", "允许用户", "允许你"}) {
    const std::size_t at = sentence.find(lets);
    if (at == std::string::npos) continue;
    const auto subject = plain_subject_zh(sentence, at);
    if (!subject) return std::nullopt;
    return fmt::format("{}有什么用？", *subject);
  }
  return std::nullopt;
}

std::optional<std::string> list_question(const std::string& sentence, const std::string& language) {
  if (language != "zh" || !sentence.ends_with("。")) return std::nullopt;
  const std::size_t colon = sentence.find("：");
  if (colon == std::string::npos) return std::nullopt;
  const std::string_view items = std::string_view(sentence).substr(colon);
  if (items.find("、") == std::string_view::npos) return std::nullopt;  // a list of three or more
  const std::string_view head = std::string_view(sentence).substr(0, colon);
  for (std::string_view verb : {"涉及", "包括", "包含", "分为"}) {
    const std::size_t at = head.find(verb);
    if (at == std::string_view::npos) continue;
    const auto subject = plain_subject_zh(head, at);
    // Kept as written, the space before a Latin word too ("涉及哪些 shell 的内建命令").
    const std::string_view kind = head.substr(at + verb.size());
    const std::size_t kind_length = text::character_count(kind);
    if (!subject || kind_length < 2 || kind_length > 16 ||
        kind.find("，") != std::string_view::npos) {
      return std::nullopt;
    }
    return fmt::format("{}{}哪些{}？", *subject, verb, kind);
  }
  return std::nullopt;
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
  // "The "pull" command thus performs two operations: ..." -> "What does the pull command do?"
  // A manual's commands are what a learner asks about; the sentence says what one does (its
  // verb, in the present, after the name).
  static const std::regex kCommand(
      R"re(^(?:The )?["“]?([a-z][\w-]*(?: [a-z][\w-]*)?)["”]? command (?:(?:thus|also|only|always|then|first) )?([a-z]+s) )re");
  std::smatch m;
  if (!std::regex_search(sentence, m, kCommand)) return std::nullopt;
  const std::string verb = m[2].str();
  if (verb == "is" || verb == "was" || verb == "has" || verb == "does") return std::nullopt;
  return fmt::format("What does the {} command do?", m[1].str());
}

std::optional<std::string> heading_question(const std::string& heading,
                                            const std::string& language) {
  if (language == "zh") return std::nullopt;
  // "How to use bisect to find a regression", "3.2. How to merge"
  static const std::regex kHowTo(
      R"(^(?:[0-9]+(?:\.[0-9]+)*\.? )?How to ([a-z][\w-]*(?: [\w-]+)*)$)");
  std::smatch m;
  if (!std::regex_match(heading, m, kHowTo)) return std::nullopt;
  return fmt::format("How do you {}?", m[1].str());
}

std::optional<std::pair<std::string, std::string>> topic_question(const std::string& heading,
                                                                  const std::string& language) {
  if (language == "zh") return std::nullopt;
  const std::string spoken = spoken_heading(heading);
  const auto words = split_words(spoken);
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
  std::vector<std::string> words = split_words(heading);
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
