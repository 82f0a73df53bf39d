// The .apkg writer: the collection is built as a SQLite file in a temporary directory, zipped
// with its media list, and the zip is put in place through a temporary file and a rename.
#include <fmt/format.h>
#include <sqlite3.h>
#include <zip.h>

#include <memory>
#include <random>

#include "anki_collection.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "lectio/study/anki.h"
#include "sha1.h"

namespace lectio::study {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kSchema = R"sql(
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null,
  scm integer not null, ver integer not null, dty integer not null, usn integer not null,
  ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null,
  mod integer not null, usn integer not null, tags text not null, flds text not null,
  sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null,
  ord integer not null, mod integer not null, usn integer not null, type integer not null,
  queue integer not null, due integer not null, ivl integer not null, factor integer not null,
  reps integer not null, lapses integer not null, left integer not null, odue integer not null,
  odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null,
  ease integer not null, ivl integer not null, lastIvl integer not null,
  factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
)sql";

struct DbCloser {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
struct StmtFinalizer {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
struct ZipDiscarder {
  void operator()(zip_t* z) const { zip_discard(z); }
};

class Collection {
 public:
  explicit Collection(const fs::path& file) {
    sqlite3* db = nullptr;
    const int rc = sqlite3_open(file.c_str(), &db);
    db_.reset(db);
    if (rc != SQLITE_OK) throw Io(fmt::format("{}: cannot create: {}", file.string(), error()));
    exec(kSchema);
  }

  void exec(std::string_view sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_.get(), std::string(sql).c_str(), nullptr, nullptr, &message) !=
        SQLITE_OK) {
      const std::string text = message ? message : "unknown error";
      sqlite3_free(message);
      throw Io(fmt::format("anki collection: {}", text));
    }
  }

  // Runs one statement with its values bound in order (text or integer).
  template <typename... Values>
  void run(std::string_view sql, const Values&... values) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_.get(), sql.data(), static_cast<int>(sql.size()), &raw, nullptr) !=
        SQLITE_OK) {
      throw Io(fmt::format("anki collection: {}", error()));
    }
    const std::unique_ptr<sqlite3_stmt, StmtFinalizer> stmt(raw);
    int i = 0;
    (bind(stmt.get(), ++i, values), ...);
    if (sqlite3_step(stmt.get()) != SQLITE_DONE) {
      throw Io(fmt::format("anki collection: {}", error()));
    }
  }

 private:
  static void bind(sqlite3_stmt* s, int i, std::int64_t v) { sqlite3_bind_int64(s, i, v); }
  static void bind(sqlite3_stmt* s, int i, int v) { sqlite3_bind_int64(s, i, v); }
  static void bind(sqlite3_stmt* s, int i, const std::string& v) {
    sqlite3_bind_text(s, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  }
  std::string error() const { return db_ ? sqlite3_errmsg(db_.get()) : "out of memory"; }

  std::unique_ptr<sqlite3, DbCloser> db_;
};

// The text Anki sorts and checks duplicates by: the first field without HTML tags.
std::string strip_html(std::string_view html) {
  std::string out;
  bool in_tag = false;
  for (char c : html) {
    if (c == '<') in_tag = true;
    if (!in_tag) out += c;
    if (c == '>') in_tag = false;
  }
  return out;
}

std::int64_t checksum(std::string_view field) {
  const auto digest = sha1(strip_html(field));
  std::int64_t v = 0;
  for (int i = 0; i < 4; ++i) v = (v << 8) | digest[static_cast<std::size_t>(i)];
  return v;
}

std::string joined_tags(const std::vector<std::string>& tags) {
  std::string out;
  for (const auto& t : tags) out += " " + t;
  return tags.empty() ? "" : out + " ";
}

void fill(Collection& col, const std::vector<AnkiDeck>& decks, std::int64_t now) {
  std::map<std::string, std::int64_t> deck_ids;
  std::int64_t next_deck = now * 1000;
  for (const auto& d : decks) {
    // Anki makes a parent of "A::B" itself if missing; listing it keeps the ids stable.
    for (std::size_t at = d.name.find("::"); at != std::string::npos;
         at = d.name.find("::", at + 2)) {
      if (!deck_ids.contains(d.name.substr(0, at))) deck_ids[d.name.substr(0, at)] = ++next_deck;
    }
    if (!deck_ids.contains(d.name)) deck_ids[d.name] = ++next_deck;
  }
  col.run("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')", now, now * 1000,
          now * 1000, anki_collection_config_json(), anki_models_json(now),
          anki_decks_json(deck_ids, now), anki_deck_config_json());
  std::int64_t id = now * 1000;
  int position = 0;
  for (const auto& d : decks) {
    for (const auto& n : d.notes) {
      ++id;
      ++position;
      const std::string fields = n.front + '\x1f' + n.back + '\x1f' + n.source;
      col.run("INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')", id, n.guid,
              n.cloze ? kClozeModelId : kBasicModelId, now, joined_tags(n.tags), fields,
              strip_html(n.front), checksum(n.front));
      col.run("INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
              id, id, deck_ids.at(d.name), now, position);
    }
  }
}

std::string read_all(const fs::path& file) {
  std::string bytes;
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(file.c_str(), "rb"), &std::fclose);
  if (!f) throw Io(fmt::format("{}: cannot read", file.string()));
  char buf[65536];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f.get())) > 0) bytes.append(buf, n);
  return bytes;
}

// A zip of named byte strings, written to `file`.
void write_zip(const fs::path& file,
               const std::vector<std::pair<std::string, std::string>>& parts) {
  int err = 0;
  std::unique_ptr<zip_t, ZipDiscarder> z(zip_open(file.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &err));
  if (!z) throw Io(fmt::format("{}: cannot create the zip (libzip error {})", file.string(), err));
  for (const auto& [name, bytes] : parts) {
    zip_source_t* src = zip_source_buffer(z.get(), bytes.data(), bytes.size(), 0);
    if (!src || zip_file_add(z.get(), name.c_str(), src, ZIP_FL_ENC_UTF_8) < 0) {
      if (src) zip_source_free(src);
      throw Io(fmt::format("{}: cannot add {}: {}", file.string(), name, zip_strerror(z.get())));
    }
  }
  if (zip_close(z.get()) != 0) {
    throw Io(fmt::format("{}: cannot write the zip: {}", file.string(), zip_strerror(z.get())));
  }
  (void)z.release();  // closed: nothing left to discard
}

class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = fs::temp_directory_path() / fmt::format("lectio-apkg-{:x}{:x}", rd(), rd());
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

}  // namespace

void write_apkg(const std::vector<AnkiDeck>& decks, const fs::path& out, std::int64_t now) {
  std::size_t notes = 0;
  for (const auto& d : decks) notes += d.notes.size();
  if (notes == 0) throw InvalidInput(fmt::format("{}: no cards to export", out.string()));
  const TempDir tmp;
  const fs::path db = tmp.path() / "collection.anki2";
  {
    Collection col(db);
    col.exec("BEGIN");
    fill(col, decks, now);
    col.exec("COMMIT");
  }
  const fs::path zip = tmp.path() / "out.apkg";
  write_zip(zip, {{"collection.anki2", read_all(db)}, {"media", "{}"}});
  write_file_atomic(out, read_all(zip));
}

}  // namespace lectio::study
