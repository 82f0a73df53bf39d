#include "faq.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>

#include "faq_asks.h"
#include "faq_questions.h"
#include "lectio/ask/answer_core.h"
#include "lectio/text/stopwords.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"
#include "lesson_parts.h"

namespace lectio::compose {

namespace {

constexpr int kFaqMax = 8;
constexpr int kFaqMin = 4;
constexpr int kFaqAnswerMax = 3;
constexpr double kFaqMinRelevance = 0.35;
constexpr double kFaqMinCoverage = 0.25;
// Of a manual's option definitions ("What does the option -A NUM do?"), the FAQ keeps the
// best few: a FAQ of one kind of question is a reference table, not a learner's questions.
constexpr int kOptionQuestionsMax = 3;

// The question's content terms shared with the answer's first sentence: a listener hears the
// answer take up the question.
bool takes_up(const std::string& question, const lesson::ScriptSentence& first,
              const std::string& lang) {
  // The same word, not only the same stem: "merge" is not heard in "merges".
  auto q = text::words(question);
  // Counting words and the question's own frame ("Can you explain ...") are not its subject.
  static const std::set<std::string> kFrame = {"explain", "one",    "two", "three", "four", "five",
                                               "first",   "second", "new", "many",  "same"};
  std::erase_if(q, [&](const std::string& w) {
    return text::is_stopword(w, lang) || w.size() < 3 || kFrame.count(w) > 0;
  });
  const auto a = text::words(first.text);
  return std::any_of(q.begin(), q.end(), [&](const std::string& t) {
    return std::find(a.begin(), a.end(), t) != a.end();
  });
}

// The sentences that answer the question (answer_faq), without marking them said; `follows`:
// they go on from a definition, so even the first of them may be one an earlier answer said.
std::vector<int> pick_faq(const std::string& question, const std::string& focus_text,
                          const lesson::Brief& brief, const lesson::Material& material,
                          const std::vector<extract::Candidate>& candidates, const FaqSaid& said,
                          const std::vector<bool>& outside, bool follows = false) {
  ask::PickOptions pick;
  pick.max_sentences = kFaqAnswerMax;
  pick.chunk_prior = focus_for(focus_text, brief, material).chunk_prior;
  pick.excluded = said.led;
  // Their first sentence follows a definition when `follows`: it leads nothing.
  if (!follows) pick.not_lead = said.answered;
  // A FAQ answer is heard on its own: a sentence that points back to one before it follows
  // that sentence or is left out.
  pick.after_previous_only.assign(candidates.size(), false);
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (!outside.empty() && outside[i]) pick.excluded[i] = true;
    pick.after_previous_only[i] = candidates[i].dangling;
  }
  // The brief's own questions: the lesson's sources are about them by construction, so a term
  // the sources never use does not make the question foreign, and an answer may carry a
  // smaller share of a long insight's terms than of a learner's short question.
  pick.min_coverage = kFaqMinCoverage;
  pick.weigh_absent_terms = false;
  pick.affirmative_lead = true;
  // Something new first: what earlier answers said comes back as a reminder only when the
  // material has too little else for an answer, and once: an answer that is mostly another's
  // is that answer again.
  ask::PickOptions fresh = pick;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    fresh.excluded[i] = fresh.excluded[i] || said.answered[i];
  }
  std::vector<int> picked = ask::pick_answer(question, candidates, brief.language, fresh);
  if (static_cast<int>(picked.size()) >= (follows ? 1 : 2)) return picked;
  picked = ask::pick_answer(question, candidates, brief.language, pick);
  bool reminded = false;
  std::erase_if(picked, [&](int c) {
    if (!said.answered[static_cast<std::size_t>(c)]) return false;
    return std::exchange(reminded, true);
  });
  return picked;
}

// The fewest sentences an answer to `ask` is kept with: two, or its lead alone when that
// answers it whole (a clause's question, faq_clauses.h).
std::size_t fewest_sentences(const Ask& ask) {
  return ask.whole ? 1U : 2U;
}

// The picked sentences as the item's answer, cited; when there are at least `fewest`, the FAQ
// keeps it, so its first sentence has led an answer and all of them have answered one.
void give_answer(lesson::FaqItem& item, const std::vector<int>& picked, std::size_t fewest,
                 const lesson::Material& material,
                 const std::vector<extract::Candidate>& candidates, const extract::Scorer& scorer,
                 FaqSaid& said) {
  for (int c : picked) {
    item.answer.push_back(
        extract::cited_sentence(candidates[static_cast<std::size_t>(c)], material));
  }
  if (!picked.empty() && item.answer.size() >= fewest) {
    scorer.mark_said({picked.front()}, said.led);
    scorer.mark_said(picked, said.answered);
  }
}

// A definition question (or a clause's: faq_clauses.h) is answered first by the sentence that
// asks it; the question-answering core picks what follows from that sentence's own chunk (the
// next one when it ends there).
lesson::FaqItem answer_definition(const Ask& ask, const lesson::Brief& brief,
                                  const lesson::Material& material,
                                  const std::vector<extract::Candidate>& candidates,
                                  const extract::Scorer& scorer, FaqSaid& said) {
  const std::string& question = ask.question;
  const int lead = ask.lead;
  lesson::FaqItem item;
  item.question = question;
  // A sentence that answers its question whole may answer it though an earlier answer went on
  // with it ("Why can unspecified behavior be particularly problematic?" after the answer on
  // slow expressions): it is this question's answer, and was only that one's context. One that
  // led an earlier answer, or that needs more after it, is not used again.
  const auto at = static_cast<std::size_t>(lead);
  if (said.led[at] || (said.answered[at] && !ask.whole)) return item;
  const int chunk = candidates[at].chunk;
  std::vector<bool> outside(candidates.size(), false);
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    outside[i] = candidates[i].chunk != chunk || static_cast<int>(i) <= lead;
  }
  // A chunk may end right after its definition: then the next chunk goes on from it.
  if (std::all_of(outside.begin(), outside.end(), [](bool o) { return o; })) {
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      outside[i] = candidates[i].chunk != chunk + 1;
    }
  }
  std::vector<int> picked = {lead};
  for (int c : pick_faq(question, candidates[static_cast<std::size_t>(lead)].text, brief, material,
                        candidates, said, outside, true)) {
    if (static_cast<int>(picked.size()) >= kFaqAnswerMax) break;
    picked.push_back(c);
  }
  give_answer(item, picked, fewest_sentences(ask), material, candidates, scorer, said);
  return item;
}

// The source's own question answered as the source answers it (Ask::asked_by_source): from
// the first sentence under its heading, each sentence that follows the one before it in its
// chunk, up to kFaqAnswerMax. Nothing when that first sentence answered an earlier question.
lesson::FaqItem answer_as_written(const Ask& ask, const lesson::Material& material,
                                  const std::vector<extract::Candidate>& candidates,
                                  const extract::Scorer& scorer, FaqSaid& said) {
  lesson::FaqItem item;
  item.question = ask.question;
  const auto at = static_cast<std::size_t>(ask.lead);
  if (said.led[at] || said.answered[at]) return item;
  std::vector<int> picked = {ask.lead};
  for (std::size_t j = at + 1; j < candidates.size() && picked.size() < kFaqAnswerMax; ++j) {
    if (candidates[j].previous != static_cast<int>(j) - 1 || said.answered[j]) break;
    picked.push_back(static_cast<int>(j));
  }
  give_answer(item, picked, fewest_sentences(ask), material, candidates, scorer, said);
  return item;
}

// Where an ask's answer is looked for, in turn until one answers it. An insight's question:
// the section that teaches it best (where its part of the lesson starts: a shared word
// elsewhere does not outrank it), its own sections, the lesson's. A heading's question: the
// text under the heading. Any other: the lesson's material.
std::vector<std::vector<bool>> answer_scopes(const Ask& ask, const lesson::Material& material,
                                             const std::vector<extract::Candidate>& candidates,
                                             const std::vector<bool>& outside,
                                             const std::vector<std::vector<double>>& per_insight,
                                             const std::vector<std::vector<double>>& best_part) {
  const auto at = static_cast<std::size_t>(ask.insight);
  if (ask.insight >= 0 && at < per_insight.size()) {
    std::vector<std::vector<bool>> out;
    if (at < best_part.size()) out.push_back(outside_of({&best_part[at]}, candidates.size()));
    out.push_back(outside_of({&per_insight[at]}, candidates.size()));
    out.push_back(outside);
    return out;
  }
  if (!ask.heading.empty()) {
    std::vector<bool> under = outside;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      const auto& path =
          material.chunks[static_cast<std::size_t>(candidates[i].chunk)].heading_path;
      under[i] = under[i] || path.empty() || path.back() != ask.heading;
    }
    return {under};
  }
  return {outside};
}

// An insight's question restates one the FAQ already asks when every term of the insight
// but its light verbs is a term of those questions: "What is a checkpoint?" answers "what a
// checkpoint does" before it is asked.
bool asked_already(const std::string& insight, const std::vector<lesson::FaqItem>& faq,
                   const std::string& lang) {
  std::set<std::string> asked;
  for (const auto& item : faq) {
    for (auto& t : text::terms(item.question, lang)) asked.insert(std::move(t));
  }
  const std::set<std::string> light = light_verbs(lang);
  const auto terms = text::terms(insight, lang);
  return !faq.empty() && std::all_of(terms.begin(), terms.end(), [&](const std::string& t) {
    return light.count(t) > 0 || asked.count(t) > 0;
  });
}

// An insight's question is answered already when the sentence its best section would answer
// it with (the one worth most there that does not point back) led an earlier answer: "What
// is a shebang?" said what the section on a script's first line opens with, "When is a type
// a subclass of another type?" what the section on subclassing does. Asked again, it would be
// answered from elsewhere.
bool answered_already(const std::vector<std::vector<double>>& best_part, std::size_t insight,
                      const std::vector<extract::Candidate>& candidates, const FaqSaid& said) {
  if (insight >= best_part.size()) return false;
  const auto& part = best_part[insight];
  std::size_t best = part.size();
  for (std::size_t c = 0; c < part.size(); ++c) {
    if (part[c] <= 0 || candidates[c].dangling) continue;
    if (best == part.size() || part[c] > part[best]) best = c;
  }
  return best < part.size() && said.led[best];
}

// The questions the FAQ may ask, in the order it tries them, and where content questions end
// (the insights' own and the rest only fill the FAQ to kFaqMin).
struct FaqPlan {
  std::vector<Ask> asks;
  std::size_t from_content = 0;
  std::vector<bool> outside;  // the candidates in no insight's sections
};

FaqPlan plan_asks(const lesson::Brief& brief, const lesson::Material& material,
                  const std::vector<extract::Candidate>& candidates, const extract::Scorer& scorer,
                  const Phrasing& say, const std::vector<std::vector<double>>& per_insight,
                  const std::vector<bool>& core) {
  // A learner asks about what the lesson's material says: the topic's difference, the terms
  // it defines and the tasks it tells how to do, the most central to the lesson first. The
  // insights themselves are asked about only to reach kFaqMin questions, after what the
  // sections' sentences say follows from a condition.
  FaqPlan plan;
  std::vector<Ask>& asks = plan.asks;
  if (auto q = say.difference_question())
    asks.push_back({*q, brief.topic + " " + brief.overview, -1, -1, {}, {}});
  std::string whole = brief.topic + " " + brief.overview;
  for (const auto& i : brief.insights) whole += " " + i;
  extract::Focus lesson_focus;
  lesson_focus.terms = text::terms(whole, brief.language);
  const bool scoped = !per_insight.empty();
  std::vector<const std::vector<double>*> all_parts;
  for (const auto& part : per_insight) all_parts.push_back(&part);
  plan.outside = outside_of(all_parts, candidates.size());
  const std::vector<bool>& outside = plan.outside;
  // Without sections to draw on, the sentences relevant to the lesson as a whole.
  std::vector<double> worth =
      scoped ? std::vector<double>(candidates.size(), 0.0) : scorer.relevance(lesson_focus);
  for (const auto& part : per_insight) {
    for (std::size_t i = 0; i < candidates.size(); ++i) worth[i] = std::max(worth[i], part[i]);
  }
  // A question comes from what the sections teach; its answer may draw on all of them.
  std::vector<bool> asked_from = outside;
  for (std::size_t i = 0; i < core.size() && i < asked_from.size(); ++i) {
    asked_from[i] = asked_from[i] || !core[i];
  }
  for (Ask& a : content_questions(brief, material, candidates, worth, asked_from,
                                  scoped ? 0.0 : kFaqMinRelevance, lesson_focus.terms)) {
    asks.push_back(std::move(a));
  }
  plan.from_content = asks.size();
  // To reach kFaqMin, first what the sentences the sections teach say follows from a condition,
  // or why ("What happens when a merge isn't resolved automatically?"): a learner's question
  // about the content, where the insight asked again is the lesson's own outline.
  for (Ask& a : clause_questions(brief, candidates, worth, asked_from, asks)) {
    asks.push_back(std::move(a));
  }
  for (std::size_t i = 0; i < brief.insights.size(); ++i) {
    // An insight the lesson leaves out (no material) is not asked about: its answer would be
    // the sentences of other insights' sections.
    if (scoped && std::none_of(per_insight[i].begin(), per_insight[i].end(),
                               [](double w) { return w > 0; })) {
      continue;
    }
    asks.push_back({say.question_about(brief.insights[i]),
                    brief.insights[i],
                    -1,
                    static_cast<int>(i),
                    {},
                    {}});
  }
  // Still short of kFaqMin: the things the sections' headings name ("Checkpointing"), the
  // sections worth most first, each answered from the text under its heading.
  for (Ask& a : topic_questions(brief, material, candidates, worth, outside, asks)) {
    asks.push_back(std::move(a));
  }
  // Last, the conditions and reasons of the rest of the sections' material.
  for (Ask& a : clause_questions(brief, candidates, worth, outside, asks)) {
    asks.push_back(std::move(a));
  }
  return plan;
}

}  // namespace

std::vector<lesson::FaqItem> write_faq(const lesson::Brief& brief, const lesson::Material& material,
                                       const std::vector<extract::Candidate>& candidates,
                                       const extract::Scorer& scorer, const Phrasing& say,
                                       const std::vector<std::vector<double>>& per_insight,
                                       const std::vector<bool>& core,
                                       const std::vector<std::vector<double>>& best_part) {
  const FaqPlan plan = plan_asks(brief, material, candidates, scorer, say, per_insight, core);
  const std::vector<Ask>& asks = plan.asks;
  std::vector<lesson::FaqItem> faq;
  FaqSaid said(candidates.size());
  int options_asked = 0;
  for (std::size_t k = 0; k < asks.size() && static_cast<int>(faq.size()) < kFaqMax; ++k) {
    const Ask& ask = asks[k];
    if (k >= plan.from_content && static_cast<int>(faq.size()) >= kFaqMin) break;
    if (ask.option && options_asked == kOptionQuestionsMax) continue;
    if (ask.insight >= 0 &&
        (asked_already(brief.insights[static_cast<std::size_t>(ask.insight)], faq,
                       brief.language) ||
         answered_already(best_part, static_cast<std::size_t>(ask.insight), candidates, said))) {
      continue;
    }
    // An answer the FAQ does not keep leaves its sentences for the questions after it.
    const FaqSaid before = said;
    lesson::FaqItem item;
    const auto kept = [&](const lesson::FaqItem& it) {
      return it.answer.size() >= fewest_sentences(ask) &&
             (ask.asked_by_source || takes_up(it.question, it.answer.front(), brief.language)) &&
             says(it.answer.front().text, ask.must_say, brief.language);
    };
    if (ask.asked_by_source) {
      item = answer_as_written(ask, material, candidates, scorer, said);
    } else if (ask.lead >= 0) {
      item = answer_definition(ask, brief, material, candidates, scorer, said);
    } else {
      for (const std::vector<bool>& scope :
           answer_scopes(ask, material, candidates, plan.outside, per_insight, best_part)) {
        said = before;
        item =
            answer_faq(ask.question, ask.focus, brief, material, candidates, scorer, said, scope);
        if (kept(item)) break;
      }
    }
    if (!kept(item)) {
      said = before;
      continue;
    }
    options_asked += ask.option ? 1 : 0;
    faq.push_back(std::move(item));
  }
  return faq;
}

lesson::FaqItem answer_faq(const std::string& question, const std::string& focus_text,
                           const lesson::Brief& brief, const lesson::Material& material,
                           const std::vector<extract::Candidate>& candidates,
                           const extract::Scorer& scorer, FaqSaid& said,
                           const std::vector<bool>& outside) {
  const std::vector<int> picked =
      pick_faq(question, focus_text, brief, material, candidates, said, outside);
  lesson::FaqItem item;
  item.question = question;
  give_answer(item, picked, 2, material, candidates, scorer, said);
  return item;
}

}  // namespace lectio::compose
