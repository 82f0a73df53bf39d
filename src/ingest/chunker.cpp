#include "lectio/ingest/chunker.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include "lectio/text/sentences.h"
#include "lectio/text/words.h"

namespace lectio::ingest {

namespace {

// A unit that is never split: one sentence, one code block or one table row. The text is a view
// into its block, which the caller's Document keeps alive while chunking.
struct Unit {
  std::string_view text;
  int words = 0;
  int page_start = 1;
  int page_end = 1;
  // What joins the unit to the one before it in a chunk: a line break between blocks; inside a
  // block, a space only where the source had one (Chinese sentences join with none).
  std::string_view joiner = "\n";
  // A piece of a sentence over the cap (push_unit): the sentence goes on before / after it.
  bool continues_before = false;
  bool continues_after = false;
};

struct Section {
  std::vector<std::string> heading_path;
  std::vector<Unit> units;
  int last_page = 0;
};

// Adds a unit, cut at word boundaries into pieces of at most `max_words` words when it is
// longer (a sentence of thousands of words, a huge table row or code block), so that no chunk
// passes the cap whatever the input. The pieces join again to the unit's exact text, and each
// says which side the unit goes on, so that its chunk can say it was cut mid-sentence. Words
// are counted as count_words() counts them, which is what the cap is checked against. A piece
// of text that is not ASCII is counted by ICU, which can count a word more in the piece than
// in the whole (the word boundary at the cut depends on what follows it: a fuzzed code block
// of 201 words cut after its 200th was 201 words still): such a piece gives back words until
// its own count is under the cap.
void push_unit(const Block& block, Unit unit, int max_words, Section& section) {
  if (unit.words <= max_words) {
    section.units.push_back(unit);
    return;
  }
  const std::string_view all = unit.text;
  const std::size_t base = static_cast<std::size_t>(all.data() - block.text.data());
  const std::vector<std::size_t> starts = text::counted_word_starts(all);
  if (starts.empty()) {  // no word by the ASCII count: nothing to cut at
    section.units.push_back(unit);
    return;
  }
  std::size_t begin = 0;
  std::string_view joiner = unit.joiner;
  for (std::size_t w = 0; w < starts.size();) {
    std::size_t take = static_cast<std::size_t>(max_words);
    std::size_t end = 0;
    std::size_t cut = 0;
    Unit piece;
    for (;;) {
      const std::size_t next = w + take;
      cut = next < starts.size() ? starts[next] : all.size();
      end = cut;
      if (next < starts.size()) {  // the white space at the cut becomes the next piece's joiner
        while (end > begin && (all[end - 1] == ' ' || all[end - 1] == '\n' || all[end - 1] == '\t'))
          --end;
      }
      piece.text = all.substr(begin, end - begin);
      piece.words = text::count_words(piece.text);
      if (piece.words <= max_words || take == 1) break;
      // In proportion, so that a long line whose every piece ICU counts twice over ("well-known"
      // as two words) needs a step or two, not a word at a time.
      const auto scaled =
          take * static_cast<std::size_t>(max_words) / static_cast<std::size_t>(piece.words);
      take = std::max<std::size_t>(1, std::min(take - 1, scaled));
    }
    piece.page_start = block.page_at(base + begin);
    piece.page_end = block.page_at(base + (end > begin ? end - 1 : begin));
    piece.joiner = joiner;
    piece.continues_before = unit.continues_before || w > 0;
    piece.continues_after = unit.continues_after || w + take < starts.size();
    section.units.push_back(piece);
    joiner = all.substr(end, cut - end);
    begin = cut;
    w += take;
  }
}

void add_block_units(const Block& block, const std::string& language, int max_words,
                     Section& section) {
  if (block.kind == BlockKind::kCode || block.kind == BlockKind::kTableRow) {
    push_unit(block, {block.text, text::count_words(block.text), block.page, block.last_page()},
              max_words, section);
    return;
  }
  thread_local std::vector<text::Span> spans;
  text::split_sentences(block.text, language, spans);
  std::size_t previous_end = std::string::npos;
  for (const text::Span& s : spans) {
    Unit u;
    u.text = std::string_view(block.text).substr(s.begin, s.end - s.begin);
    u.words = text::count_words(u.text);
    u.page_start = block.page_at(s.begin);
    u.page_end = block.page_at(s.end - 1);
    if (previous_end != std::string::npos) u.joiner = s.begin > previous_end ? " " : "";
    previous_end = s.end;
    push_unit(block, u, max_words, section);
  }
}

// Cuts a section into chunks of about equal size: as many as max_words requires, or as the
// target size suggests, whichever is more; a unit goes to the chunk that keeps sizes closest
// to the per-chunk target.
void emit_section(const Section& section, const ChunkOptions& options, std::vector<Chunk>& out) {
  if (section.units.empty()) return;
  int total = 0;
  for (const Unit& u : section.units) total += u.words;
  const int max_words = std::max(1, options.max_words);
  const int target_words = std::clamp(options.target_words, 1, max_words);
  const long pieces = std::max<long>(
      {1, (total + max_words - 1) / max_words, std::lround(double(total) / target_words)});
  const double target = double(total) / double(pieces);

  Chunk current;
  auto flush = [&] {
    if (current.text.empty()) return;
    current.heading_path = section.heading_path;
    current.ordinal = static_cast<int>(out.size());
    out.push_back(std::move(current));
    current = Chunk();
  };
  for (const Unit& u : section.units) {
    if (!current.text.empty()) {
      const int with = current.word_count + u.words;
      const bool over = with > max_words;
      const bool farther = double(with) - target > target - double(current.word_count);
      if (over || farther) flush();
    }
    if (current.text.empty()) {
      current.page_start = u.page_start;
      current.opens_mid_sentence = u.continues_before;
    } else {
      current.text += u.joiner;
    }
    current.text += u.text;
    current.word_count += u.words;
    current.page_end = std::max(current.page_end, u.page_end);
    current.closes_mid_sentence = u.continues_after;
  }
  flush();
}

}  // namespace

std::vector<Chunk> chunk_document(const Document& doc, const ChunkOptions& options,
                                  const std::string& language) {
  std::vector<Chunk> out;
  std::vector<std::pair<int, std::string>> headings;  // (level, text), outermost first
  Section section;
  auto close_section = [&] {
    emit_section(section, options, out);
    section.units.clear();
    section.last_page = 0;
  };
  for (const Block& block : doc.blocks) {
    if (block.kind == BlockKind::kHeading) {
      close_section();
      while (!headings.empty() && headings.back().first >= block.level) headings.pop_back();
      headings.emplace_back(block.level, block.text);
      continue;
    }
    // A chunk never spans a page break that falls between blocks, so citations stay exact.
    if (section.last_page != 0 && block.page > section.last_page) close_section();
    if (section.units.empty()) {
      section.heading_path.clear();
      for (const auto& h : headings) section.heading_path.push_back(h.second);
    }
    add_block_units(block, language, std::max(1, options.max_words), section);
    section.last_page = std::max(section.last_page, block.last_page());
  }
  close_section();
  return out;
}

}  // namespace lectio::ingest
