// lectio summarize | eval summarize
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "lectio/core/error.h"
#include "lectio/eval/rouge.h"
#include "lectio/extract/summarize.h"
#include "lectio/ingest/extract.h"
#include "lectio/text/sentences.h"
#include "lectio/text/strings.h"

namespace fs = std::filesystem;

namespace lectio::cli {

namespace {

struct SummarizeArgs {
  std::string file;
  int sentences = 3;
  bool json = false;
  std::string focus;
  std::string language;  // empty: detected from the text
};

void check_count(int sentences) {
  if (sentences < 1) {
    throw InvalidInput(fmt::format("--sentences {}: must be at least 1", sentences));
  }
}

// The running-text sentences of a document: headings, code and table rows are not prose a
// summary could quote, so only paragraphs, list items and quotes are split.
std::vector<std::string> document_sentences(const fs::path& path, std::string& language) {
  const ingest::Document doc = naming_input(path.string(), [&] {
    const ingest::Limits limits;
    const ingest::DocumentBytes read = ingest::read_document(path, limits);
    return ingest::extract(read.bytes, ingest::sniff_format(read.bytes, read.name, limits), limits);
  });
  std::string all;
  for (const ingest::Block& b : doc.blocks) all += b.text + "\n";
  if (language.empty()) language = text::detect_language(all);
  std::vector<std::string> out;
  for (const ingest::Block& b : doc.blocks) {
    const auto kind = b.kind;
    if (kind == ingest::BlockKind::kHeading || kind == ingest::BlockKind::kCode ||
        kind == ingest::BlockKind::kTableRow) {
      continue;
    }
    for (std::string& s : text::sentences(b.text, language)) {
      out.push_back(std::move(s));
    }
  }
  if (out.empty()) throw InvalidInput(fmt::format("{}: no sentences to summarise", path.string()));
  return out;
}

void run_summarize(const SummarizeArgs& args) {
  check_count(args.sentences);
  if (!args.language.empty() && args.language != "en" && args.language != "zh") {
    throw InvalidInput(fmt::format("--language {}: expected en or zh", args.language));
  }
  std::string language = args.language;
  const std::vector<std::string> sentences = document_sentences(args.file, language);
  extract::SelectOptions options;
  options.count = args.sentences;
  options.language = language;
  options.focus = args.focus;
  const std::vector<int> chosen = extract::select_sentences(sentences, options);
  if (args.json) {
    nlohmann::ordered_json picked = nlohmann::ordered_json::array();
    for (int i : chosen) picked.push_back({{"index", i}, {"text", sentences[i]}});
    nlohmann::ordered_json out = {{"file", args.file},
                                  {"language", language},
                                  {"sentence_count", sentences.size()},
                                  {"sentences", picked}};
    std::cout << out.dump(2) << '\n';
    return;
  }
  for (int i : chosen) std::cout << sentences[i] << '\n';
}

struct Article {
  std::vector<std::string> lines;
  std::string reference;
};

std::vector<Article> read_articles(const std::string& file) {
  std::ifstream in(file);
  if (!in) {
    if (!fs::exists(file)) throw NotFound(fmt::format("{}: no such file", file));
    throw Io(fmt::format("{}: cannot open", file));
  }
  std::vector<Article> out;
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto row = nlohmann::json::parse(line, nullptr, false);
    const bool ok = !row.is_discarded() && row.is_object() && row.contains("article_lines") &&
                    row["article_lines"].is_array() && row.contains("reference") &&
                    row["reference"].is_string();
    if (!ok) {
      throw InvalidInput(fmt::format(
          "{}:{}: expected a JSON object with article_lines (array) and reference (string)", file,
          line_number));
    }
    Article a;
    for (const auto& s : row["article_lines"]) {
      if (s.is_string()) a.lines.push_back(s.get<std::string>());
    }
    a.reference = row["reference"].get<std::string>();
    out.push_back(std::move(a));
  }
  if (out.empty()) throw InvalidInput(fmt::format("{}: no articles", file));
  return out;
}

std::string joined(const std::vector<std::string>& lines, const std::vector<int>& picked) {
  std::string out;
  for (int i : picked) out += (out.empty() ? "" : "\n") + lines[static_cast<std::size_t>(i)];
  return out;
}

struct Mean {
  double r1 = 0, r2 = 0, rl = 0;
  void add(const eval::RougeScores& s) {
    r1 += s.rouge1;
    r2 += s.rouge2;
    rl += s.rouge_l;
  }
  nlohmann::ordered_json json(double n) const {
    return {{"rouge1", 100 * r1 / n}, {"rouge2", 100 * r2 / n}, {"rouge_l", 100 * rl / n}};
  }
};

void run_eval_summarize(const std::string& file, int sentences, bool json) {
  check_count(sentences);
  const std::vector<Article> articles = read_articles(file);
  Mean ours;
  Mean lead;
  for (const Article& a : articles) {
    extract::SelectOptions options;
    options.count = sentences;
    ours.add(
        eval::rouge(joined(a.lines, extract::select_sentences(a.lines, options)), a.reference));
    std::vector<int> first;
    for (int i = 0; i < sentences && i < static_cast<int>(a.lines.size()); ++i) first.push_back(i);
    lead.add(eval::rouge(joined(a.lines, first), a.reference));
  }
  const double n = static_cast<double>(articles.size());
  const std::string lead_name = fmt::format("lead-{}", sentences);
  if (json) {
    nlohmann::ordered_json out = {
        {"file", file},           {"articles", articles.size()},
        {"sentences", sentences}, {"rouge_l_variant", "summary-level (rougeLsum)"},
        {"lectio", ours.json(n)}, {lead_name, lead.json(n)}};
    std::cout << out.dump(2) << '\n';
    return;
  }
  std::cout << fmt::format(
      "{} articles, {} sentences each; mean F1 x 100 (ROUGE-L: summary-level)\n", articles.size(),
      sentences);
  std::cout << fmt::format("{:<10} {:>8} {:>8} {:>8}\n", "", "ROUGE-1", "ROUGE-2", "ROUGE-L");
  for (const auto& [name, m] : {std::pair<std::string, Mean>{"lectio", ours}, {lead_name, lead}}) {
    std::cout << fmt::format("{:<10} {:>8.2f} {:>8.2f} {:>8.2f}\n", name, 100 * m.r1 / n,
                             100 * m.r2 / n, 100 * m.rl / n);
  }
}

// `eval` groups the quality measurements; other command groups may add their own, so it is
// found or made here rather than assumed absent.
CLI::App* eval_group(CLI::App& app) {
  const auto found = app.get_subcommands([](CLI::App* sub) { return sub->get_name() == "eval"; });
  if (!found.empty()) return found.front();
  CLI::App* eval = app.add_subcommand("eval", "Measure quality on evaluation sets");
  eval->require_subcommand(1);
  return eval;
}

}  // namespace

void register_summarize_commands(CLI::App& app, GlobalOptions& /*global*/) {
  auto args = std::make_shared<SummarizeArgs>();
  CLI::App* summarize =
      app.add_subcommand("summarize", "Pick the sentences of a document that summarise it");
  summarize->add_option("file", args->file, "A text, Markdown or other supported file")->required();
  summarize->add_option("--sentences,-n", args->sentences, "How many sentences")
      ->capture_default_str();
  summarize->add_option("--focus", args->focus, "A question or topic the sentences should answer");
  summarize->add_option("--language", args->language, "en or zh (default: detected)");
  summarize->add_flag("--json", args->json, "Print JSON");
  summarize->callback([args] { run_summarize(*args); });

  auto file = std::make_shared<std::string>();
  auto count = std::make_shared<int>(3);
  auto json = std::make_shared<bool>(false);
  CLI::App* eval = eval_group(app);
  CLI::App* eval_summarize = eval->add_subcommand(
      "summarize", "ROUGE of sentence selection and LEAD-N on articles with reference summaries");
  eval_summarize->add_option("file", *file, "JSON lines: article_lines (array), reference")
      ->required();
  eval_summarize->add_option("--sentences,-n", *count, "Sentences per summary")
      ->capture_default_str();
  eval_summarize->add_flag("--json", *json, "Print JSON");
  eval_summarize->callback([file, count, json] { run_eval_summarize(*file, *count, *json); });
}

}  // namespace lectio::cli
