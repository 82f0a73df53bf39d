#pragma once
// Loudness and encoding of a program laid out as units (issue 32), reusing what an earlier
// render of the same units at the same gain left in the unit cache. Private to the speech
// module (render.cpp).
//
// Loudness: the programme's integrated loudness is measured from each unit's 10 ms cells
// (loudness_cells.h). The gain is the previous render's for this lesson (its memo in the
// cache) when, applied to the new program and limited, it lands within kKeepGainLu of the
// target: then unchanged units are neither limited nor encoded again. Otherwise the gain is
// found by search_gain (limiter.h), as normalize_loudness finds it for a whole signal, every
// unit limited at each gain it tries. The limiter runs per unit (units begin in silence,
// and its look-ahead is 5 ms), and a unit whose true peak its gain ramps lifted over the
// ceiling is turned down on its own.
#include <filesystem>
#include <optional>
#include <set>
#include <string>

#include "lectio/speech/audio.h"
#include "lectio/speech/publish_files.h"
#include "program_units.h"

namespace lectio::speech {

class StageTimes;

inline constexpr double kKeepGainLu = 0.5;

struct UnitFiles {
  std::filesystem::path mp3;
  std::filesystem::path opus;
  std::filesystem::path cache_dir;  // the unit cache, <out_dir>/units
  std::string gain_memo;            // who keeps a gain between renders (the lesson id); "" none
  int threads = 0;                  // units limited and encoded at once: 0 = two, as the cores
};

struct UnitRender {
  Loudness loudness;       // integrated (from the cells) and true peak (the limiter's estimate)
  double gain_db = 0;      // applied before the limiter
  bool gain_kept = false;  // the previous render's
  std::size_t units_encoded = 0;     // the others came from the cache
  std::set<std::string> cache_keys;  // the cache entries the files are made of, and the memo
};

// Writes the MP3 and the Opus file (staged: nothing half-written on failure), timing the
// loudness, MP3 and Opus stages on `times` when given. Throws Io, Internal.
UnitRender render_units(const UnitLayout& layout, const AudioTags& tags, const UnitFiles& files,
                        StageTimes* times = nullptr);

}  // namespace lectio::speech
