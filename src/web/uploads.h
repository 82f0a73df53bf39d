#pragma once
// Uploaded sources: added to the store by the serve process itself with the SQLite store, or,
// with a PostgreSQL store (a fleet), kept in the media store and queued as ingest jobs for the
// workers, so that no web server spends minutes of CPU on a large PDF.
#include <string>
#include <vector>

#include "http.h"

namespace lectio::web {

struct Uploaded {
  std::string file_name;
  std::string job_id;     // queued: the ingest job (the rest is known once it is done)
  std::string source_id;  // added here
  std::string outcome;    // "added", "unchanged", "new_version"
  int chunks = 0;
  std::string error;  // one line, naming the file, when it could not be added or queued
};

// Takes every uploaded file ("files" fields) of a signed-in user's multipart request. A bad
// file is reported and the others still go in. Throws HttpError for a request that is not an
// upload (not multipart, no files, too many).
std::vector<Uploaded> upload(Context& ctx);

}  // namespace lectio::web
