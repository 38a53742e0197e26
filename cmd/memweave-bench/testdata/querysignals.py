"""Query-level signals against the negatives (RESULTS.md, issue 32, seventeenth round).

  SEMEMBED=http://127.0.0.1:PORT/v1 python3 querysignals.py [CACHE.jsonl]

Embeds every question, note and word of the seven paraphrase sets through a semembed
(USE-lite) server, then reports for each signal the auc of the answers found in the
vector top 3 (positives) against the negatives, per half (position parity, as
`memweave-bench paraphrase`), alone and added to the best note's cosine (the weight
chosen on the tune half). Needs numpy. Signals:
  cos           the question's cosine with its nearest note (what search uses today)
  agree5, c12, wagree10  agreement of the nearest notes (mean pairwise cosine of the
                top 5; cosine of the top 2; the top 10's cosines with the top note,
                weighted by the question's cosines with them)
  conc          the nearest note's cosine minus the 5th's
  voc_incl, voc_excl, voc_min_excl, voc_frac50  each content word's best cosine with
                a word of the index (incl: its own spelling counts; excl: the nearest
                other word), mean, min, share >= 0.5
  exact         share of the question's content words found in the index
  exact_answers the same over the answer notes' words only (no distractors)
  voc_excl_answers  voc_excl over the answer notes' words only
  qpool_z       the nearest note's cosine with this question against its cosines with
                the set's other questions (needs a query log; not available to search)
"""
import json, os, re, sys, urllib.request
import numpy as np

URL = os.environ.get("SEMEMBED", "http://127.0.0.1:18600/v1").rstrip("/") + "/embeddings"
CACHE = sys.argv[1] if len(sys.argv) > 1 else "querysignals-cache.jsonl"
HERE = os.path.dirname(os.path.abspath(__file__)) + "/"
SETS = ["ranks", "paraphrase", "senses", "meaning", "families", "shapes", "memfiles"]
STOP = set("""a an the of to in on for at by with from and or but if is are was were be been being do does did
i me my mine we our you your he she it its they them their this that these those what which who whom whose when where
why how there here have has had not no can could should would will shall may might must am as so than too very just
about into over under again once any all each few more most other some such only own same s t don now up down out off
then also get got""".split())

_cache = {}
if os.path.exists(CACHE):
    for line in open(CACHE):
        try:
            t, v = json.loads(line)
            _cache[t] = v
        except ValueError:
            pass  # a torn last line


def embed(texts):
    todo = [t for t in dict.fromkeys(texts) if t not in _cache]
    for i in range(0, len(todo), 64):
        batch = todo[i:i + 64]
        req = urllib.request.Request(URL, data=json.dumps({"input": batch, "model": "use-lite"}).encode(),
                                     headers={"Content-Type": "application/json", "Authorization": "Bearer x"})
        out = json.load(urllib.request.urlopen(req, timeout=600))
        with open(CACHE, "a") as f:
            for t, d in zip(batch, out["data"]):
                _cache[t] = d["embedding"]
                f.write(json.dumps([t, d["embedding"]]) + "\n")
    return [_cache[t] for t in texts]


def words(s):
    return [w for w in re.findall(r"[a-z]+", s.lower()) if w not in STOP and len(w) > 1]


def unit(m):
    m = np.asarray(m, dtype=np.float64)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def auc(pos, neg):
    if not pos or not neg:
        return float("nan")
    return sum(1.0 if p > n else 0.5 if p == n else 0.0 for p in pos for n in neg) / (len(pos) * len(neg))


def signals(name):
    d = json.load(open(HERE + name + ".json"))
    notes = [p["note"] for p in d["pairs"]] + d["distractors"]
    qs = [(p["question"], 1, "tune" if i % 2 == 0 else "check", i) for i, p in enumerate(d["pairs"])]
    qs += [(n["question"], 0, "tune" if i % 2 == 0 else "check", -1) for i, n in enumerate(d.get("negatives", []))]
    N, Q = unit(embed(notes)), unit(embed([q[0] for q in qs]))
    vocab = sorted({w for t in notes for w in words(t)})
    answers = {w for p in d["pairs"] for w in words(p["note"])}
    allw = sorted(set(vocab) | {w for q in qs for w in words(q[0])})
    W = dict(zip(allw, unit(embed(allw))))
    V, vset = np.array([W[w] for w in vocab]), set(vocab)
    avocab = sorted(answers)
    A = np.array([W[w] for w in avocab])
    NN, C = N @ N.T, Q @ N.T
    for k, (q, lab, half, own) in enumerate(qs):
        c = C[k]
        order = np.argsort(-c)
        if lab == 1 and own not in order[:3]:
            continue  # positives: answers in the vector top 3
        top, t10 = order[:5], order[:10]
        w10 = np.maximum(c[t10], 0)
        others = np.delete(C[:, order[0]], k)
        f = {"cos": c[order[0]], "c12": NN[order[0], order[1]], "conc": c[order[0]] - c[order[4]],
             "agree5": np.mean([NN[a, b] for i, a in enumerate(top) for b in top[i + 1:]]),
             "wagree10": float(np.sum(w10 * NN[order[0], t10]) / np.sum(w10)),
             "qpool_z": (c[order[0]] - others.mean()) / others.std()}
        cw = words(q)
        if cw:
            sims = np.array([V @ W[w] for w in cw])
            ex = np.array([max([s for v, s in zip(vocab, row) if v != w] or [0]) for w, row in zip(cw, sims)])
            f.update(voc_incl=float(np.mean(sims.max(axis=1))), voc_excl=float(np.mean(ex)),
                     voc_min_excl=float(np.min(ex)), voc_frac50=float(np.mean(ex >= 0.5)),
                     exact=float(np.mean([w in vset for w in cw])),
                     exact_answers=float(np.mean([w in answers for w in cw])),
                     voc_excl_answers=float(np.mean([max([s for v, s in zip(avocab, A @ W[w]) if v != w] or [0])
                                                     for w in cw])))
        yield half, lab, f


rows = [r for name in SETS for r in signals(name)]
print("signal          auc tune  auc check   cos + lam*signal (lam from tune): tune / check")
sd = lambda xs: float(np.std(xs))
for f in sorted({k for r in rows for k in r[2]}):
    r = [x for x in rows if f in x[2]]
    alone = [auc([x[2][f] for x in r if x[0] == h and x[1] == 1], [x[2][f] for x in r if x[0] == h and x[1] == 0])
             for h in ("tune", "check")]
    sc, sf = sd([x[2]["cos"] for x in r]), sd([x[2][f] for x in r]) or 1
    best = None
    for lam in (-1, -0.5, -0.25, 0, 0.25, 0.5, 1, 2, 4):
        s = lambda x: x[2]["cos"] / sc + lam * x[2][f] / sf
        a = [auc([s(x) for x in r if x[0] == h and x[1] == 1], [s(x) for x in r if x[0] == h and x[1] == 0])
             for h in ("tune", "check")]
        if best is None or a[0] > best[1][0]:
            best = (lam, a)
    print(f"{f:14s}  {alone[0]:.3f}     {alone[1]:.3f}      lam {best[0]:5}: {best[1][0]:.3f} / {best[1][1]:.3f}")
pos = [x for x in rows if x[1] == 1]
print(f"positives {len(pos)} (tune {sum(x[0] == 'tune' for x in pos)}), negatives {len(rows) - len(pos)}")
