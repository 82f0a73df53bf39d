#pragma once
// Parallel synthesis of a render plan. Private to the speech module.
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "lectio/speech/pcm.h"
#include "lectio/speech/render.h"
#include "render_plan.h"

namespace lectio::speech {

// Normalises (unless options.normalize_text is false) and synthesises every line of the plan
// on options.threads workers (0 = all cores, more when speech-server voices allow more requests
// in flight). Each worker owns one synthesiser per voice, so no
// engine object is shared between threads. Returns one clip per line, in line order whatever
// the finishing order, each trimmed of the engine's own leading and trailing silence and
// resampled to kRenderRate (soxr's one-shot resampling is deterministic, so a clip key names
// the samples). options.on_progress runs on the calling thread only. Rethrows the
// first worker error after every worker has stopped.
struct SynthesizedPlan {
  std::vector<Pcm> clips;
  std::vector<std::string> keys;  // each clip's ClipCache key: what its samples are made from
  // The speech-server answers the synthesisers read or stored (server_sentence_key), for the
  // clips that were not cached: the entries of sentence_cache_dir this render used.
  std::set<std::string> sentence_keys;
};
// Where speech-server voices keep their answers: options.sentence_cache, else
// <out_dir>/sentences.
std::filesystem::path sentence_cache_dir(const RenderOptions& options);

SynthesizedPlan synthesize_plan(const RenderPlan& plan, const RenderOptions& options);

}  // namespace lectio::speech
