#pragma once
// A small lesson about SQLite's locks, with the chunks it cites, for the study tests.
#include <map>
#include <string>

#include "lectio/lesson/lesson.h"

namespace lectio::study::testing {

inline std::map<std::string, std::string> locking_chunks() {
  return {
      {"file_lock:c0000",
       "An EXCLUSIVE lock is needed in order to write to the database file. Only one "
       "EXCLUSIVE lock is allowed on the file and no other locks of any kind are allowed to "
       "coexist with an EXCLUSIVE lock."},
      {"file_lock:c0001",
       "Any number of processes can hold SHARED locks at the same time. A PENDING lock means "
       "that the process holding the lock wants to write to the database as soon as possible. "
       "The UNLOCKED state is the default state."},
      {"file_lock:c0002",
       "Only one process at a time can hold a RESERVED lock on a database file. The rollback "
       "journal is an "
       "ordinary disk file that is always located in the same directory as the database file. "
       "A hot journal is a rollback journal that must be rolled back to restore the database."},
      {"file_lock:c0003",
       "The pager module only tracks four of the five locking states. A busy handler may wait "
       "for 100 milliseconds for a lock on the database file before trying again, or for 250 "
       "milliseconds on a slow "
       "disk. The "
       "page cache holds 2000 pages by default. A checkpoint runs after 1000 pages."},
      {"file_lock:c0004",
       "This is the default state. See page 4 for the figures. The journal mode is a setting "
       "that decides how the rollback journal is kept."},
  };
}

inline lesson::ScriptSentence cited(const std::string& text, const std::string& chunk) {
  lesson::ScriptSentence s;
  s.text = text;
  s.citations = {chunk};
  s.support = 1;
  return s;
}

inline lesson::Lesson locking_lesson() {
  lesson::Lesson l;
  l.id = "lesson_locks_0123abcd";
  l.slug = "locks";
  l.title = "How SQLite locks a database";
  l.language = "en";
  l.tags = {"sqlite", "databases"};
  l.insights = {"What the lock states of a database file are", "How the rollback journal works"};
  lesson::ScriptSection intro;
  intro.kind = lesson::SectionKind::kIntro;
  lesson::ScriptSentence hello;
  hello.text = "Hello and welcome to this lesson about locks.";
  hello.role = lesson::SentenceRole::kConnective;
  intro.sentences = {hello};
  lesson::ScriptSection a;
  a.insight_index = 0;
  a.insight = l.insights[0];
  a.title = a.insight;
  a.sentences = {
      cited("An EXCLUSIVE lock is needed in order to write to the database file.",
            "file_lock:c0000"),
      cited("Only one process at a time can hold a RESERVED lock on a database file.",
            "file_lock:c0002"),
      cited("The pager module only tracks four of the five locking states.", "file_lock:c0003"),
      cited("This is the default state.", "file_lock:c0004"),
      cited("A busy handler may wait for 100 milliseconds for a lock on the database file before "
            "trying again, or for 250 "
            "milliseconds on a slow disk.",
            "file_lock:c0003"),
  };
  lesson::ScriptSection b;
  b.insight_index = 1;
  b.insight = l.insights[1];
  b.title = b.insight;
  b.sentences = {
      cited("The rollback journal is an ordinary disk file that is always located in the same "
            "directory as the database file.",
            "file_lock:c0002"),
      cited("A hot journal is a rollback journal that must be rolled back to restore the "
            "database.",
            "file_lock:c0002"),
  };
  l.script = {intro, a, b};
  l.sources = {{"file_lock:c0000", "file_lock@v1:c0000", "file_lock", 1, "locking.html", "p1-1", "",
                "Locks"},
               {"file_lock:c0002", "file_lock@v1:c0002", "file_lock", 1, "locking.html", "p2-2", "",
                "Locks"},
               {"file_lock:c0003", "file_lock@v1:c0003", "file_lock", 1, "locking.html", "p3-3", "",
                "Locks"}};
  return l;
}

}  // namespace lectio::study::testing
