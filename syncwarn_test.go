package memweave_test

import (
	"context"
	"log/slog"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSyncSaysWhatItsReindexLeftOut: a note another machine pushed that
// the index refuses (one holding conflict markers, a teammate's git
// commit -a of a half-done merge; one that is not text) drops out of every search after the sync, its old version
// included. The sync's re-index warned of it and Sync said nothing:
// "brought in 2 changed notes", the facts gone. Its warnings now name
// each file and why, as index's do.
func TestSyncSaysWhatItsReindexLeftOut(t *testing.T) {
	t.Parallel() // real git processes and a sync loop's waits: it runs beside the other parallel tests
	ctx := context.Background()
	dir, bare, seed := seededRemote(t, map[string]string{
		"memory/db.md":    "# DB\n\nWe run Postgres 15.\n",
		"memory/blob.md":  "# Blob\n\ntext for now\n",
		"memory/plain.md": "# Plain\n\nnothing to see\n",
	})
	here := filepath.Join(dir, "here")
	gitRun(t, dir, "clone", "-q", bare, here)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: here, Now: memweavetest.Clock()})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Sync(ctx, memweave.SyncAuthor("here <h@h>")); err != nil {
		t.Fatal(err)
	}
	gitRun(t, seed, "pull", "-q", "--ff-only", bare, "main")
	memweavetest.WriteFile(t, seed, "memory/db.md", "# DB\n\n<<<<<<< HEAD\nWe run Postgres 16.\n=======\nWe run MySQL 8.\n>>>>>>> theirs\n")
	memweavetest.WriteFile(t, seed, "memory/blob.md", "# Blob\x00\x00\x00\x01\x02")
	gitRun(t, seed, "add", "-A")
	gitRun(t, seed, "commit", "-qm", "a teammate's plain git commit")
	gitRun(t, seed, "push", "-q", bare, "main")

	res, err := w.Sync(ctx, memweave.SyncAuthor("here <h@h>"))
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(res.Warnings, "\n")
	for _, want := range []string{"memory/db.md:3", "conflict markers", "memory/blob.md", "not a text file"} {
		if !strings.Contains(all, want) {
			t.Errorf("sync's warnings lack %q; the sync brought %v and warned:\n%s", want, res.Changed, all)
		}
	}
	if strings.Contains(all, "plain.md") {
		t.Errorf("sync's warnings name a note it did not touch:\n%s", all)
	}
}

// TestSyncEveryLogsWhatItsReindexLeftOut: the background loop (mcp
// --sync-every) dropped its syncs' results, so a note another machine
// pushed that the index leaves out (conflict markers) left every search
// and nothing anywhere said so. The loop logs those warnings, as it logs
// a failed sync.
func TestSyncEveryLogsWhatItsReindexLeftOut(t *testing.T) {
	t.Parallel() // real git processes and a sync loop's waits: it runs beside the other parallel tests
	ctx := context.Background()
	dir, bare, seed := seededRemote(t, map[string]string{"memory/db.md": "# DB\n\nWe run Postgres 15.\n"})
	here := filepath.Join(dir, "here")
	gitRun(t, dir, "clone", "-q", bare, here)
	gitRun(t, seed, "remote", "add", "origin", bare)
	var logged memweavetest.Buffer
	w, err := memweave.Open(ctx, memweave.Config{Workspace: here, Now: memweavetest.Clock(), NoSyncOnSearch: true,
		Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := w.SyncEvery(ctx, memweave.MinSyncInterval, memweave.SyncAuthor("here <h@h>")); err != nil {
		t.Fatal(err)
	}
	memweavetest.WriteFile(t, seed, "memory/db.md", "# DB\n\n<<<<<<< HEAD\nWe run Postgres 16.\n=======\nWe run MySQL 8.\n>>>>>>> theirs\n")
	gitRun(t, seed, "add", "-A")
	gitRun(t, seed, "commit", "-qm", "a teammate's plain git commit")
	pushed := false
	for i := 0; i < 20 && !pushed; i++ { // the loop here pushes too
		gitRun(t, seed, "pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
		pushed = exec.Command("git", "-C", seed, "push", "-q", "origin", "main").Run() == nil
	}
	if !pushed {
		t.Fatal("could not push from the other clone")
	}
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end) && !strings.Contains(logged.String(), "conflict markers"); time.Sleep(100 * time.Millisecond) {
	}
	if got := logged.String(); !strings.Contains(got, "memory/db.md:3") || !strings.Contains(got, "conflict markers") {
		t.Errorf("within 30 s the sync loop logged %q, want the note it left out of the index named", got)
	}
}
