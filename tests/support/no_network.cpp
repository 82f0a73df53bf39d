// An LD_PRELOAD library for tests that must prove a program opens no network connection.
// Every attempt to create an internet socket or resolve a host name is written to the file
// named by $LECTIO_NET_LOG and refused with EACCES. Unix-domain sockets pass through.
#include <dlfcn.h>
#include <errno.h>
#include <netdb.h>
#include <sys/socket.h>

#include <cstdio>
#include <cstdlib>

namespace {

void record(const char* what, const char* detail) {
  const char* path = std::getenv("LECTIO_NET_LOG");
  if (!path) return;
  if (FILE* f = std::fopen(path, "a")) {
    std::fprintf(f, "%s %s\n", what, detail ? detail : "");
    std::fclose(f);
  }
}

}  // namespace

extern "C" {

int socket(int domain, int type, int protocol) {
  if (domain == AF_INET || domain == AF_INET6) {
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
    record("connect", "inet");
    errno = EACCES;
    return -1;
  }
  using Fn = int (*)(int, const struct sockaddr*, socklen_t);
  static Fn real = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "connect"));
  return real(fd, addr, len);
}

int getaddrinfo(const char* node, const char*, const struct addrinfo*, struct addrinfo**) {
  record("getaddrinfo", node);
  return EAI_FAIL;
}

struct hostent* gethostbyname(const char* name) {
  record("gethostbyname", name);
  return nullptr;
}

}  // extern "C"
