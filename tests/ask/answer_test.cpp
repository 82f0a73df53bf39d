// Questions about a lesson, answered from its sources with a real SQLite store and a real
// Xapian index built from the bundled examples.
#include "lectio/ask/answer.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "lectio/compose/composer.h"
#include "lectio/compose/engine.h"
#include "lectio/core/error.h"
#include "lectio/grounding/grounding.h"
#include "lectio/ingest/ingest.h"
#include "lectio/lesson/brief.h"
#include "lectio/store/store.h"
#include "support/temp_dir.h"

namespace lectio::ask {

namespace {

// A data directory with the example notes, an unrelated source that also talks about
// accelerators, and the example lesson composed from the notes alone.
struct Example {
  testing::TempDir dir;
  std::unique_ptr<store::ContentStore> store = store::open_content_store(dir.path());
  std::unique_ptr<search::Index> index;
  lesson::Lesson lesson;

  explicit Example(bool chinese = false) {
    const auto examples = testing::source_dir() / "examples";
    ingest::AddOptions notes;
    notes.id = chinese ? "gpu001zh" : "gpu001";
    notes.origin_url = "https://example.com/gpu-tpu-notes";
    ingest::add_file(*store,
                     chinese ? examples / "gpu-tpu-zh/notes_zh.md"
                             : examples / "gpu-tpu/gpu_tpu_lesson_notes.md",
                     notes);
    ingest::AddOptions other;
    other.id = "tensorcores";
    ingest::add_file(*store, examples / "ai-hardware/tensor_cores.md", other);
    index = search::open_index(*store, dir.path());
    lesson::Brief brief =
        lesson::load_brief(examples / (chinese ? "gpu-tpu-zh/brief.yaml" : "gpu-tpu/brief.yaml"));
    brief.date = "2026-04-22";
    auto engine = compose::make_extractive_engine();
    lesson = compose::compose_lesson(brief, *store, *index, *engine);
  }

  Answer ask(std::string_view question, const AnswerOptions& options = {}) {
    return answer_question(question, lesson, *store, *index, options);
  }

  std::string chunk_text(const std::string& id) { return store->chunk(*ChunkRef::parse(id))->text; }
};

// Every sentence cites exactly one chunk of `source_id` that supports it, and the sources list
// is exactly the cited chunks, filled in as a lesson's are.
void expect_well_cited(Example& ex, const Answer& a, const std::string& source_id) {
  ASSERT_TRUE(a.supported) << a.question;
  ASSERT_FALSE(a.sentences.empty());
  std::set<std::string> cited;
  for (const lesson::ScriptSentence& s : a.sentences) {
    ASSERT_EQ(s.citations.size(), 1u) << s.text;
    const auto ref = ChunkRef::parse(s.citations[0]);
    ASSERT_TRUE(ref) << s.citations[0];
    EXPECT_EQ(ref->source_id, source_id) << s.citations[0];
    EXPECT_FALSE(ref->version) << "current-version ids: " << s.citations[0];
    EXPECT_EQ(s.role, lesson::SentenceRole::kContent);
    EXPECT_GE(s.support, grounding::kSupportThreshold) << s.text;
    EXPECT_GE(grounding::support_score(s.text, {ex.chunk_text(s.citations[0])}, ex.lesson.language),
              grounding::kSupportThreshold)
        << s.text;
    cited.insert(s.citations[0]);
  }
  std::set<std::string> listed;
  for (const lesson::CitedChunk& c : a.sources) {
    listed.insert(c.chunk_id);
    EXPECT_EQ(c.source_id, source_id);
    EXPECT_EQ(c.origin_url, "https://example.com/gpu-tpu-notes");
    EXPECT_FALSE(c.file_name.empty());
    EXPECT_EQ(c.pages.rfind("p", 0), 0u) << c.pages;
    EXPECT_EQ(c.pinned_id.find(source_id + "@v1:"), 0u) << c.pinned_id;
  }
  EXPECT_EQ(listed, cited);
}

bool any_sentence_has(const Answer& a, const std::string& needle) {
  for (const lesson::ScriptSentence& s : a.sentences) {
    if (s.text.find(needle) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST(AnswerTest, AnswersFromTheNotesCitingTheChunksThatSayIt) {
  Example ex;
  const Answer a = ex.ask("  What is a systolic array?  ");
  EXPECT_EQ(a.question, "What is a systolic array?");
  expect_well_cited(ex, a, "file_gpu001");
  EXPECT_LE(a.sentences.size(), 3u);
  // The lead sentence is the one that says what a systolic array is, from the chunk about it.
  EXPECT_NE(a.sentences.front().text.find("systolic array"), std::string::npos)
      << a.sentences.front().text;
  EXPECT_NE(ex.chunk_text(a.sentences.front().citations[0]).find("systolic array"),
            std::string::npos);
  for (const lesson::ScriptSentence& s : a.sentences) {
    EXPECT_NE(ex.chunk_text(s.citations[0]).find(s.text), std::string::npos)
        << "verbatim from its chunk: " << s.text;
  }

  const Answer xla = ex.ask("Which compiler prepares programs for a TPU?");
  expect_well_cited(ex, xla, "file_gpu001");
  EXPECT_TRUE(any_sentence_has(xla, "XLA"));
  for (const lesson::ScriptSentence& s : xla.sentences) {
    EXPECT_NE(ex.chunk_text(s.citations[0]).find("XLA"), std::string::npos) << s.text;
  }
}

TEST(AnswerTest, SaysTheSourcesDoNotSayWhenNothingSupportsAnAnswer) {
  Example ex;
  for (const char* q : {"What is the boiling point of mercury?", "Who won the 1998 World Cup?",
                        "How do I bake sourdough bread?", "What is it?"}) {
    const Answer a = ex.ask(q);
    EXPECT_FALSE(a.supported) << q;
    EXPECT_TRUE(a.sentences.empty()) << q << ": " << a.sentences.front().text;
    EXPECT_TRUE(a.sources.empty()) << q;
  }
}

TEST(AnswerTest, RejectsEmptyOrOverlongQuestionsAndBadOptions) {
  Example ex;
  EXPECT_THROW(ex.ask(""), InvalidInput);
  EXPECT_THROW(ex.ask(" \n\t "), InvalidInput);
  EXPECT_THROW(ex.ask(std::string(501, 'a')), InvalidInput);
  // 500 characters (here 1500 bytes of Chinese) is still a question.
  std::string long_zh;
  for (int i = 0; i < 500; ++i) long_zh += "问";
  EXPECT_NO_THROW(ex.ask(long_zh));
  EXPECT_THROW(ex.ask("What is a TPU?", {.max_sentences = 0, .language = {}}), InvalidInput);
  EXPECT_THROW(ex.ask("What is a TPU?", {.search_depth = 0, .language = {}}), InvalidInput);
  EXPECT_THROW(ex.ask("What is a TPU?", {.search_depth = 51, .language = {}}), InvalidInput);
}

TEST(AnswerTest, CitesOnlyTheLessonsSources) {
  Example ex;
  for (const lesson::CitedChunk& c : ex.lesson.sources) ASSERT_EQ(c.source_id, "file_gpu001");
  // The unrelated source has the better sentence about bfloat16; the lesson's notes still answer.
  const Answer bf16 = ex.ask("What is bfloat16?");
  expect_well_cited(ex, bf16, "file_gpu001");
  EXPECT_TRUE(any_sentence_has(bf16, "bfloat16"));
  // Only the unrelated source talks about loss scaling, so for this lesson the answer is no.
  const Answer loss = ex.ask("When does training need loss scaling?");
  EXPECT_FALSE(loss.supported);
  for (const char* q : {"What are tensor cores?", "Why use 16-bit floating point?",
                        "What is a TPU?", "How much memory does a GPU have?"}) {
    const Answer a = ex.ask(q);
    for (const lesson::ScriptSentence& s : a.sentences) {
      EXPECT_EQ(ChunkRef::parse(s.citations.at(0))->source_id, "file_gpu001") << q;
    }
    for (const lesson::CitedChunk& c : a.sources) EXPECT_EQ(c.source_id, "file_gpu001") << q;
  }
}

TEST(AnswerTest, ALessonWithoutSourcesHasNothingToAnswerFrom) {
  Example ex;
  lesson::Lesson empty;
  empty.language = "en";
  // The store does hold the answer, but not as a source of this lesson.
  const Answer a = answer_question("What is a systolic array?", empty, *ex.store, *ex.index);
  EXPECT_FALSE(a.supported);
  EXPECT_TRUE(a.sentences.empty());
}

TEST(AnswerTest, HonoursTheSentenceLimitAndIsDeterministic) {
  Example ex;
  const Answer one =
      ex.ask("Why did GPUs become the default accelerator?", {.max_sentences = 1, .language = {}});
  expect_well_cited(ex, one, "file_gpu001");
  EXPECT_EQ(one.sentences.size(), 1u);
  const Answer a = ex.ask("Where are TPUs strongest?");
  const Answer b = ex.ask("Where are TPUs strongest?");
  ASSERT_EQ(a.sentences.size(), b.sentences.size());
  for (std::size_t i = 0; i < a.sentences.size(); ++i) {
    EXPECT_EQ(a.sentences[i].text, b.sentences[i].text);
    EXPECT_EQ(a.sentences[i].citations, b.sentences[i].citations);
  }
  // No sentence is repeated.
  std::set<std::string> texts;
  for (const lesson::ScriptSentence& s : a.sentences)
    EXPECT_TRUE(texts.insert(s.text).second) << s.text;
}

TEST(AnswerTest, AnswersChineseQuestionsOnAChineseLesson) {
  Example ex(/*chinese=*/true);
  ASSERT_EQ(ex.lesson.language, "zh");
  const Answer a = ex.ask("什么是脉动阵列？");
  expect_well_cited(ex, a, "file_gpu001zh");
  EXPECT_TRUE(any_sentence_has(a, "脉动阵列")) << a.sentences.front().text;
  EXPECT_NE(a.sentences.front().text.find("脉动阵列"), std::string::npos);

  const Answer xla = ex.ask("TPU上的程序需要用什么编译器？");
  expect_well_cited(ex, xla, "file_gpu001zh");
  EXPECT_TRUE(any_sentence_has(xla, "XLA"));

  const Answer none = ex.ask("水银的沸点是多少？");
  EXPECT_FALSE(none.supported);
  EXPECT_TRUE(none.sentences.empty());
}

}  // namespace lectio::ask
