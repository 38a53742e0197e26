package memweave_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestScanAtOpenThenWrites: a one-shot Weave whose scan started in Open
// (Config.ScanAtOpen) and that writes, appends or deletes a note before
// its first search finds what it wrote and not what it deleted: the
// write drops the scan of Open, which no longer says what the files are
// (and the refresh re-reads under the lock each path a scan names).
func TestScanAtOpenThenWrites(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name       string
		do         func(w *memweave.Weave) error
		want, gone string
	}{
		{"write", func(w *memweave.Weave) error {
			_, err := w.Write(ctx, "memory/new.md", "# New\n\nthe kiln fires at dawn\n")
			return err
		}, "memory/new.md", ""},
		{"append", func(w *memweave.Weave) error {
			_, err := w.Append(ctx, "the kiln fires at dawn")
			return err
		}, "memory/", ""},
		{"delete", func(w *memweave.Weave) error { return w.Delete(ctx, "memory/old.md") }, "", "memory/old.md"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, w := openIndexed(t, map[string]string{
				"memory/old.md": "# Old\n\nthe kiln fires at dusk\n",
			}, memweave.Config{})
			w.Close()
			w = open(t, root, memweave.Config{OneShot: true, ScanAtOpen: true})
			if err := c.do(w); err != nil {
				t.Fatal(err)
			}
			got := locs(mustSearch(t, w, "kiln fires", memweave.MinScore(0)).Results)
			found := func(p string) bool {
				return slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, p) && !strings.HasPrefix(l, "memory/old.md") })
			}
			if c.want != "" && !found(c.want) {
				t.Errorf("search after the %s = %q, want a passage of %s", c.name, got, c.want)
			}
			if c.gone != "" && slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, c.gone) }) {
				t.Errorf("search after the %s = %q, want nothing of %s", c.name, got, c.gone)
			}
		})
	}
}
