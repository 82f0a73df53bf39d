// The Chinese words that point back, wherever the FAQ, the recap and the extractor ask: one
// list, with the words that only contain a pointing character left out.
#include "lectio/text/pointing.h"

#include <gtest/gtest.h>

namespace lectio::text {

TEST(PointingTest, AChinesePointingWordIsFoundAnywhere) {
  EXPECT_TRUE(holds_pointer_zh("你可以使用 alias 来改变它的值"));
  EXPECT_TRUE(holds_pointer_zh("查看该文件的权限"));
  EXPECT_TRUE(holds_pointer_zh("因此需要重新启动"));
  EXPECT_FALSE(holds_pointer_zh("后台任务让用户能够在一个 shell 中执行多个程序"));
}

TEST(PointingTest, AWordThatOnlyContainsAPointingCharacterDoesNotPoint) {
  EXPECT_FALSE(holds_pointer_zh("你应该先更新软件包列表"));
  EXPECT_FALSE(holds_pointer_zh("其他用户不能读取文件"));
  EXPECT_FALSE(holds_pointer_zh("尤其是在多用户系统上"));
  EXPECT_TRUE(holds_pointer_zh("其他用户不能读取该文件"));  // 其他 excused, 该 not
}

TEST(PointingTest, AChinesePointingWordOpensAPhrase) {
  EXPECT_TRUE(opens_with_pointer_zh("这个功能让用户能够执行多个程序"));
  EXPECT_TRUE(opens_with_pointer_zh("此外，还可以使用 fg"));
  EXPECT_FALSE(opens_with_pointer_zh("其他软件包也会被安装"));
  EXPECT_FALSE(opens_with_pointer_zh("后台进程的管理"));
}

}  // namespace lectio::text
