#include "support/fake_author.h"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <sstream>

namespace lectio::testing {

using Json = nlohmann::json;

namespace {

// Sentences end at ". ", "! ", "? " or at a Chinese full stop.
std::vector<std::string> split_sentences(const std::string& text) {
  std::vector<std::string> out;
  std::string current;
  for (std::size_t i = 0; i < text.size(); ++i) {
    current += text[i];
    const bool latin = (text[i] == '.' || text[i] == '!' || text[i] == '?') &&
                       (i + 1 == text.size() || text[i + 1] == ' ');
    const bool chinese = current.size() >= 3 && current.compare(current.size() - 3, 3, "。") == 0;
    if (latin || chinese) {
      while (!current.empty() && current.front() == ' ') current.erase(0, 1);
      if (current.size() > 20) out.push_back(current);
      current.clear();
    }
  }
  return out;
}

std::vector<Excerpt> excerpts(const std::string& prompt) {
  static const std::regex line(R"(^\[(S[0-9]+)\] (\(from "[^"]*"\) )?(.*)$)");
  std::vector<Excerpt> out;
  std::istringstream in(prompt);
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (std::regex_match(l, m, line)) out.push_back({m[1], split_sentences(m[3])});
  }
  return out;
}

std::vector<std::string> names(const std::string& prompt, const char* pattern) {
  std::smatch m;
  std::vector<std::string> out;
  if (std::regex_search(prompt, m, std::regex(pattern))) {
    for (std::size_t i = 1; i < m.size(); ++i) out.push_back(m[i]);
  }
  return out;
}

Json item(const std::string& speaker, const std::string& text, Json cites) {
  Json j = {{"text", text}, {"cites", std::move(cites)}};
  if (!speaker.empty()) j["speaker"] = speaker;
  return j;
}

std::string lower_first(std::string s) {
  if (!s.empty() && s[0] >= 'A' && s[0] <= 'Z' && !(s.size() > 1 && s[1] >= 'A' && s[1] <= 'Z')) {
    s[0] = static_cast<char>(s[0] - 'A' + 'a');
  }
  return s;
}

}  // namespace

std::string invented_sentence(int n) {
  return fmt::format(
      "In {} the Zorblax Institute in Reykjavik built the first quantum abacus "
      "for {} thousand dollars.",
      1987 + n, 40 + n);
}

FakeAuthor::FakeAuthor(FakeAuthorOptions options) : options_(options) {}

ChatHandler FakeAuthor::handler() {
  return [this](const Json& request, int) {
    ScriptedReply r;
    r.content = answer(request);
    return r;
  };
}

Written FakeAuthor::written() const {
  std::lock_guard lock(mutex_);
  return written_;
}

std::string FakeAuthor::answer(const Json& request) {
  const std::string kind = schema_name(request);
  const std::string prompt = user_message(request);
  const auto ex = excerpts(prompt);
  std::lock_guard lock(mutex_);
  if (kind == "outline") return outline(ex);
  if (kind == "section") return section(prompt, ex);
  if (kind == "repair") return repair(prompt, ex);
  if (kind == "faq") return faq(ex);
  if (kind == "meta") return meta(ex);
  if (kind == "answer") return answer_question(ex);
  if (kind == "study") return study(ex);
  return "{}";
}

std::string FakeAuthor::outline(const std::vector<Excerpt>& ex) {
  Json points = Json::array();
  for (const Excerpt& e : ex) {
    if (!e.sentences.empty()) points.push_back({{"point", e.sentences[0]}, {"cites", {e.label}}});
  }
  return Json({{"points", points}}).dump();
}

std::string FakeAuthor::section(const std::string& prompt, const std::vector<Excerpt>& ex) {
  const auto dialogue = names(prompt, R"((\S+) is the host who explains; (\S+) is the co-host)");
  const auto solo = names(prompt, R"(spoken by (\S+), in about)");
  const std::string host = dialogue.empty() ? (solo.empty() ? "" : solo[0]) : dialogue[0];
  const std::string cohost = dialogue.empty() ? "" : dialogue[1];
  Json items = Json::array();
  int n = static_cast<int>(written_.planted.size());
  // Round the excerpts, a sentence from each in turn, until the budget is spent (at most
  // sentences_per_chunk from each when the prompt names no budget).
  const auto budget = names(prompt, R"(in about ([0-9]+) (words|Chinese characters))");
  const int words = budget.empty() ? 0 : std::stoi(budget[0]);
  int said = 0;
  for (std::size_t k = 0;; ++k) {
    bool any = false;
    for (const Excerpt& e : ex) {
      if (k >= e.sentences.size() || (words == 0 && int(k) >= options_.sentences_per_chunk))
        continue;
      if (words > 0 && said >= words) break;
      any = true;
      std::string s = e.sentences[k];
      if (!cohost.empty() && k == 0) {
        std::string q = lower_first(s);
        q.back() = '?';
        items.push_back(item(cohost, "So why does it matter that " + q, Json::array()));
      }
      if (options_.paraphrase && written_.good.size() % 2 == 1) s = "Put simply, " + lower_first(s);
      written_.good.push_back(s);
      said += budget.size() > 1 && budget[1] != "words"
                  ? static_cast<int>(s.size() / 3)
                  : static_cast<int>(std::count(s.begin(), s.end(), ' ')) + 1;
      items.push_back(item(host, s, {e.label}));
    }
    if (!any) break;
  }
  if (!ex.empty() && options_.plant_invented) {
    written_.planted.push_back(invented_sentence(n));
    items.push_back(item(host, invented_sentence(n), {ex[0].label}));
  }
  if (!ex.empty() && !ex[0].sentences.empty() && options_.plant_woven) {
    const std::string woven = fmt::format("According to the Zorblax Institute in {}, {}", 1990 + n,
                                          lower_first(ex[0].sentences[0]));
    written_.planted.push_back(woven);
    items.push_back(item(host, woven, {ex[0].label}));
  }
  if (ex.size() > 1 && ex[1].sentences.size() > 2 && options_.cite_missing) {
    written_.good.push_back(ex[1].sentences[2]);
    items.push_back(item(host, ex[1].sentences[2], {"S99"}));
  }
  return Json({{"sentences", items}}).dump();
}

std::string FakeAuthor::repair(const std::string& prompt, const std::vector<Excerpt>& ex) {
  // A stubborn model: it keeps invented claims, but gives a true sentence its real label.
  Json repairs = Json::array();
  static const std::regex listed(R"RE(^([0-9]+)\. "(.*)" \(cites: ([^)]*)\))RE");
  std::istringstream in(prompt);
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (!std::regex_search(l, m, listed)) continue;
    const std::string text = m[2];
    Json cites = Json::array();
    if (options_.fix_citations && text.find("Zorblax") == std::string::npos) {
      for (const Excerpt& e : ex) {
        for (const std::string& s : e.sentences) {
          if (s == text) cites.push_back(e.label);
        }
      }
    }
    repairs.push_back({{"index", std::stoi(m[1])}, {"text", text}, {"cites", cites}});
  }
  return Json({{"repairs", repairs}}).dump();
}

std::string FakeAuthor::faq(const std::vector<Excerpt>& ex) {
  Json faq = Json::array();
  for (std::size_t i = 0; i + 1 < ex.size() && faq.size() < 3; i += 2) {
    Json answer = Json::array();
    for (const Excerpt* e : {&ex[i], &ex[i + 1]}) {
      if (e->sentences.empty()) continue;
      written_.good.push_back(e->sentences[0]);
      answer.push_back(item("", e->sentences[0], {e->label}));
    }
    answer.push_back(item("", invented_sentence(100 + static_cast<int>(i)), {ex[i].label}));
    written_.planted.push_back(invented_sentence(100 + static_cast<int>(i)));
    faq.push_back({{"question", fmt::format("What do the notes say in part {}?", i / 2 + 1)},
                   {"answer", answer}});
  }
  return Json({{"faq", faq}}).dump();
}

std::string FakeAuthor::answer_question(const std::vector<Excerpt>& ex) {
  // The first sentence of the first two excerpts, an invented fact citing the first, and a
  // true sentence citing a label that does not exist.
  Json answer = Json::array();
  for (std::size_t i = 0; i < ex.size() && i < 2; ++i) {
    if (ex[i].sentences.empty()) continue;
    written_.good.push_back(ex[i].sentences[0]);
    answer.push_back(item("", ex[i].sentences[0], {ex[i].label}));
  }
  if (!ex.empty() && options_.plant_invented) {
    const std::string invented = invented_sentence(200 + static_cast<int>(written_.planted.size()));
    written_.planted.push_back(invented);
    answer.push_back(item("", invented, {ex[0].label}));
  }
  if (!ex.empty() && ex[0].sentences.size() > 1 && options_.cite_missing) {
    written_.good.push_back(ex[0].sentences[1]);
    answer.push_back(item("", ex[0].sentences[1], {"S99"}));
  }
  return Json({{"answer", answer}}).dump();
}

namespace {

// The longest word of a sentence (letters only, six or more): what a cloze hides.
std::string key_word(const std::string& sentence) {
  static const std::regex word("[A-Za-z]{6,}");
  std::string best;
  for (auto it = std::sregex_iterator(sentence.begin(), sentence.end(), word);
       it != std::sregex_iterator(); ++it) {
    if (it->str().size() > best.size()) best = it->str();
  }
  return best;
}

std::string hidden(std::string sentence, const std::string& word) {
  const auto at = sentence.find(word);
  if (at != std::string::npos) sentence.replace(at, word.size(), "___");
  return sentence;
}

}  // namespace

std::string FakeAuthor::study(const std::vector<Excerpt>& ex) {
  // A cloze card and a question for the first sentence of each excerpt, hiding its longest
  // word; wrong options are the other excerpts' words. Planted: a card whose answer is in no
  // excerpt.
  Json cards = Json::array();
  Json quiz = Json::array();
  // One word per excerpt (empty for one without a sentence), so that words[i] is ex[i]'s.
  std::vector<std::string> words;
  for (const Excerpt& e : ex) words.push_back(e.sentences.empty() ? "" : key_word(e.sentences[0]));
  for (std::size_t i = 0; i < ex.size() && cards.size() < 3; ++i) {
    if (ex[i].sentences.empty() || words[i].empty()) continue;
    const std::string& s = ex[i].sentences[0];
    written_.good.push_back(s);
    cards.push_back({{"kind", "cloze"},
                     {"front", hidden(s, words[i])},
                     {"answer", words[i]},
                     {"quote", s},
                     {"cite", ex[i].label}});
    Json wrong = Json::array();
    for (const char* w : {"Zorblax", "Quuxify", "Frobnicate"}) wrong.push_back(w);
    quiz.push_back({{"question", hidden(s, words[i])},
                    {"right", words[i]},
                    {"wrong", wrong},
                    {"quote", s},
                    {"cite", ex[i].label}});
  }
  if (!ex.empty() && !ex[0].sentences.empty() && options_.plant_invented) {
    const std::string& s = ex[0].sentences[0];
    written_.planted.push_back("card: Zorblax");
    cards.push_back({{"kind", "basic"},
                     {"front", "Who founded the Zorblax Institute?"},
                     {"answer", "Professor Zorblax in 1987"},
                     {"quote", s},
                     {"cite", ex[0].label}});
  }
  return Json({{"cards", cards}, {"quiz", quiz}}).dump();
}

std::string FakeAuthor::meta(const std::vector<Excerpt>& ex) {
  std::string quote = options_.invent_quote
                          ? "Zorblax engines never sleep, they dream in tensors."
                          : (ex.empty() || ex[0].sentences.empty() ? "" : ex[0].sentences[0]);
  return Json({{"title", "GPUs and TPUs, in practice"},
               {"description", ex.empty() || ex[0].sentences.empty() ? "" : ex[0].sentences[0]},
               {"tags", {"GPU", "TPU", "Zorblax"}},
               {"quote", {{"text", quote}, {"cite", ex.empty() ? "S1" : ex[0].label}}}})
      .dump();
}

}  // namespace lectio::testing
