#include "lectio/extract/sections.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

#include "lectio/text/terms.h"

namespace lectio::extract {

namespace {

// Weights of a section's score. Its own heading naming the focus is the strongest sign; the
// text under it is the second (a heading such as "Syntax" names nothing the insight says).
constexpr double kOwnHeadingWeight = 0.45;
constexpr double kPathHeadingWeight = 0.2;
constexpr double kOwnTextWeight = 0.3;
constexpr double kSubtreeTextWeight = 0.15;
constexpr double kRetrievalWeight = 0.1;
// Sentences counted in every section's density before its own (a smoothing prior).
constexpr double kDensityPrior = 2.0;

std::string number_key(const std::vector<int>& number) {
  std::string key;
  for (int n : number) key += std::to_string(n) + ".";
  return key;
}

// Builds the tree in document order; one pass over the chunks.
class Builder {
 public:
  Builder(std::vector<Section>& sections, const std::string& language)
      : sections_(sections), language_(language) {}

  // The section a chunk with this (shared-prefix-free) heading path belongs to.
  int place(const std::string& source, const std::vector<std::string>& path) {
    if (path.empty()) return root(source);
    const std::vector<int> number = heading_number(path.back());
    if (number.empty() && numbered_.count(source) && previous_ >= 0 && previous_source_ == source &&
        same_parent_path(path)) {
      return previous_;  // a layout line between numbered headings: the section goes on
    }
    const std::string key = source + '\x1f' + join(path);
    if (auto it = by_path_.find(key); it != by_path_.end()) return it->second;
    int parent = -1;
    if (!number.empty()) {
      numbered_.insert(source);
      for (std::size_t n = number.size() - 1; n > 0 && parent < 0; --n) {
        const auto it = by_number_.find(source + '\x1f' +
                                        number_key({number.begin(), number.begin() + long(n)}));
        if (it != by_number_.end()) parent = it->second;
      }
    }
    if (parent < 0) parent = place(source, {path.begin(), path.end() - 1});
    const int id = add(parent, path.back());
    by_path_[key] = id;
    if (!number.empty()) by_number_.emplace(source + '\x1f' + number_key(number), id);
    return id;
  }

  void placed(const std::string& source, const std::vector<std::string>& path, int section) {
    previous_ = section;
    previous_source_ = source;
    previous_parent_path_ = path.empty() ? std::string() : join({path.begin(), path.end() - 1});
  }

 private:
  static std::string join(const std::vector<std::string>& path) {
    std::string out;
    for (const auto& h : path) out += h + '\x1e';
    return out;
  }

  bool same_parent_path(const std::vector<std::string>& path) const {
    return join({path.begin(), path.end() - 1}) == previous_parent_path_;
  }

  int root(const std::string& source) {
    const auto it = roots_.find(source);
    if (it != roots_.end()) return it->second;
    const int id = add(-1, "");
    roots_[source] = id;
    return id;
  }

  int add(int parent, const std::string& heading) {
    Section s;
    s.parent = parent;
    s.heading = heading;
    s.heading_terms = text::terms(heading, language_);
    if (parent >= 0) {
      const Section& p = sections_[static_cast<std::size_t>(parent)];
      s.depth = p.depth + 1;
      s.path_terms = p.path_terms;
      s.path_terms.insert(s.path_terms.end(), p.heading_terms.begin(), p.heading_terms.end());
    }
    sections_.push_back(std::move(s));
    const int id = static_cast<int>(sections_.size()) - 1;
    if (parent >= 0) sections_[static_cast<std::size_t>(parent)].children.push_back(id);
    return id;
  }

  std::vector<Section>& sections_;
  const std::string& language_;
  std::map<std::string, int> by_path_;
  std::map<std::string, int> by_number_;
  std::map<std::string, int> roots_;
  std::set<std::string> numbered_;  // sources with numbered headings
  int previous_ = -1;
  std::string previous_source_;
  std::string previous_parent_path_;
};

}  // namespace

std::vector<int> heading_number(const std::string& heading) {
  std::vector<int> parts;
  std::size_t i = 0;
  while (i < heading.size() && std::isdigit(static_cast<unsigned char>(heading[i]))) {
    int n = 0;
    for (int digits = 0; i < heading.size() && std::isdigit(static_cast<unsigned char>(heading[i]));
         ++i, ++digits) {
      if (digits == 3) return {};  // a year or a count, not a section number
      n = n * 10 + (heading[i] - '0');
    }
    parts.push_back(n);
    if (i < heading.size() && heading[i] == '.') ++i;
  }
  // The number ends the heading, or a space follows it, or a capitalised word ("3.5.1Brace
  // Expansion", as a PDF may join them); "3D graphics" has none.
  const bool joined_word = i + 1 < heading.size() &&
                           std::isupper(static_cast<unsigned char>(heading[i])) &&
                           std::islower(static_cast<unsigned char>(heading[i + 1]));
  if (parts.empty() || (i < heading.size() && heading[i] != ' ' && !joined_word)) return {};
  while (parts.size() > 1 && parts.back() == 0) parts.pop_back();  // "4.0" is chapter 4
  return parts;
}

SectionTree::SectionTree(const lesson::Material& material, const std::vector<Candidate>& candidates,
                         const std::string& language) {
  const auto shared = shared_heading_depth(material.chunks);
  Builder builder(sections_, language);
  std::vector<int> of_chunk(material.chunks.size(), -1);
  for (std::size_t c = 0; c < material.chunks.size(); ++c) {
    const Chunk& chunk = material.chunks[c];
    const std::size_t skip = std::min(shared.at(chunk.source_id), chunk.heading_path.size());
    const std::vector<std::string> path(chunk.heading_path.begin() + long(skip),
                                        chunk.heading_path.end());
    of_chunk[c] = builder.place(chunk.source_id, path);
    builder.placed(chunk.source_id, path, of_chunk[c]);
  }
  chunks_of_.assign(sections_.size(), {});
  for (std::size_t c = 0; c < of_chunk.size(); ++c) {
    chunks_of_[static_cast<std::size_t>(of_chunk[c])].push_back(static_cast<int>(c));
  }
  of_candidate_.reserve(candidates.size());
  rank_.reserve(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const int s = of_chunk[static_cast<std::size_t>(candidates[i].chunk)];
    of_candidate_.push_back(s);
    Section& sec = sections_[static_cast<std::size_t>(s)];
    rank_.push_back(static_cast<int>(sec.candidates.size()));
    sec.candidates.push_back(static_cast<int>(i));
  }
}

bool SectionTree::contains(int outer, int inner) const {
  for (int at = inner; at >= 0; at = sections_[static_cast<std::size_t>(at)].parent) {
    if (at == outer) return true;
  }
  return false;
}

std::vector<int> SectionTree::subtree_candidates(int section) const {
  std::vector<int> out;
  for (std::size_t c = 0; c < of_candidate_.size(); ++c) {
    if (contains(section, of_candidate_[c])) out.push_back(static_cast<int>(c));
  }
  return out;
}

std::vector<double> SectionTree::scores(const Focus& focus, const std::vector<double>& relevance,
                                        const Scorer& scorer) const {
  const std::set<std::string> wanted(focus.terms.begin(), focus.terms.end());
  double total = 0;
  for (const auto& t : wanted) total += focus.weight_of(t) * scorer.idf(t);
  // How densely each section's own sentences, and its whole subtree's, serve the focus.
  std::vector<double> own_sum(sections_.size(), 0.0);
  std::vector<double> sub_sum(sections_.size(), 0.0);
  std::vector<double> sub_count(sections_.size(), 0.0);
  for (std::size_t c = 0; c < of_candidate_.size(); ++c) {
    const auto s = static_cast<std::size_t>(of_candidate_[c]);
    own_sum[s] += relevance[c];
    for (int at = int(s); at >= 0; at = sections_[static_cast<std::size_t>(at)].parent) {
      sub_sum[static_cast<std::size_t>(at)] += relevance[c];
      sub_count[static_cast<std::size_t>(at)] += 1;
    }
  }
  std::vector<double> out(sections_.size(), 0.0);
  if (total <= 0) return out;
  for (std::size_t s = 0; s < sections_.size(); ++s) {
    const Section& sec = sections_[s];
    const std::set<std::string> own_h(sec.heading_terms.begin(), sec.heading_terms.end());
    const std::set<std::string> path_h(sec.path_terms.begin(), sec.path_terms.end());
    double own_hit = 0;
    double path_hit = 0;
    for (const auto& t : wanted) {
      const double w = focus.weight_of(t) * scorer.idf(t);
      if (focus.found_in(own_h, t)) {
        own_hit += w;
      } else if (focus.found_in(path_h, t)) {
        path_hit += w;
      }
    }
    double retrieval = 0;
    for (int c : chunks_of_[s]) {
      const auto it = focus.chunk_prior.find(c);
      if (it != focus.chunk_prior.end()) retrieval = std::max(retrieval, it->second);
    }
    // A section with no text of its own teaches nothing itself; its children may. The prior
    // count keeps a one-sentence section that brushes the focus from outranking a section
    // about it.
    const double text_own = own_sum[s] / (double(sec.candidates.size()) + kDensityPrior);
    const double text_sub = sub_sum[s] / (sub_count[s] + kDensityPrior);
    out[s] = kOwnHeadingWeight * own_hit / total + kPathHeadingWeight * path_hit / total +
             kOwnTextWeight * text_own + kSubtreeTextWeight * text_sub +
             kRetrievalWeight * retrieval;
  }
  return out;
}

}  // namespace lectio::extract
