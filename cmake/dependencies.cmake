# Every dependency is a Debian 12 package (see scripts/install-deps.sh); nothing is downloaded.
find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)

find_package(fmt REQUIRED)
find_package(spdlog REQUIRED)
find_package(CLI11 REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
find_package(yaml-cpp REQUIRED)
find_package(pugixml REQUIRED)
find_package(ZLIB REQUIRED)
# md4c via pkg-config: the Debian 12 CMake config references a missing libmd4c-html.
find_package(ICU 72 REQUIRED COMPONENTS uc i18n)

pkg_check_modules(SQLITE3 REQUIRED IMPORTED_TARGET sqlite3)
pkg_check_modules(MD4C REQUIRED IMPORTED_TARGET md4c)
pkg_check_modules(GUMBO REQUIRED IMPORTED_TARGET gumbo)
pkg_check_modules(POPPLER_CPP REQUIRED IMPORTED_TARGET poppler-cpp)
pkg_check_modules(LIBZIP REQUIRED IMPORTED_TARGET libzip)
pkg_check_modules(SODIUM REQUIRED IMPORTED_TARGET libsodium)
# PostgreSQL client (the shared store and the job queue), behind src/pg's wrapper.
pkg_check_modules(LIBPQ REQUIRED IMPORTED_TARGET libpq)
# Xapian: Snowball stemmers for compose, and the search index. Guarded so that a second find
# (another module adding the same line) is harmless.
if(NOT TARGET PkgConfig::XAPIAN)
  pkg_check_modules(XAPIAN REQUIRED IMPORTED_TARGET xapian-core>=1.4)
endif()

# Speech and audio. flite ships no pkg-config file, so its libraries are found by name.
pkg_check_modules(ESPEAK_NG REQUIRED IMPORTED_TARGET espeak-ng)
pkg_check_modules(SOXR REQUIRED IMPORTED_TARGET soxr)
pkg_check_modules(EBUR128 REQUIRED IMPORTED_TARGET libebur128)
pkg_check_modules(LAME REQUIRED IMPORTED_TARGET lame)
pkg_check_modules(OPUS REQUIRED IMPORTED_TARGET opus)
pkg_check_modules(OGG REQUIRED IMPORTED_TARGET ogg)
pkg_check_modules(TAGLIB REQUIRED IMPORTED_TARGET taglib)
# Decodes what speech servers answer (WAV, raw PCM, FLAC, Ogg Opus, MP3): src/speech/decode.cpp.
pkg_check_modules(SNDFILE REQUIRED IMPORTED_TARGET sndfile>=1.1)
find_path(FLITE_INCLUDE_DIR flite/flite.h REQUIRED)
set(FLITE_LIBRARIES)
foreach(lib flite_cmu_us_slt flite_cmu_us_rms flite_cmu_us_awb flite_cmu_us_kal
            flite_usenglish flite_cmulex flite)
  find_library(FLITE_LIB_${lib} ${lib} REQUIRED)
  list(APPEND FLITE_LIBRARIES ${FLITE_LIB_${lib}})
endforeach()
add_library(lectio_flite INTERFACE)
target_include_directories(lectio_flite INTERFACE ${FLITE_INCLUDE_DIR})
target_link_libraries(lectio_flite INTERFACE ${FLITE_LIBRARIES} m)

# The web app: cpp-httplib (a compiled library in Debian) and kainjow's header-only mustache.
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
find_path(MUSTACHE_INCLUDE_DIR kainjow/mustache.hpp REQUIRED)
add_library(lectio_mustache INTERFACE)
target_include_directories(lectio_mustache INTERFACE ${MUSTACHE_INCLUDE_DIR})
