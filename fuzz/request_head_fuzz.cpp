// Fuzzes the strict reader of request heads (src/web/request_head.*) and the Range reader
// (src/web/byte_range.*), the parsing the server does before the HTTP library sees a request.
// Beyond not crashing, it checks their contracts: an accepted head is rewritten into one that
// reads back the same (the library is given exactly what was checked), and whatever Range
// header arrives, a part lies inside the file.
#include <cstdlib>
#include <string>

#include "byte_range.h"
#include "fuzz_support.h"
#include "request_head.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = lectio::fuzz::as_text(data, size);
  const std::size_t end = lectio::web::find_head_end(bytes);
  const std::string_view head = end == std::string_view::npos ? bytes : bytes.substr(0, end);
  const lectio::web::RequestHead read = lectio::web::read_request_head(head, 1u << 20);
  if (read.status == 0) {
    if (read.content_length > (1u << 20)) std::abort();
    const lectio::web::RequestHead again =
        lectio::web::read_request_head(read.normalized, 1u << 20);
    if (again.status != 0 || again.normalized != read.normalized ||
        again.content_length != read.content_length || again.method != read.method) {
      std::abort();
    }
  } else if (read.status < 400 || read.status > 505 || read.reason.empty()) {
    std::abort();
  }
  // The same bytes as a Range header, against a few sizes.
  for (const std::uint64_t file : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{7073572}}) {
    const lectio::web::ByteRange r = lectio::web::byte_range(bytes.substr(0, 256), file);
    if (r.kind == lectio::web::ByteRange::Kind::kPart && (r.first > r.last || r.last >= file)) {
      std::abort();
    }
  }
  return 0;
}
