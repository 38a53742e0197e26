#!/bin/bash
# Git processes (strace execve: all, then git's) of four syncs of memweave $M on a clone of 1,000 notes (docs/team.md).
set -eu
D=$(mktemp -d /tmp/gitcount.XXXX)
git init -q --bare -b main $D/remote.git
git init -q -b main $D/seed && cd $D/seed && mkdir -p memory/notes && for i in $(seq 1 1000); do echo "# n$i" > memory/notes/n$i.md; done && git add -A && git -c user.name=s -c user.email=s@s commit -qm seed && git remote add origin $D/remote.git && git push -q origin main
for c in A B; do git clone -q $D/remote.git $D/$c; git -C $D/$c config user.name $c; git -C $D/$c config user.email $c@x; (cd $D/$c && $M sync >/dev/null 2>&1); done
n() { (cd $1 && strace -f -qq -e trace=execve -o $D/tr $M sync >/dev/null 2>&1); grep -c 'execve(' $D/tr | tr '\n' ' '; grep -o 'execve("[^"]*"' $D/tr | grep -c git | tr '\n' ' '; }
echo -n "nothing: "; n $D/A; echo
echo x >> $D/A/memory/notes/n1.md; echo -n "push: "; n $D/A; echo
echo -n "bring in: "; n $D/B; echo
echo y >> $D/A/memory/notes/n2.md; (cd $D/A && $M sync >/dev/null 2>&1); echo z >> $D/B/memory/notes/n3.md; echo -n "replay: "; n $D/B; echo
