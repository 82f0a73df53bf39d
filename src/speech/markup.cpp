// What a narrator never reads: citation markers, markdown, HTML, emoji, decorative symbols.
// And links, which are spoken as their domain or as "a link".
#include <unicode/uchar.h>

#include <algorithm>
#include <cctype>

#include "lectio/text/unicode.h"
#include "normalize_steps.h"
#include "regex_rewrite.h"

namespace lectio::speech::detail {

namespace {

// One citation inside brackets: a chunk id ("file_gpu001:c0003", "file_x@v2:c0003"), a number
// or number range ("1", "2-4"), or a footnote ("^1", "^note").
#define LECTIO_CITE R"((?:[A-Za-z0-9_.\-]+(?:@v\d+)?:c\d+|\^?\d+(?:\s*[-–]\s*\d+)?|\^[\w\-]+))"

const Pattern kCodeFence{R"((?m)^[ \t]*(?:```|~~~)[^\n]*$)"};
const Pattern kHtmlTag{R"(</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>|<!--.*?-->)"};
const Pattern kImage{R"(!\[([^\]]*)\]\([^)]*\))"};
const Pattern kLink{R"(\[([^\]]+)\]\(\s*[^)\s]*(?:\s+"[^"]*")?\s*\))"};
const Pattern kRefLink{R"(\[([^\]]+)\]\[[^\]]*\])"};
const Pattern kCitation{R"([ \t]*[\[【〔](?:)" LECTIO_CITE R"()(?:\s*[,;]\s*)" LECTIO_CITE
                        R"()*[\]】〕])"};
const Pattern kParenCitation{R"([ \t]*[(（](?:[A-Za-z0-9_.\-]+(?:@v\d+)?:c\d+)(?:\s*[,;]\s*)"
                             R"([A-Za-z0-9_.\-]+(?:@v\d+)?:c\d+)*[)）])"};
const Pattern kBareChunkId{R"((?<![\w])[A-Za-z0-9_.\-]+(?:@v\d+)?:c\d{4}(?![\w]))"};
const Pattern kFootnoteLine{R"((?m)^\[\^[^\]]+\]:.*$)"};
const Pattern kHeading{R"((?m)^[ \t]{0,3}#{1,6}[ \t]+|[ \t]+#+[ \t]*$)"};
const Pattern kBlockPrefix{
    R"((?m)^[ \t]*(?:>[ \t]?)+|^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)"};
const Pattern kRule{R"((?m)^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$)"};
const Pattern kTableRule{
    R"((?m)^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*(?::?-{3,}:?)?[ \t]*$)"};
const Pattern kBold{R"((\*\*|__)(?=\S)(.+?)(?<=\S)\1)"};
const Pattern kItalic{
    R"((?<![\p{L}\p{N}*_])([*_])(?=[^\s*_])([^*_]+?)(?<=[^\s*_])\1(?![\p{L}\p{N}*_]))"};
const Pattern kStrike{R"(~~(.+?)~~)"};
const Pattern kCode{R"((`+)\s*(.+?)\s*\1)"};
const Pattern kEntity{R"(&(amp|lt|gt|quot|apos|nbsp|#39);)"};

// Emoji and pictographs, their modifiers and joiners, and decorative symbols (box drawing,
// dingbats) have no spoken form. Degree signs are kept for the unit rules.
bool unspoken(UChar32 c) {
  if (c == 0x00B0 || c == 0x2103 || c == 0x2109) return false;
  if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC) ||
      u_hasBinaryProperty(c, UCHAR_EMOJI_MODIFIER) ||
      u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR) ||
      u_hasBinaryProperty(c, UCHAR_VARIATION_SELECTOR)) {
    return true;
  }
  if (c == 0x200D || c == 0x20E3 || (c >= 0xE0020 && c <= 0xE007F)) return true;
  const auto type = static_cast<UCharCategory>(u_charType(c));
  // Private-use characters are dropped too: the normaliser uses them as placeholders.
  return type == U_OTHER_SYMBOL || type == U_PRIVATE_USE_CHAR;
}

std::string drop_unspoken(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t start = i;
    const text::CodePoint c = text::next_code_point(text, i);
    if (c < 0 || unspoken(c)) continue;
    if (c < 0x20 && c != '\n') {
      out += ' ';
      continue;
    }
    out.append(text.substr(start, i - start));
  }
  return out;
}

const char* dot_word(Lang lang) {
  return lang == Lang::kZh ? " 点 " : " dot ";
}
const char* a_link(Lang lang) {
  return lang == Lang::kZh ? "一个链接" : "a link";
}

// "docs.example.com" -> "docs dot example dot com"; empty when too long or odd to say.
std::string speak_host(std::string host, Lang lang) {
  std::transform(host.begin(), host.end(), host.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (host.starts_with("www.")) host.erase(0, 4);
  constexpr std::size_t kMaxHost = 30;
  constexpr std::size_t kMaxLabel = 20;
  if (host.size() > kMaxHost) return {};
  std::string out;
  std::size_t labels = 0;
  std::size_t start = 0;
  while (start <= host.size()) {
    const auto dot = std::min(host.find('.', start), host.size());
    const std::string label = host.substr(start, dot - start);
    const bool all_digits =
        std::all_of(label.begin(), label.end(), [](unsigned char c) { return std::isdigit(c); });
    const bool plain = std::all_of(label.begin(), label.end(),
                                   [](unsigned char c) { return std::isalnum(c) || c == '-'; });
    if (label.empty() || label.size() > kMaxLabel || all_digits || !plain) return {};
    if (!out.empty()) out += dot_word(lang);
    out += label;
    ++labels;
    start = dot + 1;
  }
  return labels >= 2 && labels <= 3 ? out : std::string{};
}

std::string speak_url(std::string_view url, Lang lang) {
  auto start = url.find("://");
  start = start == std::string_view::npos ? 0 : start + 3;
  auto host = url.substr(start, url.find_first_of("/?#", start) - start);
  if (const auto at = host.rfind('@'); at != std::string_view::npos) host.remove_prefix(at + 1);
  host = host.substr(0, host.find(':'));
  const std::string spoken = speak_host(std::string(host), lang);
  return spoken.empty() ? a_link(lang) : spoken;
}

const Pattern kUrl{R"((?:(?:https?|ftp)://|www\.)[^\s<>()\[\]{}"'\p{Han}，。、；：！？（）]+)",
                   true};
const Pattern kEmail{R"((?<![A-Za-z0-9._%+\-])([A-Za-z0-9._%+\-]+)@((?:[A-Za-z0-9\-]+\.)+)"
                     R"([A-Za-z]{2,})(?![A-Za-z0-9\-]))"};
const Pattern kBareDomain{
    R"((?<![A-Za-z0-9@._\-/])(?:[A-Za-z0-9\-]+\.)+(?:com|org|net|io|ai|dev|gov|edu|co|uk|)"
    R"(de|fr|cn|jp|info|app|me|us|eu|ca|au|tv|ly|gg)(?:/[^\s<>()\[\]{}"'，。]*)?)"
    R"((?![A-Za-z0-9\-]))"};

}  // namespace

std::string strip_markup(std::string_view input) {
  std::string s = drop_unspoken(input);
  s = kCodeFence.replace(s, "");
  s = kFootnoteLine.replace(s, "");
  s = kHtmlTag.replace(s, " ");
  s = kEntity.rewrite(s, [](const Match& m) -> std::optional<std::string> {
    const std::string_view name = m.str(1);
    if (name == "amp") return "&";
    if (name == "lt") return "<";
    if (name == "gt") return ">";
    if (name == "nbsp") return " ";
    return "'";
  });
  const auto keep = [](int group) {
    return [group](const Match& m) { return std::optional<std::string>(m.str(group)); };
  };
  s = kImage.rewrite(s, keep(1));
  s = kLink.rewrite(s, keep(1));
  s = kRefLink.rewrite(s, keep(1));
  s = kCitation.replace(s, "");
  s = kParenCitation.replace(s, "");
  s = kBareChunkId.replace(s, "");
  s = kTableRule.replace(s, "");
  s = kRule.replace(s, "");
  s = kHeading.replace(s, "");
  s = kBlockPrefix.replace(s, "");
  s = kCode.rewrite(s, keep(2));
  s = kBold.rewrite(s, keep(2));
  s = kItalic.rewrite(s, keep(2));
  return kStrike.rewrite(s, keep(1));
}

std::string speak_links(std::string_view input, Lang lang) {
  std::string s = kUrl.rewrite(input, [lang](const Match& m) -> std::optional<std::string> {
    std::string_view url = m.str();
    std::string trailing;
    while (!url.empty() && std::string_view(".,;:!?").find(url.back()) != std::string_view::npos) {
      trailing.insert(trailing.begin(), url.back());
      url.remove_suffix(1);
    }
    return speak_url(url, lang) + trailing;
  });
  s = kEmail.rewrite(s, [lang](const Match& m) -> std::optional<std::string> {
    std::string local(m.str(1));
    for (char& c : local) {
      if (c == '.' || c == '_' || c == '-' || c == '+') c = ' ';
    }
    const std::string host(m.str(0).substr(m.str(1).size() + 1));
    const std::string spoken = speak_host(host, lang);
    if (spoken.empty()) return lang == Lang::kZh ? "一个邮箱地址" : "an email address";
    return local + " at " + spoken;
  });
  return kBareDomain.rewrite(s, [lang](const Match& m) { return speak_url(m.str(), lang); });
}

namespace {

// Command-line options, file paths and section numbers, as a person reads them out.
const Pattern kLongOption{R"((?<![\p{L}\p{N}\-/])--([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*))"};
const Pattern kShortOption{R"((?<![\p{L}\p{N}\-/])-([A-Za-z]{1,3})(?![\p{L}\p{N}\-]))"};
const Pattern kPath{R"((?<![\p{L}\p{N}/.])(~/|\.{1,2}/|/)((?:[\w.+\-]+/)*[\w+\-]+(?:\.[\w]+)*)/?)"};
const Pattern kSectionNumber{R"((?<![\p{L}\p{N}.])(\d+(?:\.\d+){1,4})\.?(?=\s|$|[,;:)]))"};

std::string join_parts(std::string_view text, char sep, std::string_view word) {
  std::string out;
  std::size_t start = 0;
  for (;;) {
    const auto at = text.find(sep, start);
    out += text.substr(start, at - start);
    if (at == std::string_view::npos) return out;
    out += word;
    start = at + 1;
  }
}

// True when `before` ends in "Section ", "chapter ", "§" and the like.
bool after_section_word(std::string_view before) {
  while (!before.empty() && before.back() == ' ') before.remove_suffix(1);
  std::string tail(before.substr(before.size() > 10 ? before.size() - 10 : 0));
  std::transform(tail.begin(), tail.end(), tail.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (std::string_view w : {"section", "chapter", "appendix", "\xc2\xa7", "节", "章"}) {
    if (tail.ends_with(w)) return true;
  }
  return false;
}

}  // namespace

std::string speak_code(std::string_view input, Lang lang) {
  const bool zh = lang == Lang::kZh;
  std::string s = kLongOption.rewrite(input, [zh](const Match& m) {
    return std::optional<std::string>((zh ? "杠杠 " : "dash dash ") + std::string(m.str(1)));
  });
  s = kShortOption.rewrite(s, [zh](const Match& m) {
    return std::optional<std::string>((zh ? "杠 " : "dash ") + std::string(m.str(1)));
  });
  s = kPath.rewrite(s, [zh](const Match& m) -> std::optional<std::string> {
    const std::string_view lead = m.str(1);
    const std::string_view rest = m.str(2);
    // "/" alone or a single "a/b" word pair is left to the word rules.
    if (lead == "/" && rest.find('/') == std::string_view::npos) return std::nullopt;
    const char* slash = zh ? " 斜杠 " : " slash ";
    std::string out = lead == "~/"    ? (zh ? "主目录 斜杠 " : "home slash ")
                      : lead == "./"  ? (zh ? "当前目录 斜杠 " : "dot slash ")
                      : lead == "../" ? (zh ? "上级目录 斜杠 " : "dot dot slash ")
                                      : std::string(zh ? "斜杠 " : "slash ");
    return out + join_parts(rest, '/', slash);
  });
  // "Section 9.3.9" is "section nine point three point nine"; a lone "2.5" stays a decimal.
  return kSectionNumber.rewrite(s, [zh](const Match& m) -> std::optional<std::string> {
    const std::string_view number = m.str(1);
    // Sections are numbered in small parts; "192.168.0.1" is an address, read by the numbers.
    for (std::size_t at = 0, next = 0; at < number.size(); at = next + 1) {
      next = std::min(number.find('.', at), number.size());
      if (next - at > 2) return std::nullopt;
    }
    const bool multi = std::count(number.begin(), number.end(), '.') >= 2;
    if (!multi && !after_section_word(m.before())) return std::nullopt;
    return join_parts(number, '.', zh ? " 点 " : " point ");
  });
}

}  // namespace lectio::speech::detail
