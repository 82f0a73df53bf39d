#include "lesson_parts.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "lectio/ask/answer_core.h"
#include "lectio/core/error.h"
#include "lectio/search/index.h"
#include "lectio/text/stopwords.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"

namespace lectio::compose {

namespace {

constexpr int kFaqMax = 8;
constexpr int kFaqMin = 4;
constexpr int kFaqAnswerMax = 3;
constexpr double kFaqMinRelevance = 0.35;
constexpr double kFaqMinCoverage = 0.25;

bool has_phrase(const std::string& s, std::string_view phrase) {
  return s.find(phrase) != std::string::npos;
}

std::string join_terms(const std::string& text, const std::string& lang) {
  std::string out;
  for (const auto& t : text::terms(text, lang)) out += t + " ";
  return out;
}

// "A PENDING lock is ..." -> "What is a PENDING lock?": the sentences of the material that
// define a term make the questions a learner asks about it. Returns the question and the
// term it asks about, or nothing when the sentence is not a definition.
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

}  // namespace

lesson::ScriptSentence connective(std::string text, const std::string& speaker) {
  lesson::ScriptSentence s;
  s.text = std::move(text);
  s.role = lesson::SentenceRole::kConnective;
  s.speaker = speaker;
  return s;
}

lesson::ScriptSection intro_section(const lesson::Brief& brief, const Phrasing& say) {
  const bool zh = brief.language == "zh";
  lesson::ScriptSection intro{
      lesson::SectionKind::kIntro, zh ? "开场" : "Introduction", -1, "", {}};
  for (auto& line : say.greeting()) intro.sentences.push_back(connective(line, brief.host));
  if (brief.format == lesson::LessonFormat::kDialogue) {
    intro.sentences.push_back(
        connective(zh ? fmt::format("我是{}，今天和你一起聊。", brief.cohost)
                      : fmt::format("And I'm {}, here to ask the questions.", brief.cohost),
                   brief.cohost));
  }
  intro.sentences.push_back(connective(say.agenda(), brief.host));
  return intro;
}

lesson::ScriptSection outro_section(const lesson::Brief& brief, const Phrasing& say,
                                    std::vector<lesson::ScriptSentence> points) {
  const bool dialogue = brief.format == lesson::LessonFormat::kDialogue;
  lesson::ScriptSection outro{
      lesson::SectionKind::kOutro, brief.language == "zh" ? "回顾" : "Recap", -1, "", {}};
  outro.sentences.push_back(connective(say.recap_cue(), dialogue ? brief.cohost : brief.host));
  if (points.empty()) outro.sentences.push_back(connective(say.recap(), brief.host));
  for (lesson::ScriptSentence& p : points) {
    p.speaker = brief.host;
    outro.sentences.push_back(std::move(p));
  }
  for (auto& line : say.sign_off()) outro.sentences.push_back(connective(line, brief.host));
  return outro;
}

extract::Focus focus_for(const std::string& text, const lesson::Brief& brief,
                         const lesson::Material& material) {
  extract::Focus focus;
  focus.terms = text::terms(text, brief.language);
  if (!material.index) return focus;
  search::Query query;
  query.text = text;
  query.k = 12;
  query.source_ids = material.source_ids();
  std::vector<search::Hit> hits;
  try {
    hits = material.index->search(query);
  } catch (const InvalidInput&) {
    return focus;  // an insight that is not a valid query still has its terms
  }
  std::map<std::string, int> by_id;
  for (std::size_t i = 0; i < material.chunks.size(); ++i) by_id[material.chunks[i].id()] = int(i);
  for (std::size_t rank = 0; rank < hits.size(); ++rank) {
    const auto it = by_id.find(hits[rank].chunk_id);
    if (it != by_id.end()) focus.chunk_prior[it->second] = 1.0 / (1.0 + double(rank) * 0.5);
  }
  return focus;
}

std::optional<std::string> task_question(const std::string& sentence, const std::string& language) {
  if (language == "zh") return std::nullopt;
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

namespace {

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

// A definition question is answered first by the definition; the question-answering core
// picks what follows from the definition's own chunk (the next one when it ends there).
lesson::FaqItem answer_definition(const std::string& question, int lead, const lesson::Brief& brief,
                                  const lesson::Material& material,
                                  const std::vector<extract::Candidate>& candidates,
                                  const extract::Scorer& scorer, std::vector<bool>& used) {
  lesson::FaqItem item;
  item.question = question;
  if (used[static_cast<std::size_t>(lead)]) return item;
  const int chunk = candidates[static_cast<std::size_t>(lead)].chunk;
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
  std::vector<bool> after = used;
  lesson::FaqItem rest = answer_faq(question, candidates[static_cast<std::size_t>(lead)].text,
                                    brief, material, candidates, scorer, after, outside);
  item.answer.push_back(
      extract::cited_sentence(candidates[static_cast<std::size_t>(lead)], material));
  for (auto& s : rest.answer) {
    if (static_cast<int>(item.answer.size()) >= kFaqAnswerMax) break;
    item.answer.push_back(std::move(s));
  }
  if (item.answer.size() >= 2) {
    used = std::move(after);
    scorer.mark_said({lead}, used);
  }
  return item;
}

}  // namespace

namespace {

struct Ask {
  std::string question;
  std::string focus;
  int lead = -1;        // a definition: the sentence that answers it, said first
  int insight = -1;     // an insight's own question: answered from its sections
  std::string heading;  // a heading's question: answered from the chunks under it
};

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
  std::vector<std::pair<double, Ask>> found;
  std::set<std::string> seen_subjects;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (outside[i] || worth[i] < min_worth || worth[i] <= 0) continue;
    if (const auto cq = command_question(candidates[i].text, brief.language);
        cq && !candidates[i].dangling) {
      if (seen_subjects.insert(join_terms(*cq, brief.language)).second) {
        found.push_back({-worth[i], {*cq, *cq, static_cast<int>(i), -1, {}}});
      }
    } else if (const auto q = definition_question(candidates[i], brief.language)) {
      if (named_enough(q->second, lesson_terms, brief.language) &&
          seen_subjects.insert(join_terms(q->second, brief.language)).second) {
        found.push_back({-worth[i], {q->first, q->second, static_cast<int>(i), -1, {}}});
      }
    } else if (const auto t = task_question(candidates[i].text, brief.language)) {
      if (seen_subjects.insert(join_terms(*t, brief.language)).second) {
        found.push_back({-worth[i], {*t, *t, -1, -1, {}}});
      }
    }
    // The heading a sentence of the material sits under may itself be a learner's question.
    const auto& path = material.chunks[static_cast<std::size_t>(candidates[i].chunk)].heading_path;
    if (path.empty()) continue;
    if (const auto hq = heading_question(path.back(), brief.language)) {
      if (seen_subjects.insert(join_terms(*hq, brief.language)).second) {
        found.push_back({-worth[i], {*hq, path.back(), -1, -1, path.back()}});
      }
    }
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Ask> out;
  for (auto& d : found) out.push_back(std::move(d.second));
  return out;
}

}  // namespace

std::vector<lesson::FaqItem> write_faq(const lesson::Brief& brief, const lesson::Material& material,
                                       const std::vector<extract::Candidate>& candidates,
                                       const extract::Scorer& scorer, const Phrasing& say,
                                       const std::vector<std::vector<double>>& per_insight) {
  // A learner asks about what the lesson's material says: the topic's difference, the terms
  // it defines and the tasks it tells how to do, the most central to the lesson first. The
  // insights themselves are asked about only to reach kFaqMin questions.
  std::vector<Ask> asks;
  if (auto q = say.difference_question())
    asks.push_back({*q, brief.topic + " " + brief.overview, -1, -1, {}});
  std::string whole = brief.topic + " " + brief.overview;
  for (const auto& i : brief.insights) whole += " " + i;
  extract::Focus lesson_focus;
  lesson_focus.terms = text::terms(whole, brief.language);
  const bool scoped = !per_insight.empty();
  std::vector<const std::vector<double>*> all_parts;
  for (const auto& part : per_insight) all_parts.push_back(&part);
  const std::vector<bool> outside = outside_of(all_parts, candidates.size());
  // Without sections to draw on, the sentences relevant to the lesson as a whole.
  std::vector<double> worth =
      scoped ? std::vector<double>(candidates.size(), 0.0) : scorer.relevance(lesson_focus);
  for (const auto& part : per_insight) {
    for (std::size_t i = 0; i < candidates.size(); ++i) worth[i] = std::max(worth[i], part[i]);
  }
  for (Ask& a : content_questions(brief, material, candidates, worth, outside,
                                  scoped ? 0.0 : kFaqMinRelevance, lesson_focus.terms)) {
    asks.push_back(std::move(a));
  }
  const std::size_t from_content = asks.size();
  for (std::size_t i = 0; i < brief.insights.size(); ++i) {
    // An insight the lesson leaves out (no material) is not asked about: its answer would be
    // the sentences of other insights' sections.
    if (scoped && std::none_of(per_insight[i].begin(), per_insight[i].end(),
                               [](double w) { return w > 0; })) {
      continue;
    }
    asks.push_back(
        {say.question_about(brief.insights[i]), brief.insights[i], -1, static_cast<int>(i), {}});
  }

  std::vector<lesson::FaqItem> faq;
  std::vector<bool> used(candidates.size(), false);
  for (std::size_t k = 0; k < asks.size() && static_cast<int>(faq.size()) < kFaqMax; ++k) {
    const Ask& ask = asks[k];
    if (k >= from_content && static_cast<int>(faq.size()) >= kFaqMin) break;
    lesson::FaqItem item;
    if (ask.lead >= 0) {
      item = answer_definition(ask.question, ask.lead, brief, material, candidates, scorer, used);
    } else if (ask.insight >= 0 && scoped) {
      // An insight's question is answered from its own sections, else from the lesson's.
      item = answer_faq(
          ask.question, ask.focus, brief, material, candidates, scorer, used,
          outside_of({&per_insight[static_cast<std::size_t>(ask.insight)]}, candidates.size()));
      if (item.answer.size() < 2) {
        item =
            answer_faq(ask.question, ask.focus, brief, material, candidates, scorer, used, outside);
      }
    } else if (!ask.heading.empty()) {
      std::vector<bool> under = outside;
      for (std::size_t i = 0; i < candidates.size(); ++i) {
        const auto& path =
            material.chunks[static_cast<std::size_t>(candidates[i].chunk)].heading_path;
        under[i] = under[i] || path.empty() || path.back() != ask.heading;
      }
      item = answer_faq(ask.question, ask.focus, brief, material, candidates, scorer, used, under);
    } else {
      item =
          answer_faq(ask.question, ask.focus, brief, material, candidates, scorer, used, outside);
    }
    if (item.answer.size() < 2 || !takes_up(item.question, item.answer.front(), brief.language)) {
      continue;
    }
    faq.push_back(std::move(item));
  }
  return faq;
}

lesson::FaqItem answer_faq(const std::string& question, const std::string& focus_text,
                           const lesson::Brief& brief, const lesson::Material& material,
                           const std::vector<extract::Candidate>& candidates,
                           const extract::Scorer& scorer, std::vector<bool>& used,
                           const std::vector<bool>& outside) {
  ask::PickOptions pick;
  pick.max_sentences = kFaqAnswerMax;
  pick.chunk_prior = focus_for(focus_text, brief, material).chunk_prior;
  // A FAQ answer is heard on its own: a sentence that points back to one before it is left out.
  pick.excluded = used;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (candidates[i].dangling || (!outside.empty() && outside[i])) pick.excluded[i] = true;
  }
  // The brief's own questions: the lesson's sources are about them by construction, so a term
  // the sources never use does not make the question foreign, and an answer may carry a
  // smaller share of a long insight's terms than of a learner's short question.
  pick.min_coverage = kFaqMinCoverage;
  pick.weigh_absent_terms = false;
  const std::vector<int> picked = ask::pick_answer(question, candidates, brief.language, pick);
  lesson::FaqItem item;
  item.question = question;
  for (int c : picked) {
    item.answer.push_back(
        extract::cited_sentence(candidates[static_cast<std::size_t>(c)], material));
  }
  if (item.answer.size() >= 2) scorer.mark_said(picked, used);
  return item;
}

std::optional<lesson::BestQuote> pick_best_quote(const lesson::Brief& brief,
                                                 const lesson::Material& material,
                                                 const std::vector<extract::Candidate>& candidates,
                                                 const extract::Scorer& scorer) {
  std::string whole = brief.topic + " " + brief.overview;
  for (const auto& i : brief.insights) whole += " " + i;
  extract::Focus focus;
  focus.terms = text::terms(whole, brief.language);
  const std::vector<double> rel = scorer.relevance(focus);
  int best = -1;
  double best_score = -1e9;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const extract::Candidate& c = candidates[i];
    if (c.original != c.text && brief.language != "zh") continue;  // must be verbatim
    double score = 2.0 * rel[i];
    // Images and contrasts are what people remember and repeat.
    const std::string lower = " " + c.original + " ";
    for (std::string_view cue : {" like a ", " is a ", " is like ", " think of ", " If ", " if "}) {
      if (has_phrase(lower, cue)) score += 0.8;
    }
    for (std::string_view cue : {" but ", " while ", " whereas ", " rather than ", "; "}) {
      if (has_phrase(lower, cue)) score += 0.4;
    }
    if (c.words >= 10 && c.words <= 30) score += 1.0;
    if (c.words > 40) score -= 1.0;
    if (c.dangling) score -= 2.0;
    if (std::any_of(c.original.begin(), c.original.end(), ::isdigit)) score -= 0.5;
    if (score > best_score) {
      best_score = score;
      best = static_cast<int>(i);
    }
  }
  if (best < 0) return std::nullopt;
  const extract::Candidate& c = candidates[static_cast<std::size_t>(best)];
  return lesson::BestQuote{c.original, material.chunks[static_cast<std::size_t>(c.chunk)].id()};
}

std::vector<std::string> top_terms_as_tags(const std::vector<extract::Candidate>& candidates,
                                           const std::string& language) {
  std::map<std::string, int> counts;
  std::map<std::string, std::string> surface;
  for (const extract::Candidate& c : candidates) {
    for (const auto& w : text::words(c.text)) {
      if (text::is_stopword(w, language) || w.size() < 3) continue;
      const auto t = text::terms(w, language);
      if (t.empty()) continue;
      ++counts[t[0]];
      surface.emplace(t[0], w);
    }
  }
  std::vector<std::pair<int, std::string>> ranked;
  for (const auto& [term, n] : counts) ranked.emplace_back(-n, term);
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> tags;
  for (std::size_t i = 0; i < ranked.size() && tags.size() < 3; ++i) {
    std::string w = surface[ranked[i].second];
    if (language != "zh" && !w.empty()) w[0] = static_cast<char>(std::toupper(w[0]));
    tags.push_back(w);
  }
  return tags;
}

}  // namespace lectio::compose
