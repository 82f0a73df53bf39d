#include "lectio/text/stopwords.h"

#include <iterator>
#include <unordered_set>

namespace lectio::text {

namespace {

// A common English function-word list: articles, pronouns, auxiliaries, prepositions,
// conjunctions and a few frequent adverbs.
const char* const kEnglishStopwords[] = {
    "a",       "about",   "above",  "after",     "again",    "against",   "all",        "also",
    "am",      "an",      "and",    "any",       "are",      "aren't",    "as",         "at",
    "be",      "because", "been",   "before",    "being",    "below",     "between",    "both",
    "but",     "by",      "can",    "can't",     "cannot",   "could",     "couldn't",   "did",
    "didn't",  "do",      "does",   "doesn't",   "doing",    "don't",     "down",       "during",
    "each",    "either",  "else",   "ever",      "few",      "for",       "from",       "further",
    "had",     "hadn't",  "has",    "hasn't",    "have",     "haven't",   "having",     "he",
    "he'd",    "he'll",   "he's",   "her",       "here",     "here's",    "hers",       "herself",
    "him",     "himself", "his",    "how",       "how's",    "however",   "i",          "i'd",
    "i'll",    "i'm",     "i've",   "if",        "in",       "into",      "is",         "isn't",
    "it",      "it's",    "its",    "itself",    "just",     "let's",     "may",        "me",
    "might",   "more",    "most",   "much",      "must",     "mustn't",   "my",         "myself",
    "neither", "no",      "nor",    "not",       "now",      "of",        "off",        "on",
    "once",    "only",    "or",     "other",     "ought",    "our",       "ours",       "ourselves",
    "out",     "over",    "own",    "same",      "shall",    "shan't",    "she",        "she'd",
    "she'll",  "she's",   "should", "shouldn't", "so",       "some",      "such",       "than",
    "that",    "that's",  "the",    "their",     "theirs",   "them",      "themselves", "then",
    "there",   "there's", "these",  "they",      "they'd",   "they'll",   "they're",    "they've",
    "this",    "those",   "though", "through",   "thus",     "to",        "too",        "under",
    "until",   "up",      "upon",   "us",        "very",     "was",       "wasn't",     "we",
    "we'd",    "we'll",   "we're",  "we've",     "were",     "weren't",   "what",       "what's",
    "when",    "when's",  "where",  "where's",   "whether",  "which",     "while",      "who",
    "who's",   "whom",    "whose",  "why",       "why's",    "will",      "with",       "within",
    "without", "won't",   "would",  "wouldn't",  "yet",      "you",       "you'd",      "you'll",
    "you're",  "you've",  "your",   "yours",     "yourself", "yourselves"};

// Particles, pronouns, copulas and connectives that ICU segments as words of their own.
const char* const kChineseStopwords[] = {
    "的", "了", "是", "在", "和", "与", "及", "或", "也", "都", "就", "而", "这", "那", "有", "我",
    "你", "他", "她", "它", "们", "我们", "你们", "他们", "她们", "它们", "之", "对", "于", "为",
    "以", "被", "把", "从", "到", "等", "中", "不", "没有", "很", "会", "可以", "能", "要", "将",
    "个", "着", "过", "吗", "呢", "吧", "啊", "其", "并", "但", "但是", "如果", "因为", "所以",
    "由于", "因此", "这个", "那个", "这些", "那些", "一个", "还", "又", "所", "让", "给", "向",
    "地", "得", "该", "此", "各", "即", "则",
    // question words: what a question asks about is in its other words
    "什么", "怎么", "怎样", "如何", "为什么", "哪", "哪些", "哪个"};

const std::unordered_set<std::string_view>& stopword_set(bool chinese) {
  static const std::unordered_set<std::string_view> english(std::begin(kEnglishStopwords),
                                                            std::end(kEnglishStopwords));
  static const std::unordered_set<std::string_view> chinese_set(std::begin(kChineseStopwords),
                                                                std::end(kChineseStopwords));
  return chinese ? chinese_set : english;
}

}  // namespace

bool is_stopword(std::string_view word, std::string_view language) {
  if (stopword_set(false).contains(word)) return true;
  return language == "zh" && stopword_set(true).contains(word);
}

std::span<const char* const> stopwords(std::string_view language) {
  if (language == "en") return kEnglishStopwords;
  if (language == "zh") return kChineseStopwords;
  return {};
}

}  // namespace lectio::text
