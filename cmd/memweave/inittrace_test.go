package main

import (
	"bufio"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// initBudget is the most this module's package initialisers may allocate
// in one run of the CLI, together. Every command runs them, and a fresh
// process pays a page fault for each 4 KiB of heap it touches first (10 to
// 14 µs on a paravirtualised VM): a regexp over Unicode classes compiled
// at init (curate's quoted, 105 KB and about 200 page faults) made a fresh
// search at 1k chunks 16% slower in page faults and instructions, and
// conflict's word tables (118 KB), which only conflicts, consolidate,
// resolve, feedback and the curator read, cost every search 1.3M
// instructions. Tables and regexps a search does not read belong behind
// a sync.OnceValue or a loadTables (conflict's, curate's word sets, 40
// KB), and so are tokenize's stop words, built at a search's first
// query or index run (with them at init the total, which map buckets
// vary from run to run, touched the budget: docs/performance.md, "Stop
// 63, lead"). What is left is small tables. The budget leaves
// room for small tables, not another regexp or word table of 100 KB.
const initBudget = 64 << 10

// TestInitAllocatesLittle runs the CLI with GODEBUG=inittrace=1 and sums
// the bytes this module's initialisers allocate (the runtime's counts,
// which do not vary from run to run).
func TestInitAllocatesLittle(t *testing.T) {
	cmd := exec.Command(binary, "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("memweave --version: %v\n%s", err, out)
	}
	const module = "github.com/memweave/memweave-go"
	total, seen := 0, 0
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		// init PKG @T ms, C ms clock, B bytes, A allocs
		f := strings.Fields(sc.Text())
		if len(f) < 9 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		if f[1] != module && !strings.HasPrefix(f[1], module+"/") {
			continue
		}
		n, err := strconv.Atoi(f[7])
		if err != nil {
			t.Fatalf("inittrace line %q: %v", sc.Text(), err)
		}
		total += n
		seen++
		lines = append(lines, f[1]+" "+f[7])
	}
	if seen == 0 {
		t.Fatalf("no inittrace line of %s in:\n%s", module, out)
	}
	if total > initBudget {
		t.Errorf("this module's initialisers allocate %d bytes, over %d:\n%s", total, initBudget, strings.Join(lines, "\n"))
	}
}
