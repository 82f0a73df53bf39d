#pragma once
// Words that name the same task or quality in general English, for finding where a document
// teaches an insight worded differently from it: "undo a commit" is taught under "Fixing a
// mistake" with `git revert`; "a poor choice" by a list of "disadvantages". Only general English
// words (what a thesaurus gives for a verb of a task or a word of judgment), never a manual's own
// vocabulary.
#include <map>
#include <string>
#include <vector>

namespace lectio::extract {

// The stemmed terms (text::terms) related to the stemmed term `term`, or none. English only.
std::vector<std::string> related_terms(const std::string& term, const std::string& language);

// For each of `terms` that has related terms: term -> those terms.
std::map<std::string, std::vector<std::string>> related_map(const std::vector<std::string>& terms,
                                                            const std::string& language);

}  // namespace lectio::extract
