#include "faq_questions_zh.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <initializer_list>

#include "lectio/text/pointing.h"
#include "lectio/text/unicode.h"

namespace lectio::compose {

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
  if (text::opens_with_pointer_zh(subject) || subject.starts_with("如果") ||
      subject.starts_with("当")) {
    return std::nullopt;
  }
  return subject;
}

}  // namespace

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

// "……"$PATH" 变量的值也叫作 Shell 的搜索路径。" -> {"Shell 的搜索路径是什么？", the name}: the
// Chinese of naming_question(). The name ends the sentence (a name in an aside, "(有时候被称为
// 通配符)", is a gloss, not what the sentence defines), and what is named is said before the
// naming word, not pointed back to ("这叫作……").
std::optional<std::pair<std::string, std::string>> naming_question_zh(const std::string& sentence) {
  static constexpr std::array<std::string_view, 8> kNaming = {
      "也叫作", "也叫做", "也称为", "也称作", "被称为", "被称作", "叫作", "称为"};
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
    const bool points = text::opens_with_pointer_zh(named);
    const bool plain_name = !name.empty() && text::character_count(name) <= 12 &&
                            std::none_of(kBreaks.begin(), kBreaks.end(), [&](std::string_view b) {
                              return name.find(b) != std::string_view::npos;
                            });
    if (points || named.empty() || !plain_name) return std::nullopt;
    return std::make_pair(fmt::format("{}是什么？", name), std::string(name));
  }
  return std::nullopt;
}

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
  // One clause, pointing back nowhere ("改变它的值", "查看该文件").
  const auto holds = [&](std::string_view w) { return task.find(w) != std::string_view::npos; };
  if (holds("，") || holds("；") || holds("：") || holds("。") || text::holds_pointer_zh(task)) {
    return std::nullopt;
  }
  return where ? fmt::format("在哪里可以{}？", task) : fmt::format("怎样{}？", task);
}

std::optional<std::string> purpose_question_zh(const std::string& sentence) {
  if (!sentence.ends_with("。")) return std::nullopt;
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

std::optional<std::string> list_question_zh(const std::string& sentence) {
  if (!sentence.ends_with("。")) return std::nullopt;
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

}  // namespace lectio::compose
