"""Clipped keyword queries from SciFact's claims, for the clip readings
of search/respell.go (cmd/memweave-bench/RESULTS.md, "Clips of many
words, typos two edits away").

    python3 clipqueries.py DATA OUT

DATA is SciFact's folder (corpus.jsonl, queries.jsonl, qrels/train.tsv),
read in place; OUT gets, for each train claim with two words found in 2
or more abstracts, its two rarest words, the rarer of 7 letters or more
clipped to its shortest prefix of 4 letters or more that begins 6 or
more of the corpus's words and is none of them: sf-whole.jsonl (both
words whole), sf-clip.jsonl (the clip and the other word),
sf-clip1.jsonl (the clip alone), and qrels.tsv (the judgments of those
claims), for `memweave-bench beir --queries OUT/sf-clip.jsonl --qrels
OUT/qrels.tsv`.
"""
import bisect
import collections
import json
import os
import re
import sys

data, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
df = collections.Counter()
for line in open(os.path.join(data, "corpus.jsonl")):
    d = json.loads(line)
    df.update(set(re.findall(r"[a-z]+", (d["title"] + " " + d["text"]).lower())))
vocab = sorted(df)


def begins(p):
    i, n = bisect.bisect_left(vocab, p), 0
    while i < len(vocab) and vocab[i].startswith(p):
        n, i = n + 1, i + 1
    return n


qrels = open(os.path.join(data, "qrels", "train.tsv")).read().splitlines()
qids = {l.split("\t")[0] for l in qrels[1:]}
stop = set("the of and in a to is are with for by on that as an be or from not at this which "
           "increases decreases increased reduced associated".split())
files = {k: open(os.path.join(out, "sf-%s.jsonl" % k), "w") for k in ("whole", "clip", "clip1")}
kept = set()
for line in open(os.path.join(data, "queries.jsonl")):
    q = json.loads(line)
    if q["_id"] not in qids:
        continue
    ws = [w for w in dict.fromkeys(re.findall(r"[a-z]+", q["text"].lower())) if w not in stop and df[w] >= 2 and len(w) >= 3]
    if len(ws) < 2:
        continue
    ws.sort(key=lambda w: df[w])
    a, b = ws[0], ws[1]
    c = next((w for w in (a, b) if len(w) >= 7), None)
    if c is None:
        continue
    o = b if c == a else a
    clip = next((c[:k] for k in range(4, len(c) - 1) if begins(c[:k]) >= 6 and df[c[:k]] == 0), None)
    if clip is None:
        continue
    kept.add(q["_id"])
    for k, text in (("whole", c + " " + o), ("clip", clip + " " + o), ("clip1", clip)):
        files[k].write(json.dumps({"_id": q["_id"], "text": text, "metadata": {}}) + "\n")
with open(os.path.join(out, "qrels.tsv"), "w") as f:
    f.write(qrels[0] + "\n")
    for l in qrels[1:]:
        if l.split("\t")[0] in kept:
            f.write(l + "\n")
print(len(kept), "claims", file=sys.stderr)
