package memweave_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// itoa and ftoa format numbers for comparable snapshots in tests.
func itoa(n int) string     { return strconv.Itoa(n) }
func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 6, 64) }

// warningText joins warnings' messages, one per line, for assertions on
// what a user reads.
func warningText(ws []memweave.Warning) string {
	lines := make([]string, len(ws))
	for i, w := range ws {
		lines[i] = w.Error()
	}
	return strings.Join(lines, "\n")
}

// collectFiles returns every file [memweave.Weave.Files] yields.
func collectFiles(tb testing.TB, w *memweave.Weave, sources ...string) []memweave.FileInfo {
	tb.Helper()
	var out []memweave.FileInfo
	for f, err := range w.Files(context.Background(), sources...) {
		if err != nil {
			tb.Fatalf("Files: %v", err)
		}
		out = append(out, f)
	}
	return out
}

// openIndexed opens a Weave with cfg (as open does) over a new workspace
// holding files (memweavetest.Workspace), indexes it, and returns the
// workspace and the Weave.
func openIndexed(tb testing.TB, files map[string]string, cfg memweave.Config) (root string, w *memweave.Weave) {
	tb.Helper()
	root = memweavetest.Workspace(tb, files)
	w = open(tb, root, cfg)
	mustIndex(tb, w)
	return root, w
}

// openAt opens and indexes a Weave over a new workspace holding files,
// the modification times of mtimes (workspace-relative paths) set first,
// with a clock frozen at now: the set-up of the tests of dates and file
// times that decide which copy or side of a note is the newer.
func openAt(tb testing.TB, files map[string]string, mtimes map[string]time.Time, now time.Time) *memweave.Weave {
	tb.Helper()
	root := memweavetest.Workspace(tb, files)
	for p, mt := range mtimes {
		if err := os.Chtimes(filepath.Join(root, p), mt, mt); err != nil {
			tb.Fatal(err)
		}
	}
	w := open(tb, root, memweave.Config{Now: func() time.Time { return now }})
	mustIndex(tb, w)
	return w
}
