#pragma once
// ID3v2.4 tagging of a finished MP3 (TagLib). Private to the speech module: the MP3 writer
// tags its temporary file before renaming it into place.
#include <filesystem>

#include "lectio/speech/publish_files.h"

namespace lectio::speech {

// Replaces any tags in `mp3` with one ID3v2.4 tag: TIT2, TPE1, TALB, TDRC, COMM, one CHAP
// ("chp0", "chp1", …, times in milliseconds, titled by an embedded TIT2) per chapter, and a
// top-level, ordered CTOC listing them. `label` names the file in errors. Throws Io.
void write_id3_tags(const std::filesystem::path& mp3, const AudioTags& tags,
                    const std::filesystem::path& label);

}  // namespace lectio::speech
