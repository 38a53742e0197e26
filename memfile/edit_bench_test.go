package memfile_test

import (
	"context"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// BenchmarkEdit edits a small note in place, as feedback does: read,
// edit, move the note aside and compare it, link the new content in.
func BenchmarkEdit(b *testing.B) {
	root := memweavetest.Workspace(b, map[string]string{"memory/a.md": "# A\n"})
	for b.Loop() {
		if _, err := memfile.EditWith(context.Background(), root, "memory/a.md", memfile.EditOptions{}, func(_ string, old []byte) ([]byte, error) {
			if len(old) > 4000 {
				return []byte("# A\n"), nil
			}
			return append(old, 'x'), nil
		}); err != nil {
			b.Fatal(err)
		}
	}
}
