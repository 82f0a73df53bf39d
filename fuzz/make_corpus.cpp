// Writes the binary seeds of fuzz/corpus/ (PDF, EPUB, DOCX, zip, sniffing) with the builders the
// format tests use (tests/ingest/format_fixtures.h), so the seeds are the tests' own files, and
// the search index's segments and manifests with the index's own writers.
//   build-fuzz/fuzz/fuzz_make_corpus fuzz/corpus
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "document.h"
#include "ingest/format_fixtures.h"
#include "manifest.h"
#include "segment.h"

namespace {

namespace fs = std::filesystem;
using namespace lectio::testing;

void put(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << bytes;
}

std::string bytes_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

lectio::Source source_of(std::string id, std::string language) {
  lectio::Source s;
  s.id = std::move(id);
  s.version = 3;
  s.file_name = s.id + ".md";
  s.language = std::move(language);
  return s;
}

lectio::Chunk chunk_of(const lectio::Source& source, int ordinal, std::string text,
                       std::vector<std::string> headings) {
  lectio::Chunk c;
  c.source_id = source.id;
  c.version = source.version;
  c.ordinal = ordinal;
  c.page_start = ordinal + 1;
  c.page_end = ordinal + 2;
  c.text = std::move(text);
  c.heading_path = std::move(headings);
  return c;
}

// A segment of two sources (ASCII and CJK text, headings, pairs) as the index writes it.
std::string segment_bytes(const fs::path& scratch) {
  using namespace lectio::search;
  const lectio::Source wing = source_of("file_wing", "en");
  const lectio::Source gpu = source_of("file_gpu", "zh");
  DocumentMaker maker;
  SegmentWriter writer;
  const auto add = [&](const lectio::Chunk& chunk, const lectio::Source& source) {
    writer.begin(chunk, source);
    maker.make(chunk, source, writer);
    writer.end();
  };
  add(chunk_of(wing, 0, "The boundary layers of the wings thicken.", {"Flow"}), wing);
  add(chunk_of(wing, 1, "Wing span and the wing span of x.", {"Flow", "Span"}), wing);
  add(chunk_of(gpu, 0, "图形处理器 GPU run many threads at once.", {"GPU"}), gpu);
  writer.write(scratch / "b1-0.seg");
  return bytes_of(scratch / "b1-0.seg");
}

// A manifest of two batches, as the index writes it.
std::string manifest_bytes(const fs::path& scratch) {
  using namespace lectio::search;
  Manifest m;
  m.format = std::string(kIndexFormat);
  m.generation = 42;
  m.next_batch = 3;
  m.segments = {{"b1-0.seg", 1, 3}, {"b2-0.seg", 2, 1}};
  m.sources = {{"file_wing", {3, 1}}, {"file_gpu", {4, 2}}, {"file with spaces", {1, 1}}};
  write_manifest(scratch, m);
  return bytes_of(manifest_path(scratch));
}

// search: the first byte is the harness's (odd: it puts the right checksum in).
void put_search_seeds(const fs::path& root) {
  std::string pattern = (fs::temp_directory_path() / "lectio-corpus-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  const fs::path scratch = pattern;
  const std::string segment = segment_bytes(scratch);
  put(root / "segment", "seed_01", std::string(1, '\1') + segment);
  put(root / "segment", "seed_02", std::string(1, '\0') + segment);
  const std::string manifest = manifest_bytes(scratch);
  put(root / "manifest", "seed_01", std::string(1, '\0') + manifest);
  put(root / "manifest", "seed_02",
      std::string(1, '\1') + manifest.substr(0, manifest.rfind("checksum ")));
  fs::remove_all(scratch);
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
  put_search_seeds(root);
  return 0;
}
