#pragma once
// BM25 as Lucene (and so Anserini) computes it, as a Xapian weighting scheme:
//   score(t, d) = idf(t) * wdf / (wdf + k1 * (1 - b + b * len(d) / avg_len))
//   idf(t)      = ln(1 + (N - n(t) + 0.5) / (n(t) + 0.5))
// Xapian's own BM25Weight uses another idf (one that can go negative and is then squashed),
// which ranks common terms differently; this one matches the published baselines.
#include <xapian.h>

#include <string>

namespace lectio::search {

class Bm25Weight final : public Xapian::Weight {
 public:
  Bm25Weight(double k1, double b);

  Bm25Weight* clone() const override;
  std::string name() const override;
  std::string serialise() const override;
  Bm25Weight* unserialise(const std::string& serialised) const override;
  void init(double factor) override;
  double get_sumpart(Xapian::termcount wdf, Xapian::termcount doclen,
                     Xapian::termcount uniqterms) const override;
  double get_maxpart() const override;
  double get_sumextra(Xapian::termcount doclen, Xapian::termcount uniqterms) const override;
  double get_maxextra() const override;

 private:
  double k1_;
  double b_;
  double idf_ = 0;      // idf times the query factor (and the term's repeats in the query)
  double average_ = 1;  // average document length
};

}  // namespace lectio::search
