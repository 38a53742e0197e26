"""Compare memweave-bench --per-question dumps (RESULTS.md, issue 32, sixteenth round).

  python3 perquestion.py diff A.jsonl B.jsonl [metric]   questions where A scores under / over B
  python3 perquestion.py split A.jsonl...                recall_any@5 and ndcg@10 per --split half
  python3 perquestion.py saturated A.jsonl...            mean share of a question's hits with v >= 0.9
                                                         (the dump must come from --scores)
"""
import json
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
        for half in ("tune", "check"):
            rows = [o["metrics"] for o in load(p) if (fnv(o["id"]) % 2 == 0) == (half == "tune")]
            rows = [m for m in rows if "recall_any@5" in m]  # as the report: with evidence
            r5 = sum(m["recall_any@5"] for m in rows) / len(rows)
            nd = sum(m["ndcg@10"] for m in rows) / len(rows)
            out.append(f"{half} R@5 {r5:.4f} nDCG@10 {nd:.4f} (n {len(rows)})")
        print(p, "  ".join(out))


def saturated(*paths):
    for p in paths:
        shares = []
        for o in load(p):
            hits = [h for h in o.get("hits", []) if h[4] is not None]
            if hits:
                shares.append(sum(h[2] >= 0.9 for h in hits) / len(hits))
        print(p, f"mean {statistics.mean(shares):.3f} median {statistics.median(shares):.3f} of {len(shares)}")


if __name__ == "__main__":
    {"diff": diff, "split": split, "saturated": saturated}[sys.argv[1]](*sys.argv[2:])
