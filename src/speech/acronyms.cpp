// Acronyms and the built-in pronunciations. Spelled acronyms are written as separated letters
// ("G P U"), which flite and espeak-ng both read as letter names; acronyms people say as words
// are written in lower case so that flite does not spell them.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>

#include "normalize_steps.h"
#include "regex_rewrite.h"

namespace lectio::speech::detail {

namespace {

// Said as words, not letters. Kept deliberately to ones a narrator would say as a word.
const std::map<std::string, std::string, std::less<>> kSaidAsWords = {
    {"AIDS", "aids"},       {"ANSI", "ansi"},       {"ASCII", "askee"},   {"BASIC", "basic"},
    {"BERT", "Bert"},       {"CAPTCHA", "captcha"}, {"CERN", "Cern"},     {"CISC", "sisk"},
    {"CMOS", "see moss"},   {"COBOL", "Cobol"},     {"COVID", "Covid"},   {"CUDA", "Cuda"},
    {"DARPA", "Darpa"},     {"DRAM", "dee ram"},    {"FEMA", "Fema"},     {"FIFA", "Fifa"},
    {"FLOPS", "flops"},     {"FORTRAN", "Fortran"}, {"GIF", "gif"},       {"GUI", "gooey"},
    {"IEEE", "I triple E"}, {"IKEA", "Ikea"},       {"ISO", "eye so"},    {"JAX", "jax"},
    {"JPEG", "jay peg"},    {"JSON", "Jason"},      {"LAN", "lan"},       {"LASER", "laser"},
    {"LIDAR", "lie dar"},   {"LINUX", "Linux"},     {"MERS", "mers"},     {"MOOC", "mooc"},
    {"MPEG", "em peg"},     {"NAFTA", "Nafta"},     {"NAND", "nand"},     {"NASA", "Nasa"},
    {"NASDAQ", "Nasdaq"},   {"NATO", "Nato"},       {"NIST", "nist"},     {"NOAA", "Noah"},
    {"NUMA", "Numa"},       {"OLED", "oh led"},     {"OPEC", "Opec"},     {"OSHA", "Osha"},
    {"PASCAL", "Pascal"},   {"PIN", "pin"},         {"POSIX", "Posix"},   {"RADAR", "radar"},
    {"RAID", "raid"},       {"RAM", "ram"},         {"RISC", "risk"},     {"ROM", "rom"},
    {"SARS", "sars"},       {"SCSI", "scuzzy"},     {"SCUBA", "scuba"},   {"SIM", "sim"},
    {"SONAR", "sonar"},     {"SRAM", "ess ram"},    {"SWAT", "swat"},     {"TOML", "Toml"},
    {"TOPS", "tops"},       {"UNESCO", "Unesco"},   {"UNICEF", "Unicef"}, {"UNIX", "you nix"},
    {"WASM", "wasm"},       {"WIFI", "wi fi"},      {"YAML", "yamel"},    {"NVIDIA", "en vidia"},
};

// Spelled acronyms common enough that a sentence full of them is not shouting.
const std::set<std::string, std::less<>> kKnownSpelled = {
    "AI",  "API", "AWS", "CEO", "CPU", "CSV", "DNA", "EU",  "FAQ", "GPU", "HPC", "HTML", "HTTP",
    "IBM", "IO",  "IP",  "IT",  "LLM", "ML",  "NLP", "PC",  "PDF", "SDK", "SQL", "TCP",  "TPU",
    "TV",  "UI",  "UK",  "UN",  "URL", "US",  "USA", "USB", "UX",  "VM",  "XLA", "XML",  "AMD"};

bool vowel(char c) {
  return std::string_view("AEIOU").find(c) != std::string_view::npos;
}

// Unknown acronyms are spelled unless they alternate consonant and vowel from a consonant
// (CVCV, CVCVC: "SATA", "MIDI"), the shape English reads as a word. Conservative on purpose:
// a spelled word is still understood, a mangled acronym is not.
bool looks_pronounceable(std::string_view caps) {
  if (caps.size() < 4 || caps.size() > 5) return false;
  for (std::size_t i = 0; i < caps.size(); ++i) {
    if (vowel(caps[i]) != (i % 2 == 1)) return false;
  }
  return true;
}

std::string capitalised(std::string_view caps) {
  std::string out(caps);
  for (std::size_t i = 1; i < out.size(); ++i) {
    out[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[i])));
  }
  return out;
}

const Pattern kAcronym{R"((?<![\p{L}\p{N}'’])(\p{Lu}{2,})((?:'|’)?s)?(?![\p{L}\p{N}]))"};
// Chinese has no spaces, so an acronym there is bounded only by other Latin letters and digits.
const Pattern kAcronymInHan{R"((?<![A-Za-z0-9'’])([A-Z]{2,})((?:'|’)?s)?(?![A-Za-z0-9]))"};
// Three or more capitalised words in a row ("THIS IS VERY IMPORTANT") are emphasis, not
// acronyms; a comma or a lower-case word between capitals ends the run.
const Pattern kShoutedRun{R"((?<![\p{L}\p{N}])\p{Lu}+(?:[ \t]+\p{Lu}+){2,}(?![\p{L}\p{N}'’]))"};
const Pattern kCapsWord{R"(\p{Lu}+)"};

bool known_acronym(std::string_view caps) {
  return kSaidAsWords.contains(caps) || kKnownSpelled.contains(caps);
}

// Lowers the shouted words of a run and leaves its known acronyms to the acronym rule.
std::string lower_shouting(std::string_view text) {
  return kShoutedRun.rewrite(text, [](const Match& run) -> std::optional<std::string> {
    int unknown_words = 0;
    kCapsWord.rewrite(run.str(), [&](const Match& m) {  // used only to visit the words
      if (m.str().size() >= 3 && !known_acronym(m.str())) ++unknown_words;
      return std::nullopt;
    });
    if (unknown_words < 2) return std::nullopt;  // "GPU TPU CPU" is a list of acronyms
    return kCapsWord.rewrite(run.str(), [](const Match& m) -> std::optional<std::string> {
      if (known_acronym(m.str())) return std::nullopt;
      return capitalised(m.str());
    });
  });
}

}  // namespace

std::string spell_letters(std::string_view letters) {
  std::string out;
  for (const char c : letters) {
    if (!out.empty()) out += ' ';
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string letter_a_before_word(std::string spelled) {
  if (spelled == "A" || spelled.ends_with(" A")) spelled += 'y';
  return spelled;
}

std::string pronounceable(std::string_view caps, bool guess) {
  if (const auto it = kSaidAsWords.find(caps); it != kSaidAsWords.end()) return it->second;
  if (guess && looks_pronounceable(caps)) return capitalised(caps);
  return {};
}

std::string expand_acronyms(std::string_view text, bool english) {
  if (!english) {
    // espeak-ng's Mandarin voice reads a word in capitals as English; letters are spaced so
    // that every acronym is spelled, except the ones said as words.
    return kAcronymInHan.rewrite(text, [](const Match& m) {
      const std::string_view caps = m.str(1);
      return kSaidAsWords.contains(caps) ? std::string(caps) : spell_letters(caps);
    });
  }
  return kAcronym.rewrite(lower_shouting(text), [](const Match& m) -> std::optional<std::string> {
    const std::string_view caps = m.str(1);
    const bool plural = m.has(2);
    if (caps.size() > 5) {
      const std::string word = pronounceable(caps, false);
      return (word.empty() ? capitalised(caps) : word) + std::string(m.str(2));
    }
    if (const std::string word = pronounceable(caps, true); !word.empty()) {
      return plural ? word + "s" : word;
    }
    // "GPUs" -> "G P U's": flite reads a lone "Us" as the word "us".
    if (plural) return spell_letters(caps) + "'s";
    return letter_a_before_word(spell_letters(caps));
  });
}

const Lexicon& builtin_lexicon(Lang lang) {
  static const Lexicon kEnglish{{
      {"NVIDIA", "en vidia"},
      {"Nvidia", "en vidia"},
      {"NCCL", "nickel"},
      {"cuDNN", "cu D N N"},
      {"bfloat16", "b float sixteen"},
      {"x86-64", "x eighty six sixty four"},
      {"x86_64", "x eighty six sixty four"},
      {"C++", "C plus plus"},
      {"C#", "C sharp"},
      {"F#", "F sharp"},
      {".NET", "dot net"},
      {"LaTeX", "lah tech"},
      {"PhD", "P H D"},
      {"Ph.D.", "P H D"},
      {"IPv4", "I P version four"},
      {"IPv6", "I P version six"},
      {"iOS", "eye O S"},
      {"macOS", "mac O S"},
      {"Wi-Fi", "wi fi"},
      {"WiFi", "wi fi"},
      {"LLaMA", "llama"},
      {"SaaS", "sass"},
      {"nth", "enth"},
      {"k8s", "kubernetes"},
      {"401k", "four oh one K"},
      {"401(k)", "four oh one K"},
      {"i18n", "internationalization"},
  }};
  static const Lexicon kChinese{{
      {"NVIDIA", "英伟达"},
      {"Nvidia", "英伟达"},
      {"C++", "C 加加"},
      {"C#", "C sharp"},
      {"bfloat16", "b float 十六"},
      {"Wi-Fi", "wi fi"},
      {"WiFi", "wi fi"},
  }};
  return lang == Lang::kZh ? kChinese : kEnglish;
}

}  // namespace lectio::speech::detail
