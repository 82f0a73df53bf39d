#include "lectio/eval/beir.h"

#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "lectio/core/error.h"

namespace fs = std::filesystem;

namespace lectio::eval {

namespace {

std::ifstream open_input(const fs::path& file) {
  std::ifstream in(file);
  if (!in)
    throw NotFound(fmt::format("{}: no such file (expected a BEIR collection)", file.string()));
  return in;
}

// Reads a JSON Lines file, calling visit with each object; blank lines are skipped.
void for_each_json_line(const fs::path& file,
                        const std::function<void(const nlohmann::json&, int line)>& visit) {
  std::ifstream in = open_input(file);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto json = nlohmann::json::parse(line, nullptr, false);
    if (!json.is_object()) {
      throw InvalidInput(fmt::format("{}:{}: not a JSON object", file.string(), number));
    }
    visit(json, number);
  }
}

// A string field, or a number written as one (some collections use numeric ids).
std::string field(const nlohmann::json& json, const char* name, bool required, const fs::path& file,
                  int line) {
  const auto it = json.find(name);
  if (it == json.end() || it->is_null()) {
    if (required) throw InvalidInput(fmt::format("{}:{}: no \"{}\"", file.string(), line, name));
    return {};
  }
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number()) return it->dump();
  throw InvalidInput(fmt::format("{}:{}: \"{}\" is not a string", file.string(), line, name));
}

}  // namespace

void for_each_beir_doc(const fs::path& dir, const std::function<void(const BeirDoc&)>& visit) {
  const fs::path file = dir / "corpus.jsonl";
  for_each_json_line(file, [&](const nlohmann::json& json, int line) {
    visit(BeirDoc{field(json, "_id", true, file, line), field(json, "title", false, file, line),
                  field(json, "text", false, file, line)});
  });
}

std::vector<BeirQuery> load_beir_queries(const fs::path& dir) {
  const fs::path file = dir / "queries.jsonl";
  std::vector<BeirQuery> out;
  for_each_json_line(file, [&](const nlohmann::json& json, int line) {
    out.push_back({field(json, "_id", true, file, line), field(json, "text", true, file, line)});
  });
  return out;
}

Qrels load_beir_qrels(const fs::path& dir) {
  const fs::path file = dir / "qrels" / "test.tsv";
  std::ifstream in = open_input(file);
  Qrels qrels;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::istringstream fields(line);
    std::string query, doc;
    int score = 0;
    if (!(fields >> query >> doc >> score)) {
      if (number == 1) continue;  // the header line
      throw InvalidInput(
          fmt::format("{}:{}: expected \"query-id corpus-id score\"", file.string(), number));
    }
    qrels[query][doc] = score;
  }
  return qrels;
}

}  // namespace lectio::eval
