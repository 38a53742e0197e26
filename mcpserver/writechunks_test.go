package mcpserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteChunksCountTheNote: memory_write's "chunks" counted the chunks
// the call itself created, so a write of what the index already held
// (the same content again, or a note a running watcher or an index run
// indexed between the write and the call's own indexing: integ's
// finding under `memweave mcp`) answered "chunks": 0, which reads like
// an empty or unsearchable note. It is the chunks the note has in the
// index once the call returns.
func TestWriteChunksCountTheNote(t *testing.T) {
	cs, root := connect(t, map[string]string{"memory/keep.md": "# Keep\n"})
	content := "# Tapir\n\n" + strings.Repeat("The tapir ledger holds the quarterly okapi figures.\n\n", 80)
	type writeOut struct {
		Chunks int `json:"chunks"`
	}
	var first writeOut
	mustCall(t, cs, "memory_write", map[string]any{"path": "notes/fresh.md", "content": content}, &first)
	if first.Chunks < 2 {
		t.Fatalf("memory_write of a new %d-byte note: chunks %d, want several", len(content), first.Chunks)
	}
	// Tune: the same content written again.
	var again writeOut
	mustCall(t, cs, "memory_write", map[string]any{"path": "notes/fresh.md", "content": content}, &again)
	if again.Chunks != first.Chunks {
		t.Errorf("memory_write of the same content again: chunks %d, want %d (the note's)", again.Chunks, first.Chunks)
	}
	// Check: the note was saved and indexed by another program first.
	if err := os.WriteFile(filepath.Join(root, "memory", "notes", "other.md"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	var ix struct{}
	mustCall(t, cs, "memory_index", map[string]any{}, &ix)
	var other writeOut
	mustCall(t, cs, "memory_write", map[string]any{"path": "notes/other.md", "content": content}, &other)
	if other.Chunks != first.Chunks {
		t.Errorf("memory_write of a note another program indexed first: chunks %d, want %d (the note's)", other.Chunks, first.Chunks)
	}
}
