"""Word lists for search's TestFalseRespellings, read in place from the
shared corpora and the paraphrase sets (nothing is written to the repo):

    python3 respellwords.py /work/shared/data /tmp/respell
    MEMWEAVE_RESPELLWORDS=/tmp/respell go test -tags sqlite_fts5 -run TestFalseRespellings -v ./search

Writes DIR/lexicon.tsv, "word<TAB>stem<TAB>count" a line: the words of 4
letters or more (a-z) of SciFact's abstracts, LongMemEval_S dev50's
sessions and LoCoMo dev5's conversations found 3 times or more (a real
word, not a typo of one); and DIR/index-SET.tsv, "word<TAB>stem" a line,
the words of each paraphrase set's notes and distractors (one index each).
Stems are those of SQLite FTS5's porter tokenizer, as the keyword index
writes them.
"""
import collections
import glob
import gzip
import json
import os
import re
import sqlite3
import sys

data, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
here = os.path.dirname(os.path.abspath(__file__))
WORD = re.compile(r"[a-z]+")


def stems(words):
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='porter unicode61 remove_diacritics 2')")
    db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    ws = sorted(words)
    db.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)", enumerate(ws, 1))
    return {ws[doc - 1]: term for doc, term in db.execute("SELECT doc, term FROM v")}


count = collections.Counter()
def add(text):
    count.update(w for w in WORD.findall(text.lower()) if len(w) >= 4)

p = os.path.join(data, "scifact", "corpus.jsonl")
if os.path.exists(p):
    for line in open(p):
        d = json.loads(line)
        add(d["title"] + " " + d["text"])
p = os.path.join(data, "longmemeval", "longmemeval_s_dev50.jsonl.gz")
if os.path.exists(p):
    for line in gzip.open(p, "rt"):
        for s in json.loads(line)["haystack_sessions"]:
            for turn in s:
                add(turn["content"])
p = os.path.join(data, "locomo", "locomo_dev5.json")
if os.path.exists(p):
    for conv in json.load(open(p)):
        for k, v in conv["conversation"].items():
            if isinstance(v, list):
                for turn in v:
                    add(turn.get("text", ""))
lex = [w for w, n in count.items() if n >= 3]
st = stems(lex)
with open(os.path.join(out, "lexicon.tsv"), "w") as f:
    for w in sorted(lex):
        f.write(f"{w}\t{st[w]}\t{count[w]}\n")
for path in sorted(glob.glob(os.path.join(here, "*.json"))):
    d = json.load(open(path))
    if not isinstance(d, dict) or "distractors" not in d:
        continue
    texts = d["distractors"] + [p["note"] for p in d.get("pairs", [])]
    words = {w for t in texts for w in WORD.findall(t.lower())}
    st = stems(words)
    name = os.path.splitext(os.path.basename(path))[0]
    with open(os.path.join(out, f"index-{name}.tsv"), "w") as f:
        for w in sorted(words):
            f.write(f"{w}\t{st[w]}\n")
