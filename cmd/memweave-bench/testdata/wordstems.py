"""The words of SciFact's abstracts (4 letters or more) with their Porter
stems as the keyword index writes them (SQLite FTS5's porter tokenizer),
one "word<TAB>stem" a line, for search's TestRealWordPairs:

    python3 wordstems.py DATA/corpus.jsonl > /tmp/wordstems.tsv
    MEMWEAVE_WORDSTEMS=/tmp/wordstems.tsv go test -tags sqlite_fts5 -run TestRealWordPairs -v ./search
"""
import json
import re
import sqlite3
import sys

words = set()
for line in open(sys.argv[1]):
    d = json.loads(line)
    words.update(w for w in re.findall(r"[a-z]+", (d["title"] + " " + d["text"]).lower()) if len(w) >= 4)
db = sqlite3.connect(":memory:")
db.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='porter unicode61 remove_diacritics 2')")
db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
ws = sorted(words)
db.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)", enumerate(ws, 1))
for doc, term in db.execute("SELECT doc, term FROM v ORDER BY doc"):
    print(ws[doc - 1] + "\t" + term)
