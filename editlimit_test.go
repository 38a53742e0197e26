package memweave_test

import (
	"context"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestCurationEditsStayUnderTheSizeLimit: feedback and resolve add lines
// to a note; on a note near MaxFileBytes the edit that would take it past
// (and out of search) is refused with an error naming the note and the
// limit, both notes untouched and still found.
func TestCurationEditsStayUnderTheSizeLimit(t *testing.T) {
	fill := strings.Repeat("filler text. ", 14)
	files := map[string]string{
		"memory/db.md":    "# DB\n\nThe orders database is KESTREL-9 Postgres 15.\n\n" + fill + "\n",
		"memory/stack.md": "# Stack\n\nThe orders database is KESTREL-9 Postgres 16.\n\n" + fill + "\n",
	}
	root, w := openIndexed(t, files, memweave.Config{MaxFileBytes: int64(len(files["memory/stack.md"]) + 10)})
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		call func() error
	}{
		{"feedback", func() error { _, err := w.Feedback(ctx, "db.md", 3, true); return err }},
		{"resolve", func() error {
			_, err := w.Resolve(ctx, memweave.Ref{Path: "memory/stack.md", StartLine: 3},
				memweave.Ref{Path: "memory/db.md", StartLine: 3}, "upgraded")
			return err
		}},
	} {
		err := tc.call()
		t.Logf("%s: %v", tc.name, err)
		if err == nil || !strings.Contains(err.Error(), "limit") || !strings.Contains(err.Error(), "db.md") {
			t.Errorf("%s = %v, want an error naming the note and the limit", tc.name, err)
		}
		for rel, want := range files {
			if got := memweavetest.ReadFile(t, root, rel); got != want {
				t.Errorf("%s changed %s: %q", tc.name, rel, got)
			}
		}
	}
	if got := searchPaths(t, w, "KESTREL-9"); len(got) != 2 {
		t.Errorf("search KESTREL-9 = %q, want both notes", got)
	}
}
