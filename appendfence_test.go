package memweave_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestFirstAppendIsNotFrontMatter: an appended note is an entry of the
// day's log, never its front matter. A first note that opens with a
// "---" line and holds "key: value" lines up to a second "---" (a YAML
// snippet, a horizontal rule around a key-value list) used to become the
// new log's front matter, and its text was not searchable. It is now
// searchable, and so is a later note of the same shape.
func TestFirstAppendIsNotFrontMatter(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n"})
	w := open(t, root, memweave.Config{Now: memweavetest.Clock()})
	defer w.Close()
	for _, note := range []string{"---\nowner: FENCEDOWNER-31\n---", "---\nowner: FENCEDOWNER-32\n---\nthe second"} {
		if _, err := w.Append(ctx, note); err != nil {
			t.Fatal(err)
		}
	}
	for _, word := range []string{"FENCEDOWNER-31", "FENCEDOWNER-32"} {
		if res := mustSearch(t, w, word).Results; len(res) == 0 {
			logs, _ := filepath.Glob(filepath.Join(root, "memory", "*-*.md"))
			var body string
			if len(logs) > 0 {
				data, _ := os.ReadFile(logs[0])
				body = string(data)
			}
			t.Errorf("Search(%s) found nothing; the log reads %q", word, strings.TrimSpace(body))
		}
	}
}
