#pragma once
// Signs that the sentence an answer would lead with does not answer the question although it
// shares the question's words: the question turns on a negation or on a word whose opposite
// the sentence uses. SQuAD 2.0's unanswerable questions are mostly made that way from a
// sentence of the article ("never" inserted, "smallest" for "largest", "unofficially" for
// "officially"). Private to the compose module; English only (other languages: never).
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/extract/candidates.h"

namespace lectio::text {
class WordNet;
}

namespace lectio::ask {

// True when a question that is not negated finds a term of its own said first in the sentence
// after a negation ("not", "no", "never", "cannot", "without", "n't"), and the sentence ends
// with it (no clause after the negation): "SQLite does not have a separate Boolean storage
// class." of "which storage classes SQLite has"; not "the exit status is 1 if no lines were
// selected" of "what the exit status tells", whose terms come before it. English only (other
// languages: never).
bool negates_asked(std::string_view question, const std::vector<std::string>& question_terms,
                   std::string_view sentence, const std::string& language);

// True when the question is negated ("never", "not", "n't", "no", ...) and the sentence is not.
bool negation_differs(std::string_view question, std::string_view sentence,
                      const std::string& language);

// True when the question names a year ("in 1690", "the 1950's") that neither the sentence nor
// the one before it (`before`, may be empty) says, while the sentence says another: the sources
// tell of another time ("Who described a steam turbine in 1690?" / "... was described by Taqi
// al-Din in 1551 and by Giovanni Branca in 1629."). On qa-dev it holds for the lead of 27
// unanswerable questions the other signs let through and of 1 right lead. A refusal sign for a
// learner's question only. English only.
bool year_unsaid(std::string_view question, std::string_view sentence, std::string_view before,
                 const std::string& language);

// True when a question that is not negated says "not" in meaning ("What cells are *unable* to
// remember ...?", "When did BSkyB *fail* to launch ...?", "What do they *lack*?") and the
// sentence says it in no way: neither negated nor saying it in other words ("refused",
// "unsuccessful", "lost"). SQuAD 2.0's writers turned sentences round so; on qa-dev it holds
// for the lead of 38 unanswerable questions the other signs let through and of 2 right leads.
// A refusal sign for a learner's question only. English only.
bool denial_unsaid(std::string_view question, std::string_view sentence,
                   const std::string& language);

// True when a question that is not negated (nor asks yes or no, nor says "instead") asks of a
// term the sentence says only in the negative: "What is available as stand-alone DVB CAMs?" /
// "they are not available as stand-alone DVB CAMs". Every use of the term in the sentence
// follows "not", "no", "never", "cannot" or "n't" directly; one plain use and it answers.
bool denies_asked(std::string_view question, const std::vector<std::string>& question_terms,
                  std::string_view sentence, const std::string& language);

// True when the question asks for one degree ("least", "fewer") or one side in time ("before")
// and the sentence says only the other ("most", "more", "after"): words the term lists leave
// out as stop words. On qa-dev "before" / "after" turns round the lead of 8 unanswerable
// questions the other signs let through and of 1 right one. English only.
bool degree_reversed(std::string_view question, std::string_view sentence,
                     const std::string& language);

// True when the question names a number of three digits or more that the sentence lacks while
// the sentence holds one of as many digits that differs from it in one ("3,222,000" /
// "4,222,000", "1995" / "1998"): the sources state that figure otherwise. English only.
bool number_differs(std::string_view question, std::string_view sentence,
                    const std::string& language);

// The question's term whose opposite `said` (the terms of the sentence and the one before it)
// holds while it holds neither the term itself nor, of the question, that opposite; empty when
// there is none. Opposites are a short list of antonyms, the negative prefixes un-, non-, in-,
// im-, ir-, il-, dis-, and with `wordnet` (a learner's question) WordNet's direct antonyms
// ("decelerate" / "accelerate", "public" / "private"), but not of ordinals ("first" / "last":
// slot_swapped() compares those) nor two verbs that tell one event from either side ("lost" /
// "won", "gave" / "took"). On qa-dev WordNet's antonyms turn round the lead of 4.3% of the
// unanswerable questions the other signs let through (89 of 2,094) and of 0.5% of the right
// leads (15 of 2,864).
std::string opposite_said(const std::vector<std::string>& question_terms,
                          const std::set<std::string>& said, const std::string& language,
                          const text::WordNet* wordnet = nullptr);

// True when the question puts a word of its own in a slot where the sentence has another of
// the same kind, the words beside it the same: "the Second World War" / "the First World
// War", "Genghis's 4th son" / "Genghis' third son", "the South Sea" / "the North Sea". Kinds:
// numbers, number words and ordinals, roman numerals, names (capitalised, not first; an
// acronym is often the sentence's words spelt out and does not count). A respelling ("Rhou" /
// "Rou", "Mongke" / "Möngke") or a possessive is the same word; a stop word is no neighbour
// ("the House of Lords" goes unseen). SQuAD 2.0's writers made many unanswerable questions so:
// on qa-dev it holds for the lead of 6.6% of the unanswerable questions and of 1.3% of the
// answerable ones whose lead is right. A refusal sign for a learner's question only. English
// only.
// The candidates' verbatim texts, as slot_swapped() reads its material.
std::vector<std::string_view> original_texts(const std::vector<extract::Candidate>& candidates);

// Two names that stand side by side as one in `material` (the texts the sentence was taken
// from: "Carolina Panthers") are one thing called two ways, not a swap.
bool slot_swapped(std::string_view question, std::string_view sentence, const std::string& language,
                  std::span<const std::string_view> material = {});

}  // namespace lectio::ask
