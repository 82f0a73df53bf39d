#!/usr/bin/env python3
"""Offline probes of ideas for ask's lead ranker, before any of them is written in C++.

Reads the file `lectio_qa_bench QA_DIR WORK --features FILE` writes and writes it again with
extra feature columns derived from each candidate's features, its text and its neighbours
among the scored candidates; bench/fit_answer_ranker.py then fits and cross-validates them
beside the shipped nine (docs/benchmarks.md, "Ask and verify", ask-quality-2):

  python3 bench/answer_ranker_probes.py F.jsonl P.jsonl
  python3 bench/fit_answer_ranker.py P.jsonl \\
      --use own,heading,before,cosine,prior,typed,dangling,near_type,bm25,PROBE

The probes are approximations (the dump holds only candidates that carry a question term
themselves, and words here are lower-cased [a-z0-9] runs cut to six letters, not
text::terms()); a probe that does not raise the cross-validated figure here is not worth the
C++.
"""
import collections
import json
import math
import re
import sys

# The shipped lead weights (answer_core.cpp, kLeadWeights): the first pass of the feedback.
LEAD = dict(own=0.62, heading=1.0, before=0.3, cosine=0.2, prior=0.31, typed=0.2,
            dangling=-0.016, bm25=0.41, near_type=0.17)
# A sentence opening with these stands for something the sentence before names.
POINTS_BACK = re.compile(r"^(He|She|It|They|His|Her|Its|Their|This|These|That|Those|The|There)\b")
PRONOUN = re.compile(r"^(He|She|It|They|His|Her|Its|Their)\b")
YEAR = re.compile(r"\b1[0-9]{3}\b|\b20[0-9]{2}\b")
PERCENT = re.compile(r"%|\bper ?cent")
NUMBER = re.compile(r"\b\d[\d,.]*\b|\b(one|two|three|four|five|six|seven|eight|nine|ten|"
                    r"hundred|thousand|million|billion)\b", re.I)
MONEY = re.compile(r"\$|£|€|\b(dollars?|pounds?|euros?)\b")
MONTH = re.compile(r"\b(January|February|March|April|May|June|July|August|September|"
                   r"October|November|December)\b")
STOP = set("the a an of in on at to for and or but is was were are be been by with as from "
           "that this it its his her their they he she which who what when where how did do "
           "does has have had not no than then there these those also into after before over "
           "under".split())
NAME = re.compile(r"((?:[A-Z][\w'’.-]*\s+)+)([A-Z0-9][\w'’.-]*)")
PROBES = ["carry", "carry_pronoun", "fine_type", "next_own", "window", "chunk_best_cov",
          "chunk_best_window", "own_typed", "bm25_prior", "own_prior", "own_sq", "where_prep",
          "who_person", "near_own", "feedback", "name_conflict", "full_name"]


def fine_type(question):
    """The kind a what/which question's head noun implies, matched by shape below."""
    ql = question.lower()
    m = re.search(r"\b(what|which)\s+(\w+)", ql)
    head = m.group(2) if m else ""
    if head in ("year", "years", "decade", "century"):
        return "year"
    if head in ("percentage", "percent", "proportion"):
        return "percent"
    if head in ("date", "day", "month"):
        return "date"
    if head in ("number", "amount", "age"):
        return "number"
    return "money" if "how much" in ql else None


def has_shape(kind, text):
    if kind == "year":
        return bool(YEAR.search(text))
    if kind == "percent":
        return bool(PERCENT.search(text))
    if kind == "date":
        return bool(MONTH.search(text) or YEAR.search(text))
    if kind == "number":
        return bool(NUMBER.search(text))
    return bool(MONEY.search(text) or PERCENT.search(text) or NUMBER.search(text))


def words(s):
    return [w[:6] for w in re.findall(r"[a-z0-9]+", s.lower()) if w not in STOP and len(w) > 2]


def feedback(q, ix, depth=5, n_terms=10):
    """RM3-style: the question's other words the best `depth` candidates (shipped weights)
    share, by how many hold each times its idf among the candidates; each candidate's share
    of the heaviest `n_terms`."""
    cands = q["cands"]
    score = lambda c: sum(w * c["f"][ix[k]] for k, w in LEAD.items())
    asked = set(words(q["question"]))
    df = collections.Counter()
    for c in cands:
        df.update(set(words(c["text"])))
    held = collections.Counter()
    for c in sorted(cands, key=score, reverse=True)[:depth]:
        held.update(set(words(c["text"])))
    n = len(cands) or 1
    weights = sorted(((v * math.log(1 + n / df[t]), t) for t, v in held.items()
                      if t not in asked), reverse=True)[:n_terms]
    total = sum(v for v, _ in weights) or 1
    return [sum(v for v, t in weights if t in set(words(c["text"]))) / total for c in cands]


def question_names(question):
    """Names of two or more capitalised words (or a number after them) the question holds."""
    out = []
    for m in NAME.finditer(question):
        toks = (m.group(1) + m.group(2)).split()
        if m.start() == 0 and toks[0] in ("What", "Which", "Who", "When", "Where", "How", "In",
                                          "The", "On", "At"):
            toks = toks[1:]
        if len(toks) >= 2:
            out.append(toks)
    return out


def name_features(names, text):
    """(a name of the question with its last word swapped: "Super Bowl XIX" for "Super Bowl
    50"; a name of the question as written)."""
    conflict = full = 0
    for toks in names:
        if " ".join(toks) in text:
            full = 1
            continue
        for m in re.finditer(re.escape(" ".join(toks[:-1])) + r"\s+([A-Z0-9][\w'’.-]*)", text):
            conflict |= m.group(1) != toks[-1]
    return [conflict, full]


def probe(q):
    ix = {k: i for i, k in enumerate(q["names"])}
    cands = q["cands"]
    by_index = {c["i"]: c for c in cands}
    nxt = lambda c: by_index.get(c["i"] + 1) if by_index.get(c["i"] + 1, {}).get(
        "chunk") == c["chunk"] else None
    window = {id(c): c["f"][ix["own"]] + (nxt(c)["f"][ix["own"]] if nxt(c) else 0)
              for c in cands}
    best_cov, best_window = {}, {}
    for c in cands:
        best_cov[c["chunk"]] = max(best_cov.get(c["chunk"], 0), c["cov"])
        best_window[c["chunk"]] = max(best_window.get(c["chunk"], 0), window[id(c)])
    kind = fine_type(q["question"])
    ql = q["question"].lower()
    where = ql.startswith("where") or " where " in ql
    who = ql.startswith("who") or " who " in ql
    names = question_names(q["question"])
    fb = feedback(q, ix)
    for c, fb_c in zip(cands, fb):
        f, t = c["f"], c["text"]
        v = lambda k: f[ix[k]]
        f += [v("before") if POINTS_BACK.match(t) else 0,
              v("before") if PRONOUN.match(t) else 0,
              (1 if has_shape(kind, t) else -1) if kind else 0,
              nxt(c)["f"][ix["own"]] if nxt(c) else 0,
              window[id(c)], best_cov[c["chunk"]], best_window[c["chunk"]],
              v("own") * v("typed"), v("bm25") * v("prior"), v("own") * v("prior"),
              v("own") ** 2,
              1 if where and re.search(r"\b(in|at|near|from)\s+(the\s+)?[A-Z]", t) else 0,
              1 if who and re.search(r"[A-Z][a-z]+ [A-Z][a-z]+", t[1:]) else 0,
              v("near_type") * v("own"), fb_c] + name_features(names, t)
    q["names"] = q["names"] + PROBES
    return q


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: answer_ranker_probes.py FEATURES.jsonl OUT.jsonl")
    with open(sys.argv[1]) as src, open(sys.argv[2], "w") as out:
        for line in src:
            out.write(json.dumps(probe(json.loads(line))) + "\n")


if __name__ == "__main__":
    main()
