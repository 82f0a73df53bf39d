#include "unit_render.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>

#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "limiter.h"
#include "loudness_cells.h"
#include "mp3_units.h"
#include "opus_units.h"
#include "render_plan.h"
#include "sentence_cache.h"
#include "stage_times.h"

namespace lectio::speech {

namespace {

// Part of every unit key with kRendererVersion: bump when the encoders' settings change.
constexpr int kUnitFormat = 1;
constexpr char kMagic[4] = {'L', 'U', 'N', '1'};

// What a unit becomes at one gain: its cells and peak, and once encoded, its MP3 and Opus.
struct UnitState {
  std::vector<float> limited;  // empty once encoded, or when it came from the cache
  std::vector<double> cells;
  float peak = 0;
  std::string mp3;
  std::string opus;
  bool cached = false;
};

std::string unit_key(const ProgramUnit& u, double gain_db) {
  return content_hash(
      fmt::format("unit {} {} {:a}\n{}", kRendererVersion, kUnitFormat, gain_db, u.key));
}

template <typename T>
void put_pod(std::string& out, const T& v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof(v));
}

template <typename T>
bool get_pod(std::string_view& in, T& v) {
  if (in.size() < sizeof(v)) return false;
  std::memcpy(&v, in.data(), sizeof(v));
  in.remove_prefix(sizeof(v));
  return true;
}

// "LUN1", the cell count, the cells, the peak, then the MP3 and the Opus bytes, each after
// its length (native byte order: the cache is the machine's own).
std::string serialize(const UnitState& s) {
  std::string out(kMagic, sizeof(kMagic));
  put_pod(out, static_cast<std::uint64_t>(s.cells.size()));
  out.append(reinterpret_cast<const char*>(s.cells.data()), s.cells.size() * sizeof(double));
  put_pod(out, s.peak);
  put_pod(out, static_cast<std::uint64_t>(s.mp3.size()));
  out += s.mp3;
  put_pod(out, static_cast<std::uint64_t>(s.opus.size()));
  out += s.opus;
  return out;
}

bool get_bytes(std::string_view& in, std::string& out) {
  std::uint64_t n = 0;
  if (!get_pod(in, n) || n > in.size()) return false;
  out.assign(in.substr(0, n));
  in.remove_prefix(n);
  return true;
}

std::optional<UnitState> deserialize(std::string_view in, std::size_t samples) {
  UnitState s;
  std::uint64_t cells = 0;
  if (in.substr(0, sizeof(kMagic)) != std::string_view(kMagic, sizeof(kMagic))) return {};
  in.remove_prefix(sizeof(kMagic));
  if (!get_pod(in, cells) || cells != samples / kCellSamples) return {};
  if (in.size() < cells * sizeof(double)) return {};
  s.cells.resize(cells);
  std::memcpy(s.cells.data(), in.data(), cells * sizeof(double));
  in.remove_prefix(cells * sizeof(double));
  if (!get_pod(in, s.peak) || !get_bytes(in, s.mp3) || !get_bytes(in, s.opus) || !in.empty()) {
    return {};
  }
  s.cached = true;
  return s;
}

// Runs fn(i) for i in [0, n) on this thread and, unless `threads` is 1, one more (the units
// are many and short; two keep both cores of a small machine busy). Rethrows the first failure.
template <typename Fn>
void parallel_for(std::size_t n, int threads, Fn&& fn) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex mu;
  const auto work = [&] {
    for (std::size_t i = next++; i < n; i = next++) {
      try {
        fn(i);
      } catch (...) {
        const std::lock_guard lock(mu);
        if (!failure) failure = std::current_exception();
        next = n;
      }
    }
  };
  if (threads == 1) {
    work();
  } else {
    std::jthread other(work);
    work();
  }
  if (failure) std::rethrow_exception(failure);
}

// The unit at `gain_db`, limited under the encode ceiling; from the cache when it is there.
UnitState unit_at(const ProgramUnit& u, double gain_db, const SentenceCache& cache) {
  if (const auto bytes = cache.get(unit_key(u, gain_db), "unit")) {
    if (auto s = deserialize(*bytes, u.samples.size())) return std::move(*s);
  }
  UnitState s;
  s.limited = u.samples;
  // The limiter aims a hair below the ceiling: its gain ramps move inter-sample peaks a little.
  const double limit = db_to_gain(kEncodeCeilingDbtp - 0.1);
  limit_true_peak(s.limited, kRenderRate, db_to_gain(gain_db), limit, true, nullptr);
  s.peak = true_peak(s.limited);
  const auto ceiling = static_cast<float>(db_to_gain(kEncodeCeilingDbtp));
  if (s.peak > ceiling) {  // rare: the ceiling is the hard promise, this unit gives way
    const float cut = ceiling / s.peak * 0.998f;
    for (float& x : s.limited) x *= cut;
    s.peak = true_peak(s.limited);
  }
  s.cells = loudness_cells(s.limited.data(), s.limited.size());
  return s;
}

using States = std::vector<UnitState>;

States at_gain(const UnitLayout& layout, double gain_db, const SentenceCache& cache, int threads) {
  States states(layout.units.size());
  parallel_for(states.size(), threads,
               [&](std::size_t i) { states[i] = unit_at(layout.units[i], gain_db, cache); });
  return states;
}

double integrated(const States& states) {
  std::vector<double> cells;
  for (const UnitState& s : states) cells.insert(cells.end(), s.cells.begin(), s.cells.end());
  return integrated_from_cells(cells);
}

double unprocessed_loudness(const UnitLayout& layout, int threads) {
  std::vector<std::vector<double>> parts(layout.units.size());
  parallel_for(parts.size(), threads, [&](std::size_t i) {
    parts[i] = loudness_cells(layout.units[i].samples.data(), layout.units[i].samples.size());
  });
  std::vector<double> cells;
  for (const auto& p : parts) cells.insert(cells.end(), p.begin(), p.end());
  return integrated_from_cells(cells);
}

struct Choice {
  States states;
  double gain_db = 0;
  double lufs = 0;
};

// The gain that lands the limited program on the target (search_gain), every unit limited
// at each gain tried from its unprocessed samples.
Choice find_gain(const UnitLayout& layout, const SentenceCache& cache, int threads) {
  const double before = unprocessed_loudness(layout, threads);
  Choice c;
  if (!std::isfinite(before)) {  // silence: nothing to scale
    c.states = at_gain(layout, 0.0, cache, threads);
    c.lufs = before;
    return c;
  }
  const GainFound found = search_gain(before, kTargetLufs, [&](double gain_db) {
    c.states = at_gain(layout, gain_db, cache, threads);
    return integrated(c.states);
  });
  c.gain_db = found.gain_db;
  c.lufs = found.lufs;
  return c;
}

std::string memo_key(const std::string& who) {
  return content_hash("gain\n" + who);
}

std::optional<double> read_memo(const UnitFiles& files, const SentenceCache& cache) {
  if (files.gain_memo.empty()) return std::nullopt;
  const auto bytes = cache.get(memo_key(files.gain_memo), "gain");
  double gain = 0;
  if (!bytes || bytes->size() != sizeof(gain)) return std::nullopt;
  std::memcpy(&gain, bytes->data(), sizeof(gain));
  if (!std::isfinite(gain) || std::abs(gain) > 100) return std::nullopt;
  return gain;
}

}  // namespace

UnitRender render_units(const UnitLayout& layout, const AudioTags& tags, const UnitFiles& files,
                        StageTimes* times) {
  const SentenceCache cache(files.cache_dir);
  UnitRender r;
  Choice choice;
  if (const auto kept = read_memo(files, cache)) {
    choice = {at_gain(layout, *kept, cache, files.threads), *kept, 0};
    choice.lufs = integrated(choice.states);
    r.gain_kept = std::abs(choice.lufs - kTargetLufs) <= kKeepGainLu;
  }
  if (!r.gain_kept) choice = find_gain(layout, cache, files.threads);
  r.gain_db = choice.gain_db;

  States& states = choice.states;
  if (times) times->lap("loudness");  // cells, gain, limiter and true peak of the units
  std::vector<const std::string*> mp3;
  float peak = 0;
  for (UnitState& s : states) {
    mp3.push_back(&s.mp3);
    peak = std::max(peak, s.peak);
  }
  std::atomic<std::size_t> encoded{0};
  parallel_for(states.size(), files.threads, [&](std::size_t i) {
    UnitState& s = states[i];
    if (!s.cached) s.mp3 = encode_mp3_unit(s.limited.data(), s.limited.size() - kUnitDecoderGap);
  });
  if (times) times->lap("MP3 units");
  parallel_for(states.size(), files.threads, [&](std::size_t i) {
    UnitState& s = states[i];
    if (s.cached) return;
    s.opus = encode_opus_unit(s.limited.data(), s.limited.size());
    std::vector<float>().swap(s.limited);
    cache.put(unit_key(layout.units[i], r.gain_db), "unit", serialize(s));
    ++encoded;
  });
  r.units_encoded = encoded;
  for (const ProgramUnit& u : layout.units) r.cache_keys.insert(unit_key(u, r.gain_db));
  if (!files.gain_memo.empty()) {
    cache.put(memo_key(files.gain_memo), "gain",
              std::string_view(reinterpret_cast<const char*>(&r.gain_db), sizeof(r.gain_db)));
    r.cache_keys.insert(memo_key(files.gain_memo));
  }
  std::vector<const std::string*> opus;
  for (const UnitState& s : states) opus.push_back(&s.opus);
  if (times) times->lap("Opus units");
  write_mp3_units(mp3, tags, files.mp3);
  write_opus_units(opus, layout.audible, tags, files.opus);
  if (times) times->lap("files");
  r.loudness = {choice.lufs, to_db(peak)};
  return r;
}

}  // namespace lectio::speech
