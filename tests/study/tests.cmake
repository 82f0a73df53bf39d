lectio_test(study cards)
lectio_test(study fsrs)
lectio_test(study anki DEPS PkgConfig::SQLITE3 PkgConfig::LIBZIP)
lectio_test(study held_cards)
lectio_test(study llm_cards DEPS lectio_author)
# A plan's .apkg read back by npm anki-reader and by Python's zipfile and sqlite3 (npm ci in
# bench/study when its node_modules is missing).
add_test(NAME study.anki_readback
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/study/anki_readback.sh $<TARGET_FILE:lectio>
                 ${CMAKE_CURRENT_BINARY_DIR}/study-anki)
set_tests_properties(study.anki_readback PROPERTIES LABELS "study;npm" TIMEOUT 300)
