# The queue on both backends (queue_backends.h); PostgreSQL's through the postgres fixture.
lectio_test(queue queue POSTGRES DEPS PkgConfig::SQLITE3)
# Reads the claim statement from the module's private header.
target_include_directories(test_queue_queue PRIVATE ${PROJECT_SOURCE_DIR}/src/queue)

# Real worker processes: killed, paused past their lease, failing.
add_executable(lectio_queue_test_worker queue/test_worker_main.cpp)
target_link_libraries(lectio_queue_test_worker PRIVATE lectio_queue nlohmann_json::nlohmann_json)
lectio_test(queue worker_process POSTGRES DEPS PkgConfig::SQLITE3)
add_dependencies(test_queue_worker_process lectio_queue_test_worker)
target_compile_definitions(test_queue_worker_process PRIVATE
  LECTIO_TEST_WORKER="$<TARGET_FILE:lectio_queue_test_worker>")
