#include "bm25.h"

#include <cmath>
#include <cstring>

namespace lectio::search {

Bm25Weight::Bm25Weight(double k1, double b) : k1_(k1), b_(b) {
  need_stat(COLLECTION_SIZE);
  need_stat(TERMFREQ);
  need_stat(WDF);
  need_stat(WDF_MAX);
  need_stat(WQF);
  need_stat(DOC_LENGTH);
  need_stat(DOC_LENGTH_MIN);
  need_stat(AVERAGE_LENGTH);
}

Bm25Weight* Bm25Weight::clone() const {
  return new Bm25Weight(k1_, b_);
}

std::string Bm25Weight::name() const {
  return "lectio.bm25";
}

std::string Bm25Weight::serialise() const {
  std::string out(2 * sizeof(double), '\0');
  std::memcpy(out.data(), &k1_, sizeof(double));
  std::memcpy(out.data() + sizeof(double), &b_, sizeof(double));
  return out;
}

Bm25Weight* Bm25Weight::unserialise(const std::string& serialised) const {
  if (serialised.size() != 2 * sizeof(double)) {
    throw Xapian::SerialisationError("bad serialised lectio.bm25 weight");
  }
  double k1 = 0;
  double b = 0;
  std::memcpy(&k1, serialised.data(), sizeof(double));
  std::memcpy(&b, serialised.data() + sizeof(double), sizeof(double));
  return new Bm25Weight(k1, b);
}

void Bm25Weight::init(double factor) {
  // factor is 0 for the term-independent part, which BM25 does not have.
  if (factor == 0) {
    idf_ = 0;
    return;
  }
  const double n = get_collection_size();
  const double df = get_termfreq();
  // A term repeated in the query counts once per repeat, as in a Lucene BooleanQuery.
  idf_ = factor * get_wqf() * std::log(1.0 + (n - df + 0.5) / (df + 0.5));
  average_ = get_average_length() > 0 ? get_average_length() : 1.0;
}

double Bm25Weight::get_sumpart(Xapian::termcount wdf, Xapian::termcount doclen,
                               Xapian::termcount) const {
  if (wdf == 0) return 0;
  const double norm = k1_ * (1.0 - b_ + b_ * doclen / average_);
  return idf_ * wdf / (wdf + norm);
}

double Bm25Weight::get_maxpart() const {
  // wdf / (wdf + norm) grows with wdf and shrinks with the length, so the largest wdf with the
  // shortest length bounds it.
  const double wdf = get_wdf_upper_bound();
  if (wdf == 0) return 0;
  const double norm = k1_ * (1.0 - b_ + b_ * get_doclength_lower_bound() / average_);
  return idf_ * wdf / (wdf + norm);
}

double Bm25Weight::get_sumextra(Xapian::termcount, Xapian::termcount) const {
  return 0;
}

double Bm25Weight::get_maxextra() const {
  return 0;
}

}  // namespace lectio::search
