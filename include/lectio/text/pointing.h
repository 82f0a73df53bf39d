#pragma once
// The Chinese words that point back to something said before: 这, 那, 此, 它, 该, 其 ("这个
// 命令", "改变它的值", "该文件"). A sentence or phrase that holds one is heard as pointing at
// text it may not stand next to. Not when the character is part of another word: 应该
// ("should"), 其他 / 其它 ("other"), 尤其, 极其, 与其, 其实, 彼此.
#include <string_view>

namespace lectio::text {

// Whether `text` holds a Chinese pointing word anywhere.
[[nodiscard]] bool holds_pointer_zh(std::string_view text);

// Whether `text` opens with a Chinese pointing word.
[[nodiscard]] bool opens_with_pointer_zh(std::string_view text);

}  // namespace lectio::text
