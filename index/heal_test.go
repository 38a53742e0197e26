package index

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gofrs/flock"
	"github.com/memweave/memweave-go/memweavetest"
)

// makeIndex creates a memweave index at path, closed.
func makeIndex(tb testing.TB, path string) {
	tb.Helper()
	db, err := Open(context.Background(), path, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	db.Close()
}

// TestOpenFixesUnwritableSidecars takes write permission from the -wal
// and -shm files of an index another connection keeps open (so SQLite
// cannot delete and recreate them), as a time the folder was read-only
// leaves them, and checks Open gives them back their owner's write bit
// and both connections work. As root, whom permission bits do not stop,
// the mode bits are what shows the repair.
func TestOpenFixesUnwritableSidecars(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	first, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	if err := first.SetMeta(ctx, map[string]string{"identity": "x"}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"-wal", "-shm"} {
		if err := os.Chmod(path+s, 0o444); err != nil {
			t.Fatal(err)
		}
	}
	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open with read-only -wal and -shm: %v", err)
	}
	defer db.Close()
	for _, s := range []string{"-wal", "-shm"} {
		if fi, err := os.Stat(path + s); err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s after Open: %v, %v; want mode 0644", s, fi.Mode().Perm(), err)
		}
	}
	if err := db.SetMeta(ctx, map[string]string{"identity": "y"}); err != nil {
		t.Fatalf("write after Open: %v", err)
	}
	if v, err := first.Meta(ctx, "identity"); err != nil || v != "y" {
		t.Errorf("Meta through the first connection = %q, %v; want y", v, err)
	}
}

// TestOpenRefusesUnusableSidecar: a -shm that is not a file cannot be
// fixed by Open; the error names it and says the command that removes it.
func TestOpenRefusesUnusableSidecar(t *testing.T) {
	path := filepath.Join(t.TempDir(), "my index.db")
	makeIndex(t, path)
	if err := os.Mkdir(path+"-shm", 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Open(context.Background(), path, Options{})
	if err == nil || !strings.Contains(err.Error(), "rm -r '"+path+"-shm'") {
		t.Errorf("Open with a folder as -shm = %v, want an error with the command that removes it", err)
	}
}

// TestOpenRemovesRebuildLeftovers leaves the files of a killed rebuild
// and checks Open removes them, but not while another holder (a running
// rebuild) has the index lock.
func TestOpenRemovesRebuildLeftovers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index.db")
	makeIndex(t, path)
	leftovers := func() []string {
		var out []string
		for _, s := range []string{"", "-wal", "-shm", ".lock"} {
			out = append(out, path+".rebuild-1234"+s)
		}
		return out
	}()
	leave := func() {
		for _, p := range leftovers {
			if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	open := func() {
		db, err := Open(context.Background(), path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
	}
	lock := flock.New(path + ".lock")
	if err := lock.Lock(); err != nil {
		t.Fatal(err)
	}
	leave()
	open()
	for _, p := range leftovers {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("Open removed %s while the index lock was held: %v", filepath.Base(p), err)
		}
	}
	lock.Close()
	open()
	for _, p := range leftovers {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("Open left %s: %v", filepath.Base(p), err)
		}
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the index itself: %v", err)
	}
}

// TestOpenReadErrorIsNotForeign damages the page of the meta table, where
// memweave's marker lives: reading it fails, which says nothing of who
// made the file, so Open must not call it foreign (Rebuild leaves a
// foreign file alone, and replaces a damaged one).
func TestOpenReadErrorIsNotForeign(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	makeIndex(t, path)
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	var root int64
	err = raw.QueryRow(`SELECT rootpage FROM sqlite_master WHERE name = 'meta'`).Scan(&root)
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	junk := []byte(strings.Repeat("\xde\xad\xbe\xef", 1024))
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteAt(junk, (root-1)*4096)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	_, err = Open(ctx, path, Options{})
	if err == nil || errors.Is(err, ErrForeign) || !strings.Contains(err.Error(), path) {
		t.Errorf("Open with the meta page damaged = %v, want an error naming the file, not ErrForeign", err)
	}
	if !errors.Is(err, ErrCorrupt) {
		t.Errorf("Open with the meta page damaged = %v, want ErrCorrupt", err)
	}
	// The command that rebuilds the file, not "delete it": deleting an
	// index by hand leaves its -wal and -shm files behind.
	if err == nil || !strings.Contains(err.Error(), "memweave index --rebuild") {
		t.Errorf("Open with the meta page damaged = %v, want the command that rebuilds it", err)
	}

	if os.Geteuid() == 0 {
		t.Log("root reads any file: the unreadable-file case is skipped")
		return
	}
	unreadable := filepath.Join(t.TempDir(), "index.db")
	makeIndex(t, unreadable)
	os.Chmod(unreadable, 0)
	defer os.Chmod(unreadable, 0o644)
	_, err = Open(ctx, unreadable, Options{})
	if err == nil || errors.Is(err, ErrForeign) || !strings.Contains(err.Error(), unreadable) || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("Open of an unreadable file = %v, want an error naming it and its cause", err)
	}
}

// TestOpenWritesGitignore: the index folder Open creates, and an existing
// .memweave folder, get a .gitignore of "*"; an existing one is kept, and
// a folder Open did not create, not named .memweave, gets none.
func TestOpenWritesGitignore(t *testing.T) {
	ws := t.TempDir()
	makeIndex(t, filepath.Join(ws, ".memweave", "index.db"))
	data, err := os.ReadFile(filepath.Join(ws, ".memweave", ".gitignore"))
	if err != nil || !strings.Contains("\n"+string(data), "\n*\n") {
		t.Errorf(".memweave/.gitignore = %q, %v; want a line \"*\"", data, err)
	}

	ws = t.TempDir()
	os.Mkdir(filepath.Join(ws, ".memweave"), 0o755)
	os.WriteFile(filepath.Join(ws, ".memweave", ".gitignore"), []byte("index.db\n"), 0o644)
	makeIndex(t, filepath.Join(ws, ".memweave", "index.db"))
	if got, _ := os.ReadFile(filepath.Join(ws, ".memweave", ".gitignore")); string(got) != "index.db\n" {
		t.Errorf("existing .gitignore became %q, want it kept", got)
	}

	ws = t.TempDir()
	os.Mkdir(filepath.Join(ws, ".memweave"), 0o755)
	makeIndex(t, filepath.Join(ws, ".memweave", "index.db"))
	if _, err := os.Stat(filepath.Join(ws, ".memweave", ".gitignore")); err != nil {
		t.Errorf("existing .memweave without .gitignore: %v", err)
	}

	dir := t.TempDir()
	makeIndex(t, filepath.Join(dir, "index.db"))
	if _, err := os.Stat(filepath.Join(dir, ".gitignore")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open wrote a .gitignore in a folder it did not create: %v", err)
	}
}

// TestFixSidecarsWhileVanishing: a -shm or -wal that another process's
// close removes while fixSidecars looks at it is no error. A goroutine
// creates and removes them as fast as it can while fixSidecars runs
// again and again.
func TestFixSidecarsWhileVanishing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index.db")
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			for _, s := range []string{"-wal", "-shm"} {
				os.WriteFile(path+s, nil, 0o644)
				os.Remove(path + s)
			}
		}
	}()
	n := 20000
	if !memweavetest.LongEnabled() {
		n = 5000
	}
	var errs []error
	for range n {
		if err := fixSidecars(path, true); err != nil {
			errs = append(errs, err)
		}
	}
	close(stop)
	<-done
	if len(errs) > 0 {
		t.Errorf("fixSidecars failed %d times of %d, first: %v", len(errs), n, errs[0])
	}
}
