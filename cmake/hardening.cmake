# Sanitizer and fuzzing flags for every target (see LECTIO_SANITIZE and LECTIO_FUZZ). A finding
# aborts (no recovery), so a sanitizer report fails the test or the fuzz run that made it.
if(LECTIO_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "LECTIO_FUZZ needs clang (libFuzzer): -DCMAKE_CXX_COMPILER=clang++")
  endif()
  if(NOT LECTIO_SANITIZE)
    set(LECTIO_SANITIZE address,undefined)
  endif()
  # Coverage for libFuzzer in every library; the harnesses link the fuzzer's main (fuzz/).
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
if(LECTIO_SANITIZE)
  add_compile_options(-fsanitize=${LECTIO_SANITIZE} -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${LECTIO_SANITIZE})
endif()
