#pragma once
// The spaced-review tables of the PostgreSQL store, for PgCommunityStore (community_store.h
// states the contracts).
#include <optional>
#include <string_view>
#include <vector>

#include "lectio/pg/connection.h"
#include "lectio/store/community_store.h"

namespace lectio::store::pg_study {

void put_review(pg::Connection& db, std::string_view user_id, const CardReview& review);
std::optional<CardSchedule> schedule(pg::Connection& db, std::string_view user_id,
                                     std::string_view card_id);
std::vector<CardSchedule> schedules(pg::Connection& db, std::string_view user_id);
std::vector<CardReview> reviews(pg::Connection& db, std::string_view user_id,
                                std::string_view card_id);
void put_quiz_score(pg::Connection& db, std::string_view user_id, const QuizScore& score);
std::vector<QuizScore> quiz_scores(pg::Connection& db, std::string_view user_id);
void put_heard(pg::Connection& db, std::string_view user_id, const HeardLesson& heard);
std::vector<HeardLesson> heard_lessons(pg::Connection& db, std::string_view user_id);

}  // namespace lectio::store::pg_study
