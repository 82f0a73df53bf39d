// Writes the binary seeds of fuzz/corpus/ (PDF, EPUB, DOCX, zip, sniffing) with the builders the
// format tests use (tests/ingest/format_fixtures.h), so the seeds are the tests' own files.
//   build-fuzz/fuzz/fuzz_make_corpus fuzz/corpus
#include <filesystem>
#include <fstream>
#include <iostream>

#include "ingest/format_fixtures.h"

namespace {

namespace fs = std::filesystem;
using namespace lectio::testing;

void put(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fuzz_make_corpus CORPUS_DIR\n";
    return 2;
  }
  const fs::path root = argv[1];
  const std::string pdf = make_pdf({{"# GPUs and TPUs", "", "GPUs run many threads.", "TPUs use"},
                                    {"systolic arrays.", "# Choosing", "Measure first."}},
                                   "Accelerators");
  const std::string epub =
      make_epub("The Spine Book",
                {{"c1", "c1.xhtml", make_xhtml("<h1>One</h1><p>First <em>chapter</em>.</p>")},
                 {"c2", "text/c 2.xhtml", make_xhtml("<h2>Two</h2><ul><li>a</li><li>b</li></ul>")}},
                {"c2", "c1"});
  const std::string docx = make_docx(
      docx_p("Report", "Heading1") + docx_p("GPUs are fast.") + "<w:tbl><w:tr><w:tc>" +
          docx_p("cell") + "</w:tc></w:tr></w:tbl>",
      "Report 2024", "<w:style w:styleId=\"Heading1\"><w:name w:val=\"heading 1\"/></w:style>");
  ZipWriter stored;
  stored.add("a.xml", "<?xml version=\"1.0\"?><a><b>text</b></a>", true);
  stored.add("dir/b.txt", "plain", true);
  put(root / "pdf", "seed_01", pdf);
  put(root / "epub", "seed_01", epub);
  put(root / "docx", "seed_01", docx);
  put(root / "zip", "seed_01", epub);
  put(root / "zip", "seed_02", docx);
  put(root / "zip", "seed_03", stored.finish());
  // sniff: the first byte picks the file name (fuzz/sniff_fuzz.cpp: 0 .md ... 6 .bin).
  put(root / "sniff", "seed_01", std::string(1, '\3') + pdf);
  put(root / "sniff", "seed_02", std::string(1, '\4') + epub);
  put(root / "sniff", "seed_03", std::string(1, '\5') + docx);
  put(root / "sniff", "seed_04", std::string(1, '\2') + "<!doctype html><p>x</p>");
  put(root / "sniff", "seed_05", std::string(1, '\0') + "# Title\n\nText.");
  put(root / "sniff", "seed_06", std::string(1, '\6') + "\xef\xbb\xbfplain text");
  return 0;
}
