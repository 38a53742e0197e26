//go:build unix

package memweave_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/indexer"
)

// TestPackLeavesOutUnreadableNote: a candidate note that cannot be read
// now (here a link that loops, so open fails) is left out of the pack
// with a warning naming it; the other notes are still packed.
func TestPackLeavesOutUnreadableNote(t *testing.T) {
	ctx := context.Background()
	root, w := openIndexed(t, map[string]string{
		"memory/a.md": "# A\n\nThe IBIS-71 fact.\n",
		"memory/b.md": "# B\n\nAnother IBIS-71 fact.\n",
	}, memweave.Config{})
	b := filepath.Join(root, "memory", "b.md")
	if err := errors.Join(os.Remove(b), os.Symlink("b.md", b)); err != nil {
		t.Skip(err)
	}
	p, err := w.Pack(ctx, "IBIS-71", 1000, memweave.MinScore(0), memweave.NoSync())
	if err != nil {
		t.Fatalf("Pack = %v, want memory/a.md packed and a warning about memory/b.md", err)
	}
	var got []string
	for _, it := range p.Items {
		got = append(got, it.Path)
	}
	if !slices.Equal(got, []string{"memory/a.md"}) {
		t.Errorf("Pack paths = %q, want [memory/a.md]", got)
	}
	if wn, ok := indexer.For(p.Warnings, "memory/b.md"); !ok || !strings.Contains(wn.Error(), "left out of the pack") {
		t.Errorf("Pack warnings = %q, want one saying memory/b.md is left out of the pack", p.Warnings)
	}
}

// TestPackLeavesOutNoteOfAnotherUser: a note another user's program
// rewrote with mode 0600 is searched as last indexed, with a warning;
// pack cannot read its lines, so it packs the other notes and says
// which one it left out. (Root reads a file of mode 0: run as another
// user to see it.)
func TestPackLeavesOutNoteOfAnotherUser(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads a file of mode 0")
	}
	w := openWithLockedNote(t, "# Locked\n\nThe mango crate, now papaya.\n")
	p, err := w.Pack(context.Background(), "mango", 1000, memweave.MinScore(0))
	if err != nil {
		t.Fatalf("Pack = %v, want memory/open.md packed", err)
	}
	if len(p.Items) != 1 || p.Items[0].Path != "memory/open.md" {
		t.Errorf("Pack items = %+v, want memory/open.md only", p.Items)
	}
	var left bool
	for _, wn := range p.Warnings {
		left = left || wn.Path == "memory/locked.md" && errors.Is(wn, fs.ErrPermission) && strings.Contains(wn.Error(), "left out of the pack")
	}
	if !left {
		t.Errorf("Pack warnings = %q, want one saying memory/locked.md is left out of the pack", p.Warnings)
	}
}
