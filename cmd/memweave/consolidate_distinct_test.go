package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// Every pair labelled distinct in curate's testdata, written as an older
// and a newer dated note, survives the memweave process listing the
// groups and applying every id it lists: no note loses a byte.
func TestConsolidateApplyAllKeepsDistinctPairs(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../curate/testdata/pairs.txt")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	n := 0
	for _, block := range strings.Split(string(data), "\n== ")[1:] {
		header, body, _ := strings.Cut(block, "\n")
		if !strings.Contains(header, " distinct ") {
			continue
		}
		a, b, ok := strings.Cut(strings.TrimPrefix(strings.TrimSpace(body), "a: "), "\nb: ")
		if !ok {
			t.Fatalf("pairs.txt: case %q has no b: line", header)
		}
		n++
		files[fmt.Sprintf("memory/case%02d/2026-01-01.md", n)] = a + "\n"
		files[fmt.Sprintf("memory/case%02d/2026-02-01.md", n)] = b + "\n"
	}
	ws := memweavetest.Workspace(t, files)
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
	for path, want := range files {
		if got, err := os.ReadFile(ws + "/" + path); err != nil || string(got) != want {
			t.Errorf("%s after consolidate --apply of every group = %q, %v; want %q", path, got, err, want)
		}
	}
}
