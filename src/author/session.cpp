#include "lectio/author/session.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>

#include "lectio/grounding/grounding.h"
#include "lectio/text/speaking_rate.h"
#include "lectio/text/strings.h"
#include "lectio/text/terms.h"
#include "lectio/text/words.h"

namespace lectio::author {

namespace {

using Json = nlohmann::json;

// A co-host's question claims nothing, but must stay on the material: this share of its
// terms and pairs must be in the section's chunks.
constexpr double kQuestionSupport = 0.5;
constexpr std::size_t kTermsShown = 6;

std::string normal_label(std::string s) {
  s.erase(
      std::remove_if(s.begin(), s.end(), [](char c) { return c == '[' || c == ']' || c == ' '; }),
      s.end());
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// Moves inline markers ("... cores [S2]." / "【S2】") out of the text into the labels.
std::string take_inline_labels(std::string text, std::vector<std::string>& labels) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '[' && i + 2 < text.size() && (text[i + 1] == 'S' || text[i + 1] == 's')) {
      const std::size_t close = text.find(']', i);
      if (close != std::string::npos && close - i <= 12) {
        std::string inside = text.substr(i + 1, close - i - 1);
        std::size_t at = 0;
        while (at < inside.size()) {
          std::size_t comma = inside.find(',', at);
          if (comma == std::string::npos) comma = inside.size();
          labels.push_back(normal_label(inside.substr(at, comma - at)));
          at = comma + 1;
        }
        while (!out.empty() && out.back() == ' ') out.pop_back();
        i = close;
        continue;
      }
    }
    out += text[i];
  }
  return text::collapse_whitespace(out);
}

// Names and numbers of `sentence` that no cited text holds, from the shared verifier
// (check_claim): an invented clause woven into a true sentence keeps its support high and is
// caught here.
std::vector<std::string> unsupported_specifics(const std::string& sentence,
                                               const std::vector<std::string>& texts,
                                               const std::string& language) {
  std::vector<std::string> out;
  for (const grounding::UnsupportedTerm& t :
       grounding::check_claim(sentence, texts, language).unsupported) {
    if (t.kind != grounding::TermKind::kTerm) out.push_back(t.text);
  }
  return out;
}

bool is_question(const std::string& text) {
  return (!text.empty() && text.back() == '?') ||
         (text.size() >= 3 && text.compare(text.size() - 3, 3, "？") == 0);
}

// The verifier's finding for a claim below the threshold: its score and the terms the cited
// chunks do not hold.
std::string finding(double support, const std::string& sentence,
                    const std::vector<std::string>& texts, const std::string& language) {
  std::set<std::string> known;
  for (const std::string& t : texts) {
    for (std::string& term : text::terms(t, language)) known.insert(std::move(term));
  }
  std::vector<std::string> missing;
  for (const std::string& term : text::terms(sentence, language)) {
    if (!known.count(term) && missing.size() < kTermsShown &&
        std::find(missing.begin(), missing.end(), term) == missing.end()) {
      missing.push_back(term);
    }
  }
  std::string out =
      fmt::format("support {:.2f} is below {:.2f}", support, grounding::kSupportThreshold);
  if (!missing.empty())
    out += fmt::format("; not in the cited excerpts: {}", fmt::join(missing, ", "));
  return out;
}

}  // namespace

std::string string_field(const Json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_string()) return "";
  return object[key].get<std::string>();
}

int int_field(const Json& object, const char* key) {
  if (!object.is_object() || !object.contains(key)) return 0;
  const Json& v = object[key];
  if (v.is_number_integer()) return v.get<int>();
  if (v.is_string()) return std::atoi(v.get<std::string>().c_str());
  return 0;
}

bool holds_verbatim(const std::string& text, const std::string& quote) {
  const std::string q = text::collapse_whitespace(quote);
  return q.size() >= 12 && text::collapse_whitespace(text).find(q) != std::string::npos;
}

LlmSession::LlmSession(llm::ChatClient& client, const lesson::Brief& brief,
                       const lesson::Material& material)
    : client_(client), brief_(brief), material_(material) {
  usage_.model = client.options().model;
}

std::vector<LabelledChunk> LlmSession::label(const std::vector<int>& chunks) {
  std::vector<LabelledChunk> out;
  for (int c : chunks) {
    auto it = chunk_to_label_.find(c);
    if (it == chunk_to_label_.end()) {
      const std::string label = fmt::format("S{}", chunk_to_label_.size() + 1);
      it = chunk_to_label_.emplace(c, label).first;
      label_to_chunk_[label] = c;
    }
    const Chunk& chunk = material_.chunks[static_cast<std::size_t>(c)];
    out.push_back(
        {it->second, chunk.heading_path.empty() ? "" : chunk.heading_path.back(), chunk.text});
  }
  return out;
}

const Chunk* LlmSession::chunk_of(const std::string& label) const {
  const auto it = label_to_chunk_.find(normal_label(label));
  return it == label_to_chunk_.end() ? nullptr
                                     : &material_.chunks[static_cast<std::size_t>(it->second)];
}

Json LlmSession::ask(const llm::ChatRequest& request, const llm::AnswerCheck& check) {
  const llm::ChatReply reply = client_.complete_json(request, check);
  usage_.requests += reply.attempts;
  usage_.retries += reply.attempts - 1;
  usage_.prompt_tokens += reply.prompt_tokens;
  usage_.completion_tokens += reply.completion_tokens;
  return Json::parse(reply.json);
}

Json LlmSession::ask_shrinking(const SizedRequest& request, const llm::AnswerCheck& check,
                               int* step) {
  for (int s = 0;; ++s) {
    try {
      Json answer = ask(request(s), check);
      if (step != nullptr) *step = s;
      return answer;
    } catch (const llm::Truncated&) {
      if (s == kShrinks) throw;
    }
  }
}

std::vector<int> LlmSession::fewer(const std::vector<int>& chunks, int step) {
  std::size_t keep = chunks.size();
  for (int s = 0; s < step; ++s) keep = (keep + 1) / 2;
  keep = std::min(chunks.size(), std::max<std::size_t>(keep, 2));
  return {chunks.begin(), chunks.begin() + static_cast<std::ptrdiff_t>(keep)};
}

std::optional<std::string> LlmSession::speaker_of(const Json& item) const {
  if (brief_.format != lesson::LessonFormat::kDialogue) return brief_.host;
  const std::string said = string_field(item, "speaker");
  const auto same = [](const std::string& a, const std::string& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
      return std::tolower(static_cast<unsigned char>(x)) ==
             std::tolower(static_cast<unsigned char>(y));
    });
  };
  for (const std::string* name : {&brief_.host, &brief_.cohost}) {
    if (same(said, *name)) return *name;
  }
  return std::nullopt;
}

LlmSession::Checked LlmSession::check(const Json& item, const std::vector<int>& chunks,
                                      DraftKind kind) const {
  Checked c;
  const Json cites = item.is_object() ? item.value("cites", Json::array()) : Json::array();
  for (const Json& l : cites.is_array() ? cites : Json::array()) {
    if (l.is_string()) c.labels.push_back(normal_label(l.get<std::string>()));
  }
  c.sentence.text = take_inline_labels(string_field(item, "text"), c.labels);
  const auto speaker = kind == DraftKind::kTurns ? speaker_of(item) : brief_.host;
  if (!speaker) {
    c.finding = fmt::format("unknown speaker '{}'", string_field(item, "speaker"));
    c.repairable = false;
    return c;
  }
  c.sentence.speaker = *speaker;
  if (is_question(c.sentence.text)) {
    std::vector<std::string> texts;
    for (int i : chunks) texts.push_back(material_.chunks[static_cast<std::size_t>(i)].text);
    c.sentence.role = lesson::SentenceRole::kConnective;
    const double s = grounding::support_score(c.sentence.text, texts, brief_.language);
    if (s < kQuestionSupport) {
      c.finding = finding(s, c.sentence.text, texts, brief_.language);
      return c;
    }
    texts.push_back(brief_.host + " " + brief_.cohost);  // the hosts may name each other
    const auto specifics = unsupported_specifics(c.sentence.text, texts, brief_.language);
    if (!specifics.empty()) {
      c.finding =
          fmt::format("names or numbers not in the excerpts: {}", fmt::join(specifics, ", "));
    }
    return c;
  }
  std::vector<std::string> texts;
  for (const std::string& l : c.labels) {
    const Chunk* chunk = chunk_of(l);
    if (!chunk) continue;  // a label the model made up: the citation is dropped
    const std::string id = chunk->id();
    if (std::find(c.sentence.citations.begin(), c.sentence.citations.end(), id) !=
        c.sentence.citations.end()) {
      continue;
    }
    c.sentence.citations.push_back(id);
    texts.push_back(chunk->text);
  }
  if (c.sentence.citations.empty()) {
    c.finding = "it cites no excerpt that exists";
    return c;
  }
  c.sentence.support = grounding::support_score(c.sentence.text, texts, brief_.language);
  if (c.sentence.support < grounding::kSupportThreshold) {
    c.finding = finding(c.sentence.support, c.sentence.text, texts, brief_.language);
    return c;
  }
  texts.push_back(brief_.host + " " + brief_.cohost);
  const auto specifics = unsupported_specifics(c.sentence.text, texts, brief_.language);
  if (!specifics.empty()) {
    c.finding =
        fmt::format("names or numbers not in the cited excerpts: {}", fmt::join(specifics, ", "));
  }
  return c;
}

std::vector<lesson::ScriptSentence> LlmSession::accept(const Json& items,
                                                       const std::vector<int>& chunks,
                                                       DraftKind kind) {
  std::vector<Checked> checked;
  std::vector<RepairItem> repairs;
  for (const Json& item : items) {
    if (!item.is_object()) continue;
    Checked c = check(item, chunks, kind);
    if (c.sentence.text.empty()) continue;
    if (c.finding && c.repairable) {
      repairs.push_back(
          {static_cast<int>(checked.size()) + 1, c.sentence.text, c.labels, *c.finding});
    }
    checked.push_back(std::move(c));
  }
  if (!repairs.empty()) {
    // A repair is judged by the verifier alone, whatever its language. One cut off is asked
    // for again for fewer sentences; cut off at every size, the sentences stay rejected.
    Json answer = Json::object();
    try {
      answer = ask_shrinking(
          [&](int step) {
            const std::size_t n = std::max<std::size_t>(1, repairs.size() >> step);
            const std::vector<RepairItem> some(repairs.begin(),
                                               repairs.begin() + static_cast<std::ptrdiff_t>(n));
            return repair_request(brief_, some, label(chunks));
          },
          [&](const std::string& j) { return check_sentences(j, "repairs", ""); });
    } catch (const llm::Truncated& e) {
      warnings_.push_back(fmt::format("no repair of rejected sentences: {}", e.what()));
    }
    for (const Json& r : answer["repairs"]) {
      const int index = int_field(r, "index") - 1;
      if (index < 0 || index >= static_cast<int>(checked.size())) continue;
      Checked& old = checked[static_cast<std::size_t>(index)];
      if (!old.finding || !old.repairable) continue;
      Json item = r;
      item["speaker"] = old.sentence.speaker;
      Checked fixed = check(item, chunks, kind);
      if (fixed.finding || fixed.sentence.text.empty()) continue;
      old = std::move(fixed);
      ++repaired_;
    }
  }
  std::vector<lesson::ScriptSentence> out;
  for (Checked& c : checked) {
    if (!c.finding) {
      out.push_back(std::move(c.sentence));
      continue;
    }
    ++rejected_;
    warnings_.push_back(fmt::format("left out a sentence the model wrote ({}): \"{}\"", *c.finding,
                                    c.sentence.text));
  }
  return out;
}

}  // namespace lectio::author
