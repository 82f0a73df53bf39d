// Starting the server: bad addresses and ports in use are one-line errors, not a second server.
#include "lectio/web/server.h"

#include <gtest/gtest.h>

#include "lectio/core/error.h"
#include "support/temp_dir.h"

namespace lectio::web {
namespace {

TEST(WebServerTest, APortInUseIsAClearErrorNotASharedPort) {
  const testing::TempDir dir;
  ServerOptions options;
  options.data_dir = dir.path() / "data";
  options.port = 0;
  const Server first(options);
  ASSERT_GT(first.port(), 0);
  EXPECT_EQ(first.base_url(), "http://127.0.0.1:" + std::to_string(first.port()));
  options.port = first.port();
  try {
    const Server second(options);
    FAIL() << "a second server started on port " << options.port;
  } catch (const Io& e) {
    EXPECT_NE(
        std::string(e.what()).find("cannot listen on 127.0.0.1:" + std::to_string(options.port)),
        std::string::npos)
        << e.what();
  }
}

TEST(WebServerTest, AnAddressOfAnotherMachineIsAClearError) {
  const testing::TempDir dir;
  ServerOptions options;
  options.data_dir = dir.path() / "data";
  options.host = "192.0.2.1";  // TEST-NET-1: never an address of this machine
  options.port = 0;
  EXPECT_THROW(Server{options}, Io);
}

}  // namespace
}  // namespace lectio::web
