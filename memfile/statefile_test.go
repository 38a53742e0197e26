package memfile_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memfile"
)

// TestStateFileFailedSaveKeepsWhatWasSeen: a Save that fails (here a
// folder at the file's name, which no rename replaces) left the file
// as never seen, so the next Load reported it changed and the caller
// took the old state over its own on every call: a process cooling
// down an embedding server reset its cool-down before each search and
// waited the full timeout again. What is on disk after a failed Save is
// what was seen before it.
func TestStateFileFailedSaveKeepsWhatWasSeen(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".memweave", "state.json", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := memfile.NewStateFile(root, "state.json", 1024)
	if data, changed := s.Load(); data != nil || !changed {
		t.Fatalf("first Load = %q, %v; want nothing usable, changed", data, changed)
	}
	for i := range 3 {
		if err := s.Save([]byte(`{"misses":1}`)); err == nil {
			t.Fatalf("Save over a folder = nil, want an error")
		}
		if data, changed := s.Load(); changed {
			t.Errorf("Load %d after a failed Save = %q, changed; want unchanged (nothing new on disk)", i, data)
		}
	}
}

// TestStateFileSaveRemovesKilledWrites: a process killed while it saved
// the file (between the temporary file's creation and its rename: strace
// -e inject=renameat:signal=SIGKILL on a search cooling down its
// embedding server) left .memweave-write-NAME-N.tmp in .memweave for
// good; the next Save removes such a file once it is older than any
// write under way, and leaves a fresh one (another process's save) and
// other files alone.
func TestStateFileSaveRemovesKilledWrites(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, ".memweave")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	files := map[string]bool{ // name: kept by Save
		".memweave-write-state.json-3873597980.tmp": false,
		".memweave-write-state.json-12.tmp":         true, // fresh: a save under way
		".memweave-write-other.json-77.tmp":         true, // another file's
		".memweave-write-state.json-x1.tmp":         true, // not WriteAtomic's name
	}
	for name := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(`{"misses":1`), 0o644); err != nil {
			t.Fatal(err)
		}
		if name == ".memweave-write-state.json-12.tmp" {
			continue
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	s := memfile.NewStateFile(root, "state.json", 1024)
	if err := s.Save([]byte(`{"misses":2}`)); err != nil {
		t.Fatal(err)
	}
	for name, kept := range files {
		_, err := os.Stat(filepath.Join(dir, name))
		if kept != (err == nil) {
			t.Errorf("after Save, %s there: %v, want %v", name, err == nil, kept)
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, "state.json")); err != nil || string(data) != `{"misses":2}` {
		t.Errorf("state.json = %q, %v; want the saved state", data, err)
	}
}
