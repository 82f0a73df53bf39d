// The lesson page's view model (page_views.h): the lesson and what the request looked up,
// arranged for templates/lesson.mustache.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "cover_art.h"
#include "lectio/ingest/ingest.h"
#include "lectio/text/duration.h"
#include "page_views.h"
#include "views.h"

namespace lectio::web {

using kainjow::mustache::data;

namespace {

// Citation numbers: a chunk's position in the lesson's knowledge sources, from 1.
using Numbers = std::map<std::string, int, std::less<>>;

data citations(const lesson::ScriptSentence& s, const Numbers& numbers) {
  data list = data::type::list;
  for (const std::string& id : s.citations) {
    const auto it = numbers.find(id);
    if (it == numbers.end()) continue;
    data c;
    c.set("n", std::to_string(it->second));
    c.set("id", id);
    list.push_back(c);
  }
  return list;
}

data sentence_data(const lesson::ScriptSentence& s, const Numbers& numbers, int index,
                   bool dialogue) {
  data d;
  d.set("text", s.text);
  d.set("index", std::to_string(index));
  d.set("cites", citations(s, numbers));
  if (dialogue && !s.speaker.empty()) d.set("speaker", s.speaker);
  return d;
}

// A cited chunk as a numbered entry of a source list.
data cited_chunk_data(const lesson::CitedChunk& c, int n) {
  data s;
  s.set("n", std::to_string(n));
  s.set("id", c.chunk_id);
  s.set("file", c.file_name);
  s.set("pages", c.pages);
  s.set("heading", c.heading);
  if (!c.origin_url.empty() && ingest::is_safe_origin_url(c.origin_url))
    s.set("origin_url", c.origin_url);
  s.set("url", chunk_path(c));
  return s;
}

// Numbers the sources in order and returns them as a list.
data numbered_sources(const std::vector<lesson::CitedChunk>& chunks, Numbers& numbers) {
  data sources = data::type::list;
  for (const lesson::CitedChunk& c : chunks) {
    numbers.emplace(c.chunk_id, static_cast<int>(numbers.size()) + 1);
    sources.push_back(cited_chunk_data(c, static_cast<int>(numbers.size())));
  }
  return sources;
}

// The cited chunks grouped by source, in the order each source is first cited: the file, its
// page and origin once, then its chunks with their citation numbers (ids source-N stay the
// targets of the transcript's citation links).
data source_groups(const std::vector<lesson::CitedChunk>& chunks) {
  std::vector<std::string> order;
  std::map<std::string, std::pair<const lesson::CitedChunk*, data>> groups;
  int n = 0;
  for (const lesson::CitedChunk& c : chunks) {
    auto [it, added] = groups.try_emplace(c.source_id, &c, data(data::type::list));
    if (added) order.push_back(c.source_id);
    it->second.second.push_back(cited_chunk_data(c, ++n));
  }
  data out = data::type::list;
  for (const std::string& id : order) {
    const auto& [first, list] = groups.at(id);
    data group;
    group.set("file", first->file_name);
    group.set("url", source_path(first->source_id, first->version));
    if (!first->origin_url.empty() && ingest::is_safe_origin_url(first->origin_url))
      group.set("origin_url", first->origin_url);
    group.set("chunks", list);
    out.push_back(group);
  }
  return out;
}

// The script's sections; sentences are numbered across the whole script (the transcript
// follows the audio by these numbers).
data sections_data(const lesson::Lesson& l, const Numbers& numbers) {
  const bool dialogue = !l.cohost.empty();
  data sections = data::type::list;
  int index = 0;
  int section_index = 0;
  for (const lesson::ScriptSection& sec : l.script) {
    data section;
    section.set("title", sec.title);
    section.set("index", std::to_string(section_index++));
    data sentences = data::type::list;
    for (const lesson::ScriptSentence& s : sec.sentences) {
      sentences.push_back(sentence_data(s, numbers, index++, dialogue));
    }
    section.set("sentences", sentences);
    sections.push_back(section);
  }
  return sections;
}

data faq_data(const lesson::Lesson& l, const Numbers& numbers) {
  data faq = data::type::list;
  for (const lesson::FaqItem& f : l.faq) {
    data item;
    item.set("question", f.question);
    data answer = data::type::list;
    int i = 0;
    for (const lesson::ScriptSentence& s : f.answer) {
      answer.push_back(sentence_data(s, numbers, i++, false));
    }
    item.set("answer", answer);
    faq.push_back(item);
  }
  return faq;
}

data quote_data(const lesson::Lesson& l, const Numbers& numbers) {
  data quote;
  quote.set("text", l.best_quote->text);
  for (const lesson::CitedChunk& c : l.sources) {
    if (c.chunk_id != l.best_quote->chunk_id) continue;
    quote.set("file", c.file_name);
    quote.set("pages", c.pages);
  }
  if (const auto it = numbers.find(l.best_quote->chunk_id); it != numbers.end()) {
    quote.set("n", std::to_string(it->second));
  }
  return quote;
}

data media_data(const lesson::Lesson& l) {
  data media;
  media.set("mp3", "/media/" + l.id + ".mp3");
  media.set("opus", "/media/" + l.id + ".opus");
  media.set("vtt", "/media/" + l.id + ".vtt");
  return media;
}

data rating_data(const store::RatingSummary& summary) {
  data d;
  d.set("count", std::to_string(summary.count));
  // English plural rule (one / other); the Chinese catalog has the same word for both.
  if (summary.count == 1) d.set("one", true);
  d.set("average", summary.count ? fmt::format("{:.1f}", summary.average) : std::string("–"));
  data bars = data::type::list;
  for (int stars = 5; stars >= 1; --stars) {
    const int n = summary.histogram[stars - 1];
    data bar;
    bar.set("stars", std::to_string(stars));
    bar.set("count", std::to_string(n));
    bar.set("percent", std::to_string(summary.count ? n * 100 / summary.count : 0));
    bars.push_back(bar);
  }
  d.set("bars", bars);
  return d;
}

std::string stars(int rating) {
  std::string out;
  for (int i = 1; i <= 5; ++i) out += i <= rating ? "★" : "☆";
  return out;
}

data reviews_data(const std::vector<store::Review>& reviews, const std::string& viewer) {
  data list = data::type::list;
  for (const store::Review& r : reviews) {
    data review;
    review.set("id", r.id);
    review.set("author", r.user_name);
    review.set("stars", stars(r.rating));
    review.set("rating", std::to_string(r.rating));
    review.set("text", r.text);
    review.set("likes", std::to_string(r.likes));
    review.set("date", r.created_at.substr(0, 10));
    if (r.liked_by_viewer) review.set("liked", true);
    if (!viewer.empty() && r.user_id == viewer) review.set("mine", true);
    list.push_back(review);
  }
  return list;
}

// The review form's five stars, the viewer's own rating checked; and their review, if any,
// so that the form shows it and posting again reads as an update, not a second review.
void review_form_data(data& d, const std::vector<store::Review>& reviews,
                      const std::string& viewer) {
  const store::Review* own = nullptr;
  for (const store::Review& r : reviews) {
    if (!viewer.empty() && r.user_id == viewer) own = &r;
  }
  data options = data::type::list;
  for (int stars = 1; stars <= 5; ++stars) {
    data option;
    option.set("value", std::to_string(stars));
    if (stars == 1) option.set("one", true);
    if (own && own->rating == stars) option.set("checked", true);
    options.push_back(option);
  }
  d.set("star_options", options);
  if (!own) return;
  data mine;
  mine.set("rating", std::to_string(own->rating));
  mine.set("text", own->text);
  d.set("my_review", mine);
}

}  // namespace

data answer_view(const ask::Answer& answer) {
  data d;
  d.set("question", answer.question);
  if (!answer.supported) {
    d.set("unsupported", true);
    if (answer.refusal == ask::Refusal::kOtherLanguage) {
      d.set("refusal_message", ask::refusal_message(answer));
    }
    return d;
  }
  Numbers numbers;
  const data sources = numbered_sources(answer.sources, numbers);
  data sentences = data::type::list;
  int i = 0;
  for (const lesson::ScriptSentence& s : answer.sentences) {
    sentences.push_back(sentence_data(s, numbers, i++, false));
  }
  d.set("sentences", sentences);
  d.set("sources", sources);
  return d;
}

// A lesson written in another language than its sources (an LLM lesson in Chinese over English
// notes) says so, so that a learner knows its quotes and citations keep the sources' words.
void language_note(data& d, const lesson::Lesson& l, const std::vector<std::string>& sources) {
  const std::string lesson_language = l.language.empty() ? "en" : l.language;
  const bool differs = std::any_of(sources.begin(), sources.end(), [&](const std::string& s) {
    return !s.empty() && s != lesson_language;
  });
  if (!differs) return;
  d.set(lesson_language == "zh" ? "lesson_in_zh" : "lesson_in_en", true);
  d.set("language_differs", true);
}

data lesson_view(const lesson::Lesson& l, const LessonPageInput& in) {
  Numbers numbers;
  data d;
  d.set("sources", numbered_sources(l.sources, numbers));
  d.set("source_count", std::to_string(l.sources.size()));
  d.set("source_groups", source_groups(l.sources));
  d.set("cover", cover_path("lessons", l.slug));
  d.set("sections", sections_data(l, numbers));
  d.set("faq", faq_data(l, numbers));
  d.set("id", l.id);
  d.set("slug", l.slug);
  d.set("title", l.title);
  d.set("description", lesson_description(l));
  d.set("date", l.date);
  d.set("duration", lesson_length(l, in.lang));
  data tags = data::type::list;
  for (const std::string& tag : l.tags) tags.push_back(data(tag));
  d.set("tags", tags);
  d.set("host", l.cohost.empty() ? l.host : l.host + " & " + l.cohost);
  d.set(l.style == "deep" ? "style_deep" : "style_quick", true);
  d.set("plan", l.plan);
  if (!l.published) d.set("draft", true);
  if (l.best_quote) d.set("quote", quote_data(l, numbers));
  if (l.audio) d.set("audio", media_data(l));
  if (in.answer) {
    d.set("answer", answer_view(*in.answer));
    d.set("q", in.question);
  }
  d.set("rating", rating_data(in.rating));
  d.set("reviews", reviews_data(in.reviews, in.viewer));
  review_form_data(d, in.reviews, in.viewer);
  data related = data::type::list;
  for (const plan::Plan& p : in.related) related.push_back(plan_card(p, in.lang));
  d.set("related", related);
  if (!in.creator.empty()) d.set("creator", in.creator);
  if (!in.viewer.empty() && in.owner == in.viewer) d.set("mine", true);
  language_note(d, l, in.source_languages);
  return d;
}

}  // namespace lectio::web
