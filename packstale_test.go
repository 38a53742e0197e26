package memweave_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestPackChangedSinceIndexed: a note edited on disk after it was
// indexed (a search that does not re-index first: NoSync, or a watcher
// that has not caught up) no longer holds the matched passage at the
// lines the index names. The pack must not hand out whatever those
// lines hold now under the old passage's score: every item's text holds
// what the search matched, or the item is left out.
func TestPackChangedSinceIndexed(t *testing.T) {
	ctx := context.Background()
	root, w := openIndexed(t, map[string]string{
		"memory/ops.md":   "# Ops\n\nThe KESTREL-12 runbook says restart the queue first.\n",
		"memory/later.md": "# Later\n\nThe KESTREL-12 runbook moved to the wiki.\n",
	}, memweave.Config{})
	edited := "# Ops\n\nOld root password: hunter2 (rotated).\nUnrelated line two.\n\n## Runbook\n\nThe KESTREL-12 runbook says restart the queue first.\n"
	if err := os.WriteFile(filepath.Join(root, "memory", "ops.md"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	memweavetest.WriteFile(t, root, "memory/later.md", "# Later\n\nThe KESTREL-12 runbook moved to the wiki.\n\n## More\n\nAppended since.\n")
	p, err := w.Pack(ctx, "KESTREL-12 runbook", 1000, memweave.MinScore(0), memweave.NoSync())
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, it := range p.Items {
		paths = append(paths, it.Path)
		if !strings.Contains(it.Text, "KESTREL-12") {
			t.Errorf("Pack item %s:%d-%d = %q: the lines the index named, which no longer hold the passage matched", it.Path, it.StartLine, it.EndLine, it.Text)
		}
	}
	if !slices.Equal(paths, []string{"memory/later.md"}) {
		t.Errorf("Pack paths = %q, want [memory/later.md]: its passage is where the index says", paths)
	}
}
