#pragma once
// The C library's rand(), one sequence per thread (thread_rand.cpp). Private to the speech
// module.
#include <cstdint>

namespace lectio::speech {

// Restarts this thread's rand() sequence at `seed`. The flite synthesiser calls it before each
// utterance, so that the noise flite's clustergen voices draw from rand() depends on the
// utterance alone, not on what this or another thread synthesised before.
void restart_thread_rand(std::uint64_t seed);

// The next number of this thread's sequence, in [0, RAND_MAX]: what rand() returns.
int draw_thread_rand();

}  // namespace lectio::speech
