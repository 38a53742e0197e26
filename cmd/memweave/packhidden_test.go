package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// Pack ran its search with the default filters and said nothing of what
// they left out: the only note answering "axolotl tank pH" had expired,
// and pack printed another passage as if memory held nothing more, with
// no flag to include it (search says "1 matching passage of expired
// notes hidden; --include-expired shows it"). Pack now says what the
// filters hid, as search does, carries the counts in its JSON (hidden),
// and takes --include-expired.
func TestPackSaysWhatItsSearchHid(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/tank.md":  "---\nexpires: 2020-01-01\n---\nThe axolotl tank pH is 7.2.\n",
		"memory/other.md": "The axolotl tank filter is changed weekly.\n",
		"memory/stack.md": "We run Postgres 15 on staging.\n\nWe run Postgres 16 on staging.\n",
	})
	out := mustRunCLI(t, "-w", ws, "pack", "axolotl tank pH", "--budget", "100")
	if want := "memweave: 1 matching passage of expired notes hidden; --include-expired shows it"; !strings.Contains(out.stderr, want) {
		t.Errorf("pack of an expired note's fact: stderr %q, want %q", out.stderr, want)
	}
	var p struct {
		Items []struct {
			Path string `json:"path"`
		} `json:"items"`
		Hidden struct {
			Expired    int `json:"expired"`
			Superseded int `json:"superseded"`
		} `json:"hidden"`
	}
	decode(t, mustRunCLI(t, "-w", ws, "pack", "axolotl tank pH", "--budget", "100", "--json"), &p)
	if p.Hidden.Expired != 1 {
		t.Errorf("pack --json: hidden %+v, want expired 1", p.Hidden)
	}
	out = runCLI(t, "", nil, "-w", ws, "pack", "axolotl tank pH", "--budget", "100", "--include-expired")
	if out.code != 0 || !strings.Contains(out.stdout, "memory/tank.md:4-4") || strings.Contains(out.stderr, "expired") {
		t.Errorf("pack --include-expired: exit %d, stdout %q, stderr %q; want the expired note packed", out.code, out.stdout, out.stderr)
	}

	mustRunCLI(t, "-w", ws, "resolve", "--keep", "memory/stack.md:3", "--drop", "memory/stack.md:1", "--reason", "upgraded")
	out = mustRunCLI(t, "-w", ws, "pack", "postgres staging", "--budget", "100", "--superseded", "hide")
	if want := "memweave: 1 superseded passage hidden; --superseded mark shows it"; !strings.Contains(out.stderr, want) {
		t.Errorf("pack --superseded hide: stderr %q, want %q", out.stderr, want)
	}
}
