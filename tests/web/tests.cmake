lectio_test(web feed)
target_compile_definitions(test_web_feed PRIVATE
  LECTIO_FEED_CHECK="${CMAKE_CURRENT_SOURCE_DIR}/web/check_feed.py")

# Browser end-to-end tests: headless Chromium driven by playwright-core against `lectio serve`
# on a loopback port (tests/browser/run.sh installs playwright-core from npm when missing).
add_test(NAME browser.e2e
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/browser/run.sh $<TARGET_FILE:lectio>
                 ${CMAKE_CURRENT_BINARY_DIR}/browser)
set_tests_properties(browser.e2e PROPERTIES LABELS "web;browser;slow" TIMEOUT 600)
# The study tools in the browser: a quiz answered, cards reviewed (issue 31).
add_test(NAME browser.study
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/browser/study_run.sh $<TARGET_FILE:lectio>
                 ${CMAKE_CURRENT_BINARY_DIR}/browser-study)
set_tests_properties(browser.study PROPERTIES LABELS "web;browser;study" TIMEOUT 300)
# The lesson page as a learner meets it (issue 30): the sticky player, keyboard, reviews, at a
# laptop's and a phone's size; and axe-core over every page type at both sizes.
foreach(name player a11y)
  add_test(NAME browser.${name}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/browser/run.sh $<TARGET_FILE:lectio>
                   ${CMAKE_CURRENT_BINARY_DIR}/browser-${name} ${name}.test.mjs)
  set_tests_properties(browser.${name} PROPERTIES LABELS "web;browser" TIMEOUT 600)
endforeach()
# What a learner meets around lessons, at 1366×900 and 390×844 (issue 30, part B).
add_test(NAME browser.learner
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/browser/learner_run.sh $<TARGET_FILE:lectio>
                 ${CMAKE_CURRENT_BINARY_DIR}/browser-learner)
set_tests_properties(browser.learner PROPERTIES LABELS "web;browser;audio" TIMEOUT 600)
# The lesson editor in the browser: an edit flagged, a supported one saved and heard (issue 32).
add_test(NAME browser.edit
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/browser/edit_run.sh $<TARGET_FILE:lectio>
                 ${CMAKE_CURRENT_BINARY_DIR}/browser-edit)
set_tests_properties(browser.edit PROPERTIES LABELS "web;browser;edit" TIMEOUT 300)

# HTTP tests against a real server on a loopback port (tests/web/web_fixture.*). Each test
# serves its own copy of a data directory holding the examples/gpu-tpu lesson; the media and
# feed tests render its audio once per build tree (a cache beside the test binaries).
foreach(name pages accounts api media voices brief requests one_brief limits soak security llm
             routes hostile hostile_accounts study learner)
  if(name STREQUAL "soak")
    # wrk for about a minute against the server: label slow.
    lectio_test(web ${name} LABELS audio slow
                DEPS lectio_ingest lectio_compose lectio_search lectio_plan lectio_speech
                     PkgConfig::HTTPLIB nlohmann_json::nlohmann_json yaml-cpp lectio_mustache)
  elseif(name STREQUAL "media" OR name STREQUAL "voices" OR name STREQUAL "learner")
    lectio_test(web ${name} LABELS audio
                DEPS lectio_ingest lectio_compose lectio_search lectio_plan lectio_speech
                     PkgConfig::HTTPLIB nlohmann_json::nlohmann_json yaml-cpp lectio_mustache)
  else()
    lectio_test(web ${name}
                DEPS lectio_ingest lectio_compose lectio_search lectio_plan lectio_speech
                     PkgConfig::HTTPLIB nlohmann_json::nlohmann_json yaml-cpp lectio_mustache)
  endif()
  target_sources(test_web_${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/web/web_fixture.cpp)
  target_compile_definitions(test_web_${name} PRIVATE
    LECTIO_FEED_CHECK="${CMAKE_CURRENT_SOURCE_DIR}/web/check_feed.py"
    LECTIO_WEB_TEST_CACHE="${CMAKE_CURRENT_BINARY_DIR}/web_test_cache")
endforeach()

# The web module's private parts (catalogs, limits, cookies), tested directly.
lectio_test(web web_parts DEPS PkgConfig::HTTPLIB lectio_mustache)
target_include_directories(test_web_web_parts PRIVATE ${PROJECT_SOURCE_DIR}/src/web)

# Every route of the table (src/web/route_table.h) against malformed requests.
target_include_directories(test_web_routes PRIVATE ${PROJECT_SOURCE_DIR}/src/web)

# The page view models (src/web/page_views.h), without a server.
lectio_test(web views DEPS PkgConfig::HTTPLIB lectio_mustache lectio_compose lectio_plan
                           lectio_search)
target_include_directories(test_web_views PRIVATE ${PROJECT_SOURCE_DIR}/src/web)

# Starting the server (ports in use, foreign addresses).
lectio_test(web server)

# Two `lectio serve` processes on one PostgreSQL store.
lectio_test(web fleet POSTGRES
            DEPS lectio_ingest lectio_compose lectio_search lectio_plan lectio_speech
                 PkgConfig::HTTPLIB nlohmann_json::nlohmann_json yaml-cpp lectio_mustache)
target_sources(test_web_fleet PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/web/web_fixture.cpp)
target_compile_definitions(test_web_fleet PRIVATE LECTIO_BIN="$<TARGET_FILE:lectio>"
  LECTIO_FEED_CHECK="${CMAKE_CURRENT_SOURCE_DIR}/web/check_feed.py"
  LECTIO_WEB_TEST_CACHE="${CMAKE_CURRENT_BINARY_DIR}/web_test_cache")

# kill -9 of `lectio serve` in the middle of a creation job (the real binary, real audio).
lectio_test(web crash LABELS audio DEPS PkgConfig::HTTPLIB nlohmann_json::nlohmann_json)
