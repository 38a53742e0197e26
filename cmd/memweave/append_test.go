package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// datedName matches the workspace-relative path of a dated log.
var datedName = regexp.MustCompile(`^memory/(planner/)?\d{4}-\d{2}-\d{2}\.md$`)

func TestAppend(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := mustRunCLI(t, "-w", ws, "append", "Alice", "prefers", "tabs.")
	path := strings.TrimSuffix(out.stdout, "\n")
	if !datedName.MatchString(path) || strings.HasPrefix(path, "memory/planner") {
		t.Fatalf("append printed %q, want memory/YYYY-MM-DD.md", out.stdout)
	}
	out = runCLIInput(t, "Second note,\nfrom stdin.\n", "-w", ws, "append", "-")
	if out.code != 0 || strings.TrimSuffix(out.stdout, "\n") != path {
		t.Fatalf("append - = exit %d, stdout %q, stderr %q", out.code, out.stdout, out.stderr)
	}
	got, err := os.ReadFile(filepath.Join(ws, filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	// The file may have been started by another append today (it is the
	// test workspace's own file, so not in practice), hence the suffix.
	if want := "Alice prefers tabs.\n\nSecond note,\nfrom stdin.\n"; !strings.HasSuffix(string(got), want) {
		t.Errorf("dated file = %q, want it to end with %q", got, want)
	}
	out = mustRunCLI(t, "-w", ws, "append", "Plan: ship on Friday.", "--source", "planner")
	if p := strings.TrimSuffix(out.stdout, "\n"); !datedName.MatchString(p) || !strings.HasPrefix(p, "memory/planner/") {
		t.Errorf("append --source planner printed %q", out.stdout)
	}
	// Searchable at once.
	out = mustRunCLI(t, "-w", ws, "search", "ship on Friday", "--json", "--min-score", "0", "--source", "planner")
	if !strings.Contains(out.stdout, "memory/planner/") {
		t.Errorf("search for the appended note:\n%s", out.stdout)
	}

	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"append"}, "TEXT"},
		{[]string{"append", "  "}, "non-empty"},
		{[]string{"append", "x", "--source", "../up"}, `invalid --source "../up": want one folder name`},
		{[]string{"append", "x", "--source", "a/b"}, `invalid --source "a/b": want one folder name`},
		{[]string{"append", "x", "--source", ".hidden"}, `invalid --source ".hidden": want one folder name`},
	} {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, tt.args...)...)
		if out.code != 2 || out.stdout != "" {
			t.Errorf("memweave %q: exit %d, stdout %q; want exit 2", tt.args, out.code, out.stdout)
		}
		checkErrorLine(t, out.stderr, tt.want)
	}
}

// TestAppendProcesses runs many append commands at once: every note must
// land exactly once.
func TestAppendProcesses(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	const workers, each = 4, 8
	var wg sync.WaitGroup
	for g := range workers {
		wg.Go(func() {
			for i := range each {
				out := runCLI(t, "", nil, "-w", ws, "append", fmt.Sprintf("cli note %d-%d", g, i))
				if out.code != 0 {
					t.Errorf("append %d-%d: exit %d, stderr %q", g, i, out.code, out.stderr)
				}
			}
		})
	}
	wg.Wait()
	// Gather every dated file: the date may change during the test.
	count := make(map[string]int)
	files, _ := filepath.Glob(filepath.Join(ws, "memory", "????-??-??.md"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n\n") {
			count[e]++
		}
	}
	for g := range workers {
		for i := range each {
			if e := fmt.Sprintf("cli note %d-%d", g, i); count[e] != 1 {
				t.Errorf("%q appears %d times, want once", e, count[e])
			}
		}
	}
}

// TestAppendStoredNotIndexed runs append with a file size limit that
// lets the note be stored but not the index commit (as on a full disk):
// it prints the path, warns that the note is stored but indexing it failed, and
// exits 0, so that a retry does not store it twice.
func TestAppendStoredNotIndexed(t *testing.T) {
	prlimit, err := exec.LookPath("prlimit")
	if err != nil || runtime.GOOS != "linux" {
		t.Skip("needs prlimit (util-linux)")
	}
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	// Room for the WAL index (32 KiB) and the note, not for the commit's
	// pages in the WAL.
	cmd := exec.Command(prlimit, "--fsize=33280", binary, "-w", ws, "append", "DISKFULL-NOTE-77 was stored")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if err != nil || !strings.HasPrefix(stdout.String(), "memory/") ||
		!strings.Contains(stderr.String(), "warning: append memory/") || !strings.Contains(stderr.String(), "the note is stored in memory/") || !strings.Contains(stderr.String(), "but indexing it failed") {
		t.Fatalf("append under a file size limit = %v, stdout %q, stderr %q; want exit 0, the path and a stored-but-not-indexed warning", err, stdout.String(), stderr.String())
	}
	if got := memweavetest.ReadFile(t, ws, strings.TrimSpace(stdout.String())); strings.Count(got, "DISKFULL-NOTE-77") != 1 {
		t.Errorf("%s = %q, want the note once", stdout.String(), got)
	}
	mustRunCLI(t, "-w", ws, "index")
	if out := mustRunCLI(t, "-w", ws, "search", "DISKFULL-NOTE-77"); !strings.Contains(out.stdout, "DISKFULL-NOTE-77") {
		t.Errorf("search after index = %q, want the note", out.stdout)
	}
}

// TestAppendPastTheSizeLimit: an append that would take the day's log
// past the size limit (16 MiB) fails, naming the log and the limit, and
// writes nothing: past it the whole log would drop out of search. The
// library's Append and the MCP tool refuse it the same way.
func TestAppendPastTheSizeLimit(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	log := strings.Repeat("The queue retries a job three times.\n", (16<<20-100)/37)
	days := map[string]bool{}
	for _, d := range []time.Time{time.Now(), time.Now().Add(time.Minute)} {
		rel := "memory/" + d.Format("2006-01-02") + ".md"
		days[rel] = true
		memweavetest.WriteFile(t, ws, rel, log)
	}
	out := runCLI(t, "", nil, "-w", ws, "append", strings.Repeat("A long note. ", 20))
	if out.code == 0 || out.stdout != "" {
		t.Fatalf("append past the limit = exit %d, stdout %q, stderr %q; want a failure", out.code, out.stdout, out.stderr)
	}
	named := false
	for rel := range days {
		named = named || strings.Contains(out.stderr, rel)
		if got := memweavetest.ReadFile(t, ws, rel); got != log {
			t.Errorf("%s changed: %d bytes, want %d", rel, len(got), len(log))
		}
	}
	if !named || !strings.Contains(out.stderr, fmt.Sprintf("%d-byte limit", 16<<20)) {
		t.Errorf("stderr %q does not name the log and the limit", out.stderr)
	}
	checkErrorLine(t, out.stderr, "nothing was written")
}
