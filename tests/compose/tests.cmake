lectio_test(compose extractive_engine DEPS lectio_ingest)
target_include_directories(test_compose_extractive_engine PRIVATE ${PROJECT_SOURCE_DIR}/src)
lectio_test(compose llm_engine DEPS lectio_ingest lectio_search)
lectio_test(compose dev_golden)
