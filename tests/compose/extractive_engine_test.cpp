// The built-in engine on the bundled example, with a real SQLite store.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "lectio/compose/engine.h"
#include "lectio/core/error.h"
#include "lectio/extract/listenable.h"
#include "lectio/grounding/grounding.h"
#include "lectio/ingest/ingest.h"
#include "lectio/store/store.h"
#include "lectio/text/terms.h"
#include "support/temp_dir.h"

namespace lectio::compose {

namespace {

struct Example {
  testing::TempDir dir;
  std::unique_ptr<store::ContentStore> store = store::open_content_store(dir.path());
  lesson::Material material;

  Example() {
    ingest::AddOptions options;
    options.id = "gpu001";
    options.origin_url = "https://example.com/gpu-tpu-notes";
    ingest::add_file(*store, testing::source_dir() / "examples/gpu-tpu/gpu_tpu_lesson_notes.md",
                     options);
    material.sources = store->sources();
    material.chunks = store->chunks("file_gpu001", std::nullopt);
  }

  lesson::Lesson compose(const lesson::Brief& brief) {
    lesson::Lesson lesson = make_extractive_engine()->compose(brief, material);
    lesson.language = brief.language;
    lesson.insights = brief.insights;
    grounding::verify_grounding(
        lesson, [&](const std::string& id) { return store->chunk(*ChunkRef::parse(id)); },
        [&](const Chunk& c) { return store->source(c.source_id, c.version); });
    return lesson;
  }

  std::string chunk_text(const std::string& id) { return store->chunk(*ChunkRef::parse(id))->text; }
};

lesson::Brief example_brief() {
  lesson::Brief b = lesson::load_brief(testing::source_dir() / "examples/gpu-tpu/brief.yaml");
  b.date = "2026-04-22";
  return b;
}

}  // namespace

TEST(ExtractiveEngineTest, CoversEveryInsightInOrderWithValidCitations) {
  Example ex;
  const lesson::Brief brief = example_brief();
  const lesson::Lesson lesson = ex.compose(brief);
  ASSERT_EQ(lesson.script.size(), brief.insights.size() + 2);
  EXPECT_EQ(lesson.script.front().kind, lesson::SectionKind::kIntro);
  EXPECT_EQ(lesson.script.back().kind, lesson::SectionKind::kOutro);
  for (std::size_t i = 0; i < brief.insights.size(); ++i) {
    const lesson::ScriptSection& sec = lesson.script[i + 1];
    EXPECT_EQ(sec.insight_index, static_cast<int>(i));
    EXPECT_EQ(sec.insight, brief.insights[i]);
    int content = 0;
    for (const auto& s : sec.sentences) {
      if (s.role != lesson::SentenceRole::kContent) continue;
      ++content;
      ASSERT_EQ(s.citations.size(), 1u);
      EXPECT_TRUE(ex.store->chunk(*ChunkRef::parse(s.citations[0]))) << s.citations[0];
    }
    EXPECT_GE(content, 3) << brief.insights[i];
  }
  EXPECT_TRUE(lesson.warnings.empty() || lesson.warnings[0].find("insight") == std::string::npos);
  EXPECT_GE(lesson.grounding.supported_share, 0.95);
  for (const auto& c : lesson.grounding.insights) EXPECT_TRUE(c.supported) << c.insight;
}

TEST(ExtractiveEngineTest, ScriptReadsAsSpeechWithoutMarkupOrDanglingOpeners) {
  Example ex;
  const lesson::Lesson lesson = ex.compose(example_brief());
  const std::regex markup(R"([#*`|]|\]\(|https?://)");
  for (const lesson::ScriptSection& sec : lesson.script) {
    bool first_content = true;
    for (const auto& s : sec.sentences) {
      EXPECT_FALSE(std::regex_search(s.text, markup)) << s.text;
      if (s.role == lesson::SentenceRole::kConnective) {
        EXPECT_TRUE(s.citations.empty());
        continue;
      }
      if (first_content) {
        EXPECT_FALSE(std::regex_search(s.text, std::regex("^(This|It|They|These|However)\\b")))
            << s.text;
      }
      first_content = false;
    }
  }
  // The incidental URL in the brief's notes is never spoken or cited.
  for (const auto* s : lesson::script_sentences(lesson)) {
    EXPECT_EQ(s->text.find("not-a-source"), std::string::npos);
  }
}

TEST(ExtractiveEngineTest, FaqQuoteTitleAndTags) {
  Example ex;
  const lesson::Brief brief = example_brief();
  const lesson::Lesson lesson = ex.compose(brief);
  EXPECT_GE(lesson.faq.size(), 4u);
  EXPECT_LE(lesson.faq.size(), 8u);
  for (const lesson::FaqItem& f : lesson.faq) {
    EXPECT_EQ(f.question.back(), '?') << f.question;
    EXPECT_GE(f.answer.size(), 2u) << f.question;
    EXPECT_LE(f.answer.size(), 4u) << f.question;
    for (const auto& s : f.answer) EXPECT_EQ(s.citations.size(), 1u);
  }
  ASSERT_TRUE(lesson.best_quote);
  EXPECT_NE(ex.chunk_text(lesson.best_quote->chunk_id).find(lesson.best_quote->text),
            std::string::npos)
      << "the quote is verbatim";
  EXPECT_NE(lesson.title, brief.topic);
  EXPECT_FALSE(lesson.title.empty());
  EXPECT_EQ(lesson.tags, brief.tags);
}

TEST(ExtractiveEngineTest, UnsupportedInsightGetsAWarningAndNoText) {
  Example ex;
  lesson::Brief brief = example_brief();
  brief.insights = {"Where TPUs are strongest", "Baking sourdough bread at home"};
  const lesson::Lesson lesson = ex.compose(brief);
  // No empty section: intro, the one insight the sources teach, outro.
  ASSERT_EQ(lesson.script.size(), 3u);
  EXPECT_EQ(lesson.script[1].insight_index, 0);
  EXPECT_FALSE(lesson.script[1].sentences.empty());
  // The introduction promises only that insight, and says which one the sources leave out.
  const auto& intro = lesson.script[0].sentences;
  ASSERT_GE(intro.size(), 2u);
  const std::string agenda = intro[intro.size() - 2].text;
  EXPECT_EQ(agenda, "We'll focus on one idea: where TPUs are strongest.");
  EXPECT_NE(intro.back().text.find("do not cover \"Baking sourdough bread at home\""),
            std::string::npos)
      << intro.back().text;
  for (const auto& s : lesson.script[2].sentences) {
    EXPECT_EQ(s.text.find("sourdough"), std::string::npos) << "the recap: " << s.text;
  }
  ASSERT_FALSE(lesson.warnings.empty());
  EXPECT_NE(lesson.warnings[0].find("sourdough"), std::string::npos);
  EXPECT_FALSE(lesson.grounding.insights[1].supported);
  EXPECT_TRUE(lesson.grounding.insights[0].supported);
}

TEST(ExtractiveEngineTest, IsDeterministicAndRoundTripsThroughJson) {
  Example ex;
  const std::string first = lesson::lesson_to_json(ex.compose(example_brief()));
  const std::string second = lesson::lesson_to_json(ex.compose(example_brief()));
  EXPECT_EQ(first, second);
  EXPECT_EQ(lesson::lesson_to_json(lesson::lesson_from_json(first)), first);
}

// A stored lesson read back with a duration no lesson has (found by fuzz_lesson_json: 1e65
// minutes overflowed when rounded) is bad input, not a lesson.
TEST(ExtractiveEngineTest, ALessonJsonWithAnImpossibleDurationIsRefused) {
  Example ex;
  nlohmann::json j = nlohmann::json::parse(lesson::lesson_to_json(ex.compose(example_brief())));
  for (const char* key : {"estimated_minutes", "target_minutes", "measured_seconds"}) {
    for (const nlohmann::json& bad :
         {nlohmann::json(1.1e65), nlohmann::json(-1), nlohmann::json("5")}) {
      nlohmann::json copy = j;
      copy["duration"][key] = bad;
      try {
        (void)lesson::lesson_from_json(copy.dump());
        ADD_FAILURE() << key << " = " << bad.dump() << " was accepted";
      } catch (const InvalidInput& e) {
        EXPECT_NE(std::string(e.what()).find(std::string("duration.") + key), std::string::npos)
            << e.what();
      }
    }
  }
  EXPECT_EQ(lesson::lesson_from_json(j.dump()).duration.estimated_minutes,
            j["duration"]["estimated_minutes"].get<double>());
}

TEST(ExtractiveEngineTest, DeepStyleSaysMoreThanQuick) {
  Example ex;
  lesson::Brief quick = example_brief();
  quick.minutes = 3;
  lesson::Brief deep = example_brief();
  deep.style = lesson::Style::kDeep;
  auto count = [](const lesson::Lesson& l) { return lesson::script_sentences(l).size(); };
  EXPECT_LT(count(ex.compose(quick)), count(ex.compose(deep)));
}

TEST(ExtractiveEngineTest, EveryContentSentenceIsFitToHearAndPointsBackOnlyToItsAntecedent) {
  Example ex;
  const lesson::Lesson lesson = ex.compose(example_brief());
  const lesson::ScriptSentence* before = nullptr;
  int pointing = 0;
  for (const lesson::ScriptSection& sec : lesson.script) {
    before = nullptr;
    for (const auto& s : sec.sentences) {
      if (s.role == lesson::SentenceRole::kConnective) {
        before = nullptr;
        continue;
      }
      EXPECT_EQ(extract::why_unfit(s.text, "en"), extract::Unfit::kNone) << s.text;
      // The recap says a section's point again shortened to its main clause: the source's
      // text up to a clause boundary, closed with a full stop.
      const std::string kept =
          sec.kind == lesson::SectionKind::kOutro ? s.text.substr(0, s.text.size() - 1) : s.text;
      EXPECT_NE(ex.chunk_text(s.citations[0]).find(kept), std::string::npos)
          << "the transcript keeps the source's text: " << s.text;
      EXPECT_FALSE(sec.kind == lesson::SectionKind::kOutro && extract::points_back(s.text, "en"))
          << "a recap point stands on its own: " << s.text;
      if (extract::points_back(s.text, "en")) {
        ++pointing;
        ASSERT_NE(before, nullptr) << "opens a section or follows a connective: " << s.text;
        const std::string chunk = ex.chunk_text(s.citations[0]);
        const auto at = chunk.find(s.text);
        const auto prev_at = chunk.find(before->text);
        ASSERT_NE(prev_at, std::string::npos) << s.text;
        EXPECT_EQ(prev_at + before->text.size() + 1, at) << before->text << " | " << s.text;
      }
      before = &s;
    }
  }
  EXPECT_GT(pointing, 0) << "the example's notes have sentences that point back; some are used";
}

TEST(ExtractiveEngineTest, NoSentenceRepeatsAnEarlierOne) {
  Example ex;
  const lesson::Lesson lesson = ex.compose(example_brief());
  std::set<std::string> seen;
  for (const auto* s : lesson::script_sentences(lesson))
    EXPECT_TRUE(seen.insert(s->text).second) << s->text;
}

TEST(ExtractiveEngineTest, AnInsightSharingOneCommonWordIsNotSupported) {
  Example ex;
  lesson::Brief brief = example_brief();
  brief.insights = {"Where TPUs are strongest", "Insight number 1 about memory"};
  const lesson::Lesson lesson = ex.compose(brief);
  EXPECT_TRUE(lesson.grounding.insights[0].supported);
  EXPECT_FALSE(lesson.grounding.insights[1].supported);
}

TEST(ExtractiveEngineTest, ALessonWithNoSupportedInsightIsAnError) {
  Example ex;
  lesson::Brief brief = example_brief();
  brief.insights = {"Baking sourdough bread at home", "Knitting a winter scarf"};
  EXPECT_THROW(ex.compose(brief), InvalidInput);
}

TEST(ExtractiveEngineTest, TitleIsTheLessonsOwnWithoutATemplateSuffix) {
  Example ex;
  lesson::Brief brief = example_brief();
  brief.topic = "How SQLite keeps a database safe when many programs use it";
  brief.insights = {"Where TPUs are strongest"};
  EXPECT_EQ(ex.compose(brief).title, "How SQLite Keeps a Database Safe");
  brief.topic = "How Debian keeps software installed and up to date";
  EXPECT_EQ(ex.compose(brief).title, "How Debian Keeps Software Installed and Up to Date");
  EXPECT_EQ(ex.compose(example_brief()).title, "GPU vs TPU: How to Choose");
}

TEST(ExtractiveEngineTest, FaqAsksAboutContentNotHeadings) {
  Example ex;
  const lesson::Lesson lesson = ex.compose(example_brief());
  std::set<std::string> headings;
  for (const Chunk& c : ex.material.chunks)
    headings.insert(c.heading_path.begin(), c.heading_path.end());
  for (const lesson::FaqItem& f : lesson.faq) {
    for (const std::string& h : headings)
      EXPECT_EQ(f.question.find(h), std::string::npos) << f.question;
    const auto q = text::terms(f.question, "en");
    const auto a = text::terms(f.answer.front().text, "en");
    EXPECT_TRUE(std::any_of(
        q.begin(), q.end(),
        [&](const std::string& t) { return std::find(a.begin(), a.end(), t) != a.end(); }))
        << f.question << " -> " << f.answer.front().text;
  }
}

TEST(ExtractiveEngineTest, DialogueGivesTheCohostAQuarterOfTheLinesWithoutClaims) {
  Example ex;
  lesson::Brief brief = example_brief();
  brief.format = lesson::LessonFormat::kDialogue;
  brief.cohost = "Marcus";
  const lesson::Lesson lesson = ex.compose(brief);
  int all = 0;
  int cohost = 0;
  for (const lesson::ScriptSection& sec : lesson.script) {
    for (const auto& s : sec.sentences) {
      ++all;
      if (s.speaker != "Marcus") continue;
      ++cohost;
      EXPECT_EQ(s.role, lesson::SentenceRole::kConnective) << s.text;
      EXPECT_TRUE(s.citations.empty()) << s.text;
    }
  }
  EXPECT_GE(cohost * 4, all) << cohost << " of " << all;
}

}  // namespace lectio::compose
