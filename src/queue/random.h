#pragma once
// The jitter source of retry delays, shared by the backends.
namespace lectio::queue {
// A uniform number in [0, 1), from a per-thread engine.
double unit_random();
}  // namespace lectio::queue
