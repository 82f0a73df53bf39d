// What a learner reads in an answer (issue 30, item 12): prose sentences, never a table's row;
// citations numbered in the order the answer first cites them; and, when the question is in
// another language than every source, a refusal that says so. Real SQLite store, real Xapian
// index, the bundled example notes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ask/answer_retrieval.h"
#include "lectio/ask/answer.h"
#include "lectio/ask/answer_core.h"
#include "lectio/ingest/ingest.h"
#include "lectio/store/store.h"
#include "support/temp_dir.h"

namespace lectio::ask {

namespace {

constexpr const char* kPyTorch = "Why might PyTorch code be hard to move to a TPU?";

// A data directory with the example notes in English and in Chinese, and a second English
// source about accelerators.
struct Notes {
  testing::TempDir dir;
  std::unique_ptr<store::ContentStore> store = store::open_content_store(dir.path());
  std::unique_ptr<search::Index> index;

  Notes() {
    const auto examples = testing::source_dir() / "examples";
    const auto add = [&](const char* path, const char* id) {
      ingest::AddOptions options;
      options.id = id;
      ingest::add_file(*store, examples / path, options);
    };
    add("gpu-tpu/gpu_tpu_lesson_notes.md", "gpu001");
    add("gpu-tpu-zh/notes_zh.md", "gpu001zh");
    add("ai-hardware/memory_hierarchy.md", "memory");
    index = search::open_index(*store, dir.path());
  }

  Answer ask(std::string_view question, const std::vector<std::string>& sources) {
    AnswerOptions options;
    options.max_sentences = 4;
    return answer_from_sources(question, sources, *store, *index, options);
  }
};

// A table row as the ingesters write it: cells joined with "; ", no closing full stop.
bool table_row(const std::string& s) {
  return s.find("; ") != std::string::npos && !s.ends_with(".");
}

}  // namespace

TEST(AnswerReadingTest, ATablesRowIsNeverQuoted) {
  Notes notes;
  // The notes' comparison table has the row "Framework; PyTorch with custom CUDA code; JAX or
  // TensorFlow", which carries most of the question's words.
  const Retrieved r = retrieve(kPyTorch, {"file_gpu001"}, *notes.store, *notes.index, 8);
  bool table_retrieved = false;
  for (const Chunk& c : r.material.chunks) {
    table_retrieved = table_retrieved || c.text.find("\nFramework; PyTorch") != std::string::npos;
  }
  ASSERT_TRUE(table_retrieved) << "the table's chunk is among those read";
  const std::vector<extract::Candidate> candidates = answer_candidates(r.material, "en");
  for (const extract::Candidate& c : candidates) EXPECT_FALSE(table_row(c.original)) << c.original;
  // Whatever the refusal model decides, the sentences the ranker would answer with are prose.
  PickOptions pick;
  pick.chunk_prior = r.prior;
  pick.refuse_unsure = false;
  const std::vector<int> picked = pick_answer(kPyTorch, candidates, "en", pick);
  ASSERT_FALSE(picked.empty());
  for (int i : picked) {
    const std::string& s = candidates[static_cast<std::size_t>(i)].original;
    EXPECT_TRUE(s.ends_with(".")) << s;
  }
  for (const lesson::ScriptSentence& s : notes.ask(kPyTorch, {"file_gpu001"}).sentences) {
    EXPECT_FALSE(table_row(s.text)) << s.text;
  }
}

TEST(AnswerReadingTest, SourcesAreListedInTheOrderTheAnswerFirstCitesThem) {
  Notes notes;
  int out_of_document_order = 0;
  for (const char* q : {"What limits GPU memory bandwidth?", "What is XLA?",
                        "How do TPUs and GPUs differ in cost?", "Where are TPUs strongest?"}) {
    const Answer a = notes.ask(q, {"file_gpu001", "file_memory"});
    if (!a.supported) continue;
    std::vector<std::string> first_cited;
    for (const lesson::ScriptSentence& s : a.sentences) {
      for (const std::string& id : s.citations) {
        if (std::find(first_cited.begin(), first_cited.end(), id) == first_cited.end()) {
          first_cited.push_back(id);
        }
      }
    }
    std::vector<std::string> listed;
    for (const lesson::CitedChunk& c : a.sources) listed.push_back(c.chunk_id);
    EXPECT_EQ(listed, first_cited) << q;  // [1] is the first cited, [2] the next new one ...
    out_of_document_order += std::is_sorted(listed.begin(), listed.end()) ? 0 : 1;
  }
  // At least one answer cites a later chunk before an earlier one (its lead's chunk first), so
  // listing the sources by chunk would have numbered them out of order.
  EXPECT_GE(out_of_document_order, 1);
}

TEST(AnswerReadingTest, AQuestionInAnotherLanguageThanTheSourcesIsToldSo) {
  Notes notes;
  const Answer zh = notes.ask("为什么PyTorch代码很难迁移到TPU上？", {"file_gpu001"});
  EXPECT_FALSE(zh.supported);
  EXPECT_EQ(zh.refusal, Refusal::kOtherLanguage);
  EXPECT_EQ(zh.sources_language, "en");
  EXPECT_NE(refusal_message(zh).find("英文"), std::string::npos) << refusal_message(zh);
  EXPECT_EQ(name_of(kRefusalNames, zh.refusal), "other_language");

  const Answer en = notes.ask("How much does a TPU weigh in kilograms?", {"file_gpu001zh"});
  EXPECT_FALSE(en.supported);
  EXPECT_EQ(en.refusal, Refusal::kOtherLanguage);
  EXPECT_EQ(en.sources_language, "zh");
  EXPECT_NE(refusal_message(en).find("Chinese"), std::string::npos) << refusal_message(en);

  // Sources in the question's language that do not say: the plain refusal.
  const Answer unsaid = notes.ask("What colour is the TPU's packaging?", {"file_gpu001"});
  EXPECT_FALSE(unsaid.supported);
  EXPECT_EQ(unsaid.refusal, Refusal::kNotSaid);
  EXPECT_EQ(refusal_message(unsaid), "The sources don't say.");

  // With a source in the question's language among them, the question is answered from it.
  const Answer both =
      notes.ask("为什么PyTorch代码很难迁移到TPU上？", {"file_gpu001", "file_gpu001zh"});
  EXPECT_TRUE(both.supported);
  EXPECT_EQ(both.refusal, Refusal::kNone);
  EXPECT_TRUE(refusal_message(both).empty());
}

}  // namespace lectio::ask
