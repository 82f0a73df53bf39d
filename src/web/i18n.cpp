#include "i18n.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "assets.h"
#include "http.h"
#include "lectio/core/error.h"

namespace lectio::web {

Catalog::Catalog() {
  for (std::string_view lang : kLanguages) {
    const std::string name = "i18n/" + std::string(lang) + ".yaml";
    const Asset* asset = find_asset(name);
    if (asset == nullptr) throw Internal("web: the message catalog " + name + " is missing");
    YAML::Node root;
    try {
      root = YAML::Load(std::string(asset->bytes));
    } catch (const YAML::Exception& e) {
      throw Internal("web: " + name + ": " + e.what());
    }
    auto& texts = texts_[std::string(lang)];
    kainjow::mustache::data data;
    for (const auto& entry : root) {
      const auto key = entry.first.as<std::string>();
      const auto value = entry.second.as<std::string>();
      data.set(key, value);
      texts.emplace(key, value);
    }
    data_.emplace(std::string(lang), std::move(data));
  }
}

const std::string& Catalog::text(std::string_view lang, std::string_view key) const {
  const auto l = texts_.find(lang);
  if (l != texts_.end()) {
    const auto it = l->second.find(key);
    if (it != l->second.end()) return it->second;
  }
  // A missing key shows itself, which a test catches; stored so the reference stays valid.
  thread_local std::string missing;
  missing = std::string(key);
  return missing;
}

const kainjow::mustache::data& Catalog::messages(std::string_view lang) const {
  const auto it = data_.find(lang);
  return it != data_.end() ? it->second : data_.find("en")->second;
}

std::vector<std::string> Catalog::keys(std::string_view lang) const {
  std::vector<std::string> out;
  const auto l = texts_.find(lang);
  if (l == texts_.end()) return out;
  for (const auto& [key, value] : l->second) out.push_back(key);
  return out;
}

namespace {

std::string supported(std::string_view tag) {
  std::string lower;
  for (char c : tag) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "en" || lower.rfind("en-", 0) == 0) return "en";
  if (lower == "zh" || lower.rfind("zh-", 0) == 0) return "zh";
  return {};
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string language_from_accept(std::string_view header) {
  std::string best;
  double best_q = 0;
  while (!header.empty()) {
    const std::size_t comma = header.find(',');
    std::string_view item = trim(header.substr(0, comma));
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    double q = 1;
    if (const std::size_t semi = item.find(';'); semi != std::string_view::npos) {
      std::string_view params = trim(item.substr(semi + 1));
      item = trim(item.substr(0, semi));
      if (params.rfind("q=", 0) == 0) q = std::atof(std::string(params.substr(2)).c_str());
    }
    const std::string lang = supported(item);
    if (!lang.empty() && q > best_q) {
      best = lang;
      best_q = q;
    }
  }
  return best;
}

std::string pick_language(const httplib::Request& req) {
  if (req.has_param("lang")) {
    const std::string lang = supported(req.get_param_value("lang"));
    if (!lang.empty()) return lang;
  }
  if (const std::string lang = supported(cookie(req, "lang")); !lang.empty()) return lang;
  if (const std::string lang = language_from_accept(req.get_header_value("Accept-Language"));
      !lang.empty()) {
    return lang;
  }
  return "en";
}

std::string_view html_lang(std::string_view lang) {
  return lang == "zh" ? "zh-CN" : "en";
}

}  // namespace lectio::web
