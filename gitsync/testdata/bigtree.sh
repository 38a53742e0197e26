#!/bin/bash
# Peak memory and time of memweave $M sync and status on a clone of N small notes (docs/team.md):
# the first sync (which indexes the clone's notes), then a sync pushing one edit.
set -eu
N=${N:-70000}
D=$(mktemp -d /tmp/bigtree.XXXX)
git init -q --bare -b main $D/remote.git
python3 - "$N" <<'PY' | git -C $D/remote.git fast-import --quiet
import sys
n = int(sys.argv[1])
w = sys.stdout.write
w("commit refs/heads/main\ncommitter t <t@t> 1700000000 +0000\ndata 4\nbig\n")
for i in range(n):
    body = "# note %d\n\nfact number %d about topic %d.\n" % (i, i, i % 97)
    w("M 100644 inline memory/n%03d/note-%06d.md\ndata %d\n%s\n" % (i % 1000, i, len(body), body))
PY
git clone -q $D/remote.git $D/a && cd $D/a && git config user.name a && git config user.email a@a
t() { /usr/bin/time -f "$1: %e s, %M KiB peak" "${@:2}" >/dev/null; }
echo "- new" > memory/2026-12-06.md; t "first sync" $M sync
echo edit >> memory/n005/note-000005.md; t "sync of one edit" $M sync
t status $M status
