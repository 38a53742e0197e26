package memweave_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestClonedChunkOverlapCannotMultiplyTheIndex: a cloned memweave.json
// needs no approval for its chunk settings, so they must not let it
// multiply the index. An overlap just under the chunk size (399 of 400
// tokens) moved each passage on by a line or two: a note of 200 KB of
// short lines became 46,808 passages and a 191 MB index (716 KB with
// the defaults), 208 MB of memory and 16 s, growing with the note
// (which a clone brings too). An overlap over half the chunk size, at
// most doubling the text indexed, is refused naming the file, the key
// and its line.
func TestClonedChunkOverlapCannotMultiplyTheIndex(t *testing.T) {
	var note strings.Builder
	for i := range 4000 {
		note.WriteString("l" + itoa(i) + "\n")
	}
	root := memweavetest.Workspace(t, map[string]string{"memory/log.md": note.String()})
	p := filepath.Join(root, memweave.SettingsFile)
	if err := os.WriteFile(p, []byte("{\n  \"chunk_tokens\": 400,\n  \"chunk_overlap\": 399\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root})
	if err == nil {
		defer w.Close()
		res, ierr := w.Index(context.Background())
		t.Fatalf("Open with chunk_overlap 399 of 400 = nil error; indexing a note of %d bytes then made %d passages (%v); want a SettingsFieldError for chunk_overlap at line 3",
			note.Len(), res.ChunksCreated, ierr)
	}
	var fe *memweave.SettingsFieldError
	if !errors.As(err, &fe) || fe.Setting != "chunk_overlap" || fe.Line != 3 || !strings.Contains(err.Error(), "half") {
		t.Errorf("Open with chunk_overlap 399 of 400 = %v, want a SettingsFieldError for chunk_overlap at line 3 saying at most half", err)
	}
	for _, ok := range []string{"{\"chunk_tokens\": 400, \"chunk_overlap\": 200}", "{\"chunk_tokens\": 16, \"chunk_overlap\": 8}"} {
		if err := os.WriteFile(p, []byte(ok), 0o644); err != nil {
			t.Fatal(err)
		}
		w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root})
		if err != nil {
			t.Errorf("Open with %s = %v, want it to open", ok, err)
			continue
		}
		w.Close()
	}
}
