#pragma once
// The words of a drafted plan that are not headings: its title, audience and description, and
// key sentences of the material for overviews and (when headings run out) insights. Private
// to the plan module.
#include <optional>
#include <string>
#include <vector>

#include "grouping.h"

namespace lectio::plan {

// The goal as a title: first letter capitalised, a question mark when it asks something.
std::string plan_title(const std::string& goal, const std::string& language);

// Who the plan is for when the user did not say: "Anyone asking “how does a GPU work?”".
std::string default_audience(const std::string& goal, const std::string& language);

// A sentence of the material that says why the subject matters now (it speaks of today,
// recent change or growth), preferring ones that share terms with the goal.
std::optional<std::string> why_now(const Corpus& corpus, const std::string& goal);

// Two sentences: who it is for and what it covers; why it matters now.
std::string describe(const std::string& audience, const std::vector<std::string>& chapter_titles,
                     int source_count, const std::optional<std::string>& now,
                     const std::string& language);

// Up to `count` sentences of the chunks fit to be read as a claim on their own (whole, not
// opening with "This" or "It", 6-30 words), the most central first; with a focus, the most
// relevant to it first.
std::vector<std::string> key_sentences(const Corpus& corpus, const std::vector<int>& chunks,
                                       int count, const std::string& focus = "");

// Headings that name a part of a document rather than a subject ("Summary", "Introduction").
bool is_generic_heading(const std::string& heading);

// "Memory and caches." -> "Memory and caches": an insight or a topic has no closing stop.
std::string strip_end(std::string s);

}  // namespace lectio::plan
