#include "library_pool.h"

#include "lectio/store/store.h"

namespace lectio::web {

Library::Library(const std::filesystem::path& data_dir)
    : data_dir_(data_dir),
      store_(store::open_content_store(data_dir)),
      community_(store::open_community_store(data_dir)) {}

search::Index& Library::index() {
  const std::int64_t generation = store_->generation();
  if (!index_) {
    index_ = search::open_index(*store_, data_dir_);
  } else if (generation != synced_generation_) {
    index_->sync(*store_);  // takes the index's write lock: only when the sources changed
  }
  synced_generation_ = generation;
  return *index_;
}

LibraryPool::Lease::~Lease() {
  if (library_) pool_->give_back(std::move(library_));
}

LibraryPool::Lease LibraryPool::acquire() {
  {
    std::lock_guard lock(mutex_);
    if (!free_.empty()) {
      std::unique_ptr<Library> library = std::move(free_.back());
      free_.pop_back();
      return Lease(*this, std::move(library));
    }
  }
  return Lease(*this, std::make_unique<Library>(data_dir_));
}

void LibraryPool::give_back(std::unique_ptr<Library> library) noexcept {
  try {
    std::lock_guard lock(mutex_);
    free_.push_back(std::move(library));
  } catch (...) {
    // Out of memory while returning: the connection is closed instead of kept.
  }
}

}  // namespace lectio::web
