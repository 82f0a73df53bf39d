#!/usr/bin/env python3
"""The listener's rules of ../shared/tools/lesson-lint for a Chinese lesson.

Usage: bench/lesson_lint_zh.py LESSON.json [CHUNKS.json ...] [--json] [--show N]

Runs the shared linter itself with its English word lists swapped for Chinese ones (the rules,
the counting and the output stay the shared tool's; docs/benchmarks.md "Lessons on real
documentation" says how each list was adapted):
  dangling  openers that point back: 这/那/它/其/该/此, 此外, 但是, 然而, 因此, 例如 ...
  layout    如下, 下面, 下列, 上述, 以上, 见第, 参见, 本节, 本章, 下表 ...
  fragment  a "word" is a Han character or a Latin word: under 5 of them, ends with ：or；,
            or under 9 with none of the common verbs (是, 有, 会, 可以, 使用 ...)
  markup    the shared tool's patterns, unchanged
  repeat    Jaccard of Han-character bigrams and Latin content words, >= 0.7
Titles ending in 和/与/或/及/：/，(not 的, which closes "是……的") and FAQ questions not ending in ？ are lesson-level problems.
"""
import importlib.machinery
import importlib.util
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
shared = os.environ.get("LECTIO_SHARED", os.path.join(here, "..", "..", "shared"))
loader = importlib.machinery.SourceFileLoader("lesson_lint", os.path.join(shared, "tools", "lesson-lint"))
spec = importlib.util.spec_from_loader("lesson_lint", loader)
lint = importlib.util.module_from_spec(spec)
loader.exec_module(lint)

HAN = "\u4e00-\u9fff"
lint.POINTING = re.compile(
    r"^(这|那|它|他|她|其|该|此|另外|此外|同时|而且|并且|但|然而|不过|因此|所以|于是|因而|总之|"
    r"例如|比如|还|也|又|而|否则|相反|同样|其次|然后|接着|最后|另一|类似的|类似地|在这)")
lint.LAYOUT = re.compile(
    r"(如下|下面|下列|下表|上表|下图|上图|上述|以上|上面|以下|见第|参见|参看|详见|请看|本节|本章|"
    r"本文|下方|下述|本手册|本文档|本页|这里是|这里有|脚注|下一节|上一节|下一章|上一章)")
lint.VERBISH = re.compile(
    r"(是|有|会|能|可以|要|在|用|把|被|让|使|做|进行|提供|需要|包括|表示|支持|运行|执行|保存|写|读|"
    r"创建|删除|安装|更新|检查|发送|接收|处理|得到|获得|成为|称为|叫做)")
lint.DANGLING_END = re.compile(r"(和|与|或|及|[：:；;，,、\-–—])\s*$")


def words(s):
    return re.findall(rf"[{HAN}]|[A-Za-z0-9][A-Za-z0-9'+#.-]*", s)


def content(s):
    han = re.sub(rf"[^{HAN}]", " ", s).split()
    grams = {run[i:i + 2] for run in han for i in range(len(run) - 1)}
    latin = {lint.stem(w) for w in re.findall(r"[A-Za-z][A-Za-z0-9'+#.-]*", s)
             if w.lower() not in lint.STOP and len(w) > 2}
    return grams | latin


lint.words = words
lint.content = content
_main = lint.main


def main(argv):
    # The shared checks end questions with "?"; a Chinese question ends with "？".
    import json
    args = [a for a in argv if not a.startswith("--")]
    if args:
        doc = json.load(open(args[0]))
        lesson = doc.get("lesson", doc)
        for q in lesson.get("faq", []) or []:
            if q.get("question", "").endswith("？"):
                q["question"] = q["question"][:-1] + "?"
        tmp = args[0] + ".zh-lint.json"
        json.dump(doc, open(tmp, "w"), ensure_ascii=False)
        argv = [tmp if a == args[0] else a for a in argv]
        try:
            return _main(argv)
        finally:
            os.unlink(tmp)
    return _main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
