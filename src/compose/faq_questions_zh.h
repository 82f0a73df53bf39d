#pragma once
// The Chinese forms of faq_questions.h's question makers: the sentence patterns of Chinese
// manuals that say what a term means, what a thing is called, how a task is done, what a thing
// is for and what it involves. Each returns nothing for a sentence of another shape.
#include <optional>
#include <string>
#include <utility>

namespace lectio::compose {

// The term a sentence opens with in quotes before a colon ("“预依赖”：类似于 Depends").
std::optional<std::string> quoted_term_zh(const std::string& sentence);

// "……也叫作 Y。" -> {"Y是什么？", Y} (naming_question()).
std::optional<std::pair<std::string, std::string>> naming_question_zh(const std::string& sentence);

// "可以在 X 中 V。" -> "在哪里可以V？"; "可以使用 X 来 V。" -> "怎样V？" (task_question()).
std::optional<std::string> task_question_zh(const std::string& sentence);

// "S让用户能够……。" -> "S有什么用？" (purpose_question()).
std::optional<std::string> purpose_question_zh(const std::string& sentence);

// "S涉及 N：a、b 和 c。" -> "S涉及哪些 N？" (list_question()).
std::optional<std::string> list_question_zh(const std::string& sentence);

}  // namespace lectio::compose
