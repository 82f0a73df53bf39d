lectio_test(compose rouge)
lectio_test(compose summarize)
# text_features.h is private to the module; its test reaches it through src/.
lectio_test(compose text_features)
target_include_directories(test_compose_text_features PRIVATE ${PROJECT_SOURCE_DIR}/src)
lectio_test(compose brief)
lectio_test(compose extractive_engine DEPS lectio_ingest)
lectio_test(compose grounding)
lectio_test(compose answer DEPS lectio_ingest lectio_search)
