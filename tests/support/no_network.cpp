// An LD_PRELOAD library for tests that must prove a program opens no network connection, or
// only the one it was configured for. Every attempt to create an internet socket, connect or
// resolve a host name is written to the file named by $LECTIO_NET_LOG and refused (EACCES).
// $LECTIO_NET_ALLOW="127.0.0.1:8080" lets exactly that IPv4 address and port through (and
// the lookup of that host); everything else is still logged and refused. Unix-domain sockets
// pass through.
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

void record(const char* what, const char* detail) {
  const char* path = std::getenv("LECTIO_NET_LOG");
  if (!path) return;
  if (FILE* f = std::fopen(path, "a")) {
    std::fprintf(f, "%s %s\n", what, detail ? detail : "");
    std::fclose(f);
  }
}

// The allowed "host:port", or "" when nothing is.
std::string allowed() {
  const char* a = std::getenv("LECTIO_NET_ALLOW");
  return a ? std::string(a) : std::string();
}

std::string allowed_host() {
  const std::string a = allowed();
  return a.substr(0, a.rfind(':'));
}

std::string describe(const struct sockaddr* addr) {
  if (addr->sa_family != AF_INET) return "inet6";
  const auto* in = reinterpret_cast<const sockaddr_in*>(addr);
  char ip[INET_ADDRSTRLEN] = "";
  inet_ntop(AF_INET, &in->sin_addr, ip, sizeof ip);
  return std::string(ip) + ":" + std::to_string(ntohs(in->sin_port));
}

}  // namespace

extern "C" {

int socket(int domain, int type, int protocol) {
  if ((domain == AF_INET || domain == AF_INET6) && allowed().empty()) {
    record("socket", domain == AF_INET ? "AF_INET" : "AF_INET6");
    errno = EACCES;
    return -1;
  }
  using Fn = int (*)(int, int, int);
  static Fn real = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "socket"));
  return real(domain, type, protocol);
}

int connect(int fd, const struct sockaddr* addr, socklen_t len) {
  if (addr && (addr->sa_family == AF_INET || addr->sa_family == AF_INET6)) {
    const std::string where = describe(addr);
    if (where != allowed()) {
      record("connect", where.c_str());
      errno = EACCES;
      return -1;
    }
  }
  using Fn = int (*)(int, const struct sockaddr*, socklen_t);
  static Fn real = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "connect"));
  return real(fd, addr, len);
}

int getaddrinfo(const char* node, const char* service, const struct addrinfo* hints,
                struct addrinfo** res) {
  if (node && !allowed().empty() && allowed_host() == node) {
    using Fn = int (*)(const char*, const char*, const struct addrinfo*, struct addrinfo**);
    static Fn real = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "getaddrinfo"));
    return real(node, service, hints, res);
  }
  record("getaddrinfo", node);
  return EAI_FAIL;
}

struct hostent* gethostbyname(const char* name) {
  record("gethostbyname", name);
  return nullptr;
}

}  // extern "C"
