#pragma once
// Every string the web app shows comes from a message catalog (assets/i18n/<lang>.yaml):
// English and Simplified Chinese. The language of a request is ?lang=, else the lang cookie
// the language switch sets, else the best of Accept-Language, else English.
#include <httplib.h>

#include <kainjow/mustache.hpp>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::web {

inline constexpr std::string_view kLanguages[] = {"en", "zh"};

class Catalog {
 public:
  // Loads the built-in catalogs. Throws Internal when one is missing or malformed.
  Catalog();

  // The message for key; the key itself when the catalog lacks it (tests keep them complete).
  const std::string& text(std::string_view lang, std::string_view key) const;
  // The whole catalog of a language as mustache data, for templates ({{t.key}}).
  const kainjow::mustache::data& messages(std::string_view lang) const;
  std::vector<std::string> keys(std::string_view lang) const;

 private:
  std::map<std::string, std::map<std::string, std::string, std::less<>>, std::less<>> texts_;
  std::map<std::string, kainjow::mustache::data, std::less<>> data_;
};

// "en" or "zh" for this request.
std::string pick_language(const httplib::Request& req);

// Accept-Language parsing on its own (for tests): the supported language with the highest q.
std::string language_from_accept(std::string_view header);

// "en" → "en", "zh" → "zh-CN": for <html lang> and feeds.
std::string_view html_lang(std::string_view lang);

}  // namespace lectio::web
