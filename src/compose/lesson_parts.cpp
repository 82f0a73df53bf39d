#include "lesson_parts.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "lectio/core/error.h"
#include "lectio/extract/related_words.h"
#include "lectio/search/index.h"
#include "lectio/text/stopwords.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"

namespace lectio::compose {

namespace {

bool has_phrase(const std::string& s, std::string_view phrase) {
  return s.find(phrase) != std::string::npos;
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

std::set<std::string> qualified_terms(const std::string& text, const std::string& language) {
  std::set<std::string> out;
  bool after_content = false;
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    const std::vector<std::string> own = text::terms(word, language);
    if (after_content && !own.empty()) out.insert(own.front());
    // "parameter and command substitution": each modifier stands right before the head.
    after_content = !own.empty() && !word.ends_with(',') && !word.ends_with(':');
  }
  return out;
}

extract::Focus focus_for(const std::string& text, const lesson::Brief& brief,
                         const lesson::Material& material) {
  extract::Focus focus;
  focus.terms = text::terms(text, brief.language);
  focus.related = extract::related_map(focus.terms, brief.language);
  focus.qualified = qualified_terms(text, brief.language);
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

std::set<std::string> light_verbs(const std::string& language) {
  if (language != "en") return {};
  const auto t = text::terms("make do take get have give put go", language);
  return {t.begin(), t.end()};
}

}  // namespace lectio::compose
