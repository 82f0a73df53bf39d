#pragma once
// A lesson's program as units (issue 32): runs of lines that begin in silence and fill a whole
// number of 120 ms slots, so that each unit is normalised, encoded and cached on its own and
// an edited lesson re-encodes only the units whose audio changed. Private to the speech module
// (render.cpp, unit_render.cpp).
//
// A unit is its lead silence (the lead-in, or the pause before its first line), its lines
// with sentence pauses between them (the tail after the last line of the lesson), then zeros
// up to its slot: at least the 1152 samples an MP3 unit leaves to LAME's delay and padding
// (mp3_units.h), and a whole number of 120 ms, which is whole MP3 frames (24 ms), Opus
// packets (60 ms) and loudness cells (10 ms). The lead before a line is its pause less the
// mean fill (84 ms), so a pause between units is the pause asked for within ±60 ms.
// A unit ends at each section, and after a line whose text hashes to 0 mod kLinesPerUnit:
// boundaries follow the text, so an inserted or deleted line moves none elsewhere.
#include <cstddef>
#include <string>
#include <vector>

#include "lectio/speech/pcm.h"
#include "lectio/speech/publish_files.h"
#include "lectio/speech/render.h"
#include "render_plan.h"
#include "synth_pool.h"

namespace lectio::speech {

inline constexpr std::size_t kUnitGrid = 5760;        // 120 ms at 48 kHz
inline constexpr std::size_t kUnitDecoderGap = 1152;  // of the last slot, never decoded
inline constexpr std::size_t kLinesPerUnit = 2;       // on average

struct ProgramUnit {
  std::vector<float> samples;  // the whole slot, kRenderRate
  std::string key;             // names the samples: the clips' keys and the silences' lengths
};

struct UnitLayout {
  std::vector<ProgramUnit> units;
  std::vector<Cue> cues;
  std::vector<Chapter> chapters;
  std::size_t audible = 0;  // what the files decode to: the slots less kUnitDecoderGap
  double seconds() const { return static_cast<double>(audible) / kRenderRate; }
};

// Lays the synthesised clips (one per plan line, at kRenderRate; consumed) out as units.
// Throws InvalidInput for a program over the length limit.
UnitLayout lay_out_units(const RenderPlan& plan, SynthesizedPlan& clips,
                         const RenderOptions& options);

}  // namespace lectio::speech
