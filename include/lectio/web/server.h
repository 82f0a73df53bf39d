#pragma once
// The web app: lesson, plan, source and discovery pages in English and Chinese, a JSON API,
// podcast feeds and the media files, served over HTTP from one data directory.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>

namespace lectio::web {

struct ServerOptions {
  std::filesystem::path data_dir;
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
  int read_timeout_seconds = 10;
  int sign_in_per_minute = 10;  // per client address, sign-in and sign-up together
  int ask_per_minute = 30;      // per client address
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

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lectio::web
