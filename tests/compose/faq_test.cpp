// The FAQ's answers, read after the lesson and one at a time: an answer may remind the learner
// of a sentence another answer said, but never opens with one, and never says again what
// another answer opened with.
#include "faq.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace lectio::compose {

namespace {

Chunk chunk(int ordinal, std::vector<std::string> path, std::string text) {
  Chunk c;
  c.source_id = "file_manual";
  c.ordinal = ordinal;
  c.heading_path = std::move(path);
  c.text = std::move(text);
  return c;
}

struct Fixture {
  lesson::Brief brief;
  lesson::Material material;
  std::vector<extract::Candidate> candidates;
  std::unique_ptr<extract::Scorer> scorer;

  explicit Fixture(std::vector<Chunk> chunks) {
    brief.topic = "Locks";
    brief.language = "en";
    material.chunks = std::move(chunks);
    candidates = extract::build_candidates(material, "en");
    scorer = std::make_unique<extract::Scorer>(candidates, "en");
  }

  lesson::FaqItem answer(const std::string& question, FaqSaid& said) const {
    return answer_faq(question, question, brief, material, candidates, *scorer, said);
  }
};

std::vector<std::string> texts(const lesson::FaqItem& item) {
  std::vector<std::string> out;
  for (const auto& s : item.answer) out.push_back(s.text);
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

Fixture locks() {
  return Fixture({chunk(0, {"Shared locks"},
                        "A shared lock lets many readers read the database at the same time. "
                        "Readers keep the shared lock only while they read pages of the "
                        "database. A writer waits until every reader has released its shared "
                        "lock."),
                  chunk(1, {"Pending locks"},
                        "A pending lock keeps new readers from taking a shared lock. The "
                        "writer takes a pending lock while it waits for the readers.")});
}

}  // namespace

TEST(FaqTest, AnAnswerMayRemindOfAnotherAnswersSentenceButNotOpenWithIt) {
  const Fixture f = locks();
  FaqSaid said(f.candidates.size());
  const lesson::FaqItem first = f.answer("How long do readers keep the shared lock?", said);
  ASSERT_GE(first.answer.size(), 2u);
  const lesson::FaqItem second = f.answer("What does a writer wait for?", said);
  ASSERT_GE(second.answer.size(), 2u) << "the reminder fills the answer";
  const auto a = texts(first);
  const auto b = texts(second);
  EXPECT_FALSE(has(a, b.front())) << "no answer opens with what another said: " << b.front();
  EXPECT_FALSE(has(b, a.front())) << "no answer says another's opening again: " << a.front();
  EXPECT_TRUE(std::any_of(b.begin() + 1, b.end(), [&](const auto& s) { return has(a, s); }))
      << "a sentence the first answer went on with may remind the learner in the second";
}

}  // namespace lectio::compose
