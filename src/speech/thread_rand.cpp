// flite's clustergen voices (slt, rms, awb) mix noise into their excitation with the C
// library's rand(): one sequence for the whole process, shared by every synthesis thread. The
// noise a sentence got therefore depended on how many numbers other sentences had drawn
// before it, in this thread and the others, and the same sentence came out a little different
// from run to run (issue 32: the example lesson's first cue ended anywhere from 1.632 to
// 1.643 s, because the silence trimmed at each end follows the noise). This definition of
// rand() and srand() replaces the C library's for the whole process (the executable's symbol
// is the one libflite's reference binds to) with one sequence per thread, which the
// synthesiser restarts before each utterance: a sentence is then synthesised bit for bit the
// same whatever ran before it or beside it. The values keep rand()'s contract: uniform in
// [0, RAND_MAX].
#include "thread_rand.h"

#include <cstdlib>

namespace lectio::speech {

namespace {

thread_local std::uint64_t state = 0x853c49e6748fea9bULL;

// splitmix64: a full-period 64-bit generator whose outputs pass BigCrush.
std::uint64_t next() {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

int draw_thread_rand() {
  return static_cast<int>(next() >> 33);
}

void restart_thread_rand(std::uint64_t seed) {
  state = seed;
}

}  // namespace lectio::speech

static_assert(RAND_MAX == 0x7fffffff, "rand() below returns 31 bits");

extern "C" int rand() noexcept {
  return lectio::speech::draw_thread_rand();
}

extern "C" void srand(unsigned seed) noexcept {
  lectio::speech::restart_thread_rand(seed);
}
