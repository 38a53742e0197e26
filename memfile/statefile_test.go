package memfile_test

import (
	"os"
	"path/filepath"
	"testing"

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
