package memweave_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"
	memweave "github.com/memweave/memweave-go"
)

// TestDeleteThatCannotUpdateTheIndexSaysTheFileIsGone: a delete removes
// the file, then its rows under the index lock. When the lock cannot be
// had (another process holds it; the caller gave up), the error said
// only that the lock wait ended: the CLI printed "interrupted" and an MCP
// agent would take the note for kept, and delete it again into "not
// found". The error now says the file is removed and its passages stay
// until the next index run.
func TestDeleteThatCannotUpdateTheIndexSaysTheFileIsGone(t *testing.T) {
	root, w := openIndexed(t, map[string]string{"memory/a.md": "# A\n\nALPHA-LOCKED note.\n", "memory/b.md": "# B\n\nkept\n"}, memweave.Config{})
	other := flock.New(filepath.Join(root, ".memweave", "index.db.lock"))
	if err := other.Lock(); err != nil {
		t.Fatal(err)
	}
	defer other.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	err := w.Delete(ctx, "memory/a.md")
	if _, serr := os.Stat(filepath.Join(root, "memory", "a.md")); !errors.Is(serr, os.ErrNotExist) {
		t.Fatalf("memory/a.md after Delete = %v, want removed", serr)
	}
	if err == nil || !strings.Contains(err.Error(), "memory/a.md is removed") || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Delete while the index is locked = %v; want an error saying memory/a.md is removed, wrapping the cause", err)
	}
}
