#include "anki_collection.h"

#include <nlohmann/json.hpp>

namespace lectio::study {

namespace {

using Json = nlohmann::json;

constexpr const char* kCss =
    ".card { font-family: sans-serif; font-size: 20px; text-align: left; color: black; "
    "background-color: white; }\n.cloze { font-weight: bold; color: blue; }\n"
    ".source { margin-top: 1em; font-size: 14px; color: #555; }\n";

Json field(const char* name, int ord) {
  return {{"name", name},    {"ord", ord}, {"sticky", false},       {"rtl", false},
          {"font", "Arial"}, {"size", 20}, {"media", Json::array()}};
}

Json model(std::int64_t id, const char* name, int type, Json fields, Json tmpl, std::int64_t now) {
  return {{"id", id},
          {"name", name},
          {"type", type},
          {"mod", now},
          {"usn", -1},
          {"sortf", 0},
          {"did", 1},
          {"tmpls", Json::array({std::move(tmpl)})},
          {"flds", std::move(fields)},
          {"css", kCss},
          {"latexPre",
           "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{"
           "inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{"
           "\\parindent}{0in}\n\\begin{document}\n"},
          {"latexPost", "\\end{document}"},
          {"latexsvg", false},
          {"tags", Json::array()},
          {"vers", Json::array()},
          {"req", Json::array({Json::array({0, "any", Json::array({0})})})}};
}

Json tmpl(const char* name, const char* qfmt, const char* afmt) {
  return {{"name", name},   {"ord", 0},    {"qfmt", qfmt}, {"afmt", afmt},
          {"did", nullptr}, {"bqfmt", ""}, {"bafmt", ""}};
}

Json deck(std::int64_t id, const std::string& name, std::int64_t now) {
  const Json zero = Json::array({0, 0});
  return {{"id", id},           {"name", name},
          {"mod", now},         {"usn", -1},
          {"lrnToday", zero},   {"revToday", zero},
          {"newToday", zero},   {"timeToday", zero},
          {"collapsed", false}, {"browserCollapsed", false},
          {"desc", ""},         {"dyn", 0},
          {"conf", 1},          {"extendNew", 10},
          {"extendRev", 50}};
}

}  // namespace

std::string anki_models_json(std::int64_t now) {
  Json models = Json::object();
  models[std::to_string(kBasicModelId)] =
      model(kBasicModelId, "Lectio Basic", 0,
            Json::array({field("Front", 0), field("Back", 1), field("Source", 2)}),
            tmpl("Card 1", "{{Front}}",
                 "{{FrontSide}}<hr id=answer>{{Back}}<div class=source>{{Source}}</div>"),
            now);
  models[std::to_string(kClozeModelId)] =
      model(kClozeModelId, "Lectio Cloze", 1,
            Json::array({field("Text", 0), field("Extra", 1), field("Source", 2)}),
            tmpl("Cloze", "{{cloze:Text}}",
                 "{{cloze:Text}}<br>{{Extra}}<div class=source>{{Source}}</div>"),
            now);
  return models.dump();
}

std::string anki_decks_json(const std::map<std::string, std::int64_t>& decks, std::int64_t now) {
  Json out = Json::object();
  out["1"] = deck(1, "Default", now);
  for (const auto& [name, id] : decks) out[std::to_string(id)] = deck(id, name, now);
  return out.dump();
}

std::string anki_deck_config_json() {
  const Json conf = {
      {"id", 1},
      {"name", "Default"},
      {"mod", 0},
      {"usn", 0},
      {"maxTaken", 60},
      {"autoplay", true},
      {"timer", 0},
      {"replayq", true},
      {"dyn", false},
      {"new",
       {{"delays", {1, 10}},
        {"ints", {1, 4, 0}},
        {"initialFactor", 2500},
        {"order", 1},
        {"perDay", 20},
        {"bury", false}}},
      {"lapse",
       {{"delays", {10}}, {"mult", 0}, {"minInt", 1}, {"leechFails", 8}, {"leechAction", 1}}},
      {"rev",
       {{"perDay", 200},
        {"ease4", 1.3},
        {"ivlFct", 1},
        {"maxIvl", 36500},
        {"bury", false},
        {"hardFactor", 1.2}}}};
  return Json{{"1", conf}}.dump();
}

std::string anki_collection_config_json() {
  return Json{{"nextPos", 1},
              {"estTimes", true},
              {"activeDecks", {1}},
              {"sortType", "noteFld"},
              {"timeLim", 0},
              {"sortBackwards", false},
              {"addToCur", true},
              {"curDeck", 1},
              {"newSpread", 0},
              {"dueCounts", true},
              {"curModel", kBasicModelId},
              {"collapseTime", 1200}}
      .dump();
}

}  // namespace lectio::study
