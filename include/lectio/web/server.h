#pragma once
// The web app: lesson, plan, source and discovery pages in English and Chinese, a JSON API,
// podcast feeds and the media files, served over HTTP from one data directory.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace lectio::llm {
class ChatClient;
}

namespace lectio::web {

struct ServerOptions {
  std::filesystem::path data_dir;
  // Where a fleet's uploads are handed to the workers (media.h); empty: <data_dir>/audio.
  std::filesystem::path media_dir;
  std::string host = "127.0.0.1";
  int port = 8080;  // 0 = any free port (see Server::port)
  // The public address the site is reached at, for feeds and links that leave the site;
  // default http://<host>:<port>.
  std::string base_url;
  bool secure_cookies = false;  // set the Secure flag: only behind TLS (a reverse proxy)
  int threads = 0;              // request workers; 0 = 16 per core, at least 64
  // Limits (explicit, so that a request cannot exhaust the machine).
  std::size_t max_upload_bytes = 32u << 20;  // a whole upload request
  std::size_t max_json_bytes = 64u << 10;    // any other request body
  int read_timeout_seconds = 10;             // between two reads of a request's body
  int head_timeout_seconds = 10;             // a request's line and headers, from its first byte
  std::size_t max_head_bytes = 32u << 10;    // a request's line and headers together
  // A body must arrive within body_grace_seconds + its length / min_body_bytes_per_second
  // (a 1 MB upload: 10 s + 128 s), and within request_timeout_seconds in all.
  int body_grace_seconds = 10;
  std::size_t min_body_bytes_per_second = 8u << 10;
  int request_timeout_seconds = 300;     // a whole request, body included
  int max_waiting_connections = 256;     // whole requests waiting for a worker; then 503
  int max_connections = 1024;            // open at once; then 503 and close
  int max_connections_per_address = 32;  // open at once from one client address; then 503
  int sign_in_per_minute = 10;           // per client address, sign-in and sign-up together
  int ask_per_minute = 30;               // per client address
  // Who writes web lessons (unless a brief picks another the server has) and the ask box's
  // answers: "extractive" (built in) or "llm", which needs `llm`.
  std::string engine = "extractive";
  // The LLM engine's model server; null: the built-in engine alone.
  std::shared_ptr<llm::ChatClient> llm;
};

// Owns the listening socket and everything the handlers share. Thread-safe: stop() may be
// called from any thread while run() blocks in another.
class Server {
 public:
  // Opens the store (creating the data directory) and binds the socket. Throws Io when the
  // address cannot be bound or the data directory cannot be opened.
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  int port() const;  // the bound port
  const std::string& base_url() const;

  // Serves until stop(). Returns false when the server failed while listening.
  bool run();
  void stop();

  // Answers the bytes of one client connection held in memory, request by request as the
  // socket loop would, and returns what was written back. For the fuzzer (fuzz/http_fuzz.cpp):
  // the request parser, cookies, query strings, multipart bodies and every route, no socket.
  static constexpr int kMaxRequestsPerAnswer = 8;
  std::string answer(std::string_view connection_bytes);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lectio::web
