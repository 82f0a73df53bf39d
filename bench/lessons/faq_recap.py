#!/usr/bin/env python3
"""Two figures of issue 28 that lesson-lint and lesson-topicality do not print, per lesson.

Usage: faq_recap.py LESSON.json... [--total]

  restating  FAQ questions that ask an insight again: 60% or more of the question's content
             words (cut to five letters, question frame and stop words out) are an insight's
  recap      insight sections with something said that the recap gives a cited point of

Prints one line per lesson ("name  FAQ restating k of n; recap points p of s"); with --total,
a last line with the sums. Files that are not lessons (chunks) are skipped.
"""
import json
import re
import sys

STOP = set("""a an the and or but if of to in on at by for with from as is are was were be it its
this that what how why when which who do does you can your explain should know about""".split())


def words(s):
    return {w[:5] for w in re.findall(r"[a-z0-9']+", s.lower()) if w not in STOP and len(w) > 2}


def restates(question, insights):
    q = words(question)
    return any(q and i and len(q & i) / len(q | i) >= 0.6 for i in insights)


def main(argv):
    total = "--total" in argv
    sums = [0, 0, 0, 0]
    for path in [a for a in argv if not a.startswith("--")]:
        try:
            lesson = json.load(open(path))
        except (OSError, ValueError):
            continue
        lesson = lesson.get("lesson", lesson) if isinstance(lesson, dict) else {}
        if "script" not in lesson:
            continue
        insights = [words(s["insight"]) for s in lesson["script"] if s.get("kind") == "insight"]
        faq = lesson.get("faq", [])
        k = sum(restates(q["question"], insights) for q in faq)
        said = sum(1 for s in lesson["script"] if s.get("kind") == "insight" and
                   any(x.get("citations") for x in s["sentences"]))
        points = sum(1 for s in lesson["script"] if s.get("kind") == "outro"
                     for x in s["sentences"] if x.get("citations"))
        name = path.rsplit("/", 1)[-1].removesuffix(".json")
        print(f"{name:18} FAQ restating {k} of {len(faq)}; recap points {points} of {said}")
        for i, v in enumerate((k, len(faq), points, said)):
            sums[i] += v
    if total:
        print(f"{'total':18} FAQ restating {sums[0]} of {sums[1]}; recap points {sums[2]} of {sums[3]}")


if __name__ == "__main__":
    main(sys.argv[1:])
