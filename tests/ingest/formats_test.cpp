// Cross-format behaviour: the same book read from HTML, EPUB, DOCX and PDF, and the archive
// limits that guard EPUB and DOCX against zip bombs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ingest/format_fixtures.h"
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {
namespace {

using namespace lectio::testing;

struct Section {
  std::string heading;
  std::vector<std::string> paragraphs;
};

const std::string kTitle = "Rivers and Their Work";
const std::vector<Section> kBook = {
    {"Where Rivers Begin",
     {"Every river starts as rain or melting snow that gathers in small channels high in the "
      "hills. These channels join, and the stream that forms grows stronger as it descends.",
      "Springs also feed rivers. Water that soaked into the ground months earlier returns to "
      "the surface and keeps the flow alive through long dry summers.",
      "The area that drains into one river is called its basin, and the ridge between two "
      "basins is called a divide."}},
    {"How Rivers Shape Land",
     {"A fast river carries sand and stones that scour its bed, cutting valleys that deepen "
      "over thousands of years.",
      "Where the slope eases the water slows down, drops the heavier stones first, and spreads "
      "fine silt across wide and fertile plains.",
      "Bends called meanders form when the outer bank wears away while the inner bank "
      "collects new sediment."}},
    {"Rivers and People",
     {"Towns grew beside rivers because they offered water, food, transport and power for "
      "mills long before railways existed.",
      "Today engineers build dams and levees to control floods, but these works also change "
      "the habitats that fish and birds depend on."}}};

std::string book_html() {
  std::string html = "<html><head><title>" + kTitle + "</title></head><body>";
  for (const Section& s : kBook) {
    html += "<h1>" + s.heading + "</h1>";
    for (const std::string& p : s.paragraphs) html += "<p>" + p + "</p>";
  }
  return html + "</body></html>";
}

std::string book_epub() {
  std::vector<EpubItem> items;
  for (std::size_t i = kBook.size(); i-- > 0;) {  // manifest in reverse order
    std::string body = "<h1>" + kBook[i].heading + "</h1>";
    for (const std::string& p : kBook[i].paragraphs) body += "<p>" + p + "</p>";
    items.push_back(
        {"s" + std::to_string(i), "s" + std::to_string(i) + ".xhtml", make_xhtml(body)});
  }
  return make_epub(kTitle, items, {"s0", "s1", "s2"});
}

std::string book_docx() {
  std::string body;
  for (const Section& s : kBook) {
    body += docx_p(s.heading, "Heading1");
    for (const std::string& p : s.paragraphs) body += docx_p(p);
  }
  return make_docx(body, kTitle);
}

// Wraps at about 70 characters, hyphenating the word that crosses the limit when it is long.
std::vector<std::string> wrap(const std::string& text) {
  std::vector<std::string> lines{""};
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t end = std::min(text.find(' ', pos), text.size());
    std::string word = text.substr(pos, end - pos);
    pos = end + 1;
    std::string& line = lines.back();
    if (line.size() + word.size() + 1 > 70 && word.size() >= 8 && line.size() < 66) {
      line += " " + word.substr(0, 4) + "-";
      lines.push_back(word.substr(4));
    } else if (line.size() + word.size() + 1 > 70) {
      lines.push_back(word);
    } else {
      line += (line.empty() ? "" : " ") + word;
    }
  }
  return lines;
}

std::string book_pdf() {
  std::vector<std::vector<std::string>> pages{{}};
  int page_lines = 0;
  for (const Section& s : kBook) {
    pages.back().push_back("# " + s.heading);
    for (const std::string& p : s.paragraphs) {
      for (const std::string& line : wrap(p)) {
        // A short page, so that paragraphs run over page breaks.
        if (++page_lines % 14 == 0) pages.push_back({});
        pages.back().push_back(line);
      }
      pages.back().push_back("");
    }
  }
  return make_pdf(pages, kTitle);
}

// The same book as plain text (wrapped lines, blank lines between paragraphs) and Markdown.
std::string book_text(bool markdown) {
  std::string out = (markdown ? "# " : "") + std::string(kTitle) + "\n\n";
  for (const Section& s : kBook) {
    out += (markdown ? "## " : "") + s.heading + "\n\n";
    for (const std::string& p : s.paragraphs) {
      for (const std::string& line : wrap(p)) {
        // Plain text keeps no hyphenation: a reader of a .txt file sees whole words.
        out += line + "\n";
      }
      out += "\n";
    }
  }
  return out;
}

std::map<std::string, int> words(const Document& doc) {
  std::map<std::string, int> out;
  for (const Block& b : doc.blocks) {
    std::string word;
    for (char c : b.text + " ") {
      if (std::isalnum(static_cast<unsigned char>(c))) {
        word.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
      } else if (!word.empty()) {
        ++out[word];
        word.clear();
      }
    }
  }
  return out;
}

// Share of `reference` words (with multiplicity) also found in `other`.
double overlap(const std::map<std::string, int>& reference,
               const std::map<std::string, int>& other) {
  int total = 0, shared = 0;
  for (const auto& [word, n] : reference) {
    total += n;
    const auto it = other.find(word);
    shared += it == other.end() ? 0 : std::min(n, it->second);
  }
  return total ? static_cast<double>(shared) / total : 0;
}

int headings(const Document& doc) {
  return static_cast<int>(std::count_if(doc.blocks.begin(), doc.blocks.end(), [](const Block& b) {
    return b.kind == BlockKind::kHeading;
  }));
}

TEST(FormatsTest, SameBookGivesSameWordsInEveryFormat) {
  const Limits limits;
  const Document html = extract_html(book_html());
  const auto reference = words(html);
  ASSERT_GT(reference.size(), 100u);
  EXPECT_EQ(headings(html), 3);
  const std::pair<std::string, Document> others[] = {{"epub", extract_epub(book_epub(), limits)},
                                                     {"docx", extract_docx(book_docx(), limits)},
                                                     {"pdf", extract_pdf(book_pdf(), limits)}};
  for (const auto& [name, doc] : others) {
    SCOPED_TRACE(name);
    EXPECT_EQ(doc.title, kTitle);
    EXPECT_EQ(headings(doc), 3);
    EXPECT_GE(overlap(reference, words(doc)), 0.95);
    EXPECT_GE(overlap(words(doc), reference), 0.95);
  }
  // Plain text and Markdown carry the same words (plus the title line).
  for (const bool markdown : {false, true}) {
    SCOPED_TRACE(markdown ? "md" : "txt");
    const Document doc =
        markdown ? extract_markdown(book_text(true)) : extract_text(book_text(false));
    EXPECT_EQ(doc.title, kTitle);
    EXPECT_GE(overlap(reference, words(doc)), 0.95);
    EXPECT_GE(overlap(words(doc), reference), 0.95);
  }
  // The PDF's paragraphs that run over a page break stay whole.
  const Document& pdf = others[2].second;
  EXPECT_GT(pdf.page_count, 1);
  const auto broken = std::count_if(pdf.blocks.begin(), pdf.blocks.end(),
                                    [](const Block& b) { return !b.page_breaks.empty(); });
  EXPECT_GE(broken, 1);
  EXPECT_EQ(pdf.blocks.size(), html.blocks.size());
}

TEST(FormatsTest, ZipBombIsRejectedAtTheLimit) {
  ZipWriter zip;
  zip.add_zeros("word/document.xml", 300ull << 20);
  const std::string docx = zip.finish();
  EXPECT_LT(docx.size(), 1u << 20);
  try {
    extract_docx(docx, Limits{});
    ADD_FAILURE() << "zip bomb accepted";
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "archive expands past the 268435456-byte limit");
  }
}

// Patches the uncompressed size recorded for every entry, as a hostile archive might.
void forge_sizes(std::string& zip, std::uint32_t size) {
  auto put32 = [&](std::size_t at) {
    for (int i = 0; i < 4; ++i) zip[at + i] = static_cast<char>((size >> (8 * i)) & 0xff);
  };
  for (std::size_t at = zip.find("PK\x01\x02"); at != std::string::npos;
       at = zip.find("PK\x01\x02", at + 4)) {
    put32(at + 24);
  }
  for (std::size_t at = zip.find("PK\x03\x04"); at != std::string::npos;
       at = zip.find("PK\x03\x04", at + 4)) {
    put32(at + 22);
  }
}

TEST(FormatsTest, CapHoldsWhenDeclaredSizesLie) {
  ZipWriter zip;
  zip.add("META-INF/container.xml",
          "<container><rootfiles><rootfile full-path=\"a.opf\"/></rootfiles></container>");
  zip.add_zeros("a.opf", 8u << 20);
  std::string epub = zip.finish();
  forge_sizes(epub, 100);
  Limits limits;
  limits.max_expanded_bytes = 1u << 20;
  try {
    extract_epub(epub, limits);
    ADD_FAILURE() << "lying archive accepted";
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "archive expands past the 1048576-byte limit");
  }
}

TEST(FormatsTest, CapCountsTheWholeArchive) {
  std::vector<EpubItem> items;
  for (int i = 0; i < 3; ++i) {
    items.push_back({"c" + std::to_string(i), "c" + std::to_string(i) + ".xhtml",
                     make_xhtml("<p>" + std::string(400 * 1024, 'a') + "</p>")});
  }
  const std::string epub = make_epub("Big", items, {"c0", "c1", "c2"});
  Limits limits;
  limits.max_expanded_bytes = 1u << 20;
  EXPECT_THROW(extract_epub(epub, limits), InvalidInput);
  limits.max_expanded_bytes = 2u << 20;
  EXPECT_EQ(extract_epub(epub, limits).blocks.size(), 3u);
}

TEST(FormatsTest, TooManyEntriesAreRejected) {
  ZipWriter zip;
  for (int i = 0; i < 30; ++i) zip.add("word/part" + std::to_string(i) + ".xml", "<x/>");
  const std::string docx = zip.finish();
  Limits limits;
  limits.max_archive_entries = 20;
  try {
    extract_docx(docx, limits);
    ADD_FAILURE() << "30 entries accepted";
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "archive has more entries than the 20-entry limit");
  }
}

// Truncated and bit-flipped copies of valid files either extract or fail with a Lectio error,
// and never write to stderr.
TEST(FormatsTest, DamagedFilesFailCleanly) {
  const Limits limits;
  const std::pair<std::string, Document (*)(std::string_view, const Limits&)> cases[] = {
      {book_epub(), extract_epub},
      {book_docx(), extract_docx},
      {book_pdf(), extract_pdf},
      {book_html(), [](std::string_view b, const Limits&) { return extract_html(b); }}};
  std::uint32_t seed = 12345;
  auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
  for (const auto& [good, extract] : cases) {
    for (int round = 0; round < 60; ++round) {
      std::string bad = good;
      if (round % 3 == 0) {
        bad.resize(next() % bad.size());
      } else {
        for (int flips = 1 + round % 5; flips > 0; --flips)
          bad[next() % bad.size()] ^= 1 << (next() % 8);
      }
      ::testing::internal::CaptureStderr();
      try {
        extract(bad, limits);
      } catch (const Error&) {
      } catch (const std::exception& e) {
        ADD_FAILURE() << "non-Lectio exception: " << e.what();
      }
      EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
    }
  }
}

}  // namespace
}  // namespace lectio::ingest
