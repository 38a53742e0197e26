package history_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestResolveRefusesANegation: git rev-parse --verify answers "^HEAD" (a
// negation, the start of a range) with the commit id behind a '^'.
// Resolve returned that as the commit, and search --at, changes and
// MCP's at failed later with git's own "Not a valid object name
// ^1a2b…", not ErrBadRevision naming the revision.
func TestResolveRefusesANegation(t *testing.T) {
	ctx := context.Background()
	dir, run := repo(t)
	memweavetest.WriteFile(t, dir, "memory/a.md", "# A\n\nx y z\n")
	run("add", "-A")
	run("commit", "-q", "-m", "one")
	for _, rev := range []string{"^HEAD", "^HEAD~0", "^main"} {
		got, err := history.Resolve(ctx, dir, rev)
		if !errors.Is(err, history.ErrBadRevision) || !strings.Contains(err.Error(), rev) {
			t.Errorf("Resolve(%q) = %q, %v, want ErrBadRevision naming it", rev, got, err)
		}
	}
	if _, err := checkOut(t, dir, "^HEAD", history.Limits{}); !errors.Is(err, history.ErrBadRevision) {
		t.Errorf("CheckOut(^HEAD) = %v, want ErrBadRevision", err)
	}
}
