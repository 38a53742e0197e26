package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

func TestResolveCommand(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n",
		"memory/2025-05-10.md": "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n",
	})
	if out := mustRunCLI(t, "-w", ws, "conflicts", "--json"); !strings.Contains(out.stdout, `"total": 1`) {
		t.Fatalf("conflicts before resolve = %s", out.stdout)
	}
	out := mustRunCLI(t, "-w", ws, "resolve", "--keep", "memory/2025-05-10.md:3", "--drop", "memory/2025-03-02.md:3", "--reason", "upgraded")
	if !strings.HasPrefix(out.stdout, "memory/2025-03-02.md:4: > Superseded (1 line above, #") || !strings.Contains(out.stdout, ") by memory/2025-05-10.md#") {
		t.Errorf("resolve printed %q", out.stdout)
	}
	if out := mustRunCLI(t, "-w", ws, "conflicts", "--json"); !strings.Contains(out.stdout, `"total": 0`) {
		t.Errorf("conflicts after resolve = %s", out.stdout)
	}
	for _, args := range [][]string{{"--keep", "memory/a.md:1"}, {"--keep", "a.md", "--drop", "b.md:1"},
		{"--keep", "a.md:1", "--drop", "b.md:3-2"}, {"--keep", "a.md:1", "--drop", "b.md:x-2"}} {
		if out := runCLI(t, "", nil, append([]string{"-w", ws, "resolve"}, args...)...); out.code != 2 {
			t.Errorf("resolve %q: exit %d, want 2; stderr %q", args, out.code, out.stderr)
		}
	}
}

// TestResolveRangeAndSearchHints: --drop names a range; search with
// --superseded hide leaves exactly those lines out, says how many it hid
// and names the flag that shows them, as it does for expired notes.
func TestResolveRangeAndSearchHints(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/2026-03-02.md": "# 2026-03-02\n\n- The cache runs Redis 6.\n- The cache holds sessions for 24 hours.\n- The deploy freeze starts Friday.\n",
		"memory/stack.md":      "# Stack\n\nThe cache runs Valkey 8 and holds sessions for 12 hours.\n",
		"memory/old.md":        "---\nexpires: 2020-01-01\n---\n# Old\n\nThe cache used to run Memcached.\n",
	})
	out := mustRunCLI(t, "-w", ws, "resolve", "--keep", "memory/stack.md:3", "--drop", "memory/2026-03-02.md:3-4", "--json")
	if !strings.Contains(out.stdout, `"marker_line": 5`) || !strings.Contains(out.stdout, `"end_line": 4`) {
		t.Errorf("resolve --json = %s", out.stdout)
	}
	out = mustRunCLI(t, "-w", ws, "search", "cache", "--superseded", "hide", "--min-score", "0")
	if strings.Contains(out.stdout, "2026-03-02.md:1-5") || !strings.Contains(out.stdout, "2026-03-02.md:6") {
		t.Errorf("search --superseded hide printed:\n%s\nwant lines 6 on, not 1-5", out.stdout)
	}
	for _, hint := range []string{"1 superseded passage hidden; --superseded mark shows it", "hidden; --include-expired shows"} {
		if !strings.Contains(out.stderr, hint) {
			t.Errorf("search stderr = %q, want %q", out.stderr, hint)
		}
	}
	out = mustRunCLI(t, "-w", ws, "search", "cache", "--min-score", "0")
	if !strings.Contains(out.stdout, "superseded by memory/stack.md:3") {
		t.Errorf("search printed:\n%s\nwant the range marked superseded by memory/stack.md:3", out.stdout)
	}
}

// resolve --drop-text and --keep-text find lines an earlier resolution's
// marker moved down; a text no line reads is refused.
func TestResolveCommandText(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n- Deploy freeze from Friday until the release is cut.\n- The session cache keeps entries for 5 minutes.\n",
		"memory/2025-05-10.md": "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n- The session cache keeps entries for 10 minutes.\n",
	})
	mustRunCLI(t, "-w", ws, "resolve", "--keep", "memory/2025-05-10.md:3", "--drop", "memory/2025-03-02.md:3")
	out := mustRunCLI(t, "-w", ws, "resolve", "--keep", "memory/2025-05-10.md:4", "--keep-text", "- The session cache keeps entries for 10 minutes.",
		"--drop", "memory/2025-03-02.md:5", "--drop-text", "- The session cache keeps entries for 5 minutes.")
	if !strings.HasPrefix(out.stdout, "memory/2025-03-02.md:7: > Superseded (1 line above, #") {
		t.Errorf("resolve --drop-text printed %q, want the marker at line 7, after the moved line", out.stdout)
	}
	if got := memweavetest.ReadFile(t, ws, "memory/2025-03-02.md"); strings.Contains(got, "cut.\n  >") {
		t.Errorf("memory/2025-03-02.md = %q, want the deploy freeze live", got)
	}
	if out := runCLI(t, "", nil, "-w", ws, "resolve", "--keep", "memory/2025-05-10.md:4", "--drop", "memory/2025-03-02.md:5", "--drop-text", "- Gone."); out.code == 0 ||
		!strings.Contains(out.stderr, `memory/2025-03-02.md: line 5: no line of the note reads "- Gone."`) {
		t.Errorf("resolve --drop-text of no line: exit %d, stderr %q", out.code, out.stderr)
	}
}

// A result whose line kept is gone (edited, or its note deleted) was
// printed "superseded by memory/stack.md:0", a line that does not exist;
// search and pack now say the line kept is no longer there.
func TestSupersededByLineGonePrinted(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n",
		"memory/stack.md":      "# Stack\n\nThe staging database runs PostgreSQL 16.\n",
	})
	mustRunCLI(t, "-w", ws, "resolve", "--keep", "memory/stack.md:3", "--drop", "memory/2025-03-02.md:3")
	memweavetest.WriteFile(t, ws, "memory/stack.md", "# Stack\n\nThe staging database runs PostgreSQL 17.\n")
	want := "superseded by memory/stack.md (the line kept is no longer there)"
	for _, args := range [][]string{{"search", "staging PostgreSQL"}, {"pack", "staging PostgreSQL", "--budget", "500"}} {
		out := mustRunCLI(t, append([]string{"-w", ws}, args...)...)
		if strings.Contains(out.stdout, "stack.md:0") || !strings.Contains(out.stdout, want) {
			t.Errorf("%s printed:\n%s\nwant %q", args[0], out.stdout, want)
		}
	}
}

// TestResolveHelpExampleByText runs the --keep-text example of resolve's
// help as written, on notes whose lines read as that example says: the
// listing shows a list item with its "- ", so both texts carry it.
func TestResolveHelpExampleByText(t *testing.T) {
	t.Parallel()
	help := runCLI(t, "", nil, "resolve", "--help").stdout
	const keep, drop = `--keep memory/stack.md:12 --keep-text "- We run Postgres 16."`, `--drop memory/2026-03-02.md:5 --drop-text "- We run Postgres 15."`
	if !strings.Contains(help, keep) || !strings.Contains(help, drop) {
		t.Fatalf("resolve --help has no example %s ... %s:\n%s", keep, drop, help)
	}
	ws := t.TempDir()
	memweavetest.WriteFile(t, ws, "memory/stack.md", "# Stack\n"+strings.Repeat("\n", 10)+"- We run Postgres 16.\n")
	memweavetest.WriteFile(t, ws, "memory/2026-03-02.md", "# 2026-03-02\n\nnotes\n\n- We run Postgres 15.\n")
	out := runCLI(t, "", nil, "-w", ws, "resolve", "--keep", "memory/stack.md:12", "--keep-text", "- We run Postgres 16.",
		"--drop", "memory/2026-03-02.md:5", "--drop-text", "- We run Postgres 15.")
	if out.code != 0 || !strings.Contains(memweavetest.ReadFile(t, ws, "memory/2026-03-02.md"), "> Superseded") {
		t.Errorf("resolve as its help shows: exit %d, stderr %q", out.code, out.stderr)
	}
}

// TestResolveExpectHashGuardsTheKeptLine: --expect-hash is the hash of the
// --drop file; with --keep in another file and no --keep-text, an edit
// to the kept note between the listing and resolve went unseen (a line
// inserted above the kept one made the marker name the wrong line). The
// hash is now refused in that form, naming --keep-text, and nothing is
// written; with --keep-text, or both lines in one file, it works.
func TestResolveExpectHashGuardsTheKeptLine(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/stack.md": "# Stack\n\nWe run Postgres 16.\n",
		"memory/db.md":    "# Database\n\nWe run Postgres 15.\n",
	})
	h := memfile.Hash([]byte(memweavetest.ReadFile(t, ws, "memory/db.md")))
	// The editor saves the kept note after the listing: line 3 is now another line.
	memweavetest.WriteFile(t, ws, "memory/stack.md", "# Stack\n\nWe run Redis 7 for sessions.\nWe run Postgres 16.\n")
	before := map[string]string{}
	for _, p := range []string{"memory/stack.md", "memory/db.md"} {
		before[p] = memweavetest.ReadFile(t, ws, p)
	}
	out := runCLI(t, "", nil, "-w", ws, "resolve", "--keep", "memory/stack.md:3", "--drop", "memory/db.md:3", "--expect-hash", h)
	if out.code != 2 || !strings.Contains(out.stderr, "--keep-text") {
		t.Errorf("resolve --expect-hash, --keep in another file without --keep-text: exit %d, stdout %q, stderr %q; want exit 2 naming --keep-text", out.code, out.stdout, out.stderr)
	}
	for p, want := range before {
		if got := memweavetest.ReadFile(t, ws, p); got != want {
			t.Errorf("%s after the refused resolve = %q, want %q", p, got, want)
		}
	}
	out = runCLI(t, "", nil, "-w", ws, "resolve", "--keep", "memory/stack.md:3", "--keep-text", "We run Postgres 16.", "--drop", "memory/db.md:3", "--expect-hash", h)
	if out.code != 0 || !strings.Contains(memweavetest.ReadFile(t, ws, "memory/db.md"), "> Superseded") {
		t.Errorf("resolve --expect-hash --keep-text: exit %d, stderr %q; want the marker written", out.code, out.stderr)
	}
}
