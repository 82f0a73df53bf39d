#include "program_units.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "lectio/core/error.h"
#include "lectio/core/hash.h"

namespace lectio::speech {

namespace {

// A lesson is at most 120 minutes (the brief's limit); the program is held in memory as
// 32-bit samples at 48 kHz (11 MB a minute), so anything far longer is refused, not swapped.
constexpr double kMaxProgramSeconds = 4 * 3600;
constexpr std::size_t kMeanFill = kUnitDecoderGap + kUnitGrid / 2;

std::size_t samples_of(double seconds) {
  return static_cast<std::size_t>(std::llround(seconds * kRenderRate));
}

// FNV-1a: stable across builds and machines, unlike std::hash.
bool ends_unit(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h % kLinesPerUnit == 0;
}

void check_length(const std::vector<Pcm>& clips, const RenderPlan& plan,
                  const RenderOptions& options) {
  std::size_t speech = 0;
  for (const Pcm& c : clips) speech += c.samples.size();
  const double pauses = static_cast<double>(plan.lines.size()) *
                            (std::max(options.sentence_pause, options.section_pause) + 0.2) +
                        kLeadIn + kTail;
  const auto total = speech + samples_of(pauses);
  if (total > samples_of(kMaxProgramSeconds)) {
    throw InvalidInput(fmt::format("lesson: {:.0f} minutes of audio is over the limit of {:.0f}",
                                   static_cast<double>(total) / kRenderRate / 60,
                                   kMaxProgramSeconds / 60));
  }
}

// Hashing what the samples are made of rather than the samples (115 MB for ten minutes, 0.18 s
// of BLAKE2b) keeps an edited lesson's layout cheap; `recipe` lists every clip key and silence.
void close_unit(UnitLayout& t, ProgramUnit& unit, std::string& recipe, std::size_t offset) {
  const std::size_t slots = (unit.samples.size() + kUnitDecoderGap + kUnitGrid - 1) / kUnitGrid;
  unit.samples.resize(slots * kUnitGrid, 0.0f);
  unit.key = content_hash(fmt::format("{}slot {}\n", recipe, unit.samples.size()));
  recipe.clear();
  t.audible = offset + unit.samples.size();
  t.units.push_back(std::move(unit));
  unit = ProgramUnit{};
}

}  // namespace

UnitLayout lay_out_units(const RenderPlan& plan, SynthesizedPlan& synthesized,
                         const RenderOptions& options) {
  std::vector<Pcm>& clips = synthesized.clips;
  check_length(clips, plan, options);
  UnitLayout t;
  ProgramUnit unit;
  std::string recipe;
  const auto silence = [&](std::size_t n) {
    unit.samples.resize(unit.samples.size() + n, 0.0f);
    recipe += fmt::format("silence {}\n", n);
  };
  std::size_t offset = 0;  // of the open unit
  for (std::size_t i = 0; i < plan.lines.size(); ++i) {
    const PlannedLine& line = plan.lines[i];
    const bool new_section = i == 0 || plan.lines[i - 1].section != line.section;
    if (i == 0) {
      silence(samples_of(kLeadIn));
    } else if (new_section || ends_unit(plan.lines[i - 1].text)) {
      close_unit(t, unit, recipe, offset);
      offset = t.audible;
      const double pause = new_section ? options.section_pause : options.sentence_pause;
      silence(samples_of(pause) - std::min(samples_of(pause), kMeanFill));
    } else {
      silence(samples_of(options.sentence_pause));
    }
    const double start = static_cast<double>(offset + unit.samples.size()) / kRenderRate;
    if (new_section) {
      t.chapters.push_back(
          {plan.sections[line.section].title, t.chapters.empty() ? 0.0 : start, 0});
    }
    unit.samples.insert(unit.samples.end(), clips[i].samples.begin(), clips[i].samples.end());
    recipe += fmt::format("clip {} {}\n", synthesized.keys[i], clips[i].samples.size());
    std::vector<float>().swap(clips[i].samples);  // the unit holds it now
    const double end = static_cast<double>(offset + unit.samples.size()) / kRenderRate;
    t.cues.push_back({start, end, plan.voices[line.speaker].name, line.text});
  }
  silence(samples_of(kTail));
  close_unit(t, unit, recipe, offset);
  t.audible -= kUnitDecoderGap;
  for (std::size_t c = 0; c < t.chapters.size(); ++c) {
    t.chapters[c].end = c + 1 < t.chapters.size() ? t.chapters[c + 1].start : t.seconds();
  }
  return t;
}

}  // namespace lectio::speech
