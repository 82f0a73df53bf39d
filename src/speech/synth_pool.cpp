#include "synth_pool.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "clip_cache.h"
#include "engines.h"
#include "lectio/speech/audio.h"
#include "lectio/speech/normalize.h"
#include "lectio/speech/synthesizer.h"

namespace lectio::speech {

namespace {

// Engines pad each utterance with silence of their own choosing (flite about 0.1-0.3 s);
// trimming it makes the pauses between lines exactly the ones the renderer asks for. A short
// margin keeps soft onsets and the decay of the last phoneme.
constexpr float kSilence = 0.002f;    // about -54 dBFS
constexpr double kKeepBefore = 0.03;  // seconds
constexpr double kKeepAfter = 0.08;

void trim_silence(Pcm& pcm) {
  auto& s = pcm.samples;
  const auto loud = [](float x) { return std::fabs(x) > kSilence; };
  const auto first = std::find_if(s.begin(), s.end(), loud);
  if (first == s.end()) {
    s.clear();
    return;
  }
  const auto last = std::find_if(s.rbegin(), s.rend(), loud).base();
  const auto before = static_cast<std::ptrdiff_t>(kKeepBefore * pcm.sample_rate);
  const auto after = static_cast<std::ptrdiff_t>(kKeepAfter * pcm.sample_rate);
  const auto begin = first - std::min(before, first - s.begin());
  const auto end = last + std::min(after, s.end() - last);
  s = std::vector<float>(begin, end);
}

// The shared state of one synthesize_plan call.
struct Pool {
  Pool(const RenderPlan& p, const RenderOptions& o)
      : plan(p),
        options(o),
        clip_cache(o.out_dir),
        clips(p.lines.size()),
        keys(p.lines.size()),
        sentence_keys(p.lines.size()),
        order(p.lines.size()) {
    synthesis.sentence_cache = sentence_cache_dir(o);
    // Longest lines first: the workers then finish together instead of one of them
    // synthesising a long last sentence while the other cores idle. Text length predicts
    // synthesis time well enough.
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return plan.lines[a].text.size() > plan.lines[b].text.size();
    });
  }

  const RenderPlan& plan;
  const RenderOptions& options;
  SynthesisOptions synthesis;
  ClipCache clip_cache;
  std::vector<Pcm> clips;
  std::vector<std::string> keys;
  std::vector<std::string> sentence_keys;  // per line; "" when its clip was cached
  std::vector<std::size_t> order;          // the order lines are handed out in
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards done, error
  std::condition_variable changed;
  std::size_t done = 0;
  std::exception_ptr error;

  // One worker: its own synthesiser per voice, made on first use.
  void work() {
    std::map<std::size_t, std::unique_ptr<Synthesizer>> engines;
    try {
      for (std::size_t n = next++; n < order.size() && !failed; n = next++) {
        const std::size_t i = order[n];
        const PlannedLine& line = plan.lines[i];
        const std::string spoken =
            options.normalize_text ? normalize_for_speech(line.text, line.language, options.lexicon)
                                   : line.text;
        const std::string key = ClipCache::key(plan.voices[line.voice], spoken);
        std::optional<Pcm> clip = clip_cache.get(key);
        if (!clip) {
          const voices::Host& voice = plan.voices[line.voice];
          if (voice.server) sentence_keys[i] = server_sentence_key(voice, spoken);
          auto& engine = engines[line.voice];
          if (!engine) engine = make_synthesizer(voice, synthesis);
          clip = engine->speak(spoken);
          trim_silence(*clip);
          clip_cache.put(key, *clip);
        }
        keys[i] = key;
        clips[i] = clip->samples.empty() ? Pcm{kRenderRate, {}} : resample(*clip, kRenderRate);
        const std::lock_guard lock(mutex);
        ++done;
        changed.notify_one();
      }
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      failed = true;
      changed.notify_one();
    }
  }
};

// Workers by default: one per core for the built-in engines, which compute; for speech-server
// voices, which wait, enough to keep each voice's allowed requests in flight.
std::size_t default_workers(const RenderPlan& plan) {
  std::size_t workers = std::max(1u, std::thread::hardware_concurrency());
  std::size_t requests = 0;
  for (const voices::Host& h : plan.voices) {
    if (h.server) requests += static_cast<std::size_t>(h.server->concurrency);
  }
  return std::max(workers, requests);
}

}  // namespace

std::filesystem::path sentence_cache_dir(const RenderOptions& options) {
  return options.sentence_cache.empty() ? options.out_dir / "sentences" : options.sentence_cache;
}

SynthesizedPlan synthesize_plan(const RenderPlan& plan, const RenderOptions& options) {
  Pool pool(plan, options);
  const std::size_t total = plan.lines.size();
  const std::size_t wanted =
      options.threads > 0 ? static_cast<std::size_t>(options.threads) : default_workers(plan);
  const std::size_t count = std::clamp<std::size_t>(wanted, 1, total);
  {
    std::vector<std::jthread> workers;
    workers.reserve(count);
    for (std::size_t t = 0; t < count; ++t) workers.emplace_back([&pool] { pool.work(); });
    // Report progress from this thread, so the callback needs no locking of its own.
    std::size_t reported = 0;
    std::unique_lock lock(pool.mutex);
    while (reported < total && !pool.error) {
      pool.changed.wait(lock, [&] { return pool.done > reported || pool.error; });
      if (pool.error) break;
      reported = pool.done;
      if (!options.on_progress) continue;
      lock.unlock();
      try {
        options.on_progress(static_cast<int>(reported), static_cast<int>(total));
      } catch (...) {
        pool.failed = true;  // stop the workers before the error leaves
        throw;
      }
      lock.lock();
    }
  }  // joins the workers
  if (pool.error) std::rethrow_exception(pool.error);
  std::set<std::string> sentence_keys(pool.sentence_keys.begin(), pool.sentence_keys.end());
  sentence_keys.erase("");
  return {std::move(pool.clips), std::move(pool.keys), std::move(sentence_keys)};
}

}  // namespace lectio::speech
