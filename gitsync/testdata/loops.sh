#!/bin/bash
# Three loops of memweave append + sync --json in one clone (A), one loop in clone B (docs/team.md, step 5).
# M=path/to/memweave N=syncs per loop; prints the rounds (attempts) of each of B's syncs.
set -u
M=${M:?binary}
D=$(mktemp -d /tmp/loops.XXXX)
N=${N:-15}
git init -q --bare -b main $D/remote.git
git init -q -b main $D/seed && cd $D/seed && mkdir -p memory && echo "# seed" > memory/seed.md && git add -A && git -c user.name=s -c user.email=s@s commit -qm seed && git remote add origin $D/remote.git && git push -q origin main
for c in A B; do git clone -q $D/remote.git $D/$c; git -C $D/$c config user.name $c; git -C $D/$c config user.email $c@x; (cd $D/$c && $M sync >/dev/null 2>&1); done
loop() { ws=$1; id=$2
  for i in $(seq 1 $N); do
    (cd $ws && $M append "entry $id $i" >/dev/null 2>>$D/err-$id.txt)
    (cd $ws && $M sync --json > $D/out-$id-$i.json 2>>$D/err-$id.txt) || echo "$id $i FAILED" >> $D/fail.txt
  done }
loop $D/A a1 & loop $D/A a2 & loop $D/A a3 & loop $D/B b1 &
wait
for c in A B A B; do (cd $D/$c && $M sync >/dev/null 2>&1); done
echo "dir $D"
echo "failures:"; cat $D/fail.txt 2>/dev/null
echo "max attempts:"; cat $D/out-*.json | grep -o '"attempts": *[0-9]*' | awk '{print $2}' | sort -n | uniq -c
for c in A B; do for id in a1 a2 a3 b1; do n=$(cat $D/$c/memory/*/*.md $D/$c/memory/*.md 2>/dev/null | grep -c "entry $id "); echo "$c has $n of $id"; done; done
grep -v "^$" $D/err-*.txt | sort | uniq -c | sort -rn | head -20
echo "B attempts per sync:"; for i in $(seq 1 $N); do grep -o '"attempts": *[0-9]*' $D/out-b1-$i.json | awk '{printf "%s ", $2}'; done; echo
echo "A attempts:"; cat $D/out-a*.json | grep -o '"attempts": *[0-9]*' | awk '{print $2}' | sort -n | uniq -c | tr '\n' ' '; echo
