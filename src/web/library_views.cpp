// The view models of the discover, plan, source and account pages (page_views.h).
#include <fmt/format.h>

#include <algorithm>

#include "cover_art.h"
#include "lectio/ingest/ingest.h"
#include "lectio/plan/totals.h"
#include "lectio/text/duration.h"
#include "page_views.h"
#include "views.h"

namespace lectio::web {

using kainjow::mustache::data;

namespace {

constexpr std::size_t kRecentLessons = 12;

// Snippets mark matches with [[ ]]; the template escapes the text, so the marks become
// separate parts rather than HTML.
data snippet_parts(const std::string& snippet) {
  data parts = data::type::list;
  std::size_t pos = 0;
  while (pos < snippet.size()) {
    const std::size_t open = snippet.find("[[", pos);
    const std::size_t close = open == std::string::npos ? open : snippet.find("]]", open);
    if (open == std::string::npos || close == std::string::npos) {
      data p;
      p.set("text", snippet.substr(pos));
      parts.push_back(p);
      break;
    }
    data before;
    before.set("text", snippet.substr(pos, open - pos));
    parts.push_back(before);
    data mark;
    mark.set("text", snippet.substr(open + 2, close - open - 2));
    mark.set("mark", true);
    parts.push_back(mark);
    pos = close + 2;
  }
  return parts;
}

data plan_cards(const std::vector<plan::Plan>& plans, const std::string& lang) {
  data cards = data::type::list;
  for (const plan::Plan& p : plans) cards.push_back(plan_card(p, lang));
  return cards;
}

data plan_lesson_data(const plan::PlanLesson& pl, const std::string& lang,
                      const std::map<std::string, std::string>& lesson_urls) {
  data lesson;
  lesson.set("title", pl.title.empty() ? pl.topic : pl.title);
  if (pl.status == plan::LessonStatus::kFailed || pl.id.empty()) {
    lesson.set("failed", true);
    return lesson;
  }
  if (const auto it = lesson_urls.find(pl.id); it != lesson_urls.end()) {
    lesson.set("url", it->second);
  }
  lesson.set("duration", text::format_length(pl.estimated_minutes, pl.measured_seconds, lang));
  return lesson;
}

}  // namespace

data discover_view(const std::vector<plan::Plan>& plans, const std::vector<lesson::Lesson>& lessons,
                   const std::string& lang) {
  data d;
  d.set("plans", plan_cards(plans, lang));
  data recent = data::type::list;
  for (std::size_t i = 0; i < lessons.size() && i < kRecentLessons; ++i) {
    recent.push_back(lesson_card(lessons[i], lang));
  }
  d.set("recent", recent);
  return d;
}

data search_view(const std::vector<plan::Plan>& plans, const std::vector<lesson::Lesson>& lessons,
                 const std::vector<search::Hit>& hits, const std::string& query,
                 const std::string& lang) {
  data d;
  d.set("plans", plan_cards(plans, lang));
  d.set("q", query);
  data found = data::type::list;
  for (const lesson::Lesson& l : lessons) {
    if (lesson_matches(l, query)) found.push_back(lesson_card(l, lang));
  }
  d.set("found_lessons", found);
  data chunks = data::type::list;
  for (const search::Hit& h : hits) {
    data hit;
    hit.set("id", h.chunk_id);
    hit.set("file", h.file_name);
    hit.set("pages", page_range(h.page_start, h.page_end));
    hit.set("url", chunk_path(h.source_id, h.version, h.ordinal));
    hit.set("snippet", snippet_parts(h.snippet));
    chunks.push_back(hit);
  }
  d.set("found_chunks", chunks);
  d.set("searched", true);
  return d;
}

data plan_view(const plan::Plan& p, const std::string& lang, std::string_view chapter_label,
               const std::map<std::string, std::string>& lesson_urls) {
  data d;
  d.set("title", p.title);
  d.set("description", p.description);
  d.set("audience", p.audience);
  d.set("date", p.date);
  d.set("host", p.host);
  d.set("duration", plan_length(p, lang));
  d.set("chapter_count", plan::format_chapters(p.totals.chapters, lang));
  d.set("lesson_count", std::to_string(p.totals.lessons));
  d.set("feed", plan_path(p) + "/feed.xml");
  d.set("cover", cover_path("plans", p.slug));
  data chapters = data::type::list;
  int number = 1;
  for (const plan::PlanChapter& c : p.chapters) {
    data chapter;
    std::string label(chapter_label);
    if (const std::size_t at = label.find("{n}"); at != std::string::npos) {
      label.replace(at, 3, std::to_string(number));
    }
    ++number;
    chapter.set("label", label);
    chapter.set("title", c.title);
    data lessons = data::type::list;
    for (const plan::PlanLesson& pl : c.lessons) {
      lessons.push_back(plan_lesson_data(pl, lang, lesson_urls));
    }
    chapter.set("lessons", lessons);
    chapters.push_back(chapter);
  }
  d.set("chapters", chapters);
  return d;
}

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t at = line.find("; "); at != std::string::npos; at = line.find("; ", start)) {
    out.push_back(line.substr(start, at - start));
    start = at + 2;
  }
  out.push_back(line.substr(start));
  return out;
}

data cell_list(const std::vector<std::string>& cells) {
  data list = data::type::list;
  for (const std::string& c : cells) list.push_back(data(c));
  return list;
}

}  // namespace

data chunk_blocks(const std::string& text) {
  const std::vector<std::string> lines = split_lines(text);
  data blocks = data::type::list;
  std::string paragraph;
  const auto flush = [&] {
    if (paragraph.empty()) return;
    data p;
    p.set("para", paragraph);  // not "text": a table block would find the chunk's own text
    blocks.push_back(p);
    paragraph.clear();
  };
  for (std::size_t i = 0; i < lines.size();) {
    const std::size_t width = cells_of(lines[i]).size();
    std::size_t end = i + 1;
    while (width >= 2 && end < lines.size() && cells_of(lines[end]).size() == width) ++end;
    if (width < 2 || end - i < 2) {
      paragraph += (paragraph.empty() ? "" : "\n") + lines[i];
      ++i;
      continue;
    }
    flush();
    data table;
    table.set("head", cell_list(cells_of(lines[i])));
    data rows = data::type::list;
    for (std::size_t r = i + 1; r < end; ++r) {
      data row;
      row.set("cells", cell_list(cells_of(lines[r])));
      rows.push_back(row);
    }
    table.set("rows", rows);
    data block;
    block.set("table", table);
    blocks.push_back(block);
    i = end;
  }
  flush();
  return blocks;
}

data source_view(const Source& source, std::optional<int> current_version,
                 const std::vector<Chunk>& chunks, const std::vector<lesson::Lesson>& citing) {
  data d;
  d.set("id", source.id);
  d.set("title", source.title.empty() ? source.file_name : source.title);
  d.set("file", source.file_name);
  d.set("version", std::to_string(source.version));
  d.set("format", std::string(format_name(source.format)));
  d.set("pages", std::to_string(source.page_count));
  d.set("added", source.added_at.substr(0, 10));
  if (!source.origin_url.empty() && ingest::is_safe_origin_url(source.origin_url))
    d.set("origin_url", source.origin_url);
  if (current_version && *current_version != source.version) {
    d.set("older", true);
    d.set("current_url", source_path(source.id, *current_version));
  }
  data list = data::type::list;
  for (const Chunk& c : chunks) {
    data chunk;
    chunk.set("anchor", chunk_anchor(c.ordinal));
    chunk.set("id", c.id());
    chunk.set("pages", page_range(c.page_start, c.page_end));
    std::string heading;
    for (const std::string& h : c.heading_path) heading += (heading.empty() ? "" : " › ") + h;
    chunk.set("heading", heading);
    chunk.set("text", c.text);
    chunk.set("blocks", chunk_blocks(c.text));
    list.push_back(chunk);
  }
  d.set("chunks", list);
  data lessons = data::type::list;
  for (const lesson::Lesson& l : citing) {
    data item;
    item.set("title", l.title);
    item.set("url", lesson_path(l));
    lessons.push_back(item);
  }
  d.set("citing", lessons);
  return d;
}

data me_view(const std::string& display_name, const std::vector<lesson::Lesson>& lessons,
             const std::string& lang) {
  data list = data::type::list;
  for (const lesson::Lesson& l : lessons) {
    data card = lesson_card(l, lang);
    card.set("id", l.id);
    list.push_back(card);
  }
  data d;
  d.set("lessons", list);
  d.set("name", display_name);
  return d;
}

data account_form_view(const std::string& next, const std::string& name,
                       const std::string& display_name, const std::string& error) {
  data d;
  d.set("next", next);
  d.set("name", name);
  d.set("display_name", display_name);
  if (!error.empty()) d.set("error", error);
  return d;
}

data create_view(const std::vector<Source>& sources, const std::vector<voices::Host>& hosts,
                 const std::vector<EngineChoice>& engines, const std::string& error,
                 const CreateForm& form) {
  data d;
  const auto has = [](const std::vector<std::string>& ids, const std::string& id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
  };
  data source_list = data::type::list;
  data added = data::type::list;
  for (const Source& s : sources) {
    data src;
    src.set("id", s.id);
    src.set("file", s.file_name);
    src.set("chunks", std::to_string(s.chunk_count));
    if (has(form.chosen, s.id) || has(form.added, s.id)) src.set("checked", true);
    if (has(form.added, s.id)) added.push_back(src);
    source_list.push_back(src);
  }
  d.set("sources", source_list);
  if (!form.added.empty()) d.set("added", added);
  // The refused attempt's values; each select's choice as a flag ("language_zh").
  data values;
  for (const auto& [key, value] : form.values) {
    values.set(key, value);
    if (!value.empty()) d.set(key + "_" + value, true);
  }
  d.set("form", values);
  const auto host = form.values.find("host");
  data host_list = data::type::list;
  for (const voices::Host& h : hosts) {
    data v;
    v.set("name", h.name);
    v.set("language", h.language);
    v.set("description", h.description);
    if (host != form.values.end() && host->second == h.name) v.set("selected", true);
    host_list.push_back(v);
  }
  d.set("voices", host_list);
  if (engines.size() > 1) {
    data engine_list = data::type::list;
    for (const EngineChoice& choice : engines) {
      data e;
      e.set("value", choice.value);
      e.set("label", choice.label);
      const auto chosen = form.values.find("engine");
      if (chosen != form.values.end() ? chosen->second == choice.value : choice.selected)
        e.set("selected", true);
      engine_list.push_back(e);
    }
    d.set("engines", engine_list);
    d.set("engine_choice", true);
  }
  if (!error.empty()) {
    d.set(form.error_field == "sources" ? "sources_error"
          : form.error_field == "files" ? "upload_error"
                                        : "error",
          error);
  }
  return d;
}

data source_item(const Source& source) {
  data d;
  d.set("title", source.title.empty() ? source.file_name : source.title);
  d.set("file", source.file_name);
  d.set("chunks", std::to_string(source.chunk_count));
  d.set("url", source_path(source.id, source.version));
  return d;
}

data list_view(std::string_view kind, const data& items, int page, std::size_t total,
               const std::string& path) {
  data d;
  d.set(std::string(kind), true);
  d.set("items", items);
  const std::size_t first = static_cast<std::size_t>(page - 1) * kListPageSize;
  const std::size_t pages = std::max<std::size_t>(1, (total + kListPageSize - 1) / kListPageSize);
  d.set("first", std::to_string(total == 0 ? 0 : first + 1));
  d.set("last", std::to_string(std::min(total, first + kListPageSize)));
  d.set("total", std::to_string(total));
  d.set("page_size", std::to_string(kListPageSize));
  d.set("page", std::to_string(page));
  d.set("pages", std::to_string(pages));
  if (page > 1) d.set("previous", fmt::format("{}?page={}", path, page - 1));
  if (static_cast<std::size_t>(page) < pages)
    d.set("next", fmt::format("{}?page={}", path, page + 1));
  return d;
}

data job_view(const std::string& id, const std::string& kind, const std::string& state,
              const std::string& error) {
  data d;
  d.set("id", id);
  d.set("state", state);
  if (kind == "ingest") d.set("ingest", true);
  if (!error.empty()) d.set("error", error);  // shown without the script too
  return d;
}

}  // namespace lectio::web
