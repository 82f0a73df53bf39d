#pragma once
// EBU R128 integrated loudness from cached parts (issue 32): a program's loudness is a gated
// mean of 400 ms blocks taken every 100 ms, so each stretch of a program whose length is a
// whole number of 10 ms cells can keep the K-weighted energy of its cells, and a program made
// of such stretches is measured from the lists alone. Exact when the K-weighting filter's
// state does not cross a join, i.e. where stretches meet in silence (the renderer's units do):
// the test holds it within 0.01 LU of libebur128's own measure. Private to the speech module.
#include <cstddef>
#include <vector>

namespace lectio::speech {

// 10 ms at the render rate.
inline constexpr std::size_t kCellSamples = 480;

// The K-weighted (BS.1770-4) sum of squares of each whole cell of `samples` (48 kHz), the
// filter starting from rest. A partial last cell is left out.
std::vector<double> loudness_cells(const float* samples, std::size_t n);

// Integrated loudness (LUFS) of the program whose cells are `cells`, the first cell at the
// program's start: 400 ms blocks every 100 ms, absolute gate -70 LUFS, relative gate -10 LU.
// -infinity for silence or under 400 ms. `gain_db` scales every cell first.
double integrated_from_cells(const std::vector<double>& cells, double gain_db = 0);

}  // namespace lectio::speech
