#pragma once
// Mustache templates from assets/templates. A template is parsed once per thread (the
// library's renderer keeps state while rendering, so one parsed copy is not shared).
#include <kainjow/mustache.hpp>
#include <string>
#include <string_view>

namespace lectio::web {

// Renders templates/<name>.mustache. {{> name}} includes templates/<name>.mustache too.
// Throws Internal for a missing or malformed template (a bug, caught by the tests).
std::string render_template(std::string_view name, const kainjow::mustache::data& data);

}  // namespace lectio::web
