package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGetReadsTheFileOfACorruptIndex: get needs no index to print a
// note, but an index file cut short (a copy or a commit of half of it)
// or not SQLite at all (a text file, zeros) made it fail with "database
// is corrupt or not SQLite", as every other command does. It now reads
// the note's file, warning that the index is damaged and how to rebuild
// it; search still refuses it.
func TestGetReadsTheFileOfACorruptIndex(t *testing.T) {
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	db := filepath.Join(ws, ".memweave", "index.db")
	full, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	note, err := os.ReadFile(filepath.Join(ws, "memory", "stack.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{
		// tune
		{"half", full[:len(full)/2]},
		{"one page", full[:4096]},
		// check
		{"header only", full[:100]},
		{"text", []byte("this is not an index\n")},
		{"header then 0xff", append(append([]byte{}, full[:16]...), bytes.Repeat([]byte{0xff}, 8192)...)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(db, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			if out := runCLI(t, "", nil, "-w", ws, "search", "queue"); out.code == 0 {
				// The premise: the damage is one every command that needs
				// the index refuses; a skip here would leave get untested.
				t.Fatalf("search with this damaged index: exit 0, stdout %q; want it refused", out.stdout)
			}
			out := runCLI(t, "", nil, "-w", ws, "get", "stack.md")
			if out.code != 0 || out.stdout != string(note) || !strings.Contains(out.stderr, "warning") || !strings.Contains(out.stderr, "rebuild") {
				t.Errorf("get with a damaged index: exit %d, stdout %q, stderr %q; want the note, and a warning saying how to rebuild the index", out.code, out.stdout, out.stderr)
			}
		})
	}
}
