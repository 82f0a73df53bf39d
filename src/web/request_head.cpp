#include "request_head.h"

#include <fmt/format.h>

#include <array>
#include <charconv>

namespace lectio::web {

namespace {

constexpr std::size_t kMaxFields = 100;

// RFC 9110 §5.6.2 tchar: what a method or a field name may hold.
bool is_tchar(char c) {
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
  static constexpr std::string_view kMarks = "!#$%&'*+-.^_`|~";
  return kMarks.find(c) != std::string_view::npos;
}

bool is_token(std::string_view s) {
  if (s.empty()) return false;
  for (const char c : s) {
    if (!is_tchar(c)) return false;
  }
  return true;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

std::string_view trim_ows(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

RequestHead refuse(int status, std::string reason) {
  RequestHead head;
  head.status = status;
  head.reason = std::move(reason);
  return head;
}

// METHOD SP request-target SP HTTP/1.x, single spaces, no control characters.
std::optional<RequestHead> check_request_line(std::string_view line, RequestHead& head) {
  const std::size_t sp1 = line.find(' ');
  const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos) {
    return refuse(400, "the request line is not 'METHOD target HTTP/1.1'");
  }
  head.method = std::string(line.substr(0, sp1));
  const std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  const std::string_view version = line.substr(sp2 + 1);
  if (!is_token(head.method)) return refuse(400, "the request's method is not a token");
  if (target.empty()) return refuse(400, "the request has no target");
  for (const char c : target) {
    if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f) {
      return refuse(400, "the request target holds a control character");
    }
  }
  if (version.size() != 8 || version.substr(0, 7) != "HTTP/1.") {
    return refuse(version.substr(0, 5) == "HTTP/" ? 505 : 400,
                  "the request's version is not HTTP/1.0 or HTTP/1.1");
  }
  if (version[7] != '0' && version[7] != '1') {
    return refuse(505, "the request's version is not HTTP/1.0 or HTTP/1.1");
  }
  return std::nullopt;
}

// Names the HTTP library sets on a request itself: a client's would be read as the server's.
bool reserved_name(std::string_view name) {
  static constexpr std::array<std::string_view, 4> kReserved = {"REMOTE_ADDR", "REMOTE_PORT",
                                                                "LOCAL_ADDR", "LOCAL_PORT"};
  for (const std::string_view r : kReserved) {
    if (equals_ignoring_case(name, r)) return true;
  }
  return false;
}

struct Fields {
  int hosts = 0;
  int lengths = 0;
  bool transfer_encoding = false;
  std::size_t content_length = 0;
  bool too_long = false;
};

// One "name: value" line; nullopt when accepted (and written to head.normalized or dropped).
std::optional<RequestHead> check_field(std::string_view line, Fields& f, RequestHead& head,
                                       std::size_t max_body_bytes) {
  if (line.front() == ' ' || line.front() == '\t') {
    return refuse(400, "a header line is folded (starts with a space)");
  }
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) return refuse(400, "a header line has no colon");
  const std::string_view name = line.substr(0, colon);
  if (!is_token(name)) return refuse(400, "a header name is empty or holds a space");
  const std::string_view value = trim_ows(line.substr(colon + 1));
  for (const char c : value) {
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f) {
      return refuse(400, fmt::format("header '{}' holds a control character", name));
    }
  }
  if (equals_ignoring_case(name, "Host")) ++f.hosts;
  if (equals_ignoring_case(name, "Transfer-Encoding")) f.transfer_encoding = true;
  if (equals_ignoring_case(name, "Content-Length")) {
    if (++f.lengths > 1) return refuse(400, "the request has more than one Content-Length");
    std::size_t n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size()) {
      return refuse(400, "Content-Length is not a whole number of bytes");
    }
    f.content_length = n;
    f.too_long = n > max_body_bytes;
  }
  if (equals_ignoring_case(name, "Expect")) {
    if (!equals_ignoring_case(value, "100-continue")) return refuse(417, "unknown Expect");
    head.expect_continue = true;
    return std::nullopt;
  }
  if (reserved_name(name)) return std::nullopt;
  head.normalized += name;
  head.normalized += ": ";
  head.normalized += value;
  head.normalized += "\r\n";
  return std::nullopt;
}

}  // namespace

std::size_t find_head_end(std::string_view bytes) {
  for (std::size_t at = bytes.find('\n'); at != std::string_view::npos;
       at = bytes.find('\n', at + 1)) {
    std::size_t next = at + 1;
    if (next < bytes.size() && bytes[next] == '\r') ++next;
    if (next < bytes.size() && bytes[next] == '\n') return next + 1;
  }
  return std::string_view::npos;
}

bool method_needs_length(std::string_view method) {
  return method == "POST" || method == "PUT" || method == "PATCH";
}

RequestHead read_request_head(std::string_view head_bytes, std::size_t max_body_bytes) {
  RequestHead head;
  Fields fields;
  bool first = true;
  bool http10 = false;
  std::size_t count = 0;
  while (!head_bytes.empty()) {
    const std::size_t lf = head_bytes.find('\n');
    if (lf == std::string_view::npos || lf == 0 || head_bytes[lf - 1] != '\r') {
      return refuse(400, "a line of the request's head does not end in CRLF");
    }
    const std::string_view line = head_bytes.substr(0, lf - 1);
    head_bytes.remove_prefix(lf + 1);
    if (line.find('\r') != std::string_view::npos) {
      return refuse(400, "a line of the request's head holds a bare CR");
    }
    if (line.empty()) break;  // the blank line ends the head
    if (first) {
      if (auto refused = check_request_line(line, head)) return *refused;
      head.normalized = std::string(line) + "\r\n";
      http10 = line.ends_with(" HTTP/1.0");
      first = false;
      continue;
    }
    if (++count > kMaxFields) return refuse(431, "the request has over 100 header lines");
    if (auto refused = check_field(line, fields, head, max_body_bytes)) return *refused;
  }
  if (first) return refuse(400, "the request has no request line");
  if (fields.hosts > 1) return refuse(400, "the request has more than one Host");
  if (fields.hosts == 0 && !http10) return refuse(400, "the request has no Host");
  if (fields.transfer_encoding) {
    if (fields.lengths > 0) {
      return refuse(400, "the request has both Transfer-Encoding and Content-Length");
    }
    return refuse(411, "send the body with a Content-Length (Transfer-Encoding is not accepted)");
  }
  if (fields.too_long) {
    return refuse(413, fmt::format("the body is over {} bytes", max_body_bytes));
  }
  if (fields.lengths == 0 && method_needs_length(head.method)) {
    return refuse(411, fmt::format("a {} needs a Content-Length", head.method));
  }
  head.content_length = fields.content_length;
  head.normalized += "\r\n";
  return head;
}

}  // namespace lectio::web
