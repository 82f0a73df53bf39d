// The .apkg read back with libzip and SQLite, following Anki's schema 11; the npm reader
// anki-reader reads the same file in tests/study/anki_readback (an independent implementation).
#include "lectio/study/anki.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <zip.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "lectio/core/error.h"
#include "lectio/study/study_set.h"
#include "study_fixture.h"
#include "support/temp_dir.h"

namespace lectio::study {
namespace {

std::string unzip(const std::filesystem::path& apkg, const char* name) {
  int err = 0;
  std::unique_ptr<zip_t, decltype(&zip_discard)> z(zip_open(apkg.c_str(), ZIP_RDONLY, &err),
                                                   &zip_discard);
  EXPECT_NE(z, nullptr);
  if (!z) return {};
  zip_stat_t st;
  if (zip_stat(z.get(), name, 0, &st) != 0) return "<missing>";
  std::unique_ptr<zip_file_t, decltype(&zip_fclose)> f(zip_fopen(z.get(), name, 0), &zip_fclose);
  std::string bytes(st.size, '\0');
  EXPECT_EQ(zip_fread(f.get(), bytes.data(), st.size), static_cast<zip_int64_t>(st.size));
  return bytes;
}

using Rows = std::vector<std::vector<std::string>>;

Rows query(sqlite3* db, const char* sql) {
  Rows rows;
  char* message = nullptr;
  const int rc = sqlite3_exec(
      db, sql,
      [](void* out, int n, char** values, char**) {
        std::vector<std::string> row;
        for (int i = 0; i < n; ++i) row.emplace_back(values[i] ? values[i] : "");
        static_cast<Rows*>(out)->push_back(std::move(row));
        return 0;
      },
      &rows, &message);
  EXPECT_EQ(rc, SQLITE_OK) << (message ? message : "");
  sqlite3_free(message);
  return rows;
}

lesson::Lesson lesson_with_cards() {
  auto l = testing::locking_lesson();
  l.study = make_study_set(l, testing::locking_chunks());
  return l;
}

TEST(AnkiTest, ThePackageHoldsEveryCardAsANoteWithItsSource) {
  const lectio::testing::TempDir dir;
  const auto l = lesson_with_cards();
  const auto apkg = dir.path() / "out.apkg";
  write_apkg({{"Plan::" + l.title, anki_notes(l)}}, apkg, 1764748800);
  EXPECT_EQ(unzip(apkg, "media"), "{}");
  const auto collection = dir.write("collection.anki2", unzip(apkg, "collection.anki2"));
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(collection.c_str(), &raw), SQLITE_OK);
  std::unique_ptr<sqlite3, decltype(&sqlite3_close)> db(raw, &sqlite3_close);

  EXPECT_EQ(query(db.get(), "PRAGMA integrity_check")[0][0], "ok");
  const auto col = query(db.get(), "SELECT ver, models, decks FROM col");
  ASSERT_EQ(col.size(), 1u);
  EXPECT_EQ(col[0][0], "11");
  const auto models = nlohmann::json::parse(col[0][1]);
  std::map<std::string, int> model_type;
  for (const auto& [id, m] : models.items()) model_type[m["name"]] = m["type"];
  EXPECT_EQ(model_type["Lectio Basic"], 0);
  EXPECT_EQ(model_type["Lectio Cloze"], 1);
  std::set<std::string> decks;
  const auto deck_json = nlohmann::json::parse(col[0][2]);
  for (const auto& [id, d] : deck_json.items()) decks.insert(d["name"]);
  EXPECT_TRUE(decks.contains("Plan"));
  EXPECT_TRUE(decks.contains("Plan::" + l.title));

  const auto notes = query(db.get(),
                           "SELECT n.guid, n.flds, n.tags, c.ord, c.type, c.queue "
                           "FROM notes n JOIN cards c ON c.nid = n.id ORDER BY n.id");
  ASSERT_EQ(notes.size(), l.study->cards.size());
  for (std::size_t i = 0; i < notes.size(); ++i) {
    const auto& card = l.study->cards[i];
    EXPECT_EQ(notes[i][0], card.id);
    const std::string& fields = notes[i][1];
    EXPECT_EQ(std::count(fields.begin(), fields.end(), '\x1f'), 2);
    EXPECT_NE(fields.find(card.chunk_id + " · locking.html · p"), std::string::npos) << fields;
    if (card.kind == lesson::CardKind::kCloze) {
      EXPECT_NE(fields.find("{{c1::" + card.answer + "}}"), std::string::npos) << fields;
    }
    EXPECT_NE(notes[i][2].find(" lectio locks sqlite databases "), std::string::npos);
    EXPECT_EQ(notes[i][3], "0");
    EXPECT_EQ(notes[i][4], "0");  // new
  }
}

TEST(AnkiTest, NothingToExportIsRefusedAndNothingIsWritten) {
  const lectio::testing::TempDir dir;
  EXPECT_THROW(write_apkg({{"Empty", {}}}, dir.path() / "x.apkg", 1), InvalidInput);
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "x.apkg"));
  auto l = testing::locking_lesson();
  EXPECT_THROW((void)anki_notes(l), InvalidInput);
}

TEST(AnkiTest, CsvQuotesEveryField) {
  const auto csv = cards_csv(lesson_with_cards());
  EXPECT_TRUE(csv.starts_with("kind,front,back,source,tags\r\n"));
  EXPECT_NE(
      csv.find(
          "cloze,\"Only one process at a time can hold a(n) ___ lock on a database file.\",\"Only "
          "one "
          "process at a time can hold a RESERVED lock on a database file.\",\"file_lock:c0002 · "
          "locking.html · p2-2\",\"lectio locks sqlite databases\"\r\n"),
      std::string::npos)
      << csv;
}

}  // namespace
}  // namespace lectio::study
