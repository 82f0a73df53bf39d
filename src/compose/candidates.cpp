#include "candidates.h"

#include <array>
#include <map>
#include <regex>

#include "lectio/compose/summarize.h"
#include "lectio/text/sentences.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"

namespace lectio::compose {

namespace {

bool ends_like_sentence(std::string_view s, bool zh) {
  if (s.empty()) return false;
  const char last = s.back();
  if (last == '.' || last == '!' || last == '?') return true;
  if (last == '"' || last == ')') return s.size() > 1 && (s[s.size() - 2] == '.' || s[s.size() - 2] == '?');
  if (zh) {
    for (std::string_view end : {"\xe3\x80\x82", "\xef\xbc\x81", "\xef\xbc\x9f", "\xe2\x80\x9d"}) {
      if (s.size() >= end.size() && s.substr(s.size() - end.size()) == end) return true;
    }
  }
  return false;
}

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  for (std::size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size())) {
    s.replace(pos, from.size(), to);
  }
  return s;
}

int count_chars(std::string_view s) {
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

}  // namespace

bool opens_dangling(std::string_view sentence, const std::string& language) {
  if (language == "zh") {
    for (std::string_view w : {"这", "它", "他们", "它们", "此外", "但是", "然而", "因此", "所以"}) {
      if (sentence.substr(0, w.size()) == w) return true;
    }
    return false;
  }
  static const std::array<std::string_view, 26> kOpeners = {
      "This", "That", "These", "Those", "It", "Its", "It's", "They", "Their", "Them",
      "Such", "He", "She", "His", "Her", "Both", "Another", "Also", "However", "But",
      "And", "So", "Therefore", "Thus", "Then", "Here"};
  const std::size_t end = sentence.find_first_of(" ,;:");
  const std::string_view first = sentence.substr(0, end);
  for (std::string_view o : kOpeners) {
    if (first == o) return true;
  }
  return false;
}

std::optional<std::string> rewrite_for_listening(std::string_view sentence,
                                                 const std::string& language) {
  const bool zh = language == "zh";
  std::string s(sentence);
  if (s.find("http://") != std::string::npos || s.find("https://") != std::string::npos ||
      s.find("```") != std::string::npos || s.find('\n') != std::string::npos) {
    return std::nullopt;
  }
  if (!ends_like_sentence(s, zh)) return std::nullopt;
  if (!zh) {
    // Short asides in brackets read badly aloud; long ones carry content and stay.
    static const std::regex kAside(R"( ?\((?:[^()]{1,60})\)| ?\[[^\[\]]{1,60}\])");
    s = std::regex_replace(s, kAside, "");
    s = replace_all(s, "e.g.,", "for example,");
    s = replace_all(s, "e.g.", "for example");
    s = replace_all(s, "i.e.,", "that is,");
    s = replace_all(s, "i.e.", "that is");
    s = replace_all(s, " etc.", " and so on.");
    s = replace_all(s, " vs. ", " versus ");
    s = replace_all(s, " vs ", " versus ");
    s = replace_all(s, " & ", " and ");
    s = replace_all(s, " ,", ",");
    s = replace_all(s, " .", ".");
    s = replace_all(s, "  ", " ");
    const int words = static_cast<int>(std::count(s.begin(), s.end(), ' ')) + 1;
    if (words < 6 || words > 55) return std::nullopt;
    return s;
  }
  const int chars = count_chars(s);
  if (chars < 8 || chars > 140) return std::nullopt;
  return s;
}

namespace {

// How many leading headings every chunk of the source shares (typically the document title).
// Those say nothing about where a sentence belongs, so they are left out of its headings.
std::map<std::string, std::size_t> shared_heading_depth(const std::vector<Chunk>& chunks) {
  std::map<std::string, std::vector<std::string>> common;
  for (const Chunk& c : chunks) {
    auto [it, fresh] = common.try_emplace(c.source_id, c.heading_path);
    if (fresh) continue;
    std::vector<std::string>& prefix = it->second;
    std::size_t n = 0;
    while (n < prefix.size() && n < c.heading_path.size() && prefix[n] == c.heading_path[n]) ++n;
    prefix.resize(n);
  }
  std::map<std::string, std::size_t> depth;
  for (const auto& [id, prefix] : common) depth[id] = prefix.size();
  return depth;
}

// Sentences about the document itself ("These notes explain ...") are not lesson content.
bool is_meta(std::string_view s) {
  for (std::string_view cue : {"these notes", "These notes", "this document", "This document",
                               "this article", "This article", "this chapter", "This chapter",
                               "this guide", "This guide", "this section", "This section",
                               "this post", "This post"}) {
    if (s.find(cue) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

std::vector<Candidate> build_candidates(const Material& material, const std::string& language) {
  std::vector<Candidate> out;
  const auto shared_depth = shared_heading_depth(material.chunks);
  int position = 0;
  for (std::size_t ci = 0; ci < material.chunks.size(); ++ci) {
    const Chunk& chunk = material.chunks[ci];
    std::vector<std::string> heading_terms;
    const std::size_t skip = shared_depth.at(chunk.source_id);
    for (std::size_t h = skip; h < chunk.heading_path.size(); ++h) {
      for (auto& t : text::terms(chunk.heading_path[h], language)) heading_terms.push_back(std::move(t));
    }
    // Lines of a chunk are separate blocks (paragraphs, list items); sentences stay inside.
    std::size_t start = 0;
    while (start <= chunk.text.size()) {
      std::size_t nl = chunk.text.find('\n', start);
      if (nl == std::string::npos) nl = chunk.text.size();
      const std::string line = chunk.text.substr(start, nl - start);
      for (const std::string& sentence : text::sentences(line, language)) {
        ++position;
        auto spoken = rewrite_for_listening(sentence, language);
        if (!spoken || is_meta(*spoken)) continue;
        Candidate c;
        c.text = std::move(*spoken);
        c.original = sentence;
        c.chunk = static_cast<int>(ci);
        c.position = position;
        c.terms = text::terms(c.text, language);
        c.words = static_cast<int>(text::words(c.text).size());
        c.dangling = opens_dangling(c.text, language);
        c.heading_terms = heading_terms;
        if (!c.terms.empty()) out.push_back(std::move(c));
      }
      if (nl == chunk.text.size()) break;
      start = nl + 1;
    }
  }
  return out;
}

}  // namespace lectio::compose
