# Backend-neutral cases (store_backends.h runs them once per backend: SQLite and PostgreSQL).
lectio_test(store content_store POSTGRES)
lectio_test(store change_feed POSTGRES)
lectio_test(store accounts POSTGRES)
lectio_test(store reviews POSTGRES)
lectio_test(store card_reviews POSTGRES)
lectio_test(store lesson_versions POSTGRES)
# SQLite-only cases: the file, triggers, migrations.
lectio_test(store sqlite_store DEPS PkgConfig::SQLITE3)
# Builds old databases from the store's own migrations, so it sees the module's private headers.
lectio_test(store migration DEPS PkgConfig::SQLITE3)
target_include_directories(test_store_migration PRIVATE ${PROJECT_SOURCE_DIR}/src/store)
# PostgreSQL-only cases: the schema check, concurrent writers.
lectio_test(store pg_store POSTGRES)
# The store's private parts: the SQL's placeholders, and the row readers over both backends.
lectio_test(store queries)
target_include_directories(test_store_queries PRIVATE ${PROJECT_SOURCE_DIR}/src/store)
lectio_test(store rows POSTGRES DEPS PkgConfig::SQLITE3)
target_include_directories(test_store_rows PRIVATE ${PROJECT_SOURCE_DIR}/src/store)
