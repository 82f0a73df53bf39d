#include "id3_tags.h"

#include <fmt/format.h>
#include <taglib/chapterframe.h>
#include <taglib/commentsframe.h>
#include <taglib/id3v2tag.h>
#include <taglib/mpegfile.h>
#include <taglib/tableofcontentsframe.h>
#include <taglib/textidentificationframe.h>

#include <cmath>
#include <memory>
#include <string>

#include "lectio/core/error.h"

namespace lectio::speech {

namespace {

TagLib::String utf8(const std::string& s) {
  return TagLib::String(s, TagLib::String::UTF8);
}

// A text frame (TIT2, TPE1 …) in UTF-8, the encoding ID3v2.4 allows and every reader handles.
std::unique_ptr<TagLib::ID3v2::TextIdentificationFrame> text_frame(const char* id,
                                                                   const std::string& value) {
  auto frame = std::make_unique<TagLib::ID3v2::TextIdentificationFrame>(TagLib::ByteVector(id),
                                                                        TagLib::String::UTF8);
  frame->setText(utf8(value));
  return frame;
}

unsigned int to_ms(double seconds) {
  return static_cast<unsigned int>(std::llround(std::max(0.0, seconds) * 1000.0));
}

}  // namespace

void write_id3_tags(const std::filesystem::path& mp3, const AudioTags& tags,
                    const std::filesystem::path& label) {
  // Audio properties are not needed; skipping them avoids scanning the whole stream.
  TagLib::MPEG::File file(mp3.c_str(), false);
  if (!file.isValid()) throw Io(fmt::format("{}: TagLib cannot open the MP3", label.string()));
  TagLib::ID3v2::Tag* tag = file.ID3v2Tag(true);

  auto add = [tag](std::unique_ptr<TagLib::ID3v2::Frame> frame) { tag->addFrame(frame.release()); };
  if (!tags.title.empty()) add(text_frame("TIT2", tags.title));
  if (!tags.artist.empty()) add(text_frame("TPE1", tags.artist));
  if (!tags.album.empty()) add(text_frame("TALB", tags.album));
  if (!tags.date.empty()) add(text_frame("TDRC", tags.date));
  if (!tags.comment.empty()) {
    auto comment = std::make_unique<TagLib::ID3v2::CommentsFrame>(TagLib::String::UTF8);
    comment->setLanguage("eng");
    comment->setText(utf8(tags.comment));
    add(std::move(comment));
  }

  TagLib::ByteVectorList children;
  for (std::size_t i = 0; i < tags.chapters.size(); ++i) {
    const Chapter& ch = tags.chapters[i];
    const TagLib::ByteVector id(fmt::format("chp{}", i).c_str());
    TagLib::ID3v2::FrameList embedded;
    embedded.append(text_frame("TIT2", ch.title).release());  // the CHAP frame takes ownership
    // Byte offsets are unused (0xFFFFFFFF): players seek by time.
    add(std::make_unique<TagLib::ID3v2::ChapterFrame>(id, to_ms(ch.start),
                                                      to_ms(std::max(ch.start, ch.end)),
                                                      0xFFFFFFFFu, 0xFFFFFFFFu, embedded));
    children.append(id);
  }
  if (!children.isEmpty()) {
    auto toc =
        std::make_unique<TagLib::ID3v2::TableOfContentsFrame>(TagLib::ByteVector("toc"), children);
    toc->setIsTopLevel(true);
    toc->setIsOrdered(true);
    add(std::move(toc));
  }

  if (!file.save(TagLib::MPEG::File::ID3v2, TagLib::File::StripOthers, TagLib::ID3v2::v4)) {
    throw Io(fmt::format("{}: cannot write the ID3 tag", label.string()));
  }
}

}  // namespace lectio::speech
