#include "draft_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "lectio/extract/summarize.h"
#include "lectio/text/sentences.h"
#include "lectio/text/strings.h"
#include "lectio/text/words.h"

namespace lectio::plan {

namespace {

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool is_question(const std::string& goal, const std::string& language) {
  if (language == "zh") {
    for (std::string_view cue : {"什么", "怎么", "如何", "为什么", "吗", "哪"}) {
      if (goal.find(cue) != std::string::npos) return true;
    }
    return false;
  }
  const std::string first = text::ascii_lower(goal.substr(0, goal.find(' ')));
  static const std::set<std::string> kAsks = {"how", "what", "why", "when", "where", "which", "who",
                                              "can", "does", "do",  "is",   "are",   "should"};
  return kAsks.count(first) > 0;
}

bool fit_as_claim(const std::string& s, const std::string& language, int max_words = 30) {
  if (language == "zh") {
    const int words = text::count_words(s);  // ICU words: about 1.7 characters each
    return words >= 4 && words <= 40 && ends_with(s, "。") && !starts_with(s, "这") &&
           !starts_with(s, "它");
  }
  const int words = text::count_words(s);
  if (words < 6 || words > max_words || !ends_with(s, ".")) return false;
  static const std::set<std::string> kDangling = {"this", "that",  "these", "those",   "it",  "its",
                                                  "they", "their", "such",  "however", "but", "and",
                                                  "so",   "also",  "here",  "both"};
  const std::string first = text::ascii_lower(s.substr(0, s.find_first_of(" ,")));
  if (kDangling.count(first) > 0) return false;
  // Openers and phrases that lean on a sentence that is not there.
  for (std::string_view lean :
       {"Even so", "As a result", "For this reason", "In short", "On the other hand", "By contrast",
        "this reason", "that reason", " of them", " of it.", " of these", " of those"}) {
    if (s.find(lean) != std::string::npos) return false;
  }
  return s.find("http") == std::string::npos && s.find('|') == std::string::npos;
}

}  // namespace

std::string strip_end(std::string s) {
  s = text::collapse_whitespace(s);
  while (!s.empty() && (s.back() == '.' || s.back() == ':' || s.back() == ';')) s.pop_back();
  for (std::string_view end : {"。", "：", "；"}) {
    if (ends_with(s, end)) s.resize(s.size() - end.size());
  }
  return s;
}

std::string plan_title(const std::string& goal, const std::string& language) {
  std::string title = strip_end(goal);
  while (!title.empty() && (title.back() == '?' || title.back() == '!')) title.pop_back();
  if (ends_with(title, "？")) title.resize(title.size() - 3);
  if (!title.empty() && title[0] >= 'a' && title[0] <= 'z')
    title[0] = static_cast<char>(title[0] - 32);
  if (!is_question(goal, language)) return title;
  return title + (language == "zh" ? "？" : "?");
}

std::string default_audience(const std::string& goal, const std::string& language) {
  const std::string question = plan_title(goal, language);
  if (language == "zh") return fmt::format("想弄清“{}”的人", question);
  std::string asked = question;
  if (!asked.empty() && asked[0] >= 'A' && asked[0] <= 'Z' &&
      (asked.size() < 2 || !(asked[1] >= 'A' && asked[1] <= 'Z'))) {
    asked[0] = static_cast<char>(asked[0] + 32);  // "How ..." reads "how ..." inside quotes
  }
  return fmt::format("anyone asking “{}”", asked);
}

std::optional<std::string> why_now(const Corpus& corpus, const std::string& goal) {
  const bool zh = corpus.language == "zh";
  static const std::set<std::string> kCues = {"today",        "now",     "nowadays", "currently",
                                              "increasingly", "growing", "lately"};
  const std::vector<std::string> goal_terms = content_terms(goal);
  std::optional<std::string> best;
  double best_score = 0;
  for (const Chunk& c : corpus.chunks) {
    for (const std::string& s : text::sentences(c.text, corpus.language)) {
      if (!fit_as_claim(s, corpus.language, 40)) continue;
      int cues = 0;
      if (zh) {
        for (std::string_view cue : {"如今", "现在", "目前", "近年", "今天", "越来越", "当下"}) {
          cues += s.find(cue) != std::string::npos ? 1 : 0;
        }
      } else {
        std::string word;
        for (char ch : s + " ") {
          if (std::isalpha(static_cast<unsigned char>(ch))) {
            word.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
            continue;
          }
          cues += kCues.count(word) ? 1 : 0;
          word.clear();
        }
        cues += s.find("recent years") != std::string::npos ? 1 : 0;
      }
      if (cues == 0) continue;
      const std::vector<std::string> terms = content_terms(s);
      int shared = 0;
      for (const std::string& t : goal_terms) {
        shared += std::find(terms.begin(), terms.end(), t) != terms.end() ? 1 : 0;
      }
      // Saying why now matters most; speaking of the goal's subject breaks ties.
      const double score = std::min(cues, 2) + 0.25 * shared;
      if (score > best_score) {
        best_score = score;
        best = s;
      }
    }
  }
  return best;
}

std::string describe(const std::string& audience, const std::vector<std::string>& chapter_titles,
                     int source_count, const std::optional<std::string>& now,
                     const std::string& language) {
  const std::size_t n = chapter_titles.size();
  if (language == "zh") {
    std::string first =
        n > 1
            ? fmt::format("写给{}：共 {} 章，从“{}”讲到“{}”，全部取材于你自己的 {} 份资料。",
                          audience, n, chapter_titles.front(), chapter_titles.back(), source_count)
            : fmt::format("写给{}：一章讲清“{}”，全部取材于你自己的 {} 份资料。", audience,
                          chapter_titles.front(), source_count);
    return first + (now ? *now : std::string("每一课都标明出处，听到的每句话都能回到原文核对。"));
  }
  const std::string sources = source_count == 1
                                  ? "one of your own sources"
                                  : fmt::format("{} of your own sources", source_count);
  std::string first =
      n > 1 ? fmt::format("For {}: {} chapters, from {} to {}, drawn only from {}.", audience, n,
                          chapter_titles.front(), chapter_titles.back(), sources)
            : fmt::format("For {}: one chapter on {}, drawn only from {}.", audience,
                          chapter_titles.front(), sources);
  return first + " " +
         (now ? *now
              : std::string("Every lesson cites the passages it comes from, so what you hear "
                            "can be checked against what you wrote."));
}

std::vector<std::string> key_sentences(const Corpus& corpus, const std::vector<int>& chunks,
                                       int count, const std::string& focus) {
  std::vector<std::string> sentences;
  for (int i : chunks) {
    const std::string& body = corpus.chunks[static_cast<std::size_t>(i)].text;
    // Lines are blocks (paragraphs, list items); a sentence never spans two.
    std::size_t start = 0;
    while (start < body.size()) {
      std::size_t nl = body.find('\n', start);
      if (nl == std::string::npos) nl = body.size();
      for (std::string& s : text::sentences(body.substr(start, nl - start), corpus.language)) {
        if (fit_as_claim(s, corpus.language)) sentences.push_back(std::move(s));
      }
      start = nl + 1;
    }
  }
  if (sentences.empty()) return {};
  extract::SelectOptions options;
  options.count = count;
  options.language = corpus.language;
  options.focus = focus;
  std::vector<std::string> out;
  for (int i : extract::select_sentences(sentences, options)) {
    out.push_back(sentences[static_cast<std::size_t>(i)]);
  }
  return out;
}

bool is_generic_heading(const std::string& heading) {
  static const std::set<std::string> kGeneric = {
      "summary",    "introduction",    "intro", "conclusion", "conclusions", "overview",
      "references", "further reading", "notes", "background", "appendix",    "key takeaways",
      "takeaways",  "in short",        "recap", "小结",       "总结",        "引言",
      "参考",       "参考资料",        "概述",  "结论"};
  return kGeneric.count(text::ascii_lower(strip_end(heading))) > 0;
}

}  // namespace lectio::plan
