package memweave_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

func gitRun(tb testing.TB, dir string, args ...string) {
	tb.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// seededRemote skips the test without git; else it makes a bare
// repository in a new temporary folder, dir, whose main branch holds
// files, pushed from seed, a workspace of its own.
func seededRemote(t *testing.T, files map[string]string) (dir, bare, seed string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir = t.TempDir()
	seed = memweavetest.Workspace(t, files)
	bare = filepath.Join(dir, "remote.git")
	gitRun(t, dir, "init", "-q", "--bare", "-b", "main", bare)
	gitRun(t, seed, "init", "-q", "-b", "main")
	gitRun(t, seed, "add", "-A")
	gitRun(t, seed, "commit", "-qm", "seed")
	gitRun(t, seed, "push", "-q", bare, "main")
	return dir, bare, seed
}

// TestSyncEveryBringsNotesAndStopsOnClose: the background loop brings a
// note another machine pushed and indexes it; Close stops it.
func TestSyncEveryBringsNotesAndStopsOnClose(t *testing.T) {
	t.Parallel() // real git processes and a sync loop's waits: it runs beside the other parallel tests
	ctx := context.Background()
	dir, bare, _ := seededRemote(t, map[string]string{"memory/stack.md": "# Stack\n\nSQLite.\n"})
	here, there := filepath.Join(dir, "here"), filepath.Join(dir, "there")
	gitRun(t, dir, "clone", "-q", bare, here)
	gitRun(t, dir, "clone", "-q", bare, there)

	w, err := memweave.Open(ctx, memweave.Config{Workspace: here, Now: memweavetest.Clock(), NoSyncOnSearch: true})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for _, d := range []time.Duration{0, time.Nanosecond, memweave.MinSyncInterval - 1} {
		if err := w.SyncEvery(ctx, d); err == nil {
			t.Errorf("SyncEvery(%v) did not fail", d)
		}
	}
	if err := w.SyncEvery(ctx, memweave.MinSyncInterval, memweave.SyncAuthor("here <h@h>")); err != nil {
		t.Fatal(err)
	}
	if err := w.SyncEvery(ctx, time.Second); err == nil {
		t.Error("a second SyncEvery did not fail")
	}
	memweavetest.WriteFile(t, there, "memory/notes/pelican.md", "# Pelican\n\nThe PELICAN-4471 rollout is on Tuesday.\n")
	gitRun(t, there, "add", "-A")
	gitRun(t, there, "commit", "-qm", "pelican")
	pushed := false
	for i := 0; i < 20 && !pushed; i++ { // the loop here pushes too
		gitRun(t, there, "pull", "-q", "--no-rebase", "--no-edit")
		pushed = exec.Command("git", "-C", there, "push", "-q").Run() == nil
	}
	if !pushed {
		t.Fatal("could not push from the other clone")
	}
	found := false
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end) && !found; time.Sleep(100 * time.Millisecond) {
		resp, err := w.Search(ctx, "PELICAN-4471 rollout")
		if err != nil {
			t.Fatal(err)
		}
		found = len(resp.Results) > 0 && resp.Results[0].Path == "memory/notes/pelican.md"
	}
	if !found {
		t.Fatal("the note pushed from the other clone was not synced and indexed within 30 s")
	}
	st, err := w.SyncStatus(ctx)
	if err != nil || st.LastError != "" || st.LastSync.IsZero() {
		t.Errorf("SyncStatus = %+v, %v; want a successful last sync", st, err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(here, ".memweave", "sync.json")
	before, _ := os.Stat(state)
	time.Sleep(400 * time.Millisecond)
	after, _ := os.Stat(state)
	if !before.ModTime().Equal(after.ModTime()) {
		t.Error("the sync loop ran after Close")
	}
	if _, err := w.Sync(ctx); !errors.Is(err, memweave.ErrClosed) {
		t.Errorf("Sync after Close = %v, want ErrClosed", err)
	}
}

// TestSyncEveryNeedsARemote: a workspace without git cannot start the
// loop, and the error says what to run.
func TestSyncEveryNeedsARemote(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "a\n"})
	w := open(t, root, memweave.Config{})
	if err := w.SyncEvery(context.Background(), time.Second); !errors.Is(err, memweave.ErrNoRepository) {
		t.Errorf("SyncEvery without git = %v, want ErrNoRepository", err)
	}
	if _, err := w.SyncStatus(context.Background()); !errors.Is(err, memweave.ErrNoRepository) {
		t.Errorf("SyncStatus without git = %v, want ErrNoRepository", err)
	}
}
