#pragma once
// The questions a sentence answers by its clauses: what follows from a condition it states, the
// reason it gives. Each sentence is its own answer's first sentence (faq_asks.cpp).
#include <optional>
#include <string>

namespace lectio::compose {

// "If no matching filenames are found, the word is left unchanged." -> "What happens if no
// matching filenames are found?"; "When a merge isn't resolved automatically, Git leaves ..."
// -> "What happens when a merge isn't resolved automatically?"; "如果没有找到文件，……" ->
// "如果没有找到文件，会怎样？": the question a sentence saying what follows from a condition
// answers. Nothing when the condition points elsewhere ("If that is not the case"), is a task
// ("If you need to ..."), is no clause of its own ("When available") or is more than a breath.
std::optional<std::string> condition_question(const std::string& sentence,
                                              const std::string& language);

// "Write transactions are very fast since they only involve writing the content once" ->
// "Why are write transactions very fast?"; "Because writers do nothing that would interfere
// with readers, writers and readers can run at the same time." -> "Why can writers and readers
// run at the same time?": the question a sentence giving the reason for a plain statement
// answers; "testing 档案库不大有用，因为……" -> "为什么 testing 档案库不大有用？". Nothing when the
// statement's subject points elsewhere ("It is ...", "These ...", "它"), is no short noun phrase,
// or its verb is not one a question can move ("is", "can", "must"...).
std::optional<std::string> reason_question(const std::string& sentence,
                                           const std::string& language);

}  // namespace lectio::compose
