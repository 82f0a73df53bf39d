#!/usr/bin/env python3
"""Cards on the dev briefs: does each card's source sentence come from a chunk that teaches one
of the lesson's insights? Uses the sentence matching of shared/tools/lesson-topicality (a
sentence is matched to the graded chunks whose text holds it) and gold.json's judgments.

Usage: study_eval.py GOLD.json TOPICALITY_TOOL NAME=LESSON.json...
Prints, per lesson and in total: cards, quiz questions, the share of cards whose sentence
matches a chunk graded >= 1 for some insight of the lesson ("on-insight"), the share graded 2
("core"), and duplicates (two cards with the same answer or the same sentence).
"""
import importlib.machinery
import importlib.util
import json
import re
import sys


def load_tool(path):
    loader = importlib.machinery.SourceFileLoader("lesson_topicality", path)
    spec = importlib.util.spec_from_loader("lesson_topicality", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    gold_all = json.load(open(argv[0], encoding="utf-8"))
    tool = load_tool(argv[1])
    totals = {"cards": 0, "quiz": 0, "g1": 0, "g2": 0, "dups": 0, "lessons": 0}
    for arg in argv[2:]:
        name, path = arg.split("=", 1)
        lesson = tool.load_lesson(path)
        gold = gold_all[name]
        grade = {}
        for g in gold["insights"]:
            for c in g.get("grade1", []):
                grade[c] = max(grade.get(c, 0), 1)
            for c in g.get("grade2", []):
                grade[c] = 2
        match = tool.Matcher(gold.get("texts") or {})
        study = lesson.get("study") or {"cards": [], "quiz": []}
        cards = study["cards"]
        g1 = g2 = 0
        answers, sentences, dups = set(), set(), 0
        for c in cards:
            best = max([grade.get(cid, 0) for cid in match.chunks_of(c["sentence"])] or [0])
            g1 += best >= 1
            g2 += best == 2
            a = tool.norm(c["answer"])
            s = tool.norm(c["sentence"])
            if a in answers or s in sentences:
                dups += 1
            answers.add(a)
            sentences.add(s)
        n = len(cards)
        print(f"{name:22s} cards {n:3d}  quiz {len(study['quiz']):2d}  on-insight {g1}/{n} = "
              f"{g1 / n if n else 0:.1%}  core {g2 / n if n else 0:.1%}  duplicates {dups}")
        totals["cards"] += n
        totals["quiz"] += len(study["quiz"])
        totals["g1"] += g1
        totals["g2"] += g2
        totals["dups"] += dups
        totals["lessons"] += 1
    n = totals["cards"]
    print(f"{'total':22s} cards {n:3d} ({n / max(1, totals['lessons']):.1f} per lesson)  quiz "
          f"{totals['quiz']}  on-insight {totals['g1']}/{n} = {totals['g1'] / n if n else 0:.1%}  "
          f"core {totals['g2'] / n if n else 0:.1%}  duplicates {totals['dups']}")


if __name__ == "__main__":
    main(sys.argv[1:])
