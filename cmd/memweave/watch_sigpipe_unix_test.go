//go:build unix

package main

import (
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestWatchSurvivesAClosedStderr: watch's lines go to stderr, and the
// reader of that pipe may go away (a log collector restarted, `watch
// 2>&1 | head -1`). A Go program writing to a broken pipe on stderr dies
// of SIGPIPE unless it asks for the signal: watch died at its first line
// ("signal: broken pipe") and the notes saved after were never indexed.
// Like mcp, it now keeps indexing with the lines lost, and an interrupt
// still ends it with status 0.
func TestWatchSurvivesAClosedStderr(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	cmd := exec.Command(binary, "-w", ws, "watch", "--debounce", "20ms", "--poll-interval", "50ms")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // nobody reads watch's stderr
	cmd.Stderr = w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() { cmd.Process.Kill(); <-exited })
	note := filepath.Join(ws, "memory", "later.md")
	if err := os.WriteFile(note, []byte("# Later\n\nSaved while watch had no reader.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite3", "file:"+filepath.Join(ws, ".memweave", "index.db")+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(60 * time.Second)
	for indexed := false; !indexed; {
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("watch with its stderr closed: %v before it indexed memory/later.md, want it watching", err)
		case <-deadline:
			t.Fatal("watch with its stderr closed did not index memory/later.md in 60 s")
		case <-tick.C:
			var n int
			db.QueryRow(`SELECT count(*) FROM files WHERE path = 'memory/later.md'`).Scan(&n)
			indexed = n == 1
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	if err := <-exited; err != nil {
		t.Errorf("watch with its stderr closed, interrupted: %v, want exit 0", err)
	}
	exited <- nil
}
