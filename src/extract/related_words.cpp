#include "lectio/extract/related_words.h"

#include <array>
#include <set>
#include <string_view>

#include "lectio/text/terms.h"

namespace lectio::extract {

namespace {

// Groups of words a reader takes as naming the same task or judgment: the key word (the one an
// insight would use) is related to each word after it. A group holds only words whose senses
// overlap in general usage; a domain's terms of art do not belong here.
struct Group {
  std::string_view key;
  std::string_view related;
};

constexpr std::array<Group, 9> kGroups = {{
    {"undo", "revert reset fix mistake cancel reverse"},
    {"disadvantage", "drawback downside limitation weakness poor worse slower"},
    {"poor", "disadvantage drawback downside limitation weakness worse"},
    {"around", "surrounding context nearby adjacent"},
    {"kind", "subclass subtype sort"},
    {"create", "initialize new start import"},
    {"find", "locate search identify detect"},
    {"show", "display print list"},
    {"fail", "failure error crash fault"},
}};

// The groups stemmed once: key term -> its related terms (sorted, without the key itself).
const std::map<std::string, std::vector<std::string>>& english_table() {
  static const auto table = [] {
    std::map<std::string, std::set<std::string>> merged;
    for (const Group& g : kGroups) {
      const auto key = text::terms(std::string(g.key), "en");
      if (key.empty()) continue;
      for (auto& t : text::terms(std::string(g.related), "en")) {
        if (t != key[0]) merged[key[0]].insert(std::move(t));
      }
    }
    std::map<std::string, std::vector<std::string>> out;
    for (auto& [key, related] : merged) out[key] = {related.begin(), related.end()};
    return out;
  }();
  return table;
}

}  // namespace

std::vector<std::string> related_terms(const std::string& term, const std::string& language) {
  if (language != "en") return {};
  const auto& table = english_table();
  const auto it = table.find(term);
  return it == table.end() ? std::vector<std::string>{} : it->second;
}

std::map<std::string, std::vector<std::string>> related_map(const std::vector<std::string>& terms,
                                                            const std::string& language) {
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& t : terms) {
    auto related = related_terms(t, language);
    if (!related.empty()) out[t] = std::move(related);
  }
  return out;
}

}  // namespace lectio::extract
