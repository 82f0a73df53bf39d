#include "recap_cuts.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>
#include <string_view>

#include "lectio/extract/listenable.h"
#include "lectio/text/words.h"

namespace lectio::compose {

namespace {

constexpr int kMinWords = 5;
constexpr std::size_t kMinZhBytes = 8 * 3;  // eight CJK characters in UTF-8

}  // namespace

namespace {

// Whether a word opens a subordinate clause ("if", "when", "because" ...).
bool subordinate_opener(const std::string& word) {
  static const std::set<std::string> kSubordinate = {
      "if",     "when",  "while", "because", "although", "though",  "since", "as",
      "before", "after", "until", "unless",  "once",     "whether", "where", "whenever"};
  return kSubordinate.count(word) > 0;
}

}  // namespace

// Whether the head reads as a sentence of its own: long enough, with a verb, not ending on a
// word that needs more after it.
bool whole(const std::string& head) {
  static const std::set<std::string> kOpenEnd = {"and",  "or",   "of",   "to",  "the", "a",
                                                 "an",   "for",  "with", "in",  "on",  "by",
                                                 "from", "that", "is",   "are", "as",  "be"};
  const auto w = text::words(head);
  if (static_cast<int>(w.size()) < kMinWords || kOpenEnd.count(w.back())) return false;
  if (!extract::has_finite_verb(head)) return false;
  // A subordinate clause alone ("If you need to ...") is no statement, nor is one followed by a
  // bare pro-form ("..., do so now"); one with its main clause is ("If you intend to share this
  // name, you should create a tag object").
  if (subordinate_opener(w.front())) {
    // "If X, and Y" still states the condition: its main clause is yet to come.
    static const std::set<std::string> kStillSubordinate = {"and", "or", "but", "nor"};
    const auto main = head.find(", ");
    if (main == std::string::npos) return false;
    const auto rest = text::words(head.substr(main + 2));
    if (rest.size() < 4 || kStillSubordinate.count(rest.front())) return false;
  }
  // Nor is the start of a list ("The order of expansions is: brace expansion").
  if (head.find(':') != std::string::npos) return false;
  // Nor is a head that leaves a parenthesis or a quotation open.
  const auto count = [&](char ch) { return std::count(head.begin(), head.end(), ch); };
  if (count('(') != count(')') || count('"') % 2 != 0) return false;
  // Nor is one that stops after the first of its examples ("options such as dotglob").
  for (std::string_view w : {" such as ", " including ", " e.g. ", " for example "}) {
    const auto at = head.rfind(w);
    if (at != std::string::npos && text::words(head.substr(at + w.size())).size() <= 2)
      return false;
  }
  // Nor is the head of a list ("Each harness is designed, maintained").
  const auto comma = head.rfind(", ");
  return comma == std::string::npos || text::words(head.substr(comma + 2)).size() > 2;
}

namespace {

// Whether the first clause of Chinese text only sets the scene for a main clause after it: it
// opens with a conjunction or preposition of time, condition, cause, purpose, contrast or place
// ("当……", "如果……", "为了……", "与……不同", "在……后") or ends on a word of time or manner
// ("……的时候", "……之后", "……来说"). "在成功安装下载的软件包后。" is heard as half a sentence.
bool opens_with_subordinate_zh(std::string_view head) {
  const std::string_view first = head.substr(0, head.find("，"));
  static const std::vector<std::string_view> kOpeners = {
      "当",   "如果", "若",   "假如", "假设", "要是", "倘若", "尽管", "虽然",
      "即使", "即便", "除非", "为了", "由于", "因为", "既然", "随着", "与",
      "跟",   "对于", "关于", "通过", "根据", "按照", "一旦", "只要", "只有"};
  static const std::vector<std::string_view> kEnds = {"时",   "时候", "之后", "以后", "之前",
                                                      "以前", "的话", "来说", "而言", "不同"};
  // "在……后" / "在……中" frames a main clause; "在一个目录上设置 X 将打开 Y" is one.
  static const std::vector<std::string_view> kPlaceEnds = {"后", "前", "中", "里", "内",
                                                           "下", "上", "外", "间"};
  if (first.starts_with("在")) {
    return std::any_of(kPlaceEnds.begin(), kPlaceEnds.end(),
                       [&](std::string_view w) { return first.ends_with(w); }) ||
           std::any_of(kEnds.begin(), kEnds.end(),
                       [&](std::string_view w) { return first.ends_with(w); });
  }
  for (std::string_view w : kOpeners) {
    if (first.starts_with(w)) return true;
  }
  for (std::string_view w : kEnds) {
    if (first.ends_with(w)) return true;
  }
  return false;
}

}  // namespace

// Whether a Chinese head reads as a sentence of its own: long enough, its main clause in it
// (not only a clause that leads up to one) and no quotation or bracket left open.
bool whole_zh(const std::string& head) {
  if (head.size() < kMinZhBytes) return false;
  if (opens_with_subordinate_zh(head) && head.find("，") == std::string::npos) return false;
  // Nor is the start of a list ("“依赖”：绝对的依赖"), nor a head that stops after the first of
  // its examples ("使用内置的 shopt 选项如 “dotglob”").
  if (head.find("：") != std::string::npos) return false;
  const std::size_t last = head.rfind("，");
  const std::string_view clause =
      last == std::string::npos ? std::string_view(head) : std::string_view(head).substr(last);
  for (std::string_view w : {"例如", "比如", "诸如", "包括", "如 ", "如\"", "如“"}) {
    if (clause.find(w) != std::string_view::npos) return false;
  }
  const auto count = [&](std::string_view mark) {
    std::size_t n = 0;
    for (auto at = head.find(mark); at != std::string::npos; at = head.find(mark, at + 1)) ++n;
    return n;
  };
  return count("“") == count("”") && count("（") == count("）") && count("(") == count(")") &&
         count("\"") % 2 == 0;
}

namespace {

// Words that open a clause limiting when or whether the rest holds: a condition, an exception,
// a negation or a bound. Cutting such a clause off can reverse what is left ("Most users will
// not want this package, unless ..."), so a cut never drops one.
bool limits_en(const std::vector<std::string>& w, std::size_t from, std::size_t to) {
  static const std::set<std::string> kLimits = {
      "if",       "unless", "only",   "except", "excepting", "otherwise", "provided", "providing",
      "not",      "never",  "no",     "nor",    "without",   "until",     "till",     "when",
      "whenever", "once",   "cannot", "unlike", "neither",   "whether",   "lest"};
  for (std::size_t i = from; i < std::min(to, w.size()); ++i) {
    // "as if" compares and "even if" concedes: neither limits the clause before it.
    if (w[i] == "if" && i > 0 && (w[i - 1] == "as" || w[i - 1] == "even")) continue;
    if (kLimits.count(w[i]) || w[i].ends_with("n't")) return true;
  }
  return false;
}

}  // namespace

bool drops_a_limit_en(std::string_view tail) {
  const auto w = text::words(tail);
  // The clause right after the cut, by its first two words ("if", "and only", "but not"; in
  // ", which is not ..." or " so that if ..." the limit is the dropped clause's own); anywhere in
  // what is dropped, the words that only ever limit another clause.
  if (limits_en(w, 0, 2)) return true;
  for (const std::string& word : w) {
    if (word == "unless" || word == "otherwise" || word == "except") return true;
  }
  return tail.find("as long as") != std::string_view::npos ||
         tail.find("in case") != std::string_view::npos;
}

bool negated_reason(const std::string& head, std::string_view tail) {
  const auto w = text::words(head);
  const auto t = text::words(tail);
  static const std::set<std::string> kReason = {"because", "since", "as", "so"};
  return !t.empty() && kReason.count(t.front()) && limits_en(w, 0, w.size());
}

bool drops_a_limit_zh(std::string_view tail) {
  while (tail.starts_with("，") || tail.starts_with("；") || tail.starts_with("：") ||
         tail.starts_with(" ")) {
    tail.remove_prefix(tail.starts_with(" ") ? 1 : std::string_view("，").size());
  }
  static const std::vector<std::string_view> kOpeners = {
      "除非", "如果", "若",   "假如", "假设", "要是", "倘若", "只有", "只要", "只",
      "仅",   "才",   "否则", "不然", "要不", "除了", "但",   "可是", "不过", "然而",
      "却",   "不",   "没",   "无",   "非",   "别",   "勿",   "禁止", "一旦", "当",
      "直到", "前提", "以免", "免得", "以防", "并不", "并非", "而不", "而非", "也不"};
  for (std::string_view w : kOpeners) {
    if (tail.starts_with(w)) return true;
  }
  static const std::vector<std::string_view> kAnywhere = {"除非", "否则", "除外", "以外",
                                                          "不然", "只有", "仅当", "前提"};
  for (std::string_view w : kAnywhere) {
    if (tail.find(w) != std::string_view::npos) return true;
  }
  return false;
}

namespace {

// An aside in brackets that only names or exemplifies ("(such as the Linux kernel)", "（例如
// root 用户）", "(HEAD)") can go from a reminder; one that limits or adds a fact stays.
bool droppable_aside(std::string_view inner, bool zh) {
  std::string lower(inner);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  static const std::vector<std::string_view> kNaming = {
      "such as ",   "e.g.", "for example",  "for instance", "like ",
      "including ", "例如", "比如",         "即",           "又称",
      "也称",       "也叫", "有时候被称为", "被称为",       "称为"};
  for (std::string_view w : kNaming) {
    if (!lower.starts_with(w)) continue;
    const std::string_view rest = std::string_view(lower).substr(w.size());
    return !(zh ? drops_a_limit_zh(rest) : drops_a_limit_en(rest));
  }
  // A short name or abbreviation: at most two words, no digits, no limiting word.
  const auto w = text::words(inner);
  if (w.empty() || w.size() > 2 || inner.size() > 24 || limits_en(w, 0, w.size())) return false;
  return std::none_of(inner.begin(), inner.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

}  // namespace

// The sentence without its droppable asides.
std::string without_asides(const std::string& sentence, bool zh) {
  std::string out = sentence;
  for (const auto& [open, close] : {std::pair<std::string_view, std::string_view>{"(", ")"},
                                    std::pair<std::string_view, std::string_view>{"（", "）"}}) {
    for (std::size_t at = out.find(open); at != std::string::npos; at = out.find(open, at)) {
      const std::size_t end = out.find(close, at + open.size());
      if (end == std::string::npos) break;
      const std::string_view inner(out.data() + at + open.size(), end - at - open.size());
      if (inner.find(open) != std::string_view::npos || !droppable_aside(inner, zh)) {
        at = end + close.size();
        continue;
      }
      std::size_t from = at;
      while (from > 0 && out[from - 1] == ' ') --from;  // "kernel (HEAD) x" -> "kernel x"
      out.erase(from, end + close.size() - from);
    }
  }
  return out;
}

// The sentence without words that only frame it for the page it stood on: an opening "Note
// that" (a reminder is already one) and a "thus" or "therefore" that ties it to the sentence
// before it ("The pull command thus performs two operations").
std::string without_frame(std::string sentence, bool zh) {
  // What only frames a claim for its page: a pointer to note it, the place it takes in an
  // enumeration ("Secondly, ..."), or the writer's insistence. A hedge ("Apparently") is part of
  // the claim and stays.
  static const std::vector<std::string_view> kOpenings = {"Note that ",
                                                          "Notice that ",
                                                          "Remember that ",
                                                          "Keep in mind that ",
                                                          "Bear in mind that ",
                                                          "One should note that ",
                                                          "It should be noted that ",
                                                          "First of all, ",
                                                          "First, ",
                                                          "Firstly, ",
                                                          "Secondly, ",
                                                          "Second, ",
                                                          "Thirdly, ",
                                                          "Third, ",
                                                          "Finally, ",
                                                          "Lastly, ",
                                                          "Clearly, ",
                                                          "Obviously, ",
                                                          "Of course, ",
                                                          "To reemphasize, ",
                                                          "To re-emphasize, ",
                                                          "To repeat, "};
  static const std::vector<std::string_view> kOpeningsZh = {"请注意，", "注意，", "需要注意的是，",
                                                            "要注意的是，"};
  for (std::string_view o : zh ? kOpeningsZh : kOpenings) {
    if (!sentence.starts_with(o) || sentence.size() <= o.size()) continue;
    sentence.erase(0, o.size());
    if (!zh) sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
    break;
  }
  if (zh) return sentence;
  for (std::string_view w : {" thus ", " therefore "}) {
    for (auto at = sentence.find(w); at != std::string::npos; at = sentence.find(w, at + 1)) {
      // ", thus" opens a clause of its own: a cut, not a frame.
      if (at > 0 && sentence[at - 1] == ',') continue;
      sentence.erase(at, w.size() - 1);
    }
  }
  return sentence;
}

namespace {

// Whether the words hold a count: a digit or a number word ("three", "12").
bool counts(const std::vector<std::string>& w) {
  return std::any_of(w.begin(), w.end(), [](const std::string& x) {
    return (!x.empty() && std::isdigit(static_cast<unsigned char>(x[0]))) ||
           (x != "one" && text::is_number_word(x));
  });
}

}  // namespace

// A list's lead-in that counts its items is a point of its own ("There are three quoting
// mechanisms: the escape character, ..." -> "There are three quoting mechanisms"): the count
// says how much there was to learn. Where it ends, or npos.
std::size_t counted_lead_in(const std::string& lean, bool zh) {
  if (zh) {
    const std::size_t at = lean.find("：");
    if (at == std::string::npos || at < kMinZhBytes) return std::string::npos;
    static const std::regex kCount("(两|二|三|四|五|六|七|八|九|十|几)(种|个|类|条|步|项|部分|级)");
    const std::string head = lean.substr(0, at);
    if (!std::regex_search(head, kCount) || opens_with_subordinate_zh(head)) {
      return std::string::npos;
    }
    return at;
  }
  const std::size_t at = lean.find(": ");
  if (at == std::string::npos) return std::string::npos;
  const std::string head = lean.substr(0, at);
  const auto w = text::words(head);
  static const std::set<std::string> kOpenEnd = {"is",      "are",       "follows", "following",
                                                 "include", "includes",  "of",      "as",
                                                 "to",      "including", "namely",  "be"};
  if (w.size() < 5 || kOpenEnd.count(w.back()) || !counts(w)) return std::string::npos;
  // The lead-in is one plain statement: no subordinate clause, no second clause.
  if (subordinate_opener(w.front()) || head.find(',') != std::string::npos) {
    return std::string::npos;
  }
  return at;
}

// The first item of a series of three or more kept ("Quoting can be used to disable special
// treatment for special characters, to prevent ..., and to prevent parameter expansion" -> "...
// for special characters"): what the sentence says of each item holds of the first. Not when
// the head bounds or counts the items ("only", "both", "all", "three"), names the whole set
// ("The formats are A, B and C"), or the items are a noun's modifiers ("a fast, small, and
// reliable database engine": the last item is longer than the others). Where the first item
// ends, or npos.
std::size_t series_cut(const std::string& lean) {
  std::string body = lean;
  while (!body.empty() && (body.back() == '.' || body.back() == ' ')) body.pop_back();
  const std::size_t first = body.find(", ");
  if (first == std::string::npos) return std::string::npos;
  // The series runs to the end of the sentence, with no other clause mark after it.
  const std::string rest = body.substr(first + 2);
  if (rest.find("; ") != std::string::npos || rest.find(": ") != std::string::npos ||
      rest.find('(') != std::string::npos) {
    return std::string::npos;
  }
  std::vector<std::string> items;
  for (std::size_t from = 0;;) {
    const std::size_t at = rest.find(", ", from);
    items.push_back(rest.substr(from, at == std::string::npos ? std::string::npos : at - from));
    if (at == std::string::npos) break;
    from = at + 2;
  }
  if (items.size() < 2) return std::string::npos;
  // The last item without its conjunction ("..., and to prevent" or "A, B and C"). `last` is
  // not used once an item is pushed after it.
  std::string& last = items.back();
  if (last.starts_with("and ")) {
    last.erase(0, 4);
  } else if (last.starts_with("or ")) {
    last.erase(0, 3);
  } else {
    const std::size_t conj = std::min(last.find(" and "), last.find(" or "));
    if (conj == std::string::npos) return std::string::npos;
    std::string tail = last.substr(conj + (last[conj + 1] == 'a' ? 5 : 4));
    last.erase(conj);
    items.push_back(std::move(tail));
  }
  // Items are alike: they open with the same word ("to disable ..., to prevent ...") or are
  // short names ("parameter expansion, command substitution"). Steps of a story ("might be
  // cleaning up ..., see the journal file, think it is junk, and delete it") are not a series
  // whose first item is the point.
  std::size_t longest_middle = 0;
  bool short_names = true;
  bool same_opening = true;
  std::string opening;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const auto iw = text::words(items[i]);
    if (iw.empty() || iw.size() > 10) return std::string::npos;
    if (i + 1 < items.size()) longest_middle = std::max(longest_middle, iw.size());
    short_names = short_names && iw.size() <= 3;
    if (i == 0) opening = iw.front();
    same_opening = same_opening && iw.front() == opening;
  }
  if (!short_names && !same_opening) return std::string::npos;
  if (text::words(items.back()).size() > longest_middle + 1) return std::string::npos;
  const auto w = text::words(body.substr(0, first));
  static const std::set<std::string> kBounds = {
      "only",    "both", "all",    "each",    "every", "between",  "either",
      "neither", "from", "except", "whether", "order", "sequence", "respectively"};
  if (counts(w) ||
      std::any_of(w.begin(), w.end(), [](const std::string& x) { return kBounds.count(x) > 0; })) {
    return std::string::npos;
  }
  static const std::set<std::string> kNamesTheSet = {
      "is",       "are",       "was",    "were",     "include",  "includes",
      "included", "including", "namely", "contains", "consists", "comprises"};
  for (std::size_t i = w.size() >= 3 ? w.size() - 3 : 0; i < w.size(); ++i) {
    if (kNamesTheSet.count(w[i])) return std::string::npos;
  }
  return first;
}

// Where a restrictive modifier of the clause's indefinite object begins, or npos: "The
// rollback journal is an ordinary disk file that is always located ..." -> "... is an
// ordinary disk file"; "... is a set of proprietary tests, written in C that ..." -> "... a
// set of proprietary tests". What is left is implied by the whole: a thing that is a file of
// some kind is a file. Not where that fails: a negated or bounded clause ("does not write
// files that ...", "deletes all files that ..."), a definite object ("is the file that ...":
// left, it names nothing), a clause that is what a verb or noun says ("found that ...", "a
// guarantee that ...") or a result ("so large that").
std::size_t modifier_cut(const std::string& lean) {
  static const std::set<std::string> kBounds = {
      "every", "all",   "each",   "any",    "only",    "first",   "last",  "same",
      "most",  "least", "none",   "never",  "few",     "best",    "worst", "so",
      "such",  "too",   "enough", "either", "neither", "exactly", "just"};
  static const std::set<std::string> kTakesAClause = {
      "says",    "said",     "say",        "means",     "meant",    "mean",        "ensures",
      "ensure",  "ensured",  "guarantees", "shows",     "show",     "shown",       "showed",
      "note",    "notes",    "noted",      "assumes",   "assume",   "requires",    "require",
      "believe", "believes", "know",       "knows",     "found",    "find",        "finds",
      "sure",    "now",      "given",      "fact",      "order",    "is",          "are",
      "was",     "were",     "guarantee",  "chance",    "risk",     "possibility", "assumption",
      "promise", "claim",    "sign",       "evidence",  "hint",     "warning",     "reminder",
      "reports", "report",   "reported",   "indicates", "indicate", "suggests",    "suggest",
      "verify",  "verifies", "check",      "checks",    "states",   "state",       "expects",
      "expect",  "hope",     "idea",       "way",       "point",    "likely"};
  static const std::set<std::string> kDefinite = {
      "the", "this", "that", "these", "those", "its", "their", "his", "her", "our", "my", "your"};
  static const std::regex kModifier(
      R"((?: (?:that|which|who) |, (?:[a-z]+ed|written|built|known|made|given|run|kept|held|found|shown) ))");
  std::smatch m;
  if (!std::regex_search(lean, m, kModifier)) return std::string::npos;
  const auto at = static_cast<std::size_t>(m.position(0));
  const std::string head = lean.substr(0, at);
  const auto w = text::words(head);
  if (w.size() < kMinWords || !whole(head) || limits_en(w, 0, w.size())) return std::string::npos;
  if (kTakesAClause.count(w.back())) return std::string::npos;
  for (const auto& x : w) {
    if (kBounds.count(x)) return std::string::npos;
  }
  // The object's determiner, the nearest one before the cut, is "a" or "an", right after a
  // copula (an adverb between): the head says what kind of thing the subject is. A clause
  // with no object of its own ("seeks to demonstrate that ...") has nothing to modify, and an
  // action's object without its modifier says little ("You can create a new commit" of
  // "... a new commit that undoes whatever was done by the old commit").
  static const std::set<std::string> kCopulas = {"is", "are", "was", "were", "becomes", "remains"};
  for (std::size_t i = w.size(); i-- > 1;) {
    if (w[i] == "a" || w[i] == "an") {
      const bool copula = kCopulas.count(w[i - 1]) > 0 || (i >= 2 && kCopulas.count(w[i - 2]));
      return copula ? at : std::string::npos;
    }
    if (kDefinite.count(w[i]) || extract::has_finite_verb(w[i])) break;
  }
  return std::string::npos;
}

}  // namespace lectio::compose
