#pragma once
// Store connections (and their search indexes) shared by the request workers. A Store is not
// thread-safe, so each request leases one for its duration; the pool grows to the number of
// concurrent requests and keeps what it made.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

#include "lectio/search/index.h"
#include "lectio/store/store.h"

namespace lectio::web {

// A content store and a community store connection and, once asked for, the search index
// opened on the content store.
class Library {
 public:
  explicit Library(const std::filesystem::path& data_dir);
  store::ContentStore& store() { return *store_; }
  store::CommunityStore& community() { return *community_; }
  // The index, brought up to date with the store first (cheap when nothing changed).
  search::Index& index();

 private:
  std::filesystem::path data_dir_;
  std::unique_ptr<store::ContentStore> store_;
  std::unique_ptr<store::CommunityStore> community_;
  std::unique_ptr<search::Index> index_;  // declared after store_: it is closed first
  std::int64_t synced_generation_ = -1;
};

class LibraryPool {
 public:
  explicit LibraryPool(std::filesystem::path data_dir) : data_dir_(std::move(data_dir)) {}

  // Returns the library to the pool when destroyed.
  class Lease {
   public:
    Lease(LibraryPool& pool, std::unique_ptr<Library> library)
        : pool_(&pool), library_(std::move(library)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    Library& operator*() { return *library_; }
    Library* operator->() { return library_.get(); }

   private:
    LibraryPool* pool_;
    std::unique_ptr<Library> library_;
  };

  // Throws Io when a new connection cannot be opened.
  Lease acquire();

 private:
  void give_back(std::unique_ptr<Library> library) noexcept;

  std::filesystem::path data_dir_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Library>> free_;
};

}  // namespace lectio::web
