// The LLM engine: a model behind an OpenAI-compatible server writes the lesson, section by
// section from each insight's own chunks, and every sentence it writes passes the grounding
// verifier (LlmSession::accept) before it reaches the lesson. The frame (greeting, agenda,
// recap, sign-off) is the built-in engine's, so it never carries a claim.
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "insight_material.h"
#include "lectio/author/session.h"
#include "lectio/compose/composer.h"
#include "lectio/compose/engine.h"
#include "lectio/core/progress.h"
#include "lectio/extract/candidates.h"
#include "lectio/extract/sections.h"
#include "lectio/extract/selection.h"
#include "lectio/grounding/grounding.h"
#include "lectio/text/speaking_rate.h"
#include "lectio/text/strings.h"
#include "lectio/text/words.h"
#include "lesson_parts.h"
#include "phrasing.h"
#include "promises.h"

namespace lectio::compose {

namespace {

using Json = nlohmann::json;

// Chunks a section is written from: a deep lesson says more, from more material.
constexpr std::size_t kSectionChunks = 6;
constexpr std::size_t kDeepSectionChunks = 10;
constexpr std::size_t kLessonChunks = 10;  // chunks the FAQ and the title are written from
constexpr int kFaqQuestions = 5;
constexpr double kTitleSupport = 0.5;
constexpr double kTakenWeight = 0.25;  // a chunk an earlier section used

struct Pick {
  std::vector<int> chunks;  // indexes into material.chunks, in document order
  // Per chunk: the insight's own sentences of it, as the writer sees the chunk. The verifier
  // still checks each claim against the whole chunk it cites.
  std::vector<std::string> excerpts;
  bool supported = false;
};

// What the writer is shown of `chunk`: the sentences the insight's material holds (priority
// above 0), each one that opens by pointing back ("This", "However") with the sentences it
// points back to, in the chunk's order. A chunk is often only partly about the insight; its other
// sentences are another insight's, or asides, and a writer given them says them.
std::string own_sentences(const InsightMaterial& own, const extract::Scorer& scorer, int chunk) {
  std::set<int> said;
  for (std::size_t c = 0; c < own.priority.size(); ++c) {
    const extract::Candidate& cand = scorer.candidate(static_cast<int>(c));
    if (own.priority[c] <= 0 || cand.chunk != chunk) continue;
    for (int k = static_cast<int>(c); k >= 0;
         k = scorer.candidate(k).dangling ? scorer.candidate(k).previous : -1) {
      said.insert(k);
    }
  }
  std::string out;
  for (int c : said) {  // candidates are numbered in document order
    out += (out.empty() ? "" : " ") + scorer.candidate(c).original;
  }
  return out;
}

// The insight's chunks: those of the sections that teach it, as the built-in engine finds them
// (map_insights), ranked by the worth of their sentences in the insight's part; a chunk an
// earlier section was written from counts a quarter, so that sections do not retell each other.
// A chunk outside those sections is not the insight's material however many words it shares.
Pick pick_chunks(const InsightMaterial& own, const extract::Scorer& scorer,
                 const lesson::Brief& brief, const std::set<int>& taken) {
  Pick pick;
  if (!own.supported) return pick;
  std::map<int, double> worth;
  for (std::size_t c = 0; c < own.priority.size(); ++c) {
    if (own.priority[c] > 0) worth[scorer.candidate(static_cast<int>(c)).chunk] += own.priority[c];
  }
  std::vector<std::pair<double, int>> scored;
  for (const auto& [chunk, w] : worth) {
    scored.emplace_back(taken.count(chunk) > 0 ? w * kTakenWeight : w, chunk);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  const std::size_t wanted =
      brief.style == lesson::Style::kDeep ? kDeepSectionChunks : kSectionChunks;
  for (std::size_t k = 0; k < scored.size() && k < wanted; ++k) {
    pick.chunks.push_back(scored[k].second);
  }
  std::sort(pick.chunks.begin(), pick.chunks.end());
  for (int chunk : pick.chunks) pick.excerpts.push_back(own_sentences(own, scorer, chunk));
  pick.supported = !pick.chunks.empty();
  return pick;
}

std::vector<std::string> outline_points(const Json& outline) {
  std::vector<std::string> out;
  for (const Json& p : outline["points"]) {
    if (p.is_object() && p.contains("point") && p["point"].is_string()) {
      out.push_back(p["point"].get<std::string>());
    } else if (p.is_string()) {
      out.push_back(p.get<std::string>());
    }
  }
  return out;
}

// The first chunks of the pick (as LlmSession::fewer keeps them at `step`), labelled, each
// showing only the insight's own sentences.
std::vector<author::LabelledChunk> excerpts_of(author::LlmSession& session, const Pick& pick,
                                               int step) {
  std::vector<author::LabelledChunk> out =
      session.label(author::LlmSession::fewer(pick.chunks, step));
  for (std::size_t k = 0; k < out.size(); ++k) out[k].text = pick.excerpts[k];
  return out;
}

std::vector<std::string> texts_of(const lesson::Material& material,
                                  const std::vector<int>& chunks) {
  std::vector<std::string> out;
  for (int c : chunks) out.push_back(material.chunks[static_cast<std::size_t>(c)].text);
  return out;
}

class LlmEngine final : public Engine {
 public:
  explicit LlmEngine(std::shared_ptr<llm::ChatClient> client) : client_(std::move(client)) {}

  std::string name() const override { return "llm:" + client_->options().model; }

  lesson::Lesson compose(const lesson::Brief& brief, const lesson::Material& material) override {
    try {
      return write(brief, material);
    } catch (const llm::Truncated& e) {
      throw Io(fmt::format("{}; raise the model's output limit (--llm-max-tokens)", e.what()));
    }
  }

 private:
  lesson::Lesson write(const lesson::Brief& brief, const lesson::Material& material);
  lesson::ScriptSection write_section(author::LlmSession& session, const lesson::Brief& brief,
                                      int index, const Pick& pick, int words, std::string& recap);
  std::vector<lesson::FaqItem> write_faq(author::LlmSession& session, const lesson::Brief& brief,
                                         const std::vector<int>& chunks);
  void write_meta(author::LlmSession& session, const lesson::Brief& brief,
                  const lesson::Material& material, const std::vector<int>& chunks,
                  lesson::Lesson& lesson);

  std::shared_ptr<llm::ChatClient> client_;
};

lesson::Lesson LlmEngine::write(const lesson::Brief& brief, const lesson::Material& material) {
  author::LlmSession session(*client_, brief, material);
  const Phrasing say(brief, std::hash<std::string>{}(brief.topic + brief.host));
  const int n = static_cast<int>(brief.insights.size());
  const double budget =
      lesson::target_minutes(brief) * text::units_per_minute(brief.language) - kFrameWords;
  const int words = std::max(40, static_cast<int>(budget / std::max(1, n)));
  Progress progress(fmt::format("Writing with {}", client_->options().model), n + 2, 0);

  lesson::Lesson lesson;
  lesson.language = brief.language;
  lesson.script.push_back(intro_section(brief, say));
  std::string recap;
  std::vector<std::vector<int>> used;
  std::set<int> taken;
  // Where each insight is taught: found as the built-in engine finds it.
  const std::vector<extract::Candidate> candidates =
      extract::build_candidates(material, brief.language);
  const extract::Scorer scorer(candidates, brief.language);
  const extract::SectionTree tree(material, candidates, brief.language);
  const InsightMap map = map_insights(brief, material, tree, scorer);
  for (int i = 0; i < n; ++i) {
    const Pick pick = pick_chunks(map.found[static_cast<std::size_t>(i)], scorer, brief, taken);
    lesson.script.push_back(write_section(session, brief, i, pick, words, recap));
    if (pick.supported) used.push_back(pick.chunks);
    if (pick.supported) taken.insert(pick.chunks.begin(), pick.chunks.end());
    progress.advance(1, 0);
  }
  // The FAQ and the title draw on every section's best chunks, in turn.
  std::vector<int> lesson_chunks;
  for (std::size_t rank = 0; lesson_chunks.size() < kLessonChunks && rank < kDeepSectionChunks;
       ++rank) {
    for (const auto& chunks : used) {
      if (rank < chunks.size() && lesson_chunks.size() < kLessonChunks &&
          std::find(lesson_chunks.begin(), lesson_chunks.end(), chunks[rank]) ==
              lesson_chunks.end()) {
        lesson_chunks.push_back(chunks[rank]);
      }
    }
  }
  if (!lesson_chunks.empty()) {
    lesson.faq = write_faq(session, brief, lesson_chunks);
    progress.advance(1, 0);
    write_meta(session, brief, material, lesson_chunks, lesson);
    progress.advance(1, 0);
  }
  progress.finish();
  if (lesson.title.empty()) lesson.title = say.title();
  lesson.script.push_back(outro_section(brief, say));
  keep_promises(lesson, brief, say);
  lesson.grounding.repaired_sentences = session.repaired();
  lesson.grounding.rejected_sentences = session.rejected();
  lesson.usage = session.usage();
  for (std::string& w : session.warnings()) lesson.warnings.push_back(std::move(w));
  return lesson;
}

lesson::ScriptSection LlmEngine::write_section(author::LlmSession& session,
                                               const lesson::Brief& brief, int index,
                                               const Pick& pick, int words, std::string& recap) {
  const std::string& insight = brief.insights[static_cast<std::size_t>(index)];
  lesson::ScriptSection sec{lesson::SectionKind::kInsight, insight, index, insight, {}};
  if (!pick.supported) {
    session.warnings().push_back(
        fmt::format("insight {} \"{}\": the sources do not support it; no text was written for it",
                    index + 1, insight));
    return sec;
  }
  // Each request cut off at max_tokens is asked for again smaller (LlmSession::ask_shrinking):
  // a shorter outline; a shorter section from fewer chunks.
  const auto outline = outline_points(session.ask_shrinking(
      [&](int step) {
        return author::outline_request(brief, index, excerpts_of(session, pick, 0), 5 - step);
      },
      author::check_outline));
  const bool dialogue = brief.format == lesson::LessonFormat::kDialogue;
  int step = 0;
  const Json answer = session.ask_shrinking(
      [&](int s) {
        return author::section_request(brief, index, outline, excerpts_of(session, pick, s), recap,
                                       std::max(30, words >> s));
      },
      [&](const std::string& j) { return author::check_sentences(j, "sentences", brief.language); },
      &step);
  const std::vector<int> chunks = author::LlmSession::fewer(pick.chunks, step);
  auto sentences =
      session.accept(answer["sentences"], chunks,
                     dialogue ? author::DraftKind::kTurns : author::DraftKind::kClaims);
  const bool any_claim = std::any_of(sentences.begin(), sentences.end(), [](const auto& s) {
    return s.role == lesson::SentenceRole::kContent;
  });
  if (!any_claim) {
    session.warnings().push_back(fmt::format(
        "insight {} \"{}\": no sentence the model wrote passed the verifier", index + 1, insight));
    return sec;
  }
  const Phrasing say(brief, std::hash<std::string>{}(brief.topic + brief.host));
  if (!dialogue) {
    sec.sentences.push_back(connective(
        say.section_opening(index, static_cast<int>(brief.insights.size())), brief.host));
  }
  for (auto& s : sentences) sec.sentences.push_back(std::move(s));
  recap += fmt::format("- {}{}\n", insight, outline.empty() ? "" : ": " + outline.front());
  return sec;
}

std::vector<lesson::FaqItem> LlmEngine::write_faq(author::LlmSession& session,
                                                  const lesson::Brief& brief,
                                                  const std::vector<int>& chunks) {
  // Cut off, asked again for fewer questions from fewer chunks; the answers cite any of them.
  const Json answer = session.ask_shrinking(
      [&](int step) {
        return author::faq_request(brief, session.label(author::LlmSession::fewer(chunks, step)),
                                   std::max(1, kFaqQuestions >> step));
      },
      [&](const std::string& j) { return author::check_faq(j, brief.language); });
  std::vector<lesson::FaqItem> faq;
  for (const Json& item : answer["faq"]) {
    if (!item.is_object()) continue;
    lesson::FaqItem f;
    f.question = author::string_field(item, "question");
    if (f.question.empty()) continue;
    for (lesson::ScriptSentence& s :
         session.accept(item["answer"], chunks, author::DraftKind::kClaims)) {
      if (s.role == lesson::SentenceRole::kContent) f.answer.push_back(std::move(s));
    }
    if (!f.answer.empty()) faq.push_back(std::move(f));
  }
  return faq;
}

void LlmEngine::write_meta(author::LlmSession& session, const lesson::Brief& brief,
                           const lesson::Material& material, const std::vector<int>& chunks,
                           lesson::Lesson& lesson) {
  const Json meta = session.ask_shrinking(
      [&](int step) {
        return author::meta_request(brief, session.label(author::LlmSession::fewer(chunks, step)));
      },
      author::check_meta);
  std::vector<std::string> known = texts_of(material, chunks);
  known.push_back(brief.topic);
  known.push_back(brief.overview);
  known.insert(known.end(), brief.insights.begin(), brief.insights.end());
  const std::string title = author::string_field(meta, "title");
  if (!title.empty() && grounding::support_score(title, known, brief.language) >= kTitleSupport) {
    lesson.title = title;
  }
  const std::string description = author::string_field(meta, "description");
  if (!description.empty() && grounding::support_score(description, known, brief.language) >=
                                  grounding::kSupportThreshold) {
    lesson.description = description;
  }
  lesson.tags = brief.tags;
  const Json tags = meta.value("tags", Json::array());
  for (const Json& t : tags.is_array() ? tags : Json::array()) {
    if (!brief.tags.empty() || lesson.tags.size() >= 6 || !t.is_string()) break;
    const std::string tag = t.get<std::string>();
    if (!tag.empty() && grounding::support_score(tag, known, brief.language) >= 1.0)
      lesson.tags.push_back(tag);
  }
  const Json quote = meta.value("quote", Json::object());
  const std::string said = author::string_field(quote, "text");
  if (said.empty()) return;
  // Verbatim from the chunk it names, else from whichever of the lesson's chunks holds it.
  std::vector<const Chunk*> where;
  if (const Chunk* named = session.chunk_of(author::string_field(quote, "cite")))
    where.push_back(named);
  for (int c : chunks) where.push_back(&material.chunks[static_cast<std::size_t>(c)]);
  for (const Chunk* c : where) {
    if (author::holds_verbatim(c->text, said)) {
      lesson.best_quote = lesson::BestQuote{text::collapse_whitespace(said), c->id()};
      return;
    }
  }
  session.warnings().push_back(
      fmt::format("left out the quote the model chose: it is not in the sources: \"{}\"", said));
}

}  // namespace

std::unique_ptr<Engine> make_llm_engine(std::shared_ptr<llm::ChatClient> client) {
  return std::make_unique<LlmEngine>(std::move(client));
}

}  // namespace lectio::compose
