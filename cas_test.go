package memweave_test

import (
	"context"
	"errors"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestExpectHashRefusesStaleWrites: an agent that read a note, then saw
// another agent change it, cannot overwrite the change with a write,
// feedback or resolve given the hash it read; with the current hash it
// can.
func TestExpectHashRefusesStaleWrites(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{
		"memory/notes/db.md": "# DB\n\nWe use Postgres 16 for the orders service.\n",
		"memory/stack.md":    "# Stack\n\nWe use MySQL 8 for the orders service.\n",
	})
	w := open(t, root, memweave.Config{NoSyncOnSearch: true})
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	_, read, err := w.GetWithHash(ctx, "notes/db.md", 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := memfile.Hash([]byte(memweavetest.ReadFile(t, root, "memory/notes/db.md"))); read != want {
		t.Fatalf("GetWithHash hash = %s, want %s", read, want)
	}
	resp, err := w.Search(ctx, "orders service Postgres")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range resp.Results {
		if r.Path == "memory/notes/db.md" && r.Hash != read {
			t.Errorf("search result hash = %q, want %q", r.Hash, read)
		}
	}
	// Another agent changes the note.
	other := "# DB\n\nWe moved the orders service to Postgres 17.\n"
	if _, err := w.Write(ctx, "notes/db.md", other, memweave.ExpectHash(read)); err != nil {
		t.Fatalf("Write with the current hash: %v", err)
	}
	stale := []struct {
		name string
		call func() error
	}{
		{"write", func() error {
			_, err := w.Write(ctx, "notes/db.md", "# DB\n\nstale\n", memweave.ExpectHash(read))
			return err
		}},
		{"feedback", func() error {
			_, err := w.Feedback(ctx, "notes/db.md", 3, true, memweave.ExpectHash(read))
			return err
		}},
		{"resolve", func() error {
			_, err := w.Resolve(ctx, memweave.Ref{Path: "memory/stack.md", StartLine: 3},
				memweave.Ref{Path: "memory/notes/db.md", StartLine: 3}, "", memweave.ExpectHash(read))
			return err
		}},
		{"write to a missing note", func() error {
			_, err := w.Write(ctx, "notes/none.md", "x\n", memweave.ExpectHash(read))
			return err
		}},
	}
	for _, tc := range stale {
		if err := tc.call(); !errors.Is(err, memweave.ErrChanged) {
			t.Errorf("%s with a stale hash = %v, want ErrChanged", tc.name, err)
		}
		if got := memweavetest.ReadFile(t, root, "memory/notes/db.md"); got != other {
			t.Fatalf("after %s with a stale hash the note is %q, want the other agent's %q", tc.name, got, other)
		}
	}
	_, cur, _ := w.GetWithHash(ctx, "notes/db.md", 1, 0)
	if _, err := w.Feedback(ctx, "notes/db.md", 3, true, memweave.ExpectHash(cur)); err != nil {
		t.Errorf("Feedback with the current hash: %v", err)
	}
}
