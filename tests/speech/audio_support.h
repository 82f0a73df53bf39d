#pragma once
// Test helpers for the audio tests: generated signals, a 16-bit WAV reader, a WebVTT reader,
// real speech from the `flite` command, and runners for ffmpeg / ffprobe (the independent
// measurements). Header-only so that tests/CMakeLists.txt (shared) needs no new support source.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <numbers>
#include <random>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include "lectio/speech/pcm.h"
#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::testing {

using speech::Pcm;

using ToolResult = RunResult;

// Runs a program found on PATH (no shell), capturing stdout and stderr.
inline ToolResult run_tool(const std::vector<std::string>& args) {
  return run_program(args);
}

// Reads a RIFF/WAVE file of 16-bit PCM (the first channel when there are several).
inline Pcm read_wav(const std::filesystem::path& path) {
  const std::string b = slurp(path);
  auto u32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, b.data() + at, 4);
    return v;
  };
  auto u16 = [&](std::size_t at) {
    std::uint16_t v = 0;
    std::memcpy(&v, b.data() + at, 2);
    return v;
  };
  if (b.size() < 12 || b.compare(0, 4, "RIFF") != 0 || b.compare(8, 4, "WAVE") != 0) {
    throw std::runtime_error(path.string() + ": not a WAV file");
  }
  Pcm pcm;
  int channels = 0;
  for (std::size_t at = 12; at + 8 <= b.size();) {
    const std::string id = b.substr(at, 4);
    const std::size_t size = std::min<std::size_t>(u32(at + 4), b.size() - at - 8);
    const std::size_t body = at + 8;
    if (id == "fmt ") {
      if (u16(body) != 1 || u16(body + 14) != 16) {
        throw std::runtime_error(path.string() + ": not 16-bit PCM");
      }
      channels = u16(body + 2);
      pcm.sample_rate = static_cast<int>(u32(body + 4));
    } else if (id == "data" && channels > 0) {
      const std::size_t frames = size / (2 * static_cast<std::size_t>(channels));
      for (std::size_t i = 0; i < frames; ++i) {
        const auto s = static_cast<std::int16_t>(u16(body + i * 2 * channels));
        pcm.samples.push_back(static_cast<float>(s) / 32768.0f);
      }
    }
    at = body + size + (size & 1);
  }
  if (pcm.sample_rate == 0 || pcm.samples.empty()) {
    throw std::runtime_error(path.string() + ": no audio");
  }
  return pcm;
}

// Real synthetic speech: runs `flite -voice <voice> -t <text> -o <wav>` and reads the result.
inline Pcm flite_speech(const std::filesystem::path& dir, const std::string& text,
                        const std::string& voice = "slt") {
  const auto wav = dir / ("flite-" + voice + ".wav");
  const ToolResult r = run_tool({"flite", "-voice", voice, "-t", text, "-o", wav.string()});
  if (r.exit_code != 0) throw std::runtime_error("flite failed: " + r.err);
  return read_wav(wav);
}

struct ToolLoudness {
  double integrated_lufs = 0;
  double true_peak_dbtp = 0;
};

// Independent measurement: ffmpeg's ebur128 filter (its own K-weighting and its own
// 192 kHz true-peak resampler) on the decoded file; parses the summary's "I:" and "Peak:".
inline ToolLoudness ffmpeg_loudness(const std::filesystem::path& file) {
  const ToolResult r = run_tool({"ffmpeg", "-hide_banner", "-nostats", "-i", file.string(), "-af",
                                 "ebur128=peak=true:framelog=verbose", "-f", "null", "-"});
  if (r.exit_code != 0) throw std::runtime_error("ffmpeg failed: " + r.err);
  const auto summary = r.err.rfind("Summary:");
  if (summary == std::string::npos) throw std::runtime_error("no ebur128 summary: " + r.err);
  const std::string tail = r.err.substr(summary);
  std::smatch i, peak;
  const std::regex i_re(R"(I:\s+(-?[0-9.]+|-inf) LUFS)");
  const std::regex peak_re(R"(Peak:\s+(-?[0-9.]+|-inf) dBFS)");
  if (!std::regex_search(tail, i, i_re) || !std::regex_search(tail, peak, peak_re)) {
    throw std::runtime_error("cannot parse ebur128 summary: " + tail);
  }
  return {std::stod(i[1].str()), std::stod(peak[1].str())};
}

// One cue of a WebVTT transcript; the payload is its first line.
struct VttCue {
  double start = 0;
  double end = 0;
  std::string payload;
};

// The cues of a WebVTT file written by the renderer (an empty list when it is not WebVTT).
inline std::vector<VttCue> read_vtt(const std::filesystem::path& path) {
  const std::string text = slurp(path);
  if (text.rfind("WEBVTT", 0) != 0) return {};
  const auto clock = [](const std::string& h, const std::string& m, const std::string& s) {
    return std::stod(h) * 3600 + std::stod(m) * 60 + std::stod(s);
  };
  const std::regex re(R"((\d+):(\d\d):(\d\d\.\d{3}) --> (\d+):(\d\d):(\d\d\.\d{3})\n([^\n]*))");
  std::vector<VttCue> cues;
  for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it) {
    const auto& m = *it;
    cues.push_back({clock(m[1], m[2], m[3]), clock(m[4], m[5], m[6]), m[7]});
  }
  return cues;
}

// Generated test signals at `rate`.
inline Pcm sine(double freq, double amplitude, double seconds, int rate = speech::kRenderRate) {
  Pcm pcm{rate, std::vector<float>(static_cast<std::size_t>(seconds * rate))};
  for (std::size_t i = 0; i < pcm.samples.size(); ++i) {
    pcm.samples[i] =
        static_cast<float>(amplitude * std::sin(2 * std::numbers::pi * freq * i / rate));
  }
  return pcm;
}

// Logarithmic sweep from f0 to f1.
inline Pcm sweep(double f0, double f1, double amplitude, double seconds,
                 int rate = speech::kRenderRate) {
  Pcm pcm{rate, std::vector<float>(static_cast<std::size_t>(seconds * rate))};
  const double k = std::log(f1 / f0);
  for (std::size_t i = 0; i < pcm.samples.size(); ++i) {
    const double t = static_cast<double>(i) / rate;
    const double phase = 2 * std::numbers::pi * f0 * seconds / k * (std::exp(t / seconds * k) - 1);
    pcm.samples[i] = static_cast<float>(amplitude * std::sin(phase));
  }
  return pcm;
}

// 150 ms bursts of white noise every 400 ms.
inline Pcm noise_bursts(double amplitude, double seconds, int rate = speech::kRenderRate) {
  Pcm pcm{rate, std::vector<float>(static_cast<std::size_t>(seconds * rate))};
  std::mt19937 gen(42);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (std::size_t i = 0; i < pcm.samples.size(); ++i) {
    const double t = std::fmod(static_cast<double>(i) / rate, 0.4);
    pcm.samples[i] = t < 0.15 ? static_cast<float>(amplitude) * dist(gen) : 0.0f;
  }
  return pcm;
}

// Speech-like: a 140 Hz buzz with harmonics, amplitude-modulated at a syllable rate (4 Hz),
// with word gaps and occasional sharp "plosive" clicks that peak far above the average.
inline Pcm speech_like(double seconds, int rate = speech::kRenderRate) {
  Pcm pcm{rate, std::vector<float>(static_cast<std::size_t>(seconds * rate))};
  for (std::size_t i = 0; i < pcm.samples.size(); ++i) {
    const double t = static_cast<double>(i) / rate;
    double v = 0;
    for (int h = 1; h <= 12; ++h) v += std::sin(2 * std::numbers::pi * 140 * h * t) / h;
    const double syllable = std::pow(std::max(0.0, std::sin(2 * std::numbers::pi * 4 * t)), 2);
    const double word = std::fmod(t, 1.3) < 1.0 ? 1.0 : 0.0;
    const double click = std::fmod(t, 0.9) < 0.004 ? 6.0 * std::exp(-std::fmod(t, 0.9) * 800) : 0;
    pcm.samples[i] = static_cast<float>(0.05 * v * syllable * word + click * 0.1);
  }
  return pcm;
}

// Loud and clipped-ish: a square-like wave (a tanh-driven sine) near full scale.
inline Pcm loud_clipped(double seconds, int rate = speech::kRenderRate) {
  Pcm pcm = sine(220, 1.0, seconds, rate);
  for (float& s : pcm.samples) s = static_cast<float>(0.99 * std::tanh(4.0 * s));
  return pcm;
}

}  // namespace lectio::testing
