#include "text_features.h"

#include <unicode/brkiter.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>
#include <xapian.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <unordered_set>

#include "lectio/core/error.h"

namespace lectio::compose {

namespace {

// A common English function-word list: articles, pronouns, auxiliaries, prepositions,
// conjunctions and a few frequent adverbs. Content words ("said", "new") stay, since a focus
// query may well be about them.
const char* const kEnglishStopwords[] = {
    "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any",
    "are", "aren't", "as", "at", "be", "because", "been", "before", "being", "below", "between",
    "both", "but", "by", "can", "can't", "cannot", "could", "couldn't", "did", "didn't", "do",
    "does", "doesn't", "doing", "don't", "down", "during", "each", "either", "else", "ever",
    "few", "for", "from", "further", "had", "hadn't", "has", "hasn't", "have", "haven't",
    "having", "he", "he'd", "he'll", "he's", "her", "here", "here's", "hers", "herself", "him",
    "himself", "his", "how", "how's", "however", "i", "i'd", "i'll", "i'm", "i've", "if", "in",
    "into", "is", "isn't", "it", "it's", "its", "itself", "just", "let's", "may", "me", "might",
    "more", "most", "much", "must", "mustn't", "my", "myself", "neither", "no", "nor", "not",
    "now", "of", "off", "on", "once", "only", "or", "other", "ought", "our", "ours",
    "ourselves", "out", "over", "own", "same", "shall", "shan't", "she", "she'd", "she'll",
    "she's", "should", "shouldn't", "so", "some", "such", "than", "that", "that's", "the",
    "their", "theirs", "them", "themselves", "then", "there", "there's", "these", "they",
    "they'd", "they'll", "they're", "they've", "this", "those", "though", "through", "thus",
    "to", "too", "under", "until", "up", "upon", "us", "very", "was", "wasn't", "we", "we'd",
    "we'll", "we're", "we've", "were", "weren't", "what", "what's", "when", "when's", "where",
    "where's", "whether", "which", "while", "who", "who's", "whom", "whose", "why", "why's",
    "will", "with", "within", "without", "won't", "would", "wouldn't", "yet", "you", "you'd",
    "you'll", "you're", "you've", "your", "yours", "yourself", "yourselves"};

// Particles, pronouns, copulas and connectives that ICU segments as words of their own.
const char* const kChineseStopwords[] = {
    "的", "了", "是", "在", "和", "与", "及", "或", "也", "都", "就", "而", "这", "那", "有",
    "我", "你", "他", "她", "它", "们", "我们", "你们", "他们", "她们", "它们", "之", "对",
    "于", "为", "以", "被", "把", "从", "到", "等", "中", "不", "没有", "很", "会", "可以",
    "能", "要", "将", "个", "着", "过", "吗", "呢", "吧", "啊", "其", "并", "但", "但是",
    "如果", "因为", "所以", "由于", "因此", "这个", "那个", "这些", "那些", "一个", "还",
    "又", "所", "让", "给", "向", "地", "得", "该", "此", "各", "即", "则"};

const std::unordered_set<std::string_view>& stopword_set(bool chinese) {
  static const std::unordered_set<std::string_view> english(std::begin(kEnglishStopwords),
                                                            std::end(kEnglishStopwords));
  static const std::unordered_set<std::string_view> chinese_set(std::begin(kChineseStopwords),
                                                                std::end(kChineseStopwords));
  return chinese ? chinese_set : english;
}

struct UTextCloser {
  void operator()(UText* t) const { utext_close(t); }
};

// ICU's root word rules segment Chinese by dictionary, so one iterator serves both languages.
icu::BreakIterator& word_iterator() {
  thread_local std::unique_ptr<icu::BreakIterator> it = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> made(
        icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
    if (U_FAILURE(status) || !made) throw Internal("ICU word break iterator unavailable");
    return made;
  }();
  return *it;
}

// Xapian stemmers are cheap to copy but not meant to be shared between threads.
const Xapian::Stem& english_stemmer() {
  thread_local const Xapian::Stem stem("english");
  return stem;
}

bool is_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string lower(std::string_view word) {
  if (is_ascii(word)) {
    std::string out(word);
    for (char& c : out) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
  }
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(word.data(), word.size()));
  u.toLower(icu::Locale::getRoot());
  std::string folded;
  u.toUTF8String(folded);
  // Typographic apostrophes (U+2019, U+2018: E2 80 99/98) would keep "it’s" apart from "it's".
  std::string out;
  out.reserve(folded.size());
  for (std::size_t i = 0; i < folded.size(); ++i) {
    const bool curly = folded.compare(i, 2, "\xE2\x80") == 0 && i + 2 < folded.size() &&
                       (folded[i + 2] == '\x99' || folded[i + 2] == '\x98');
    if (curly) {
      out.push_back('\'');
      i += 2;
      continue;
    }
    out.push_back(folded[i]);
  }
  return out;
}

// "GPUs" is the plural of "GPU", but a stemmer sees only "gpus" and keeps the s (as in
// "bus"); an all-capitals word with a lower-case s is cut back to its acronym.
std::string_view singular_acronym(std::string_view word) {
  if (word.size() < 3 || word.back() != 's') return word;
  for (std::size_t i = 0; i + 1 < word.size(); ++i) {
    if (word[i] < 'A' || word[i] > 'Z') return word;
  }
  return word.substr(0, word.size() - 1);
}

bool has_ascii_letter(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

}  // namespace

std::vector<std::string> words(std::string_view text, const std::string& /*language*/) {
  std::vector<std::string> out;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<UText, UTextCloser> ut(
      utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status));
  if (U_FAILURE(status)) throw Internal("ICU cannot open text for word segmentation");
  icu::BreakIterator& it = word_iterator();
  it.setText(ut.get(), status);
  if (U_FAILURE(status)) throw Internal("ICU cannot segment text into words");
  int32_t begin = it.first();
  for (int32_t end = it.next(); end != icu::BreakIterator::DONE; begin = end, end = it.next()) {
    // Spaces and punctuation come back with the "none" status; numbers, letters, kana and
    // ideographs with their own.
    if (it.getRuleStatus() == UBRK_WORD_NONE) continue;
    out.push_back(lower(singular_acronym(text.substr(static_cast<std::size_t>(begin),
                                                     static_cast<std::size_t>(end - begin)))));
  }
  return out;
}

bool is_stopword(std::string_view word, const std::string& language) {
  if (stopword_set(false).contains(word)) return true;
  return language == "zh" && stopword_set(true).contains(word);
}

std::vector<std::string> terms(std::string_view text, const std::string& language) {
  std::vector<std::string> out;
  for (std::string& word : words(text, language)) {
    if (is_stopword(word, language)) continue;
    if (is_ascii(word) && has_ascii_letter(word)) {
      out.push_back(english_stemmer()(word));
      continue;
    }
    out.push_back(std::move(word));
  }
  return out;
}

double cosine(const TermVector& a, const TermVector& b) {
  double dot = 0;
  auto i = a.begin();
  auto j = b.begin();
  while (i != a.end() && j != b.end()) {
    if (i->first < j->first) {
      ++i;
    } else if (j->first < i->first) {
      ++j;
    } else {
      dot += i->second * j->second;
      ++i;
      ++j;
    }
  }
  return dot;
}

TermStats::TermStats(std::vector<std::vector<std::string>> docs, Bm25Params params)
    : docs_(std::move(docs)), params_(params) {
  tf_.resize(docs_.size());
  double total = 0;
  for (std::size_t i = 0; i < docs_.size(); ++i) {
    for (const std::string& t : docs_[i]) ++tf_[i][t];
    for (const auto& [term, count] : tf_[i]) ++df_[term];
    total += static_cast<double>(docs_[i].size());
  }
  average_length_ = docs_.empty() ? 0 : total / static_cast<double>(docs_.size());
}

int TermStats::document_frequency(const std::string& term) const {
  const auto it = df_.find(term);
  return it == df_.end() ? 0 : it->second;
}

double TermStats::idf(const std::string& term) const {
  const double n = static_cast<double>(docs_.size());
  const double df = document_frequency(term);
  return std::log(1.0 + (n - df + 0.5) / (df + 0.5));
}

double TermStats::bm25(const std::vector<std::string>& query, int i) const {
  const auto& tf = tf_[static_cast<std::size_t>(i)];
  const double length = static_cast<double>(docs_[static_cast<std::size_t>(i)].size());
  const double norm =
      params_.k1 * (1 - params_.b + params_.b * (average_length_ > 0 ? length / average_length_ : 1));
  std::unordered_set<std::string_view> seen;
  double score = 0;
  for (const std::string& term : query) {
    if (!seen.insert(term).second) continue;
    const auto it = tf.find(term);
    if (it == tf.end()) continue;
    const double f = it->second;
    score += idf(term) * f * (params_.k1 + 1) / (f + norm);
  }
  return score;
}

TermVector TermStats::tfidf(const std::vector<std::string>& terms) const {
  std::unordered_map<std::string_view, int> counts;
  for (const std::string& t : terms) ++counts[t];
  TermVector out;
  out.reserve(counts.size());
  double norm = 0;
  for (const auto& [term, count] : counts) {
    const double w = (1 + std::log(static_cast<double>(count))) * idf(std::string(term));
    out.emplace_back(std::string(term), w);
    norm += w * w;
  }
  std::sort(out.begin(), out.end());
  if (norm <= 0) return {};
  norm = std::sqrt(norm);
  for (auto& entry : out) entry.second /= norm;
  return out;
}

}  // namespace lectio::compose
