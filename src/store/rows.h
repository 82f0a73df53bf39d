#pragma once
// The store's records to and from table rows, once for every backend: each reader reads a row
// of the column list it names (queries.h), each writer gives the values of the statement it
// names, in its placeholders' order.
#include <string>
#include <string_view>
#include <utility>

#include "lectio/core/source.h"
#include "lectio/store/community_store.h"
#include "lectio/store/content_store.h"
#include "row.h"
#include "schema.h"

namespace lectio::store {

// The records table's `kind` column.
std::string_view kind_name(RecordKind kind);

Source read_source(const Row& row);                              // kSourceColumns
Chunk read_chunk(const Row& row, HeadingPathDecoder& headings);  // kChunkColumns
ChunkChange read_change(const Row& row);                         // kChangeColumns
Record read_record(const Row& row);                              // kRecordColumns
LessonVersion read_lesson_version(const Row& row);               // kLessonVersionColumns
User read_user(const Row& row);                                  // kUserColumns
Session read_session(const Row& row);                            // kSessionColumns
Review read_review(const Row& row);  // Queries::review_by_id and the other review queries
std::pair<int, int> read_rating_count(const Row& row);  // Queries::rating_counts

// Queries::insert_source: added_at is now when the source has none.
Values source_values(const Source& source, int version, int chunk_count);
// Queries::put_record: created_at and updated_at are now (an update keeps created_at).
Values record_values(RecordKind kind, const Record& record);
// Queries::add_lesson_version: version expected + 1, written now, if expected is the newest.
Values lesson_version_values(const LessonVersion& v, int expected);
// Queries::insert_user, for a user checked_new_user() accepted.
Values user_values(const User& user);
// Queries::put_session: created_at is now when the session has none.
Values session_values(const Session& session);
// Queries::put_review: a new id (an update keeps the stored one), written now.
Values review_values(std::string_view lesson_id, std::string_view user_id, int rating,
                     std::string_view text);

}  // namespace lectio::store
