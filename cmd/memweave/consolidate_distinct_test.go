package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// pairNotes are the two notes of a labelled pair of curate's testdata.
type pairNotes struct {
	header     string
	older, new string // paths
}

// labelledNotes writes the pairs of curate's testdata whose header holds
// label (" distinct ", " dup name-") as an older and a newer note: two
// dated logs, or the notes its header names, each case in a folder of
// its own. A note without a date in its name is dated by its
// modification time: the older copy's is set before every dated name,
// the newer's after, so the kept copy is the newer as the label says.
func labelledNotes(t *testing.T, label string) (ws string, files map[string]string, cases []pairNotes) {
	t.Helper()
	return labelledNotesFrom(t, label, "pairs.txt")
}

// labelledNotesFrom is [labelledNotes] over the named sets of curate's
// testdata.
func labelledNotesFrom(t *testing.T, label string, sets ...string) (ws string, files map[string]string, cases []pairNotes) {
	t.Helper()
	var data []byte
	for _, set := range sets {
		d, err := os.ReadFile("../../curate/testdata/" + set)
		if err != nil {
			t.Fatal(err)
		}
		data = append(append(data, d...), '\n')
	}
	files = map[string]string{}
	for _, block := range strings.Split(string(data), "\n== ")[1:] {
		header, body, _ := strings.Cut(block, "\n")
		if !strings.Contains(header, label) {
			continue
		}
		body, _, _ = strings.Cut(strings.TrimSpace(body), "\n\n") // the comments after it
		a, b, ok := strings.Cut(strings.TrimPrefix(body, "a: "), "\nb: ")
		if !ok {
			t.Fatalf("%v: case %q has no b: line", sets, header)
		}
		pathA, pathB := "memory/2026-01-01.md", "memory/2026-02-01.md"
		if f := strings.Fields(header); len(f) == 5 { // the notes' paths
			pathA, pathB = strings.ReplaceAll(f[3], "%20", " "), strings.ReplaceAll(f[4], "%20", " ")
		}
		n := len(cases) + 1
		c := pairNotes{header: header,
			older: fmt.Sprintf("memory/case%02d/%s", n, strings.TrimPrefix(pathA, "memory/")),
			new:   fmt.Sprintf("memory/case%02d/%s", n, strings.TrimPrefix(pathB, "memory/"))}
		files[c.older], files[c.new] = a+"\n", b+"\n"
		cases = append(cases, c)
	}
	ws = memweavetest.Workspace(t, files)
	for _, c := range cases {
		for rel, mt := range map[string]time.Time{c.older: time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC), c.new: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)} {
			if err := os.Chtimes(filepath.Join(ws, rel), mt, mt); err != nil {
				t.Fatal(err)
			}
		}
	}
	return ws, files, cases
}

// applyAll lists the groups of ws with the memweave process and applies
// every id it lists; it returns the number of groups.
func applyAll(t *testing.T, ws string) int {
	t.Helper()
	var plan struct {
		Groups []struct{ ID string } `json:"groups"`
	}
	decode(t, mustRunCLI(t, "-w", ws, "consolidate", "--json"), &plan)
	if len(plan.Groups) > 0 {
		args := []string{"-w", ws, "consolidate", "--apply"}
		for _, g := range plan.Groups {
			args = append(args, g.ID)
		}
		out := runCLI(t, "", nil, args...)
		t.Logf("consolidate --apply: %d %s%s", out.code, out.stdout, out.stderr)
	}
	return len(plan.Groups)
}

// Every pair labelled distinct in curate's testdata survives the
// memweave process listing the groups and applying every id it lists:
// no note loses a byte. The sets of lane cur16 (a table's rows, fence
// flags, hyphens, "percent", "version", abbreviations and British
// spelling, which the form rules read) and of lane cur17 (names, order
// phrases, formulas, Roman numerals) and of lane cur18 (names with no
// listed kind noun, units squared, glyphs) and of lane cur19 (new
// domains, names opening a sentence) too.
func TestConsolidateApplyAllKeepsDistinctPairs(t *testing.T) {
	t.Parallel()
	for _, sets := range [][]string{{"pairs.txt"}, {"pairs19.txt", "pairs20.txt", "pairs21.txt"}, {"pairs22.txt", "pairs23.txt"}, {"pairs24.txt"}, {"pairs25.txt"}} {
		t.Run(strings.Join(sets, "+"), func(t *testing.T) {
			t.Parallel()
			ws, files, _ := labelledNotesFrom(t, " distinct ", sets...)
			applyAll(t, ws)
			keptEvery(t, ws, files)
		})
	}
}

// keptEvery fails for each note of files that ws no longer holds as
// written.
func keptEvery(t *testing.T, ws string, files map[string]string) {
	t.Helper()
	for path, want := range files {
		if got, err := os.ReadFile(filepath.Join(ws, path)); err != nil || string(got) != want {
			t.Errorf("%s after consolidate --apply of every group = %q, %v; want %q", path, got, err, want)
		}
	}
}

// The pairs of the note-name family labelled duplicates (the same fact
// in two dated logs, a log and a topic note, notes named for where they
// were put) are still grouped by the memweave process, and applying them
// drops only the older copy: the newer note keeps every byte.
func TestConsolidateApplyNameDuplicates(t *testing.T) {
	t.Parallel()
	ws, files, cases := labelledNotes(t, " dup name-")
	groups := applyAll(t, ws)
	for _, c := range cases {
		if got, err := os.ReadFile(filepath.Join(ws, c.new)); err != nil || string(got) != files[c.new] {
			t.Errorf("%s: newer note %s = %q, %v; want %q", c.header, c.new, got, err, files[c.new])
		}
		_, err := os.Stat(filepath.Join(ws, c.older))
		t.Logf("%s: older note removed: %v", c.header, os.IsNotExist(err))
		if strings.HasPrefix(c.header, "tune ") && !os.IsNotExist(err) {
			t.Errorf("%s: older note %s kept (%v), want it grouped and removed", c.header, c.older, err)
		}
	}
	if groups == 0 {
		t.Errorf("consolidate listed no group of %d duplicates", len(cases))
	}
}
