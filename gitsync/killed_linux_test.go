package gitsync_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/memweavetest"
)

// killStride is the step between the git commands after which
// TestSyncKilledAtEachGitStep kills a sync: 1 kills it after each, at
// three times the cost.
const killStride = 3

// killedChild names the workspace TestSyncKilledChild syncs, in the
// process TestSyncKilledAtEachGitStep starts.
const killedChild = "GITSYNC_TEST_KILLED_CHILD"

// TestSyncKilledChild is not a test: it is the process that
// TestSyncKilledAtEachGitStep starts and kills, which syncs the
// workspace named by killedChild.
func TestSyncKilledChild(t *testing.T) {
	root := os.Getenv(killedChild)
	if root == "" {
		t.Skip("the child process of TestSyncKilledAtEachGitStep")
	}
	_, err := gitsync.Sync(context.Background(), root, gitsync.Options{Host: "b"})
	fmt.Printf("sync finished: %v\n", err)
}

// TestSyncKilledAtEachGitStep: a sync process killed (SIGKILL) right
// after any one of its git commands, whichever, loses nothing: the next
// syncs finish, and both machines end with every note and every log
// entry once, no conflict copy, and nothing left for git status to show.
// The kill comes from a git on PATH that counts the commands and kills
// its parent after the Nth. A first sync through it only counts them
// (68 for this merge); then each N from 1 by killStride up to that count
// is a case of its own, the cases in parallel (each passed once at a
// stride of 1).
func TestSyncKilledAtEachGitStep(t *testing.T) {
	memweavetest.Long(t, "a sync killed after every third of its git commands, half a minute")
	t.Parallel() // the longest test: it runs beside the other parallel ones
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	// The machines as each case starts: a has pushed a note and a log
	// entry, b has its own, not yet committed. Each case copies them.
	bare, a, b := pushedAndPending(t,
		map[string]string{"memory/notes/a.md": "from a\n", "memory/2026-03-14.md": "- entry from a\n"},
		map[string]string{"memory/notes/b.md": "from b\n", "memory/2026-03-14.md": "- entry from b\n", "memory/notes/db.md": "# DB\n\nPostgres 17, from b.\n"})
	machines := func(t *testing.T) (a2, b2 string) {
		dir := t.TempDir()
		for _, src := range []string{bare, a, b} {
			if out, err := exec.Command("cp", "-a", src, dir).CombinedOutput(); err != nil {
				t.Fatalf("cp: %v\n%s", err, out)
			}
		}
		ca, cb := filepath.Join(dir, "a"), filepath.Join(dir, "b")
		for _, ws := range []string{ca, cb} {
			gitIn(t, ws, nil, "remote", "set-url", "origin", filepath.Join(dir, filepath.Base(bare)))
		}
		return ca, cb
	}
	ca, cb := machines(t)
	steps, finished := killedAt(t, real, 0, ca, cb)
	if !finished || steps < 10 {
		t.Fatalf("the sync through the counting git ran %d git commands, finished %v: want 10 or more, finished", steps, finished)
	}
	for n := 1; n <= steps; n += killStride {
		t.Run(fmt.Sprintf("after%d", n), func(t *testing.T) {
			t.Parallel()
			ca, cb := machines(t)
			// A sync that took a shorter path than the counted one
			// finishes: checked all the same.
			killedAt(t, real, n, ca, cb)
		})
	}
}

// syncThroughShim syncs ws (as host b) in a child process,
// TestSyncKilledChild, whose git is a shell script on PATH with the body
// script (which runs the real git and may kill the sync: kill -9
// $PPID), and returns the child's output.
func syncThroughShim(t *testing.T, ws, script string) string {
	t.Helper()
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte("#!/bin/sh\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSyncKilledChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), killedChild+"="+ws, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, _ := cmd.CombinedOutput()
	return string(out)
}

// killedAt runs one case of TestSyncKilledAtEachGitStep: b's sync killed
// after its nth git command (0: never), then syncs of b, a and b. It
// reports how many git commands the sync ran before the kill, and
// whether that sync ran to its end.
func killedAt(t *testing.T, real string, n int, a, b string) (steps int, finished bool) {
	t.Helper()
	count := filepath.Join(t.TempDir(), "count")
	out := syncThroughShim(t, b, "'"+real+"' \"$@\"; rc=$?\n"+
		"echo x >> '"+count+"'\n"+
		"if [ $(wc -l < '"+count+"') -eq "+fmt.Sprint(n)+" ]; then kill -9 $PPID; fi\n"+
		"exit $rc\n")
	finished = strings.Contains(out, "sync finished: <nil>")
	if !finished && strings.Contains(out, "sync finished:") {
		t.Fatalf("killed after git command %d: the sync failed before the kill:\n%s", n, out)
	}
	if data, err := os.ReadFile(count); err == nil {
		steps = strings.Count(string(data), "\n")
	}

	for _, ws := range []string{b, a, b} {
		if _, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: filepath.Base(ws)}); err != nil {
			t.Fatalf("killed after git command %d: the next Sync(%s) = %v", n, filepath.Base(ws), err)
		}
	}
	want := map[string]string{"memory/notes/a.md": "from a\n", "memory/notes/b.md": "from b\n",
		"memory/notes/db.md": "# DB\n\nPostgres 17, from b.\n"}
	for _, ws := range []string{a, b} {
		for p, text := range want {
			if got := read(t, ws, p); got != text {
				t.Errorf("killed after git command %d: %s's %s = %q, want %q", n, filepath.Base(ws), p, got, text)
			}
		}
		log := strings.Split(strings.TrimSpace(read(t, ws, "memory/2026-03-14.md")), "\n")
		slices.Sort(log)
		if !slices.Equal(log, []string{"- entry from a", "- entry from b"}) {
			t.Errorf("killed after git command %d: %s's log = %q, want each entry once", n, filepath.Base(ws), log)
		}
		if got := notesUnder(ws); len(got) != 4 {
			t.Errorf("killed after git command %d: %s's notes = %v, want the four", n, filepath.Base(ws), got)
		}
		if st := gitIn(t, ws, nil, "status", "--porcelain", "--", "memory"); st != "" {
			t.Errorf("killed after git command %d: %s's git status:\n%s", n, filepath.Base(ws), st)
		}
	}
	return steps, finished
}
