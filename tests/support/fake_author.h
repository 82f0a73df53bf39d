#pragma once
// A stand-in for a language model behind the chat test server: it answers the LLM engine's
// requests (outline, section, repair, faq, meta, answer, study) from the excerpts in the prompt,
// the way a decent model would, and plants what bad models do: invented facts ("In 1987 the Zorblax
// Institute ..."), invented facts woven into a true sentence, citations of labels that do not
// exist, a quote that is not in the sources. It counts what it planted and what it wrote well,
// so tests and the benchmark can check what reached the lesson.
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/chat_server.h"

namespace lectio::testing {

struct FakeAuthorOptions {
  bool plant_invented = true;  // a wholly invented sentence per section
  bool plant_woven = true;     // an invented clause woven into a true sentence per section
  bool cite_missing = true;    // a true sentence citing only a label that does not exist
  bool invent_quote = false;   // a best quote that is in no chunk
  bool fix_citations = true;   // the repair gives the uncited sentence its real label
  bool paraphrase = true;      // every other true sentence is lightly reworded
  int sentences_per_chunk = 2;
};

// The sentences a fake author wrote, by kind.
struct Written {
  std::vector<std::string> good;     // true to their excerpts
  std::vector<std::string> planted;  // invented in whole or in part
};

// An excerpt of a prompt: its label and its sentences.
struct Excerpt {
  std::string label;
  std::vector<std::string> sentences;
};

class FakeAuthor {
 public:
  explicit FakeAuthor(FakeAuthorOptions options = {});

  // The assistant's content for a request (JSON text).
  std::string answer(const nlohmann::json& request);
  // A handler for ChatServer that answers every request with answer().
  ChatHandler handler();

  Written written() const;

 private:
  // One per request kind; called with mutex_ held.
  std::string outline(const std::vector<Excerpt>& ex);
  std::string section(const std::string& prompt, const std::vector<Excerpt>& ex);
  std::string repair(const std::string& prompt, const std::vector<Excerpt>& ex);
  std::string faq(const std::vector<Excerpt>& ex);
  std::string meta(const std::vector<Excerpt>& ex);
  std::string answer_question(const std::vector<Excerpt>& ex);
  std::string study(const std::vector<Excerpt>& ex);

  FakeAuthorOptions options_;
  mutable std::mutex mutex_;
  Written written_;
};

// The invented sentence the fake author plants in section `n`.
std::string invented_sentence(int n);

}  // namespace lectio::testing
