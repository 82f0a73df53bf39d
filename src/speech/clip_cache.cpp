#include "clip_cache.h"

#include <cstdint>
#include <cstring>

#include "lectio/core/hash.h"
#include "render_plan.h"

namespace lectio::speech {

namespace {

// "LCL1", the sample rate (uint32, native byte order), then the samples as float32: the
// cache is the machine's own, never shared between architectures.
constexpr char kMagic[4] = {'L', 'C', 'L', '1'};
constexpr std::size_t kHeader = sizeof(kMagic) + sizeof(std::uint32_t);

}  // namespace

std::string ClipCache::key(const voices::Host& voice, const std::string& spoken) {
  return content_hash("clip\n" + std::to_string(kRendererVersion) + "\n" + voice_settings(voice) +
                      "\n" + spoken);
}

std::optional<Pcm> ClipCache::get(const std::string& key) const {
  const auto bytes = cache_.get(key, "clip");
  if (!bytes || bytes->size() < kHeader || (bytes->size() - kHeader) % sizeof(float) != 0 ||
      std::memcmp(bytes->data(), kMagic, sizeof(kMagic)) != 0) {
    return std::nullopt;
  }
  std::uint32_t rate = 0;
  std::memcpy(&rate, bytes->data() + sizeof(kMagic), sizeof(rate));
  if (rate == 0 || rate > 384000) return std::nullopt;
  Pcm clip{static_cast<int>(rate), std::vector<float>((bytes->size() - kHeader) / sizeof(float))};
  std::memcpy(clip.samples.data(), bytes->data() + kHeader, clip.samples.size() * sizeof(float));
  return clip;
}

void ClipCache::put(const std::string& key, const Pcm& clip) const {
  std::string bytes(kHeader + clip.samples.size() * sizeof(float), '\0');
  const auto rate = static_cast<std::uint32_t>(clip.sample_rate);
  std::memcpy(bytes.data(), kMagic, sizeof(kMagic));
  std::memcpy(bytes.data() + sizeof(kMagic), &rate, sizeof(rate));
  std::memcpy(bytes.data() + kHeader, clip.samples.data(), clip.samples.size() * sizeof(float));
  cache_.put(key, "clip", bytes);
}

}  // namespace lectio::speech
