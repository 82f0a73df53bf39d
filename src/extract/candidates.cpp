#include "lectio/extract/candidates.h"

#include <algorithm>
#include <map>
#include <regex>
#include <string_view>
#include <utility>

#include "lectio/extract/listenable.h"
#include "lectio/extract/spoken_definitions.h"
#include "lectio/extract/spoken_lists.h"
#include "lectio/extract/summarize.h"
#include "lectio/text/sentences.h"
#include "lectio/text/strings.h"
#include "lectio/text/terms.h"
#include "lectio/text/unicode.h"
#include "lectio/text/wordnet.h"
#include "lectio/text/words.h"

namespace lectio::extract {

namespace {

// A list's lead-in ("But there are also disadvantages:", "Advantages include:"): a block's
// last sentence that ends with a colon and is a few words, no full sentence of its own. Longer
// ones ("Command substitution occurs when a command is enclosed as follows:") introduce a
// form or a paragraph, not a list of items it names.
constexpr std::size_t kLeadInWords = 6;

// Per line of the chunk, the terms of the lead-in it follows: the lines after a lead-in are
// its items, up to the next lead-in; the lead-in names what they are, as a heading would.
std::vector<std::vector<std::string>> lead_in_terms(const std::vector<ChunkSentence>& sentences,
                                                    const std::string& language) {
  const int lines = sentences.empty() ? 0 : sentences.back().line + 1;
  std::vector<std::vector<std::string>> out(static_cast<std::size_t>(lines));
  std::vector<std::string> lent;
  for (std::size_t k = 0; k < sentences.size(); ++k) {
    const ChunkSentence& s = sentences[k];
    out[static_cast<std::size_t>(s.line)] = lent;
    const bool last_of_line = k + 1 == sentences.size() || sentences[k + 1].line != s.line;
    const std::string& written = s.lead_in.empty() ? s.text : s.lead_in;
    if (!last_of_line || written.empty() || written.back() != ':') continue;
    if (text::words(written).size() > kLeadInWords) {
      lent.clear();
      continue;
    }
    lent = text::terms(written, language);
  }
  return out;
}

// The words of a shell command line ("$ git log -p" -> {"git", "log", "-p"}), up to a comment;
// nothing for a line that is no command.
std::vector<std::string> command_words(std::string_view line) {
  if (!line.starts_with("$ ")) return {};
  line.remove_prefix(2);
  if (const auto hash = line.find(" #"); hash != std::string_view::npos)
    line = line.substr(0, hash);
  return text::split_whitespace(line);
}

// A command said in words: a few plain words ("git log", "git branch experimental"), none a
// listener would have to hear spelled out ("-p", "HEAD^", "path/to/file").
bool sayable(const std::vector<std::string>& words) {
  static const std::regex kPlain(R"(^[a-z][a-z0-9_-]*$)");
  return !words.empty() && words.size() <= 4 &&
         std::all_of(words.begin(), words.end(),
                     [](const std::string& w) { return std::regex_match(w, kPlain); });
}

// A definition list's term in Chinese ("“预依赖”" above "类似于 Depends，但列出的软件包必须提前
// 完成安装。"): a line of one short piece that is no sentence, right before a line that opens
// with one. Heard without it, the definition does not say what it defines.
constexpr std::size_t kTermCharacters = 10;
// The most words a term a list line defines may have ("NULL.", "Type affinity.").
constexpr std::size_t kMaxTermWords = 3;

// The labels of DocBook's admonitions in Chinese (note, tip, caution, warning, important): a
// line of their own above a paragraph, they name no term ("注意：请注意，……").
bool admonition(std::string_view line) {
  for (std::string_view label : {"注意", "提示", "小心", "警告", "重要"}) {
    if (line == label) return true;
  }
  return false;
}

// Marks on the first piece of a line the term that the line before it defines. A Chinese
// document's terms hold Han characters; a line of a command's output above the text ("Hello")
// is no term.
void mark_defined_terms_zh(std::vector<ChunkSentence>& pieces) {
  for (std::size_t k = 1; k < pieces.size(); ++k) {
    const ChunkSentence& term = pieces[k - 1];
    if (pieces[k].line == term.line || term.cut || term.item || pieces[k].item) continue;
    if (k >= 2 && pieces[k - 2].line == term.line) continue;  // the term is alone on its line
    if (ends_like_sentence(term.text, "zh") || term.text.ends_with("：") ||
        term.text.ends_with(":") || text::character_count(term.text) > kTermCharacters ||
        admonition(term.text) || !text::holds_han(term.text)) {
      continue;
    }
    pieces[k].term = term.text;
  }
}

// The term a list line opens with when the line defines it ("NULL. The value is a NULL
// value."): a few plain words and a full stop opening the line's first piece, the definition
// after them on the same line (in the same piece when the sentence splitter kept them together).
// Where the term's text ends in the piece (after its full stop), or nothing for other lines.
std::optional<std::pair<std::string, std::size_t>> line_term(
    const std::vector<ChunkSentence>& pieces, std::size_t j, const std::string& language) {
  if (language == "zh" || (j > 0 && pieces[j - 1].line == pieces[j].line)) return std::nullopt;
  const std::string& text = pieces[j].text;
  const bool alone = j + 1 == pieces.size() || pieces[j + 1].line != pieces[j].line;
  std::size_t end = alone ? text.find(". ") : text.size() - 1;
  if (end == std::string::npos || text[end] != '.' || (end > 0 && text[end - 1] == '.')) {
    return std::nullopt;
  }
  const std::string term = text.substr(0, end);
  if (text::words(term).size() > kMaxTermWords || !list_item(term, language)) return std::nullopt;
  return std::make_pair(term, end + 1);
}

// Whether piece `j` is the first piece of its line.
bool opens_line(const std::vector<ChunkSentence>& pieces, std::size_t j) {
  return j == 0 || pieces[j - 1].line != pieces[j].line;
}

// Whether piece `j` is a list's numeral ("1.", "2)") opening its line, its item after it.
bool numeral(const std::vector<ChunkSentence>& pieces, std::size_t j) {
  const std::string& t = pieces[j].text;
  const bool opens = opens_line(pieces, j);
  const bool followed = j + 1 < pieces.size() && !opens_line(pieces, j + 1);
  const std::size_t digits = t.find_first_not_of("0123456789");
  return opens && followed && digits > 0 && digits <= 2 && digits + 1 == t.size() &&
         (t.back() == '.' || t.back() == ')');
}

// Each list of the chunk said with its lead-in: a line's last sentence that ends with a colon,
// then lines of one list item each, up to a line inside the chunk that is none. An item is a
// line of its own, or the term a line defines ("NULL. The value is a NULL value." says NULL;
// the definitions stay sentences of their own); one list keeps to one kind. A list the chunk
// ends on may go on in the next chunk, and a part of it would be heard as the whole.
void say_lists(std::vector<ChunkSentence>& pieces, const std::string& language) {
  const auto alone = [&](std::size_t j) {
    return j + 1 == pieces.size() || pieces[j + 1].line != pieces[j].line;
  };
  for (std::size_t k = 0; k + 1 < pieces.size(); ++k) {
    if (pieces[k].cut || !alone(k)) continue;
    const bool terms = line_term(pieces, k + 1, language).has_value();
    std::vector<std::string> items;
    std::vector<std::size_t> item_pieces;
    std::vector<std::size_t> term_ends;  // per term item, where its term ends in the piece
    std::vector<std::size_t> numerals;   // the pieces "1.", "2." numbered items open with
    std::size_t j = k + 1;
    while (j < pieces.size() && items.size() <= kMaxListItems && !pieces[j].cut) {
      if (terms) {
        const auto term = line_term(pieces, j, language);
        if (!term) break;
        items.push_back(term->first);
        item_pieces.push_back(j);
        term_ends.push_back(term->second);
        while (j + 1 < pieces.size() && pieces[j + 1].line == pieces[j].line) ++j;
        ++j;
        continue;
      }
      // "1." opening a line, the item after it on the same line: the sentence splitter sets
      // the numeral apart.
      if (numeral(pieces, j)) {
        const auto item = alone(j + 1) ? numbered_item(pieces[j + 1].text, language) : std::nullopt;
        if (!item) break;
        items.push_back(*item);
        item_pieces.push_back(j + 1);
        numerals.push_back(j);
        j += 2;
        continue;
      }
      if (!alone(j) || !list_item(pieces[j].text, language)) break;
      items.push_back(pieces[j].text);
      item_pieces.push_back(j);
      ++j;
    }
    if (j >= pieces.size()) continue;
    auto said = said_with_items(pieces[k].text, items, language);
    if (!said) continue;
    for (std::size_t n : numerals) pieces[n].item = true;  // heard with the lead-in, as the rest
    pieces[k].lead_in = std::exchange(pieces[k].text, std::move(*said));
    for (std::size_t i = 0; i < item_pieces.size(); ++i) {
      ChunkSentence& piece = pieces[item_pieces[i]];
      if (!terms) {
        piece.item = true;
        continue;
      }
      // The definition stays a sentence of its own, heard with its term ("NULL: The value is
      // a NULL value."), whether the term was a piece of its own or opened the definition's.
      if (term_ends[i] < piece.text.size()) {
        piece.text = text::collapse_whitespace(piece.text.substr(term_ends[i]));
        piece.term = items[i];
      } else {
        piece.item = true;
        pieces[item_pieces[i] + 1].term = items[i];
      }
    }
    k = j - 1;
  }
}

// Whether piece `j` is a whole line of the chunk, the one right above piece `k`'s line.
bool line_right_above(const std::vector<ChunkSentence>& pieces, std::size_t j, std::size_t k) {
  return opens_line(pieces, j) && opens_line(pieces, k) && !pieces[j].cut &&
         pieces[j].line + 1 == pieces[k].line;
}

// The names on the lines right above piece `k`, each alone on its line ("--no-decorate" /
// "--decorate[=short|full]" over "Print out the ref names ..."), or nothing.
std::optional<Definition> names_above(const std::vector<ChunkSentence>& pieces, std::size_t k) {
  std::optional<Definition> out;
  for (std::size_t j = k; j > 0 && line_right_above(pieces, j - 1, j); --j) {
    const auto d = names_only(pieces[j - 1].text);
    // A line of names that cannot be read ("--diff-merges=(off|none|on|...)", past the byte
    // cap) leaves the group partial: "--no-diff-merges" alone would be said to do its work.
    if (!d) {
      if (opens_with_option(pieces[j - 1].text)) return std::nullopt;
      break;
    }
    if (out && out->names.size() + d->names.size() > kMaxDefinedNames) return std::nullopt;
    if (!out) out.emplace();
    out->names.insert(out->names.begin(), d->names.begin(), d->names.end());
    if (!d->kind.empty()) out->kind = d->kind;
  }
  return out;
}

// What the items of the list piece `k` is in are, by the list's lead-in (item_kind()): the
// line above the list's first item, read back over the lines of the items before it. Empty
// when there is none, or it names no kind.
std::string kind_above(const std::vector<ChunkSentence>& pieces, std::size_t k) {
  for (std::size_t j = k; j > 0;) {
    std::size_t first = j - 1;
    while (first > 0 && !opens_line(pieces, first)) --first;
    const ChunkSentence& last = pieces[j - 1];
    const std::string& written = last.lead_in.empty() ? last.text : last.lead_in;
    if (!written.empty() && written.back() == ':') return item_kind(written);
    if (!pieces[first].definition && !split_quoted_definition(pieces[first].text)) return {};
    j = first;
  }
  return {};
}

// Each option definition of the chunk heard with its names as the subject
// (spoken_definitions.h): names and description on one line, or names alone on the lines above
// their description's. A line of names and a description that cannot be said so is marked
// `cut`: it is no sentence. English only; WordNet is opened when the first definition is met.
void say_definitions(std::vector<ChunkSentence>& pieces) {
  const text::WordNet* wordnet = nullptr;  // opened at the first line that may need it
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    ChunkSentence& piece = pieces[k];
    if (piece.cut || !opens_line(pieces, k)) continue;
    const bool line_above = k > 0 && line_right_above(pieces, k - 1, k);
    const auto split = split_definition(piece.text);
    // A name in quotes is defined only when the list's lead-in says what it is ("the
    // following FLAGS:" over "‘g’ Apply the replacement ...").
    auto quoted = split ? std::nullopt : split_quoted_definition(piece.text);
    if (quoted) quoted->kind = kind_above(pieces, k);
    if (quoted && quoted->kind.empty()) quoted.reset();
    if (!split && !quoted && !line_above) continue;
    if (wordnet == nullptr) wordnet = text::WordNet::shared();
    std::optional<std::string> said;
    if (split) {
      said = said_definition(*split, wordnet);
      // Not said with its names, the line is no sentence ("Action: -print0 True; print ...").
      if (!said) piece.cut = true;
    } else if (quoted) {
      said = said_definition(*quoted, wordnet);
      // "‘NUMBER’ Only replace ..." not said with its name is an instruction to the listener.
      if (!said && wordnet != nullptr && instructs(quoted->description, *wordnet)) piece.cut = true;
    } else if (opens_with_option(pieces[k - 1].text)) {
      if (auto d = names_above(pieces, k)) {
        d->description = piece.text;
        said = said_definition(*d, wordnet);
      }
      // A description in the imperative not said with its names ("--first-parent" over "When
      // finding commits to include, follow only ...") would be an instruction to the listener.
      if (!said && wordnet != nullptr && instructs(piece.text, *wordnet)) piece.cut = true;
    } else if (wordnet != nullptr) {
      // An example: a command line over what it does.
      said = said_example(pieces[k - 1].text, piece.text, *wordnet);
    }
    if (!said) continue;
    piece.text = std::move(*said);
    piece.definition = true;
    // The definition's further sentences in its imperative voice ("If the user does not agree
    // to run the command, just return false.") are about the option, not for the listener.
    for (std::size_t j = k + 1; wordnet && j < pieces.size() && pieces[j].line == piece.line; ++j) {
      if (instructs(pieces[j].text, *wordnet)) pieces[j].cut = true;
    }
  }
}

}  // namespace

std::optional<std::string> with_its_command(const std::string& intro, std::string_view next) {
  const std::vector<std::string> command = command_words(next);
  if (command.empty()) return std::nullopt;
  std::string body = intro;
  const bool colon = !body.empty() && body.back() == ':';
  if (colon) body.pop_back();
  // "... view the history of your changes using" + "$ git log": the command ends the sentence.
  static const std::regex kOpen(R"((?:^|\s)(?:using|with|run|use|type|running|try)$)");
  if (std::regex_search(body, kOpen)) {
    if (!sayable(command)) return std::nullopt;
    std::string joined;
    for (const std::string& w : command) joined += " " + w;
    return body + joined + ".";
  }
  // "... in the repository with git commit:" + "$ git commit": the sentence names it already.
  if (!colon) return std::nullopt;
  const std::string name = command.size() > 1 ? command[0] + " " + command[1] : command[0];
  if (body.find(name) == std::string::npos) return std::nullopt;
  return body + ".";
}

std::optional<std::string> rewrite_for_listening(std::string_view sentence,
                                                 const std::string& language, int length_scale) {
  if (sentence.find('\n') != std::string_view::npos) return std::nullopt;
  if (!ends_like_sentence(sentence, language)) return std::nullopt;
  if (why_unfit(sentence, language, length_scale) != Unfit::kNone) return std::nullopt;
  return std::string(sentence);
}

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

std::vector<ChunkSentence> chunk_sentences(const Chunk& chunk, const std::string& language) {
  std::vector<ChunkSentence> out;
  std::size_t start = 0;
  int line = 0;
  while (start <= chunk.text.size()) {
    std::size_t nl = chunk.text.find('\n', start);
    if (nl == std::string::npos) nl = chunk.text.size();
    const std::size_t first = out.size();
    for (std::string& sentence : text::sentences(chunk.text.substr(start, nl - start), language)) {
      out.push_back({std::move(sentence), false, line, {}, false, {}, false});
    }
    if (nl == chunk.text.size()) break;
    start = nl + 1;
    // The line's last sentence may introduce the command on the next line.
    if (out.size() > first) {
      const std::size_t next_end = std::min(chunk.text.find('\n', start), chunk.text.size());
      const std::string_view next(chunk.text.data() + start, next_end - start);
      if (auto heard = with_its_command(out.back().text, next)) out.back().text = std::move(*heard);
    }
    ++line;
  }
  if (!out.empty()) {
    out.front().cut = chunk.opens_mid_sentence;
    out.back().cut = out.back().cut || chunk.closes_mid_sentence;
  }
  if (language != "zh") say_definitions(out);
  say_lists(out, language);
  if (language == "zh") mark_defined_terms_zh(out);
  return out;
}

namespace {

// Whether the chunk's first line is the description of names the chunk before it ends with
// ("--merges" / then "Print only merge commits." in the next chunk): said alone, it would be an
// instruction to the listener, and said with the names it would cite a chunk that lacks them.
bool opens_on_names_before(const Chunk& chunk,
                           const std::map<std::pair<std::string, int>, const Chunk*>& by_place) {
  const auto before = by_place.find({chunk.source_id, chunk.ordinal - 1});
  if (before == by_place.end()) return false;
  const std::string& text = before->second->text;
  const std::size_t nl = text.rfind('\n');
  const std::string_view last =
      nl == std::string::npos ? std::string_view(text) : std::string_view(text).substr(nl + 1);
  return names_only(last).has_value();
}

}  // namespace

std::vector<Candidate> build_candidates(const lesson::Material& material,
                                        const std::string& language) {
  std::vector<Candidate> out;
  const auto shared_depth = shared_heading_depth(material.chunks);
  std::map<std::pair<std::string, int>, const Chunk*> by_place;
  for (const Chunk& c : material.chunks) by_place[{c.source_id, c.ordinal}] = &c;
  int position = 0;
  for (std::size_t ci = 0; ci < material.chunks.size(); ++ci) {
    const Chunk& chunk = material.chunks[ci];
    const bool orphan = language != "zh" && opens_on_names_before(chunk, by_place);
    std::vector<std::string> heading_terms;
    const std::size_t skip = shared_depth.at(chunk.source_id);
    for (std::size_t h = skip; h < chunk.heading_path.size(); ++h) {
      for (auto& t : text::terms(chunk.heading_path[h], language))
        heading_terms.push_back(std::move(t));
    }
    // A sentence follows the one before it in the chunk even across lines, as when heard.
    int previous = -1;
    const std::vector<ChunkSentence> pieces = chunk_sentences(chunk, language);
    const auto lead_ins = lead_in_terms(pieces, language);
    for (std::size_t k = 0; k < pieces.size(); ++k) {
      const ChunkSentence& piece = pieces[k];
      const std::string& sentence = piece.text;
      ++position;
      if (piece.item) continue;  // heard in its lead-in's sentence, which stays `previous`
      const int scale = piece.lead_in.empty() ? 1 : kListLengthScale;
      const bool unsaid = piece.cut || (k == 0 && orphan);
      auto spoken = unsaid ? std::nullopt : rewrite_for_listening(sentence, language, scale);
      if (!spoken) {
        previous = -1;
        continue;
      }
      Candidate c;
      c.dangling = points_back(*spoken, language);
      // A definition that points back ("这表明……") is about what came before it, not the term.
      const bool defines = !piece.term.empty() && !c.dangling;
      c.text =
          defines ? piece.term + (language == "zh" ? "：" : ": ") + *spoken : std::move(*spoken);
      c.original = sentence;
      c.chunk = static_cast<int>(ci);
      c.position = position;
      c.terms = text::terms(c.text, language);
      c.words = static_cast<int>(text::words(c.text).size());
      c.definition = piece.definition;
      c.previous = previous;
      if (c.dangling && k > 0 && pieces[k - 1].definition) c.previous = -1;
      c.heading_terms = heading_terms;
      const auto& lent = lead_ins[static_cast<std::size_t>(piece.line)];
      c.heading_terms.insert(c.heading_terms.end(), lent.begin(), lent.end());
      previous = -1;
      if (c.terms.empty()) continue;
      previous = static_cast<int>(out.size());
      out.push_back(std::move(c));
    }
  }
  return out;
}

lesson::ScriptSentence cited_sentence(const Candidate& candidate, const lesson::Material& material,
                                      Wording wording) {
  lesson::ScriptSentence s;
  s.text = wording == Wording::kVerbatim ? candidate.original : candidate.text;
  s.citations = {material.chunks[static_cast<std::size_t>(candidate.chunk)].id()};
  return s;
}

}  // namespace lectio::extract
