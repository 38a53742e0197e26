package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

func TestSearch(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)

	// No index run first: search picks up the files itself.
	out := mustRunCLI(t, "-w", ws, "search", "ZEBRA-COMET-2026", "--json")
	var raw map[string]json.RawMessage
	decode(t, out, &raw)
	if got, want := keys(raw), []string{"best_filtered_score", "filtered_below_threshold", "hidden", "mode", "query", "results", "warnings"}; !slices.Equal(got, want) {
		t.Errorf("search --json keys = %v, want %v", got, want)
	}
	var results []map[string]json.RawMessage
	if err := json.Unmarshal(raw["results"], &results); err != nil || len(results) == 0 {
		t.Fatalf("search --json results = %s (%v), want some", raw["results"], err)
	}
	wantKeys := []string{"end_line", "hash", "headings", "passage", "path", "score", "snippet", "source", "start_line", "text_score", "vector_score"}
	if got := keys(results[0]); !slices.Equal(got, wantKeys) {
		t.Errorf("search --json result keys = %v, want %v", got, wantKeys)
	}
	var resp searchResponseJSON
	decode(t, out, &resp)
	if r := resp.Results[0]; r.Path != "memory/stack.md" || !strings.Contains(r.Snippet, "ZEBRA-COMET-2026") ||
		r.Source != "memory" || r.StartLine < 1 || r.EndLine < r.StartLine || resp.Mode != "hybrid" {
		t.Errorf("search --json = %+v, want memory/stack.md first with the token in its snippet", resp)
	}

	out = mustRunCLI(t, "-w", ws, "search", "ZEBRA-COMET-2026", "--json", "--explain")
	decode(t, out, &raw)
	if err := json.Unmarshal(raw["results"], &results); err != nil || len(results) == 0 {
		t.Fatalf("search --explain results = %s (%v), want some", raw["results"], err)
	}
	var explain map[string]json.RawMessage
	if err := json.Unmarshal(results[0]["explain"], &explain); err != nil {
		t.Fatalf("search --explain result has no explain object: %v\n%s", err, out.stdout)
	}
	for _, k := range []string{"bm25", "cosine", "fusion", "fused", "threshold"} {
		if _, ok := explain[k]; !ok {
			t.Errorf("explain lacks %q: %s", k, results[0]["explain"])
		}
	}

	// A threshold above every score: nothing printed, and a hint says
	// what it cut.
	out = mustRunCLI(t, "-w", ws, "search", "ZEBRA-COMET-2026", "--min-score", "0.99")
	if out.stdout != "" || !regexp.MustCompile(`memweave: \d+ more passages? below --min-score \(best 0\.\d{3}\); --min-score 0\.\d{3} shows`).MatchString(out.stderr) {
		t.Errorf("search --min-score 0.99 = stdout %q stderr %q, want no results and the threshold hint", out.stdout, out.stderr)
	}

	out = mustRunCLI(t, "-w", ws, "search", "queue", "--json", "--source", "projects", "--min-score", "0")
	decode(t, out, &resp)
	if len(resp.Results) == 0 {
		t.Errorf("search --source projects found nothing")
	}
	for _, r := range resp.Results {
		if r.Source != "projects" {
			t.Errorf("search --source projects returned %s from source %s", r.Path, r.Source)
		}
	}

	out = mustRunCLI(t, "-w", ws, "search", "queue", "--json", "--min-score", "0", "--max-results", "1",
		"--mode", "keyword", "--decay-half-life", "7", "--mmr-lambda", "0.5", "--now", "2026-11-30")
	decode(t, out, &resp)
	if len(resp.Results) != 1 || resp.Mode != "keyword" || resp.Results[0].VectorScore != nil {
		t.Errorf("search --max-results 1 --mode keyword = %+v, want one keyword-only result", resp)
	}

	out = mustRunCLI(t, "-w", ws, "search", "ZEBRA-COMET-2026")
	header := regexp.MustCompile(`^[01]\.\d{3}  memory/stack\.md:\d+-\d+  \[memory\]$`)
	lines := strings.Split(out.stdout, "\n")
	if len(lines) < 2 || !header.MatchString(lines[0]) || !strings.Contains(lines[1], "ZEBRA-COMET-2026") {
		t.Errorf("search output, want a result line then its preview:\n%s", out.stdout)
	}

	out = mustRunCLI(t, "-w", ws, "search", "ZEBRA-COMET-2026", "--explain")
	for _, want := range []string{"keyword:", "vector:", "fusion:"} {
		if !strings.Contains(out.stdout, want) {
			t.Errorf("search --explain output lacks %q:\n%s", want, out.stdout)
		}
	}

	out = mustRunCLI(t, "-w", ws, "search", "nothing-matches-this-xyzzy")
	if out.stdout != "" || !strings.Contains(out.stderr, "no results") {
		t.Errorf("search without results: stdout %q, stderr %q; want no stdout and a note on stderr", out.stdout, out.stderr)
	}
}

func TestPreview(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"## Head\n\nline  two\n", 40, "## Head line two"},
		{"abcdefghij", 10, "abcdefghij"},
		{"abcdefghijk", 10, "abcdefghi…"},
		{"héllo wörld ünïcode", 8, "héllo w…"},
		{"word word word", 6, "word…"},
		// A cut never parts a letter from its combining accent, nor an
		// emoji from its skin tone, nor a flag's two halves.
		{"cafe\u0301 noir", 5, "caf…"},
		{"abcde\u0301f", 6, "abcd…"},
		{"ok 👍\U0001F3FD yes", 5, "ok…"},
		{"ab🇫🇷🇩🇪", 4, "ab…"},
		{"ab🇫🇷🇩🇪", 5, "ab🇫🇷…"},
	}
	for _, tt := range tests {
		if got := preview(tt.in, tt.n); got != tt.want {
			t.Errorf("preview(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

// TestSearchUnknownSource: the library's warning about a source no file
// has reaches stderr (and the JSON warnings), listing the known sources.
func TestSearchUnknownSource(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	const want = `unknown source "nosuch": the index holds memory, projects`
	out := mustRunCLI(t, "-w", ws, "search", "queue", "--source", "nosuch")
	if out.stdout != "" || !strings.Contains(out.stderr, "memweave: warning: ") || !strings.Contains(out.stderr, want) {
		t.Errorf("search --source nosuch: stdout %q, stderr %q; want a warning containing %q", out.stdout, out.stderr, want)
	}
	var resp searchResponseJSON
	decode(t, mustRunCLI(t, "-w", ws, "search", "queue", "--source", "nosuch", "--json"), &resp)
	if len(resp.Warnings) != 1 || !strings.Contains(resp.Warnings[0], want) {
		t.Errorf("search --source nosuch --json warnings = %q, want one containing %q", resp.Warnings, want)
	}
}

// TestSearchEmptyQuery: a blank query is a usage error in the library's
// words, not "no results".
func TestSearchEmptyQuery(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, args := range [][]string{{"search", ""}, {"search", " ", "\t"}, {"pack", "", "--budget", "100"}} {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, args...)...)
		if out.code != 2 || out.stdout != "" {
			t.Errorf("memweave %q: exit %d, stdout %q; want exit 2", args, out.code, out.stdout)
		}
		checkErrorLine(t, out.stderr, "memweave: search: empty query: give words to search for (see 'memweave "+args[0]+" --help')")
	}
}

func TestIndexFirst(t *testing.T) {
	tests := []struct {
		terminal bool
		stale    int
		want     bool
	}{
		{true, 0, false},
		{true, progressStaleFiles, false},
		{true, progressStaleFiles + 1, true},
		{true, 100000, true},
		{false, 100000, false},
		{false, 0, false},
	}
	for _, tt := range tests {
		if got := indexFirst(tt.terminal, tt.stale); got != tt.want {
			t.Errorf("indexFirst(%v, %d) = %v, want %v", tt.terminal, tt.stale, got, tt.want)
		}
	}
}

// TestSearchPrintsNoControlCharacters: a note is text an agent or a
// paste wrote, and its terminal escapes (a colour, a bell, a title
// change, C1's one-byte CSI) must not reach the terminal through the
// search's preview: they are shown escaped, and the words around them
// stay.
func TestSearchPrintsNoControlCharacters(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/paste.md": "# Paste\n\nThe zebrafish build \x1b[31mfailed\x1b[0m\a at \x1b]0;owned\x07 step \u009b2J three\x7f.\n",
	})
	out := mustRunCLI(t, "-w", ws, "search", "zebrafish")
	if !strings.Contains(out.stdout, "memory/paste.md") || !strings.Contains(out.stdout, "zebrafish build") {
		t.Fatalf("search zebrafish = %q, want memory/paste.md and its words", out.stdout)
	}
	for _, r := range out.stdout {
		if r != '\n' && (r < 0x20 || r >= 0x7f && r < 0xa0) {
			t.Fatalf("search zebrafish printed the control character %U: %q", r, out.stdout)
		}
	}
	if !strings.Contains(out.stdout, `\x1b[31mfailed`) {
		t.Errorf("search zebrafish = %q, want the escape shown as \\x1b", out.stdout)
	}
}

// TestErrorsPrintNoControlCharacters: an error quoting what the user or
// a file gave (here a revision holding an escape) is printed on stderr
// with its control characters escaped, as the search's preview is.
func TestErrorsPrintNoControlCharacters(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := runCLI(t, ws, nil, "-w", ws, "search", "--at", "HEAD\x1b]0;owned\x07", "queue")
	if out.code != 2 || !strings.Contains(out.stderr, `HEAD\x1b]0;owned\a`) { // a revision refused before git reads it: usage
		t.Errorf("search --at HEAD<escape>: exit %d, stderr %q; want a failure naming the revision escaped", out.code, out.stderr)
	}
	if strings.ContainsFunc(out.stderr, func(r rune) bool { return r != '\n' && r < 0x20 }) {
		t.Errorf("search --at HEAD<escape>: stderr %q holds a control character", out.stderr)
	}
}

// TestSearchNoResultsQuotesALongQueryShort: the "no results" line quotes
// the query, cut to a line's length: a query pasted whole (a log, a
// document of 60 KB, under memweave.MaxQueryBytes) must not come back
// on stderr whole.
func TestSearchNoResultsQuotesALongQueryShort(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	query := strings.Repeat("xyzzy", 12000)
	out := runCLI(t, ws, nil, "-w", ws, "search", query)
	if out.code != 0 || !strings.Contains(out.stderr, "no results for") || len(out.stderr) > 1000 {
		t.Errorf("search of a %d-byte query: exit %d, %d bytes on stderr (%.200q...); want a short 'no results' line", len(query), out.code, len(out.stderr), out.stderr)
	}
}

// TestSearchQueryTooLong: a query past the library's bound is a usage
// error naming its size and the bound, for search and pack alike.
func TestSearchQueryTooLong(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	long := strings.Repeat("falcon ", memweave.MaxQueryBytes/7+1)
	for _, args := range [][]string{{"search", long}, {"pack", long, "--budget", "100"}} {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, args...)...)
		if out.code != 2 || out.stdout != "" {
			t.Errorf("memweave %s of %d bytes: exit %d, stdout %q; want exit 2", args[0], len(long), out.code, out.stdout)
		}
		checkErrorLine(t, out.stderr, fmt.Sprintf("memweave: search: query too long: %d bytes, at most %d: search with the question, not a document (see 'memweave %s --help')", len(long), memweave.MaxQueryBytes, args[0]))
	}
}
