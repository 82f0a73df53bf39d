#pragma once
// An option's definition heard as a sentence. Manuals set the names of an option apart from
// what describes it, in a table, a definition list or an Info definition:
//   ‘-A NUM’ ‘--after-context=NUM’ Print NUM lines of trailing context after matching lines.
//   -name pattern True if the base of the file name matches shell pattern PATTERN.
// Heard as written, the names run into a description that has no subject, and the listening
// rules (listenable.h) rightly keep it out of a lesson, though it is what the manual teaches.
// A teacher reading the same page says "The option ‘-A NUM’ prints NUM lines of trailing
// context after matching lines." and "The test -name pattern is true if ...".
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::text {
class WordNet;
}

namespace lectio::extract {

// The most names one definition may have ("‘-n’ ‘--quiet’ ‘--silent’").
inline constexpr std::size_t kMaxDefinedNames = 4;

// The names a definition line opens with and its description.
struct Definition {
  std::vector<std::string> names;  // as written: "‘-A NUM’", "-name pattern"
  std::string description;         // from its first word: "Print NUM lines ..."
  // What the names are when the line says so, as an Info definition does ("Action: -exec
  // command ;"): "action". Empty when it does not.
  std::string kind;
};

// The option names a line opens with and the description after them on the same line, or
// nothing. A name is an option ("-x", "--long") with the words of its argument ("-name
// pattern", "-links +n", "-exec command ;"), bare or in quotes ("‘-A NUM’"), perhaps after its
// kind ("Test: -name pattern"); the description opens with a capitalised word ("Print",
// "True").
[[nodiscard]] std::optional<Definition> split_definition(std::string_view line);

// A line that opens with one name in quotes that is no option ("‘g’ Apply the replacement
// ...", "‘w FILENAME’ If the substitution was made, ...") and a description opening with a
// capitalised word; nothing otherwise. Such a line is a definition only under a lead-in that
// says what its names are (item_kind()): alone, ‘g’ could be anything.
[[nodiscard]] std::optional<Definition> split_quoted_definition(std::string_view line);

// What the items after a list's lead-in are, in the singular, when the lead-in names them
// after "the following" ("The ‘s’ command can be followed by zero or more of the following
// FLAGS:" -> "flag"); empty for a lead-in that names no kind, or only a generic one ("the
// following forms", "as follows").
[[nodiscard]] std::string item_kind(std::string_view lead_in);

// The names of a line that holds nothing but option names ("‘-A NUM’ ‘--after-context=NUM’",
// a definition list's term above its description), with an empty description, or nothing.
[[nodiscard]] std::optional<Definition> names_only(std::string_view line);

// The sentence a manual's example is heard as: a command line ("git log --no-merges": a
// program's name, then its words, an option among them, nothing a listener could not follow)
// over its description in the imperative or the third person ("Show the whole commit history,
// but skip any merges", "Shows the commits that changed ...") -> "Running git log --no-merges
// shows the whole commit history, but skips any merges." Nothing when either is not so.
[[nodiscard]] std::optional<std::string> said_example(std::string_view command_line,
                                                      std::string_view description,
                                                      const text::WordNet& wordnet);

// Whether a sentence tells the reader what to do: its main clause opens with a verb's base form
// ("Stop when ...", "If the user does not agree to run the command, just return false.",
// "Otherwise, run it ...", "Only run the command line if ..."). After an option's definition
// such a sentence goes on describing the option in the manual's voice; heard alone, it is an
// instruction to the listener.
[[nodiscard]] bool instructs(std::string_view sentence, const text::WordNet& wordnet);

// Whether the line opens with an option's name ("-x", "--long", "‘-A NUM’"), whatever follows.
[[nodiscard]] bool opens_with_option(std::string_view line);

// The sentence a definition is heard as, or nothing when its description does not open as a
// predicate a subject can be put before (the kind is the definition's own when it has one):
//   "True if ..." / "False if ..."     -> "The test X is true if ..."
//   "Same as ..." / "Like ..."         -> "The option X is the same as ..." / "is like ..."
//   "Do not ..."                       -> "The option X does not ..."
//   an imperative ("Print ...")        -> "The option X prints ...", and a verb after "then"
//                                         agrees too ("..., then exit." -> "then exits.")
// `wordnet` tells an imperative from a noun ("Print NUM lines" from "File has N links"); without
// it only the fixed openings are said. A name is said without its value ("--context=NUM" ->
// "--context", "-i[SUFFIX]" -> "-i", "-n <number>" -> "-n number") or the ';' that ends its
// command; names a listener still could not follow ("-exec command {} +") are left out, and so
// is an option that turns another off
// ("--no-decorate" above "--decorate", whose description it is) unless it is all there is;
// nothing is said when no name is left.
[[nodiscard]] std::optional<std::string> said_definition(const Definition& definition,
                                                         const text::WordNet* wordnet);

}  // namespace lectio::extract
