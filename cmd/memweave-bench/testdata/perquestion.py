"""Compare memweave-bench --per-question dumps (RESULTS.md, issue 32, sixteenth round).

  python3 perquestion.py diff A.jsonl B.jsonl [metric]   questions where A scores under / over B
  python3 perquestion.py split A.jsonl...                recall_any@5 and ndcg@10 (beir: ndcg@10 and
                                                         recall@100) per --split half
  python3 perquestion.py saturated A.jsonl...            mean share of a question's hits with v >= 0.9
                                                         (the dump must come from --scores)
  python3 perquestion.py losses A.jsonl B.jsonl [metric] where each gold document A ranks under B sits:
                                                         its best chunk in A and what ranks above it
                                                         (A from --scores; seventeenth round)
  python3 perquestion.py window A.jsonl K.jsonl N...     beir: A's ndcg@10 / recall@100 per half if at most
                                                         N word-free chunks ranked over the keyword matches
                                                         and K's (keyword) ranked documents (a lower bound:
                                                         the dump keeps K's first 50); A from --scores
                                                         (eighteenth round)
"""
import json
import math
import statistics
import sys


def load(path):
    return [json.loads(line) for line in open(path)]


def fnv(s):
    """FNV-1a 32 of s, as --split hashes a question id (even: tune)."""
    h = 0x811C9DC5
    for b in s.encode():
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def diff(a, b, metric="recall_any@5"):
    bq = {o["id"]: o for o in load(b)}
    worse, better = [], []
    for o in load(a):
        if metric not in o["metrics"]:
            continue  # a question without evidence, left out of the report's mean too
        x, y = o["metrics"][metric], bq[o["id"]]["metrics"][metric]
        if x < y:
            worse.append(o["id"])
        elif x > y:
            better.append(o["id"])
    print(f"{a}: under {b} on {len(worse)}, over on {len(better)} ({metric})")
    for q in worse:
        print("under", q)
    for q in better:
        print("over", q)


def split(*paths):
    for p in paths:
        out = []
        # recall_any@5 and ndcg@10 (LongMemEval, LoCoMo), else ndcg@10 and recall@100 (beir)
        first = next(o["metrics"] for o in load(p) if o["metrics"])
        names = ["recall_any@5", "ndcg@10"] if "recall_any@5" in first else ["ndcg@10", "recall@100"]
        for half in ("tune", "check"):
            rows = [o["metrics"] for o in load(p) if (fnv(o["id"]) % 2 == 0) == (half == "tune")]
            rows = [m for m in rows if names[0] in m]  # as the report: with evidence
            figs = " ".join(f"{n} {sum(m[n] for m in rows) / len(rows):.4f}" for n in names)
            out.append(f"{half} {figs} (n {len(rows)})")
        print(p, "  ".join(out))


def saturated(*paths):
    for p in paths:
        shares = []
        for o in load(p):
            hits = [h for h in o.get("hits", []) if h[4] is not None]
            if hits:
                shares.append(sum(h[2] >= 0.9 for h in hits) / len(hits))
        print(p, f"mean {statistics.mean(shares):.3f} median {statistics.median(shares):.3f} of {len(shares)}")


def losses(a, b, metric="ndcg@10"):
    """For each question A scores under B on metric, each gold document A ranks lower:
    A's best chunk of it (k, v, cosine, score) and the hits above that chunk, counted as
    word-free (k = 0; how many at v >= 0.9), keyword matches with a lower k, or a higher k.
    Hits are [document, k, v, bm25, cosine, score] (--scores)."""
    bq = {o["id"]: o for o in load(b)}
    kinds = {}

    def rank(o, g):
        return o["ranked"].index(g) + 1 if g in o["ranked"] else None

    for o in load(a):
        other = bq[o["id"]]
        if metric not in o["metrics"] or o["metrics"][metric] >= other["metrics"][metric]:
            continue
        for g in o["gold"]:
            ra, rb = rank(o, g), rank(other, g)
            if rb is None or (ra is not None and ra <= rb):
                continue
            mine = [h for h in o["hits"] if h[0] == g]
            above = o["hits"][: o["hits"].index(mine[0])] if mine else o["hits"]
            free = [h for h in above if h[1] == 0]
            lower = [h for h in above if h[1] > 0 and mine and h[1] < mine[0][1]]
            higher = [h for h in above if h[1] > 0 and mine and h[1] >= mine[0][1]]
            kind = ("absent (window full)" if not mine else "word-free above" if len(free) > len(lower)
                    else "lower k above" if lower else "higher k above")
            kinds[kind] = kinds.get(kind, 0) + 1
            best = "absent" if not mine else "k %.3f v %.3f cos %.3f score %.3f" % (mine[0][1], mine[0][2], mine[0][4], mine[0][5])
            print(f"{o['id']} gold {g} rank {ra} vs {rb}: {best}; above: {len(free)} word-free "
                  f"({sum(h[2] >= 0.9 for h in free)} at v >= 0.9), {len(lower)} lower k, {len(higher)} higher k")
    for k, n in sorted(kinds.items()):
        print(k, n)


def window(a, k, *caps):
    def ndcg10(r, g):
        dcg = sum(1 / math.log2(i + 2) for i, d in enumerate(r[:10]) if d in g)
        return dcg / sum(1 / math.log2(i + 2) for i in range(min(len(g), 10)))

    kw = {o["id"]: o["ranked"] for o in load(k)}
    for cap in [None] + [int(c) for c in caps]:
        sums = {"tune": [0, 0, 0], "check": [0, 0, 0]}
        for o in load(a):
            g, keep, rest, free = set(o["gold"]), [], [], 0
            for h in o["hits"]:  # [doc, k, v, ..., score]
                if h[1] == 0:
                    free += 1
                    (keep if cap is None or free <= cap else rest).append(h[0])
                else:
                    keep.append(h[0])
            ranked = list(dict.fromkeys(keep + ([] if cap is None else kw[o["id"]]) + rest))
            s = sums["tune" if fnv(o["id"]) % 2 == 0 else "check"]
            s[0] += ndcg10(ranked, g)
            s[1] += len(set(ranked[:100]) & g) / len(g)
            s[2] += 1
        print("cap", "none" if cap is None else cap, " ".join(
            "%s ndcg@10 %.4f recall@100 %.4f" % (h, s[0] / s[2], s[1] / s[2]) for h, s in sums.items()))


if __name__ == "__main__":
    {"diff": diff, "split": split, "saturated": saturated, "losses": losses, "window": window}[sys.argv[1]](*sys.argv[2:])
