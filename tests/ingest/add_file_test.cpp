#include <gtest/gtest.h>
#include <zlib.h>

#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "lectio/ingest/ingest.h"
#include "lectio/store/store.h"
#include "lectio/text/strings.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;

namespace lectio::ingest {

namespace {

const char* kNotes =
    "# Accelerators\n\nGraphics processors run many threads at once. They suit training.\n\n"
    "## Tensor chips\n\nTensor processors use systolic arrays for matrix math.\n\f\n"
    "## Choosing\n\nStart from the framework you already use.\n";

struct Fixture {
  testing::TempDir dir;
  std::unique_ptr<store::ContentStore> store = store::open_content_store(dir.path() / "data");
};

// Expects `fn` to throw E with a message that names `path` and contains `reason`, and the
// store to stay empty.
template <class E, class Fn>
void expect_rejected(Fixture& f, const fs::path& path, const std::string& reason, Fn&& fn) {
  try {
    fn();
    ADD_FAILURE() << "expected an error for " << path;
  } catch (const E& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(path.string(), 0), 0u) << what;
    EXPECT_NE(what.find(reason), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << "one line: " << what;
  }
  EXPECT_TRUE(f.store->sources().empty());
}

// `text` gzip-compressed as one member, or as two members one after the other (what `cat a.gz
// b.gz` makes, and gzip reads as one file).
std::string gzipped(const std::string& text, bool two_members = false) {
  const auto member = [](std::string_view part) {
    z_stream zs{};
    EXPECT_EQ(
        deflateInit2(&zs, Z_BEST_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY),
        Z_OK);
    std::string out(deflateBound(&zs, static_cast<uLong>(part.size())) + 64, '\0');
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(part.data()));
    zs.avail_in = static_cast<uInt>(part.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    EXPECT_EQ(deflate(&zs, Z_FINISH), Z_STREAM_END);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
  };
  if (!two_members) return member(text);
  const std::size_t half = text.size() / 2;
  return member(std::string_view(text).substr(0, half)) +
         member(std::string_view(text).substr(half));
}

}  // namespace

TEST(AddFileTest, AddsWithGivenIdUrlAndPages) {
  Fixture f;
  const fs::path file = f.dir.write("gpu_notes.md", kNotes);
  AddOptions options;
  options.id = "gpu001";
  options.origin_url = "https://example.com/gpu-tpu-notes";
  const AddResult r = add_file(*f.store, file, options);
  EXPECT_EQ(r.put.source_id, "file_gpu001");
  EXPECT_EQ(r.put.outcome, store::PutOutcome::kAdded);
  const auto chunks = f.store->chunks("file_gpu001", std::nullopt);
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[0].id(), "file_gpu001:c0000");
  EXPECT_EQ(chunks[1].page_start, 1);
  EXPECT_EQ(chunks[2].page_start, 2);
  EXPECT_EQ(chunks[2].heading_path, (std::vector<std::string>{"Accelerators", "Choosing"}));
  const auto source = f.store->source("file_gpu001", std::nullopt);
  ASSERT_TRUE(source);
  EXPECT_EQ(source->title, "Accelerators");
  EXPECT_EQ(source->file_name, "gpu_notes.md");
  EXPECT_EQ(source->origin_url, "https://example.com/gpu-tpu-notes");
  EXPECT_EQ(source->page_count, 2);
  EXPECT_EQ(source->language, "en");
  EXPECT_EQ(source->format, Format::kMarkdown);
}

TEST(AddFileTest, DefaultIdIsSlugPlusContentHashAndReAddingIsANoOp) {
  Fixture f;
  const fs::path file = f.dir.write("GPU Notes.md", kNotes);
  const AddResult first = add_file(*f.store, file, {});
  const std::string expected = "file_gpu_notes_" + content_hash(kNotes).substr(0, 8);
  EXPECT_EQ(first.put.source_id, expected);
  const AddResult again = add_file(*f.store, file, {});
  EXPECT_EQ(again.put.outcome, store::PutOutcome::kUnchanged);
  EXPECT_EQ(again.put.source_id, expected);
  EXPECT_EQ(f.store->sources().size(), 1u);
}

TEST(AddFileTest, ChangedFileBecomesANewVersionAndOldChunksStayResolvable) {
  Fixture f;
  const fs::path file = f.dir.write("notes.md", kNotes);
  const AddResult v1 = add_file(*f.store, file, {});
  f.dir.write("notes.md", std::string(kNotes) + "\nA new closing paragraph arrives.\n");
  const AddResult v2 = add_file(*f.store, file, {});
  EXPECT_EQ(v2.put.source_id, v1.put.source_id) << "same path keeps its id";
  EXPECT_EQ(v2.put.outcome, store::PutOutcome::kNewVersion);
  EXPECT_EQ(v2.put.version, 2);
  const auto old = f.store->chunk(ChunkRef{v1.put.source_id, 1, 2});
  ASSERT_TRUE(old);
  EXPECT_EQ(old->text, "Start from the framework you already use.");
  const auto now = f.store->chunk(ChunkRef{v1.put.source_id, std::nullopt, 2});
  ASSERT_TRUE(now);
  EXPECT_NE(now->text.find("closing paragraph"), std::string::npos);
}

TEST(AddFileTest, ADocumentOfTooManyChunksIsRefusedNamingTheLimitAndNothingIsStored) {
  Fixture f;
  const fs::path file = f.dir.write("gpu_notes.md", kNotes);  // three chunks
  AddOptions options;
  options.limits.max_chunks = 2;
  expect_rejected<InvalidInput>(f, file, "3 chunks, over the limit of 2 per source (max_chunks)",
                                [&] { add_file(*f.store, file, options); });
}

TEST(AddFileTest, AScriptOriginUrlIsRefusedAndNothingIsStored) {
  Fixture f;
  const fs::path file = f.dir.write("gpu_notes.md", kNotes);
  for (const char* url : {"javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)",
                          "\x01javascript:alert(1)", "data:text/html,<b>", "//evil.example\\x"}) {
    AddOptions options;
    options.origin_url = url;
    EXPECT_THROW(add_file(*f.store, file, options), InvalidInput) << url;
    EXPECT_FALSE(is_safe_origin_url(url)) << url;
  }
  EXPECT_TRUE(f.store->sources().empty());
  for (const char* url : {"", "https://example.com/a?b=c:d", "http://x.org", "example.com/notes",
                          "example.com:8080/notes", "notes/page.html"}) {
    EXPECT_TRUE(is_safe_origin_url(url)) << url;
  }
}

TEST(AddFileTest, MissingFileIsNotFound) {
  Fixture f;
  const fs::path missing = f.dir.path() / "absent.md";
  expect_rejected<NotFound>(f, missing, "no such file", [&] { add_file(*f.store, missing, {}); });
}

TEST(AddFileTest, EmptyFileIsRejected) {
  Fixture f;
  const fs::path file = f.dir.write("empty.md", "");
  expect_rejected<InvalidInput>(f, file, "empty file", [&] { add_file(*f.store, file, {}); });
  const fs::path blank = f.dir.write("blank.txt", "  \n\n \n");
  expect_rejected<InvalidInput>(f, blank, "no text", [&] { add_file(*f.store, blank, {}); });
}

TEST(AddFileTest, InvalidUtf8IsRejected) {
  Fixture f;
  const fs::path file = f.dir.write("latin1.txt", "Caf\xe9 au lait, na\xefve text.");
  expect_rejected<InvalidInput>(f, file, "UTF-8", [&] { add_file(*f.store, file, {}); });
}

TEST(AddFileTest, BinaryFileNamedMarkdownIsRejected) {
  Fixture f;
  std::string bytes =
      "\x7f"
      "ELF";
  bytes += std::string(64, '\0');
  const fs::path file = f.dir.write("program.md", bytes);
  expect_rejected<InvalidInput>(f, file, "binary", [&] { add_file(*f.store, file, {}); });
}

TEST(AddFileTest, FileOverTheSizeLimitIsRejected) {
  Fixture f;
  const fs::path file = f.dir.write("big.md", std::string(4096, 'a'));
  AddOptions options;
  options.limits.max_file_bytes = 1024;
  expect_rejected<InvalidInput>(f, file, "limit", [&] { add_file(*f.store, file, options); });
}

// Debian ships much of /usr/share/doc and /usr/share/info gzip-compressed ("README.md.gz"): such a
// file is read uncompressed, its format from its name without ".gz".
TEST(AddFileTest, AGzipCompressedDocumentIsReadUnderItsNameWithoutGz) {
  Fixture f;
  const fs::path file = f.dir.write("notes.md.gz", gzipped(kNotes, true));
  const AddResult r = add_file(*f.store, file, {});
  const auto chunks = f.store->chunks(r.put.source_id, std::nullopt);
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[2].heading_path, (std::vector<std::string>{"Accelerators", "Choosing"}));
  EXPECT_EQ(f.store->source(r.put.source_id, std::nullopt)->file_name, "notes.md.gz");
}

TEST(AddFileTest, CorruptOrOversizedGzipDataIsRejectedNamingTheReason) {
  Fixture f;
  const std::string whole = gzipped(kNotes);
  const fs::path cut = f.dir.write("cut.md.gz", whole.substr(0, whole.size() / 2));
  expect_rejected<InvalidInput>(f, cut, "corrupt gzip", [&] { add_file(*f.store, cut, {}); });
  // A small file that expands past the limit for one file: refused as it expands.
  const fs::path bomb = f.dir.write("bomb.md.gz", gzipped(std::string(1 << 20, 'a')));
  AddOptions options;
  options.limits.max_file_bytes = 64 * 1024;
  ASSERT_LT(fs::file_size(bomb), options.limits.max_file_bytes);
  expect_rejected<InvalidInput>(f, bomb, "max_file_bytes",
                                [&] { add_file(*f.store, bomb, options); });
}

// A split GNU Info manual: its main file names its parts in an "Indirect:" table, and Debian
// ships each part beside it, gzip-compressed or not.
std::string info_main(const std::string& first_part, const std::string& second_part) {
  return "This is tool.info, produced by makeinfo version 6.8 from tool.texi.\n\n"
         "The tool manual.\n\n\x1f\nIndirect:\n" +
         first_part + ": 200\n" + second_part +
         ": 900\n\x1f\nTag Table:\n(Indirect)\nNode: Top200\n\x1f\nEnd Tag Table\n";
}

std::string info_part(const std::string& node, const std::string& heading,
                      const std::string& text) {
  return "This is tool.info, produced by makeinfo version 6.8 from tool.texi.\n\n"
         "Permission is granted to copy this manual.\n\n\x1f\nFile: tool.info,  Node: " +
         node + ",  Up: Top\n\n" + heading + "\n" + std::string(heading.size(), '*') + "\n\n" +
         text + "\n";
}

TEST(AddFileTest, ASplitInfoManualIsReadWithItsPartsFromBesideIt) {
  Fixture f;
  f.dir.write("tool.info-1",
              info_part("Intro", "1 Introduction", "The tool reads its input line by line."));
  f.dir.write("tool.info-2.gz",
              gzipped(info_part("Usage", "2 Usage", "Give the tool a file name to read.")));
  const fs::path main =
      f.dir.write("tool.info.gz", gzipped(info_main("tool.info-1", "tool.info-2")));
  const AddResult r = add_file(*f.store, main, {});
  std::string text;
  for (const Chunk& c : f.store->chunks(r.put.source_id, std::nullopt)) text += c.text + "\n";
  EXPECT_NE(text.find("The tool reads its input line by line."), std::string::npos) << text;
  EXPECT_NE(text.find("Give the tool a file name to read."), std::string::npos) << text;
  EXPECT_EQ(text.find("Permission is granted"), std::string::npos) << "each part's preamble";
  EXPECT_EQ(text.find("Indirect"), std::string::npos) << text;
}

TEST(AddFileTest, ASplitInfoManualsPartMustBeBesideIt) {
  Fixture f;
  const fs::path outside = f.dir.write("tool.info", info_main("tool.info-1", "../secret"));
  f.dir.write("tool.info-1", info_part("Intro", "1 Introduction", "The tool reads its input."));
  expect_rejected<InvalidInput>(f, outside, "not a part", [&] { add_file(*f.store, outside, {}); });
  const fs::path missing = f.dir.write("other.info", info_main("other.info-1", "other.info-2"));
  f.dir.write("other.info-1", info_part("Intro", "1 Introduction", "The tool reads its input."));
  expect_rejected<InvalidInput>(f, missing, "other.info-2 is not beside it",
                                [&] { add_file(*f.store, missing, {}); });
}

TEST(AddFileTest, BadIdIsRejected) {
  Fixture f;
  const fs::path file = f.dir.write("ok.md", kNotes);
  AddOptions options;
  options.id = "has space";
  EXPECT_THROW(add_file(*f.store, file, options), InvalidInput);
  EXPECT_EQ(normalize_source_id("gpu001"), "file_gpu001");
  EXPECT_EQ(normalize_source_id("file_gpu001"), "file_gpu001");
}

TEST(AddFileTest, ChineseSourceIsDetectedAndChunked) {
  Fixture f;
  // "# 加速器" + two Chinese sentences.
  const fs::path file = f.dir.write(
      "zh.md",
      "# \xe5\x8a\xa0\xe9\x80\x9f\xe5\x99\xa8\n\n"
      "\xe5\x9b\xbe\xe5\xbd\xa2\xe5\xa4\x84\xe7\x90\x86\xe5\x99\xa8\xe6\x93\x85\xe9\x95\xbf"
      "\xe5\xb9\xb6\xe8\xa1\x8c\xe8\xae\xa1\xe7\xae\x97\xe3\x80\x82"
      "\xe5\xbc\xa0\xe9\x87\x8f\xe5\xa4\x84\xe7\x90\x86\xe5\x99\xa8\xe4\xb8\x93\xe6\xb3\xa8"
      "\xe7\x9f\xa9\xe9\x98\xb5\xe8\xbf\x90\xe7\xae\x97\xe3\x80\x82\n");
  const AddResult r = add_file(*f.store, file, {});
  EXPECT_EQ(f.store->source(r.put.source_id, std::nullopt)->language, "zh");
  const auto chunks = f.store->chunks(r.put.source_id, std::nullopt);
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_GE(chunks[0].word_count, 6);
}

TEST(ExpandInputsTest, DirectoriesExpandToSortedSupportedFiles) {
  testing::TempDir dir;
  dir.write("b.md", "x");
  dir.write("a/z.pdf", "x");
  dir.write("a/y.jpg", "x");
  dir.write(".hidden/c.md", "x");
  dir.write("c.txt", "x");
  dir.write("d.md.gz", "x");
  dir.write("e.tar.gz", "x");
  dir.write("f.info.gz", "x");
  dir.write("f.info-1.gz", "x");  // a split manual's part: read with f.info.gz
  const auto files = expand_inputs({dir.path(), dir.path() / "missing.md"});
  ASSERT_EQ(files.size(), 6u);
  EXPECT_EQ(files[0], dir.path() / "a/z.pdf");
  EXPECT_EQ(files[1], dir.path() / "b.md");
  EXPECT_EQ(files[2], dir.path() / "c.txt");
  EXPECT_EQ(files[3], dir.path() / "d.md.gz");
  EXPECT_EQ(files[4], dir.path() / "f.info.gz");
  EXPECT_EQ(files[5], dir.path() / "missing.md");
}

}  // namespace lectio::ingest
