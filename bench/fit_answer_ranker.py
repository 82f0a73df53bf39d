#!/usr/bin/env python3
"""Fits the weights of ask's sentence ranker (src/ask/answer_core.cpp, kWeights).

Input: the file `lectio_qa_bench QA_DIR WORK --features FILE` writes: one JSON line per
question with every candidate sentence the ranker scored, its features (answer_features.h),
its coverage, whether pick_answer() would refuse with it in the lead, and whether it holds a
gold answer.

The model is a softmax over each question's eligible candidates (coverage >= the bar, as
pick_answer() chooses its lead among those), fitted by L2-regularised maximum likelihood of
the candidates that hold a gold answer. Cross-validation holds out whole articles (each fold
one article), so the figure predicts a held-out set of other articles. The figure is
pick_answer()'s: the lead is the best eligible candidate, a lead that turns the question round
is a refusal, and a refusal counts as a miss.

  python3 bench/fit_answer_ranker.py FEATURES.jsonl [--use own,heading,...] [--l2 0.01]
      [--weights w1,w2,...]   (evaluate given weights, in --use order, instead of fitting)
      [--select]              (add features to --use while the cross-validated figure rises)
      [--bar 0.40] [--lead-bar 0.40]

Plain Python (no numpy): a few minutes for a fit on SQuAD's dev articles.
"""
import argparse
import json
import math
import sys

BAR = 0.40  # PickOptions::min_coverage: refuse when no candidate carries this much
LEAD_BAR = 0.40  # the lead is the best candidate that carries this much


def load(path):
    questions = []
    names = None
    with open(path) as f:
        for line in f:
            q = json.loads(line)
            names = names or q["names"]
            questions.append(q)
    return names, questions


def project(questions, names, use):
    """Each question as (article, answerable, [(features, label, turn, eligible)]); no
    candidates at all when none reaches BAR (the question is refused)."""
    cols = [names.index(u) for u in use]
    out = []
    for q in questions:
        rows = []
        if any(c["cov"] >= BAR for c in q["cands"]):
            for c in q["cands"]:
                rows.append(([c["f"][k] for k in cols], bool(c["label"]), bool(c["turn"]),
                             c["cov"] >= LEAD_BAR))
        out.append((q["article"], bool(q["answerable"]), rows))
    return out


def evaluate(data, w):
    """first-sentence hit share, answered share (answerable), refused share (unanswerable),
    and the top candidate's hit share with no refusal at all."""
    first = answered = refused = top = n_ans = n_un = 0
    for _, answerable, rows in data:
        best = None
        best_any = None
        for x, label, turn, eligible in rows:
            s = sum(a * b for a, b in zip(w, x))
            if best_any is None or s > best_any[0]:
                best_any = (s, label)
            if eligible and (best is None or s > best[0]):
                best = (s, label, turn)
        supported = best is not None and not best[2]
        if answerable:
            n_ans += 1
            answered += supported
            first += supported and best[1]
            top += best_any is not None and best_any[1]
        else:
            n_un += 1
            refused += not supported
    return {"first": first / max(n_ans, 1), "answered": answered / max(n_ans, 1),
            "refused": refused / max(n_un, 1), "top": top / max(n_ans, 1)}


def standardise(data):
    xs = [x for _, _, rows in data for x, _, _, e in rows if e]
    d = len(xs[0])
    mean = [sum(x[k] for x in xs) / len(xs) for k in range(d)]
    sd = [math.sqrt(sum((x[k] - mean[k]) ** 2 for x in xs) / len(xs)) or 1.0 for k in range(d)]
    return mean, sd


def fit(data, l2, iters=250, lr=0.05):
    """Softmax listwise logistic regression over each answerable question's eligible
    candidates, weights in raw feature units (the per-question softmax ignores any offset)."""
    mean, sd = standardise(data)
    groups = []
    for _, answerable, rows in data:
        z = [([(x[k] - mean[k]) / sd[k] for k in range(len(x))], label)
             for x, label, _, e in rows if e]
        if answerable and any(label for _, label in z) and not all(label for _, label in z):
            groups.append(z)
    d = len(mean)
    w = [0.0] * d
    m = [0.0] * d
    v = [0.0] * d
    for t in range(1, iters + 1):
        grad = [l2 * wk for wk in w]
        for z in groups:
            s = [sum(a * b for a, b in zip(w, x)) for x, _ in z]
            top = max(s)
            e = [math.exp(si - top) for si in s]
            total = sum(e)
            pos = sum(ei for ei, (_, label) in zip(e, z) if label)
            for ei, (x, label) in zip(e, z):
                # d(-log P(pos))/ds_i = p_i - p_i|pos * [label]
                g = ei / total - (ei / pos if label else 0.0)
                if g:
                    for k in range(d):
                        grad[k] += g * x[k] / len(groups)
        for k in range(d):
            m[k] = 0.9 * m[k] + 0.1 * grad[k]
            v[k] = 0.999 * v[k] + 0.001 * grad[k] ** 2
            w[k] -= lr * (m[k] / (1 - 0.9 ** t)) / (math.sqrt(v[k] / (1 - 0.999 ** t)) + 1e-8)
    return [w[k] / sd[k] for k in range(d)]


def round2(w):
    """Two significant digits, scaled so that the largest weight is 1 (a ranking ignores the
    scale)."""
    top = max(abs(x) for x in w) or 1.0
    return [float(f"{x / top:.2g}") for x in w]


def cross_validate(data, l2, **fit_args):
    """Leave-one-article-out: each article's questions ranked by weights fitted on the others;
    the figures pooled over all questions."""
    articles = sorted({a for a, _, _ in data})
    pooled = {"first": 0.0, "answered": 0.0, "refused": 0.0, "top": 0.0}
    n_ans = sum(1 for _, ans, _ in data if ans)
    n_un = sum(1 for _, ans, _ in data if not ans)
    folds = {}
    for held in articles:
        train = [q for q in data if q[0] != held]
        test = [q for q in data if q[0] == held]
        w = round2(fit(train, l2, **fit_args))
        r = evaluate(test, w)
        a = sum(1 for _, ans, _ in test if ans)
        u = sum(1 for _, ans, _ in test if not ans)
        folds[held] = {k: round(x, 3) for k, x in r.items()}
        for k in ("first", "answered", "top"):
            pooled[k] += r[k] * a / n_ans
        pooled["refused"] += r["refused"] * u / max(n_un, 1)
    return {k: round(x, 3) for k, x in pooled.items()}, folds


def select(questions, names, use, l2):
    """Forward selection: from `use`, add the feature that raises the cross-validated first
    sentence figure most, while it rises by at least 0.002 (two or three questions)."""
    chosen = list(use)
    best = cross_validate(project(questions, names, chosen), l2, iters=120, lr=0.1)[0]["first"]
    print(json.dumps({"start": chosen, "cv_first": best}), flush=True)
    while True:
        trials = []
        for f in names:
            if f in chosen:
                continue
            cv = cross_validate(project(questions, names, chosen + [f]), l2, iters=120, lr=0.1)
            trials.append((cv[0]["first"], f))
            print(json.dumps({"try": f, "cv_first": cv[0]["first"]}), flush=True)
        if not trials:
            return chosen
        score, f = max(trials)
        if score < best + 0.002:
            return chosen
        best = score
        chosen.append(f)
        print(json.dumps({"add": f, "cv_first": best, "use": ",".join(chosen)}), flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("features")
    ap.add_argument("--use", default=None, help="comma-separated feature names (default: all)")
    ap.add_argument("--l2", type=float, default=0.01)
    ap.add_argument("--weights", default=None)
    ap.add_argument("--select", action="store_true",
                    help="forward feature selection from --use by the cross-validated figure")
    ap.add_argument("--bar", type=float, default=BAR)
    ap.add_argument("--lead-bar", type=float, default=LEAD_BAR)
    args = ap.parse_args()
    globals().update(BAR=args.bar, LEAD_BAR=args.lead_bar)
    names, questions = load(args.features)
    use = args.use.split(",") if args.use else names
    for u in use:
        if u not in names:
            sys.exit(f"fit_answer_ranker: feature {u}: not in {args.features} ({', '.join(names)})")
    data = project(questions, names, use)
    if args.weights:
        w = [float(x) for x in args.weights.split(",")]
        print(json.dumps({"weights": dict(zip(use, w)), "all": evaluate(data, w)}))
        return
    if args.select:
        print(json.dumps({"selected": ",".join(select(questions, names, use, args.l2))}))
        return
    cv, folds = cross_validate(data, args.l2)
    w = round2(fit(data, args.l2))
    print(json.dumps({"use": use, "l2": args.l2, "cv": cv, "folds": folds,
                      "weights": dict(zip(use, w)),
                      "fit_on_all": {k: round(x, 3) for k, x in evaluate(data, w).items()}}))


if __name__ == "__main__":
    main()
