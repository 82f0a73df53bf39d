# The real `lectio worker` on the test PostgreSQL server; rendering makes it an audio test.
lectio_test(jobs worker POSTGRES LABELS audio
            DEPS lectio_store lectio_pipeline lectio_media lectio_compose lectio_queue
                 nlohmann_json::nlohmann_json)
add_dependencies(test_jobs_worker lectio)
target_compile_definitions(test_jobs_worker PRIVATE LECTIO_BIN="$<TARGET_FILE:lectio>")

# Cleaning what uploads leave behind, against a real SQLite queue and real folders.
lectio_test(jobs uploads)
