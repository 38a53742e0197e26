package memweave_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchWhileAnotherProcessIndexes checks that a search whose sync
// needs the index lock, held by another process, waits at most its lock
// timeout, deletions included, and answers from the index as it is with
// a warning that wraps ErrBusy.
func TestSearchWhileAnotherProcessIndexes(t *testing.T) {
	flockCmd, err := exec.LookPath("flock")
	if err != nil {
		t.Skip("needs util-linux flock(1) to hold the lock from another process")
	}
	root, w := openIndexed(t, sample, memweave.Config{})
	lock := filepath.Join(root, ".memweave", "index.db.lock")
	holder := exec.Command(flockCmd, "--exclusive", lock, "sleep", "60")
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { holder.Process.Kill(); holder.Wait() })
	// Wait until the other process holds the lock.
	ctx := context.Background()
	for deadline := time.Now().Add(5 * time.Second); ; {
		if _, err := w.Index(ctx, memweave.LockTimeout(10*time.Millisecond)); errors.Is(err, memweave.ErrBusy) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the other process never took the lock")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := os.Remove(filepath.Join(root, "memory", "2026-11-01.md")); err != nil {
		t.Fatal(err)
	}
	memweavetest.WriteFile(t, root, "memory/new.md", "# New\n\nfresh OKAPI note\n")
	start := time.Now()
	resp, err := w.Search(ctx, "Valkey")
	took := time.Since(start)
	if err != nil {
		t.Fatalf("Search: %v", err)
	}
	if took > 5*time.Second {
		t.Errorf("Search took %v with the lock held elsewhere, want about the 2 s sync timeout", took)
	}
	busy := false
	for _, wn := range resp.Warnings {
		busy = busy || errors.Is(wn, memweave.ErrBusy)
	}
	if !busy || len(resp.Results) == 0 {
		t.Errorf("Search = %d results, warnings %q; want results and a warning wrapping ErrBusy", len(resp.Results), resp.Warnings)
	}
	t.Logf("search with the lock held by pid %d: %v", holder.Process.Pid, took.Round(time.Millisecond))
}
