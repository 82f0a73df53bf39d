// Gzip-compressed documents, read with zlib.
#include "gzip.h"

#include <fmt/format.h>
#include <zlib.h>

#include <array>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/text/strings.h"

namespace lectio::ingest {

namespace {

bool is_gzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

// An inflate stream for gzip data; ended however the reading ends.
class Inflater {
 public:
  Inflater() {
    // 16 + MAX_WBITS: a gzip header and trailer, not zlib's.
    if (inflateInit2(&stream_, 16 + MAX_WBITS) != Z_OK) throw Io("zlib: cannot start inflating");
  }
  ~Inflater() { inflateEnd(&stream_); }
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;

  z_stream& stream() { return stream_; }

 private:
  z_stream stream_{};
};

// The uncompressed bytes of every gzip member in `bytes` (a file may hold several, one after
// the other), refusing more than `max_bytes` of them.
std::string gunzip(std::string_view bytes, std::uint64_t max_bytes) {
  std::string out;
  std::array<char, 64 * 1024> buffer{};
  while (!bytes.empty()) {
    Inflater inflater;
    z_stream& zs = inflater.stream();
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    zs.avail_in = static_cast<uInt>(bytes.size());
    int status = Z_OK;
    while (status != Z_STREAM_END) {
      zs.next_out = reinterpret_cast<Bytef*>(buffer.data());
      zs.avail_out = static_cast<uInt>(buffer.size());
      status = inflate(&zs, Z_NO_FLUSH);
      if (status != Z_OK && status != Z_STREAM_END) {
        throw InvalidInput("corrupt gzip data: it cannot be uncompressed");
      }
      out.append(buffer.data(), buffer.size() - zs.avail_out);
      if (out.size() > max_bytes) {
        throw InvalidInput(
            fmt::format("the compressed document expands past {} bytes, the limit for one file "
                        "(max_file_bytes)",
                        max_bytes));
      }
      if (status != Z_STREAM_END && zs.avail_in == 0 && zs.avail_out != 0) {
        throw InvalidInput("corrupt gzip data: it is cut short");
      }
    }
    bytes.remove_prefix(bytes.size() - zs.avail_in);
    // What follows a member is another member, or padding of zeros some tools leave.
    if (!is_gzip(bytes)) break;
  }
  return out;
}

}  // namespace

DocumentBytes read_uncompressed(const std::filesystem::path& path, const Limits& limits) {
  DocumentBytes doc{read_file(path, limits.max_file_bytes), path};
  if (!is_gzip(doc.bytes)) return doc;
  doc.bytes = gunzip(doc.bytes, limits.max_file_bytes);
  if (text::ascii_lower(path.extension().string()) == ".gz")
    doc.name = path.parent_path() / path.stem();
  return doc;
}

}  // namespace lectio::ingest
