#include "faq_asks.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "faq_clauses.h"
#include "faq_questions.h"
#include "lectio/text/strings.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"
#include "phrasing_words.h"

namespace lectio::compose {

namespace {

std::string join_terms(const std::string& text, const std::string& lang) {
  std::string out;
  for (const auto& t : text::terms(text, lang)) out += t + " ";
  return out;
}

constexpr std::size_t kClauseQuestionsMax = 2;
constexpr std::size_t kTermQuestionsMax = 2;

using Found = std::vector<std::pair<double, Ask>>;  // a question and its sentence's -worth

bool by_worth(const std::pair<double, Ask>& a, const std::pair<double, Ask>& b) {
  return a.first < b.first;
}

// The questions found, those of the sentences worth most first.
std::vector<Ask> by_worth_first(Found& found) {
  std::stable_sort(found.begin(), found.end(), by_worth);
  std::vector<Ask> out;
  for (auto& d : found) out.push_back(std::move(d.second));
  return out;
}

// The questions of a sentence's clauses (faq_clauses.h): what follows from a condition, the
// reason for a statement. Each is answered first by its own sentence, which answers it whole.
class ClauseAsks {
 public:
  void add(const std::vector<extract::Candidate>& candidates, std::size_t i, double worth,
           const std::string& lang, std::set<std::string>& seen) {
    if (candidates[i].dangling) return;
    for (Found* kind : {&conditions_, &reasons_}) {
      const auto q = kind == &conditions_ ? condition_question(candidates[i].text, lang)
                                          : reason_question(candidates[i].text, lang);
      if (q && seen.insert(join_terms(*q, lang)).second) {
        kind->push_back({-worth, {*q, *q, static_cast<int>(i), -1, {}, {}, true}});
        return;
      }
    }
  }

  // Of each kind the few worth most: a FAQ of "What happens if ...?" alone, or of "Why ...?"
  // alone, asks one thing over and over.
  void take_into(Found& found) {
    for (Found* kind : {&conditions_, &reasons_}) {
      std::stable_sort(kind->begin(), kind->end(), by_worth);
      if (kind->size() > kClauseQuestionsMax) kind->resize(kClauseQuestionsMax);
      found.insert(found.end(), kind->begin(), kind->end());
      kind->clear();
    }
  }

 private:
  Found conditions_;
  Found reasons_;
};

// A term worth a question: a phrase of two words or more, a name, or a word the lesson itself
// is about ("quoting"); "the argument" alone is not.
bool named_enough(const std::string& term, const std::vector<std::string>& lesson_terms,
                  const std::string& language) {
  if (language == "zh" || term.find(' ') != std::string::npos) return true;
  if (std::any_of(term.begin() + 1, term.end(),
                  [](unsigned char ch) { return std::isupper(ch) || std::isdigit(ch); })) {
    return true;
  }
  const auto t = text::terms(term, language);
  return !t.empty() &&
         std::find(lesson_terms.begin(), lesson_terms.end(), t[0]) != lesson_terms.end();
}

// The words the candidates write capitalised after their first word: names ("Git", "Bash"),
// which a question keeps so even where it says them first.
std::set<std::string> names_of(const std::vector<extract::Candidate>& candidates) {
  std::set<std::string> out;
  for (const auto& c : candidates) {
    const auto words = text::split_whitespace(c.text);
    for (std::size_t i = 1; i < words.size(); ++i) {
      std::string w = words[i];
      while (!w.empty() && !std::isalnum(static_cast<unsigned char>(w.back()))) w.pop_back();
      if (!w.empty() && std::isupper(static_cast<unsigned char>(w[0]))) out.insert(std::move(w));
    }
  }
  return out;
}

// Whether the sentence writes the term in quotes ("“shebang”", "\"checkpoint\"").
bool quoted_in(const std::string& sentence, const std::string& term) {
  for (const auto& [open, close] : {std::pair<std::string_view, std::string_view>{"“", "”"},
                                    std::pair<std::string_view, std::string_view>{"\"", "\""}}) {
    if (sentence.find(std::string(open) + term + std::string(close)) != std::string::npos) {
      return true;
    }
  }
  return false;
}

// Whether a subject is what the whole lesson is about: one word of its topic ("Bash" in
// "Bash's shell expansions").
bool whole_subject(const std::string& subject, const lesson::Brief& brief) {
  const auto s = text::terms(subject, brief.language);
  const auto topic = text::terms(brief.topic, brief.language);
  return s.size() == 1 && std::find(topic.begin(), topic.end(), s[0]) != topic.end();
}

// The question a sentence of the material answers, by the first question maker whose shape
// it has (faq_questions.h), and what it asks about (one question per thing). `keep` is false
// when that maker's question is not worth asking: its thing is not named enough, or is the
// lesson's whole subject.
struct SentenceAsk {
  Ask ask;
  std::string about;
  bool keep = true;
  bool term = false;  // a quoted term of a Chinese list: only the first few are asked
};

std::optional<SentenceAsk> sentence_question(const std::vector<extract::Candidate>& candidates,
                                             std::size_t i, const lesson::Brief& brief,
                                             const std::vector<std::string>& lesson_terms,
                                             const std::set<std::string>& names) {
  const extract::Candidate& c = candidates[i];
  const std::string& lang = brief.language;
  const int at = static_cast<int>(i);
  if (const auto tq = term_question(c, lang)) {
    return SentenceAsk{{tq->first, tq->second, at, -1, {}, {}, true}, tq->second, true, true};
  }
  if (const auto cq = command_question(c.text, lang); cq && !c.dangling) {
    Ask ask{*cq, *cq, at, -1, {}, {}};
    // An option's definition says all the question asks ("The option --since shows commits
    // more recent than a date."): it may be the whole answer.
    ask.option = c.definition;
    ask.whole = c.definition;
    return SentenceAsk{std::move(ask), *cq};
  }
  if (const auto nq = naming_question(c, lang)) {
    // A name the text puts in quotes is a term by the text's own word ("“shebang”").
    const bool named =
        named_enough(nq->second, lesson_terms, lang) || quoted_in(c.text, nq->second);
    return SentenceAsk{{nq->first, nq->second, at, -1, {}, {}, true}, nq->second, named};
  }
  if (const auto q = definition_question(c, lang)) {
    return SentenceAsk{{q->first, q->second, at, -1, {}, {}},
                       q->second,
                       named_enough(q->second, lesson_terms, lang)};
  }
  if (const auto sq = statement_question(c.text, lang, names); sq && !c.dangling) {
    // What a thing allows or lacks, its default, how or when it is done: the sentence answers
    // it whole. All a thing allows is asked only of a narrow thing: one sentence is not all
    // that the lesson's own subject allows ("What does Bash allow?").
    const bool keep = named_enough(sq->subject, lesson_terms, lang) &&
                      !(sq->open && whole_subject(sq->subject, brief));
    return SentenceAsk{{sq->question, sq->subject, at, -1, {}, {}, sq->whole}, sq->subject, keep};
  }
  auto wq = purpose_question(c.text, lang);
  if (!wq) wq = list_question(c.text, lang);
  if (wq && !c.dangling) {
    // What a thing is for, what a list holds: the sentence answers it whole.
    return SentenceAsk{{*wq, *wq, at, -1, {}, {}, true}, *wq};
  }
  if (const auto t = task_question(c.text, lang); t && !c.dangling) {
    // A Chinese task is asked of the sentence that names where or with what it is done, and
    // that sentence answers it whole; an English one ("To X, Y") is answered by the core.
    const bool own = lang == "zh";
    return SentenceAsk{{*t, *t, own ? at : -1, -1, {}, {}, own}, *t};
  }
  return std::nullopt;
}

}  // namespace

// The candidates not in any of `parts` (each a per-candidate worth, 0 outside); none when
// there are no parts.
std::vector<bool> outside_of(const std::vector<const std::vector<double>*>& parts,
                             std::size_t count) {
  std::vector<bool> out(count, !parts.empty());
  for (const auto* part : parts) {
    for (std::size_t i = 0; i < count; ++i) out[i] = out[i] && (*part)[i] <= 0;
  }
  return out;
}

// The questions the material's sentences answer (the terms they define, the tasks they tell
// how to do), each once, the sentences worth most to the lesson first.
std::vector<Ask> content_questions(const lesson::Brief& brief, const lesson::Material& material,
                                   const std::vector<extract::Candidate>& candidates,
                                   const std::vector<double>& worth,
                                   const std::vector<bool>& outside, double min_worth,
                                   const std::vector<std::string>& lesson_terms) {
  Found found;
  std::set<std::string> seen_subjects;
  std::size_t terms_asked = 0;
  const std::set<std::string> names = names_of(candidates);
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (outside[i] || worth[i] < min_worth || worth[i] <= 0) continue;
    if (auto q = sentence_question(candidates, i, brief, lesson_terms, names)) {
      // A list's terms, each asked, would make a FAQ of one kind of question: its first few.
      const bool room = !q->term || terms_asked < kTermQuestionsMax;
      if (q->keep && room && seen_subjects.insert(join_terms(q->about, brief.language)).second) {
        terms_asked += q->term ? 1 : 0;
        found.push_back({-worth[i], std::move(q->ask)});
      }
    }
    // The heading a sentence of the material sits under may itself be a learner's question.
    const auto& path = material.chunks[static_cast<std::size_t>(candidates[i].chunk)].heading_path;
    if (path.empty()) continue;
    if (const auto hq = heading_question(path.back(), brief.language)) {
      if (seen_subjects.insert(join_terms(*hq, brief.language)).second) {
        Ask ask{*hq, path.back(), -1, -1, path.back(), {}};
        // A question the heading asks as written is answered by the text under it, from its
        // first sentence the lesson's material holds.
        if (path.back().ends_with(*hq) && !candidates[i].dangling) {
          ask.lead = static_cast<int>(i);
          ask.asked_by_source = true;
        }
        found.push_back({-worth[i], std::move(ask)});
      }
    }
  }
  return by_worth_first(found);
}

// Whether the sentence says the word (by its stem); any sentence says the empty word.
bool says(const std::string& sentence, const std::string& word, const std::string& lang) {
  if (word.empty()) return true;
  const auto want = text::terms(word, lang);
  const auto have = text::terms(sentence, lang);
  return !want.empty() && std::find(have.begin(), have.end(), want[0]) != have.end();
}

// The questions the headings of the material's sections ask (topic_question), the sections
// worth most first, none about what an earlier question in `asked` already asks.
std::vector<Ask> topic_questions(const lesson::Brief& brief, const lesson::Material& material,
                                 const std::vector<extract::Candidate>& candidates,
                                 const std::vector<double>& worth, const std::vector<bool>& outside,
                                 const std::vector<Ask>& asked) {
  std::set<std::string> seen;
  for (const Ask& a : asked) {
    for (const auto& t : text::terms(a.question + " " + a.focus, brief.language)) seen.insert(t);
  }
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (!outside[i] && worth[i] > 0) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return worth[a] > worth[b]; });
  std::set<std::string> known;  // the material's words, to say a heading's verb as it does
  for (const auto& c : candidates) {
    for (std::string w : text::words(c.text)) known.insert(std::move(w));
  }
  std::vector<Ask> out;
  std::set<std::string> headings;
  for (std::size_t i : order) {
    const auto& path = material.chunks[static_cast<std::size_t>(candidates[i].chunk)].heading_path;
    if (path.empty() || !headings.insert(path.back()).second) continue;
    const auto q = topic_question(path.back(), brief.language);
    if (!q) {
      // A heading that names an activity asks how to do it, unless an earlier question asks
      // that already ("Resolving a merge" after "How do you resolve a merge conflict?").
      const auto task = activity_question(path.back(), known, brief.language);
      if (!task) continue;
      const auto terms = text::terms(*task, brief.language);
      if (std::all_of(terms.begin(), terms.end(),
                      [&](const std::string& t) { return seen.count(t) > 0; })) {
        continue;
      }
      seen.insert(terms.begin(), terms.end());
      out.push_back({*task, *task, -1, -1, path.back(), {}});
      continue;
    }
    // A thing an earlier question already names is asked about there.
    const auto terms = text::terms(q->second, brief.language);
    if (terms.empty() || seen.count(terms[0]) > 0) continue;
    seen.insert(terms[0]);
    // Answered first by the first sentence under the heading that says what it names.
    int lead = -1;
    for (std::size_t c = 0; c < candidates.size() && lead < 0; ++c) {
      const auto& at = material.chunks[static_cast<std::size_t>(candidates[c].chunk)].heading_path;
      if (!outside[c] && !candidates[c].dangling && !at.empty() && at.back() == path.back() &&
          says(candidates[c].text, q->second, brief.language)) {
        lead = static_cast<int>(c);
      }
    }
    if (lead >= 0) out.push_back({q->first, path.back(), lead, -1, path.back(), q->second});
  }
  return out;
}

std::vector<Ask> clause_questions(const lesson::Brief& brief,
                                  const std::vector<extract::Candidate>& candidates,
                                  const std::vector<double>& worth,
                                  const std::vector<bool>& outside, const std::vector<Ask>& asked) {
  std::set<std::string> seen;
  for (const Ask& a : asked) seen.insert(join_terms(a.question, brief.language));
  ClauseAsks clauses;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (!outside[i] && worth[i] > 0) clauses.add(candidates, i, worth[i], brief.language, seen);
  }
  Found found;
  clauses.take_into(found);
  return by_worth_first(found);
}

}  // namespace lectio::compose
