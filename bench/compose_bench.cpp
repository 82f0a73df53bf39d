// Times the composer: a 14-minute quick lesson from 50 pages of sources.
//
//   lectio_compose_bench ARTICLES.jsonl [--pages 50] [--runs 5]
//
// The sources are real text: news articles (../shared/eval/cnndm-dev/articles.jsonl, one
// `article_lines` array per line) written as one Markdown document with a heading per article
// and a form feed after every ~500 words, until it has the requested number of pages. Ingesting and
// indexing are set up outside the timing; each run times compose_lesson() alone, as `lectio lesson`
// runs it.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lectio/compose/composer.h"
#include "lectio/compose/engine.h"
#include "lectio/ingest/ingest.h"
#include "lectio/search/index.h"
#include "lectio/store/store.h"
#include "lectio/text/strings.h"
#include "lectio/text/words.h"

namespace fs = std::filesystem;
using namespace lectio;

namespace {

constexpr int kWordsPerPage = 500;

std::string build_document(const fs::path& corpus, int pages) {
  std::ifstream in(corpus);
  if (!in) throw std::runtime_error("cannot read " + corpus.string());
  std::string doc = "# News digest\n\n";
  int page_words = 0;
  int page = 1;
  for (std::string line; std::getline(in, line) && page <= pages;) {
    const auto j = nlohmann::json::parse(line);
    const auto lines = j.value("article_lines", std::vector<std::string>{});
    if (lines.empty()) continue;
    std::string body;
    for (const auto& l : lines) body += text::collapse_whitespace(l) + "\n\n";
    doc += fmt::format("## Story {}\n\n{}", j.value("id", "").substr(0, 8), body);
    page_words += text::count_words(body);
    if (page_words >= kWordsPerPage) {
      doc += "\f\n";
      page_words = 0;
      ++page;
    }
  }
  return doc;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: lectio_compose_bench CORPUS.jsonl [--pages N] [--runs N]\n");
    return 2;
  }
  int pages = 50;
  int runs = 5;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--pages") pages = std::stoi(argv[i + 1]);
    if (flag == "--runs") runs = std::stoi(argv[i + 1]);
  }
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("lectio-compose-bench-{}", ::getpid());
  fs::create_directories(dir);
  const fs::path source = dir / "notes.md";
  std::ofstream(source) << build_document(argv[1], pages);

  auto store = store::open_content_store(dir / "data");
  ingest::AddOptions add;
  add.id = "bench";
  const auto added = ingest::add_file(*store, source, add);
  auto index = search::open_index(*store, dir / "data");
  const auto src = store->source("file_bench", std::nullopt);

  const lesson::Brief brief = lesson::parse_brief(
      "plan: The week in the news\n"
      "topic: Police investigations, courts and public safety\n"
      "overview: What the police, the courts and officials said about recent cases.\n"
      "insights:\n"
      "  - What police said about recent investigations\n"
      "  - How courts ruled and what sentences were given\n"
      "  - What officials plan to do next\n"
      "minutes: 14\nstyle: quick\nhost: Lena\nlanguage: en\ndate: 2026-01-01\n",
      "bench-brief");
  auto engine = compose::make_extractive_engine();
  std::vector<double> seconds;
  lesson::Lesson lesson;
  for (int r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    lesson = compose::compose_lesson(brief, *store, *index, *engine);
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(seconds.begin(), seconds.end());
  std::printf("sources: %d pages, %d chunks, %lld bytes\n", src->page_count, added.chunk_count,
              static_cast<long long>(src->byte_size));
  std::printf("lesson: %zu FAQ, estimated %.1f of %.0f minutes, supported share %.3f\n",
              lesson.faq.size(), lesson.duration.estimated_minutes, lesson.duration.target_minutes,
              lesson.grounding.supported_share);
  std::printf("compose: median %.3f s, best %.3f s, worst %.3f s over %d runs\n",
              seconds[seconds.size() / 2], seconds.front(), seconds.back(), runs);
  std::error_code ec;
  fs::remove_all(dir, ec);
  return 0;
}
