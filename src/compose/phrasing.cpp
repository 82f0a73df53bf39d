#include "phrasing.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <regex>
#include <sstream>

#include "lectio/text/strings.h"
#include "phrasing_words.h"

namespace lectio::compose {

Phrasing::Phrasing(const lesson::Brief& brief, std::uint64_t seed) : brief_(brief), seed_(seed) {}

std::string Phrasing::pick(const std::vector<std::string>& variants, int salt) const {
  const std::uint64_t mixed =
      (seed_ ^ (0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(salt + 1)));
  return variants[static_cast<std::size_t>((mixed >> 17) % variants.size())];
}

std::vector<std::string> Phrasing::greeting() const {
  const std::string topic = brief_.topic;
  if (zh()) {
    std::vector<std::string> out = {fmt::format("大家好，我是{}。", brief_.host)};
    if (!brief_.plan.empty()) out.push_back(fmt::format("这节课属于学习计划“{}”。", brief_.plan));
    out.push_back(fmt::format("今天的主题是：{}。", strip_end_punct(topic)));
    return out;
  }
  std::vector<std::string> out = {pick({fmt::format("Hi, I'm {}.", brief_.host),
                                        fmt::format("Hello and welcome, I'm {}.", brief_.host),
                                        fmt::format("Welcome in, this is {}.", brief_.host)},
                                       1)};
  if (!brief_.plan.empty()) {
    out.push_back(fmt::format("This lesson is part of the learning plan {}.", brief_.plan));
  }
  out.push_back(
      pick({fmt::format("Today we're looking at {}.", lower_first(strip_end_punct(topic))),
            fmt::format("Our subject today is {}.", lower_first(strip_end_punct(topic)))},
           2));
  return out;
}

std::string Phrasing::agenda() const {
  std::vector<int> all(brief_.insights.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  return agenda(all);
}

std::string Phrasing::agenda(const std::vector<int>& covered) const {
  std::vector<std::string> items;
  for (int k : covered) {
    const std::string& i = brief_.insights.at(static_cast<std::size_t>(k));
    items.push_back(zh() ? strip_end_punct(i) : lower_first(strip_end_punct(i)));
  }
  if (zh()) return fmt::format("我们会依次讲{}。", join_list(items, true));
  if (items.size() == 1) return fmt::format("We'll focus on one idea: {}.", items[0]);
  return fmt::format("We'll take {} ideas in order: {}.",
                     items.size() == 2   ? "two"
                     : items.size() == 3 ? "three"
                                         : std::to_string(items.size()),
                     join_list(items, false));
}

std::string Phrasing::section_opening(int index, int count) const {
  return section_opening(index, index, count);
}

std::string Phrasing::section_opening(int insight_index, int index, int count) const {
  const std::string insight =
      strip_end_punct(brief_.insights[static_cast<std::size_t>(insight_index)]);
  if (zh()) {
    if (index == 0) return fmt::format("首先，{}。", insight);
    if (index + 1 == count) return fmt::format("最后，{}。", insight);
    return fmt::format("接下来，{}。", insight);
  }
  const std::string phrase = lower_first(insight);
  if (index == 0) {
    return pick({fmt::format("Let's start with {}.", phrase), fmt::format("First up: {}.", phrase)},
                10);
  }
  if (index + 1 == count && count > 2) {
    return pick(
        {fmt::format("Finally, {}.", phrase), fmt::format("Last, let's turn to {}.", phrase)},
        11 + index);
  }
  return pick({fmt::format("Next, {}.", phrase), fmt::format("Now let's move on to {}.", phrase),
               fmt::format("That brings us to {}.", phrase)},
              11 + index);
}

std::string Phrasing::section_question(int index) const {
  const std::string insight = strip_end_punct(brief_.insights[static_cast<std::size_t>(index)]);
  if (zh()) return fmt::format("那么，{}？", insight);
  return question_about(insight);
}

std::optional<std::string> Phrasing::follow_up(const std::string& next, const std::string& heading,
                                               int salt) const {
  const auto has = [&](std::initializer_list<std::string_view> cues) {
    return std::any_of(cues.begin(), cues.end(),
                       [&](std::string_view c) { return next.find(c) != std::string::npos; });
  };
  const std::string subject = spoken_heading(heading);
  if (zh()) {
    if (has({"例如", "比如", "举例"})) return "能举个例子吗？";
    if (has({"因为", "由于", "为了"})) return "为什么会这样？";
    if (!subject.empty()) return fmt::format("那{}呢？", subject);
    if (const auto s = sentence_subject(next, true)) return fmt::format("那{}呢？", *s);
    return std::nullopt;
  }
  // Each prompt stands only before a sentence that keeps its promise.
  if (has({"for example", "For example", "for instance", "For instance", " such as ", "e.g."})) {
    return pick({"Can you give me an example?", "Do you have an example?",
                 "What does that look like in practice?"},
                salt);
  }
  if (has({" because ", " so that ", " in order to ", "The reason", " since "})) {
    return pick({"Why is that?", "Why does that matter?", "And the reason for that?"}, salt);
  }
  // A warning is what a listener watches out for; a requirement a thing must meet ("Matches
  // from earlier directories must be discarded.") is a rule, not a warning.
  if (has({" must not ", " never ", " should not ", " cannot ", " can't "})) {
    return pick({"Is that a hard rule?", "What should I watch out for?", "Any rule to remember?"},
                salt);
  }
  if (has({" must "})) return pick({"Is that a hard rule?", "Any rule to remember?"}, salt);
  if (!subject.empty()) return fmt::format("And what about {}?", subject);
  if (const auto s = sentence_subject(next, false)) {
    return pick({fmt::format("And {}?", *s), fmt::format("What about {}?", *s)}, salt);
  }
  return std::nullopt;
}

std::string Phrasing::reaction(int nth) const {
  // Reactions claim and promise nothing; they only show that the co-host is listening.
  static const std::vector<std::string> kZh = {
      "嗯，明白了。", "好的。", "原来如此。", "我懂了。", "这样啊。", "嗯，清楚了。", "有意思。"};
  static const std::vector<std::string> kEn = {"Got it.",      "Okay.",      "Right.",     "I see.",
                                               "Makes sense.", "All right.", "Understood."};
  const std::vector<std::string>& variants = zh() ? kZh : kEn;
  // A listener hears a parrot when a reaction comes back soon: each round uses every variant
  // once, in an order drawn from the seed, and a round never opens with the last one heard.
  const int n = static_cast<int>(variants.size());
  const int round = std::max(0, nth) / n;
  std::vector<int> order = round_order(n, round);
  if (round > 0 && order.front() == round_order(n, round - 1).back()) {
    std::swap(order[0], order[1]);
  }
  return variants[static_cast<std::size_t>(order[static_cast<std::size_t>(std::max(0, nth) % n)])];
}

std::vector<int> Phrasing::round_order(int n, int round) const {
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i;
  // Fisher-Yates with splitmix64, not std::shuffle, whose draws differ between standard
  // libraries: the same brief gives the same lesson everywhere.
  std::uint64_t state = seed_ ^ (0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(round + 1));
  for (int i = n - 1; i > 0; --i) {
    state += 0x9e3779b97f4a7c15ull;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    std::swap(order[static_cast<std::size_t>(i)], order[z % static_cast<std::uint64_t>(i + 1)]);
  }
  return order;
}

std::string Phrasing::recap_cue() const {
  if (zh()) return "我们来简单回顾一下。";
  return pick({"Let's recap.", "Before we finish, a quick recap.", "So, to sum up."}, 20);
}

std::string Phrasing::recap() const {
  std::vector<int> all(brief_.insights.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  return recap(all);
}

std::string Phrasing::recap(const std::vector<int>& covered) const {
  std::vector<std::string> items;
  for (int k : covered) {
    const std::string& i = brief_.insights.at(static_cast<std::size_t>(k));
    items.push_back(zh() ? strip_end_punct(i) : lower_first(strip_end_punct(i)));
  }
  if (zh()) return fmt::format("这节课我们讲了{}。", join_list(items, true));
  return fmt::format("We covered {}.", join_list(items, false));
}

std::vector<std::string> Phrasing::sign_off() const {
  if (zh()) return {fmt::format("感谢收听，我是{}，下次见。", brief_.host)};
  return {pick({"Thanks for listening.", "Thanks for spending this time with me."}, 30),
          pick({fmt::format("This was {}. See you in the next lesson.", brief_.host),
                fmt::format("I'm {}, and I'll see you next time.", brief_.host)},
               31)};
}

std::string Phrasing::title() const {
  const std::string topic = strip_end_punct(short_topic(brief_.topic));
  if (zh()) return topic;
  // A short noun-phrase topic ("GPU vs TPU") gains a how-to insight as its hook when that
  // insight says what to do in a few words: "How to choose between them" -> "How to Choose".
  const auto topic_words = text::split_whitespace(topic);
  const bool noun_phrase =
      topic_words.size() <= 4 && !one_of(lower_first(topic_words.empty() ? "" : topic_words[0]),
                                         {"how", "why", "what", "which", "when", "where"});
  for (const auto& insight : brief_.insights) {
    const auto words = text::split_whitespace(strip_end_punct(insight));
    if (!noun_phrase || words.size() < 3 || (words[0] != "How" && words[0] != "how") ||
        words[1] != "to") {
      continue;
    }
    std::string hook = "How to";
    std::size_t i = 2;
    for (; i < words.size() && i < 6; ++i) {
      if (one_of(words[i], {"them", "it", "this", "between", "among", "for", "when", "with"})) {
        break;
      }
      hook += " " + words[i];
    }
    if (i == words.size() || i < 6)
      return fmt::format("{}: {}", title_case(topic), title_case(hook));
  }
  return title_case(topic);
}

std::string Phrasing::description(double minutes) const {
  const int m = std::max(1, static_cast<int>(minutes + 0.5));
  std::vector<std::string> items;
  for (const auto& i : brief_.insights)
    items.push_back(zh() ? strip_end_punct(i) : lower_first(strip_end_punct(i)));
  const std::string first = brief_.overview.empty() ? std::string() : brief_.overview;
  if (zh()) {
    return fmt::format("{}{}用大约{}分钟讲清楚{}。", first, brief_.host, m, join_list(items, true));
  }
  std::string lead = first.empty() ? "" : first + (first.back() == '.' ? " " : ". ");
  return fmt::format("{}In about {} minutes, {} walks you through {}.", lead, m, brief_.host,
                     join_list(items, false));
}

std::optional<std::pair<std::string, std::string>> Phrasing::compared() const {
  if (zh()) {
    // "GPU与TPU的实际选择": the two sides of 与 (or 和), the right one up to 的 -- when the topic
    // weighs them. 与 and 和 are also plain "and": "文件系统中的权限和链接" compares nothing.
    static const std::array<std::string_view, 9> kWeighs = {"选择", "比较", "对比", "区别", "差异",
                                                            "异同", "还是", "哪个", "vs"};
    if (std::none_of(kWeighs.begin(), kWeighs.end(), [&](std::string_view w) {
          return brief_.topic.find(w) != std::string::npos;
        })) {
      return std::nullopt;
    }
    for (std::string_view joiner : {"与", "和"}) {
      const std::string& t = brief_.topic;
      const auto at = t.find(joiner);
      if (at == std::string::npos || at == 0) continue;
      std::string right = t.substr(at + joiner.size());
      right = right.substr(0, right.find("的"));
      if (!right.empty()) return std::make_pair(t.substr(0, at), right);
    }
    return std::nullopt;
  }
  const auto words = text::split_whitespace(short_topic(brief_.topic));
  for (std::size_t i = 1; i + 1 < words.size(); ++i) {
    if (words[i] == "vs" || words[i] == "vs." || words[i] == "versus") {
      std::string left;
      for (std::size_t j = 0; j < i; ++j) left += (j ? " " : "") + words[j];
      std::string right;
      for (std::size_t j = i + 1; j < words.size(); ++j) right += (j > i + 1 ? " " : "") + words[j];
      return std::make_pair(strip_end_punct(left), strip_end_punct(right));
    }
  }
  return std::nullopt;
}

std::optional<std::string> Phrasing::difference_question() const {
  const auto pair = compared();
  if (!pair) return std::nullopt;
  if (zh()) return fmt::format("{}和{}的主要区别是什么？", pair->first, pair->second);
  return fmt::format("What is the main difference between {} and {}?", pair->first, pair->second);
}

namespace {

// Whether a Chinese phrase asks something: it holds a question word (什么, 哪, 如何, 怎么,
// 怎样, 为什么, 为何, 多少, 是否) or ends in the particle 吗.
bool asks_zh(std::string_view phrase) {
  static const std::array<std::string_view, 9> kAsk = {"什么",   "哪",   "如何", "怎么", "怎样",
                                                       "为什么", "为何", "多少", "是否"};
  for (std::string_view w : kAsk) {
    if (phrase.find(w) != std::string_view::npos) return true;
  }
  return phrase.ends_with("吗");
}

}  // namespace

std::string Phrasing::question_about(const std::string& phrase_in) const {
  std::string phrase = strip_end_punct(phrase_in);
  // "How to choose between them" names nothing on its own; the topic says who "them" are.
  if (const auto pair = compared(); pair && !zh()) {
    const std::string both = pair->first + " and " + pair->second;
    for (std::string_view pronoun : {" them", " the two"}) {
      const auto at = phrase.rfind(pronoun);
      if (at != std::string::npos && at + pronoun.size() == phrase.size()) {
        phrase = phrase.substr(0, at) + " " + both;
      }
    }
  }
  if (zh()) {
    // "硬链接和符号链接有什么区别" is a learner's question already; wrapped in "关于……，需要了解
    // 什么？" it is heard as a question about a question.
    if (!asks_zh(phrase)) return fmt::format("关于“{}”，需要了解什么？", phrase);
    // "如何在两者之间做选择" names nothing on its own; the topic says which two.
    const auto pair = compared();
    const auto at = phrase.find("两者");
    if (pair && at != std::string::npos) {
      phrase.replace(at, std::string_view("两者").size(), pair->first + "和" + pair->second);
    }
    return phrase + "？";
  }
  const auto words = text::split_whitespace(phrase);
  if (words.empty()) return phrase + "?";
  std::string first = words[0];
  std::transform(first.begin(), first.end(), first.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (first == "how" && words.size() > 2 && words[1] == "to") {
    std::string rest;
    for (std::size_t i = 2; i < words.size(); ++i) rest += " " + words[i];
    return "How do you" + rest + "?";
  }
  static const std::array<std::string_view, 8> kWh = {"why",  "how",   "what", "where",
                                                      "when", "which", "who",  "whether"};
  if (std::find(kWh.begin(), kWh.end(), first) != kWh.end()) {
    return fmt::format("Can you explain {}?", lower_first(phrase));
  }
  return fmt::format("What should I know about {}?", lower_first(phrase));
}

std::string Phrasing::unsupported_note(const std::string& insight) const {
  if (zh()) return fmt::format("资料中没有关于“{}”的内容，所以这一部分略过。", insight);
  return fmt::format("The sources do not cover \"{}\", so this lesson leaves it out.", insight);
}

}  // namespace lectio::compose
