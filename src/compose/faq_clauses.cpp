#include "faq_clauses.h"

#include <fmt/format.h>

#include <regex>
#include <string_view>

#include "lectio/text/pointing.h"
#include "lectio/text/strings.h"
#include "lectio/text/unicode.h"
#include "phrasing.h"
#include "phrasing_words.h"

namespace lectio::compose {

namespace {

// The text with its typographic apostrophes plain ("isn’t" -> "isn't").
std::string plain_form(const std::string& text) {
  std::string plain = text;
  for (std::size_t at; (at = plain.find("\u2019")) != std::string::npos;) plain.replace(at, 3, "'");
  return plain;
}

// Plain words only, between min_words and max_words of them: what a listener hears as written.
bool plain_words(const std::string& text, std::size_t min_words, std::size_t max_words) {
  static const std::regex kPlain(R"(^[A-Za-z0-9][A-Za-z0-9 '\-]*$)");
  const std::string plain = plain_form(text);
  if (!std::regex_match(plain, kPlain)) return false;
  const auto n = text::split_whitespace(plain).size();
  return n >= min_words && n <= max_words;
}

// A condition a learner can ask about as it stands: a clause of a few plain words that points
// at nothing said before and is not a task ("If you need to ...", which task_question asks).
bool askable_condition(const std::string& condition) {
  if (!plain_words(condition, 3, 14)) return false;
  const std::string plain = plain_form(condition);
  const auto words = text::split_whitespace(plain);
  // "When not specified", "When using the $(command) form": no clause of its own.
  const std::string& first = words[0];
  if (first == "not" || (first.size() > 4 && first.ends_with("ing"))) return false;
  static const std::regex kTask(R"(^you (?:just |only )?(?:need|want|wish|intend) to\b)");
  if (std::regex_search(plain, kTask)) return false;
  // "If that is not the case", "If this login name is ...": what it means is said elsewhere.
  static const std::regex kPointing(
      R"(\b(?:this|these|those|it|its|they|them|their|such|above|below|so|therefore|thus|however|also|instead|otherwise)\b)");
  static const std::regex kThat(
      R"((?:^|\b(?:of|in|on|for|to|with|by|from|at|is|was|are|do|does|did) )that\b)");
  return !std::regex_search(plain, kPointing) && !std::regex_search(plain, kThat);
}

std::optional<std::string> condition_question_zh(const std::string& sentence) {
  const std::string comma = "，";
  std::string lead;
  std::string condition;
  if (sentence.rfind("如果", 0) == 0) {
    lead = "如果";
    const auto end = sentence.find(comma);
    if (end == std::string::npos) return std::nullopt;
    condition = sentence.substr(lead.size(), end - lead.size());
  } else if (sentence.rfind("当", 0) == 0) {
    lead = "当";
    // "当……时，" or "当……的时候，": the condition ends at the first of them.
    auto end = sentence.find("时" + comma);
    const auto spoken = sentence.find("的时候" + comma);
    if (spoken != std::string::npos && (end == std::string::npos || spoken < end)) end = spoken;
    if (end == std::string::npos) return std::nullopt;
    condition = sentence.substr(lead.size(), end - lead.size());
  } else {
    return std::nullopt;
  }
  // What follows for the listener ("你需要……") is advice for their situation, not what
  // happens: "会怎样？" would not be answered.
  const auto comma_at = sentence.find(comma, lead.size() + condition.size());
  if (comma_at != std::string::npos &&
      std::string_view(sentence).substr(comma_at + comma.size()).starts_with("你")) {
    return std::nullopt;
  }
  // Four to thirty characters (three bytes each), no pointing word, no second clause.
  if (condition.size() < 12 || condition.size() > 90) return std::nullopt;
  if (text::holds_pointer_zh(condition)) return std::nullopt;
  for (std::string_view bad : {"、", "（", "：", "；"}) {
    if (condition.find(bad) != std::string::npos) return std::nullopt;
  }
  return lead == "当" ? fmt::format("当{}时，会怎样？", condition)
                      : fmt::format("如果{}，会怎样？", condition);
}

}  // namespace

std::optional<std::string> condition_question(const std::string& sentence,
                                              const std::string& language) {
  if (language == "zh") return condition_question_zh(sentence);
  if (sentence.size() > 400) return std::nullopt;  // a breath, and a bound for the matcher
  // "If X, Y", "If X then Y", "When X, Y": the condition, then what follows from it.
  // A "then" ends the condition where it stands: the commas before it may be a list's.
  static const std::regex kThen(R"(^(If|When) (.+?),? then (.+)$)");
  static const std::regex kComma(R"(^(If|When) (.+?), (.+)$)");
  std::smatch m;
  if (!std::regex_match(sentence, m, kThen) && !std::regex_match(sentence, m, kComma)) {
    return std::nullopt;
  }
  if (text::split_whitespace(m[3].str()).size() < 3 || !askable_condition(m[2].str()))
    return std::nullopt;
  // "..., you need to think about ...": advice for the listener's situation, not what happens.
  if (m[3].str().starts_with("you ")) return std::nullopt;
  return fmt::format("What happens {} {}?", m[1].str() == "If" ? "if" : "when", m[2].str());
}

namespace {

// "write transactions are very fast" -> "Why are write transactions very fast?": the verb
// moves before its subject, a short noun phrase that points at nothing said before.
std::optional<std::string> why_of(const std::string& statement) {
  static const std::regex kStatement(
      R"(^([A-Za-z][\w-]*(?: [\w-]+){0,5}?) (is|are|can|must|should|will) ([\w' -]+)$)");
  std::smatch m;
  if (!plain_words(statement, 3, 16) || !std::regex_match(statement, m, kStatement)) {
    return std::nullopt;
  }
  static const std::regex kPointing(
      R"(^(?:it|this|that|these|those|they|there|such|here|however|thus|so|which|what|who)\b|\b(?:it|they|them|this|these|those|such)\b)",
      std::regex::icase);
  const std::string subject = m[1].str();
  if (std::regex_search(subject, kPointing) || m[3].str().find("not ") == 0) {
    return std::nullopt;
  }
  // A subject of one word may be a name ("Alice", "Git"); a phrase opens with a common word.
  const bool name = subject.find(' ') == std::string::npos;
  return fmt::format("Why {} {} {}?", m[2].str(), name ? subject : lower_first(subject),
                     m[3].str());
}

// The Chinese statement a reason is given for: "S，因为 R。", "因为 R，（所以）S。", "由于 R，S。";
// empty when the sentence has none of these forms.
std::string stated_for_reason_zh(std::string sentence) {
  const std::string comma = "，";
  if (sentence.ends_with("。")) sentence.resize(sentence.size() - std::string("。").size());
  for (std::string lead : {"因为", "由于"}) {
    if (!sentence.starts_with(lead)) continue;
    const auto end = sentence.find(comma);
    if (end == std::string::npos) return {};
    std::string statement = sentence.substr(end + comma.size());
    for (std::string so : {"所以", "因此"}) {
      if (statement.starts_with(so)) statement.erase(0, so.size());
    }
    return statement;
  }
  const auto because = sentence.find(comma + "因为");
  return because == std::string::npos ? std::string() : sentence.substr(0, because);
}

// "testing 档案库不大有用，因为……" -> "为什么 testing 档案库不大有用？": a Chinese question of why
// puts 为什么 before the statement. The statement is one clause of six to forty characters that
// points at nothing said before and states no condition of its own.
std::optional<std::string> reason_question_zh(const std::string& sentence) {
  const std::string statement = stated_for_reason_zh(sentence);
  const std::size_t characters = text::character_count(statement);
  if (characters < 6 || characters > 40) return std::nullopt;
  if (text::holds_pointer_zh(statement)) return std::nullopt;
  for (std::string_view bad : {"，", "；", "："}) {
    if (statement.find(bad) != std::string::npos) return std::nullopt;
  }
  for (std::string_view lead : {"如果", "当", "但", "而", "并且", "虽然"}) {
    if (statement.starts_with(lead)) return std::nullopt;
  }
  const bool latin = static_cast<unsigned char>(statement[0]) < 0x80;
  return fmt::format("为什么{}{}？", latin ? " " : "", statement);
}

}  // namespace

std::optional<std::string> reason_question(const std::string& sentence,
                                           const std::string& language) {
  if (sentence.size() > 400) return std::nullopt;
  if (language == "zh") return reason_question_zh(sentence);
  std::string body = sentence;
  if (!body.empty() && body.back() == '.') body.pop_back();
  // "Because R, S.": the statement after the reason.
  static const std::regex kReasonFirst(R"(^(?:Because|Since) [^,]+, (.+)$)");
  // "S because R", "S since the R": "since" is a reason only before a clause, not a date.
  static const std::regex kReasonAfter(
      R"(^(.+?) (?:because|since (?=(?:the|a|an|each|every|all|both|no|they|it|there|we|you)\b)))");
  std::smatch m;
  if (std::regex_match(body, m, kReasonFirst)) return why_of(m[1].str());
  if (!std::regex_search(body, m, kReasonAfter)) return std::nullopt;
  // "since they forked" is a time, not a reason: a past verb follows.
  const std::string after = body.substr(static_cast<std::size_t>(m.length(0)));
  if (after.empty()) return std::nullopt;
  if (m[0].str().ends_with("since ")) {
    static const std::regex kPast(
        R"(^(?:\S+ ){0,2}(?:\w+ed|was|were|had|did|began|came|became)\b)");
    if (std::regex_search(after, kPast)) return std::nullopt;
  }
  return why_of(m[1].str());
}

}  // namespace lectio::compose
