#include "lectio/core/enum_names.h"

#include <gtest/gtest.h>

#include "lectio/core/source.h"

namespace lectio {
namespace {

enum class Colour { kRed, kGreen };
constexpr EnumNames<Colour, 2> kColours{{{Colour::kRed, "red"}, {Colour::kGreen, "green"}}};

TEST(EnumNamesTest, NamesAndValuesComeFromOneTable) {
  EXPECT_EQ(name_of(kColours, Colour::kGreen), "green");
  EXPECT_EQ(value_of(kColours, "red"), Colour::kRed);
  EXPECT_FALSE(value_of(kColours, "blue").has_value());
  EXPECT_FALSE(value_of(kColours, "Red").has_value());  // names are exact
  EXPECT_EQ(names_in(kColours)[1], "green");
  static_assert(name_of(kColours, Colour::kRed) == "red");
}

TEST(EnumNamesTest, EveryFormatNameReadsBackAsItsFormat) {
  for (Format f : {Format::kMarkdown, Format::kText, Format::kHtml, Format::kPdf, Format::kEpub,
                   Format::kDocx}) {
    EXPECT_EQ(parse_format(format_name(f)), f) << format_name(f);
  }
  EXPECT_FALSE(parse_format("odt").has_value());
}

}  // namespace
}  // namespace lectio
