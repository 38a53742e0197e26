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

// TestTooLargeWarnedEverySearch: a one-shot search (each CLI command)
// named a note over MaxFileBytes only when some other file had changed
// since the last index run: `memweave search` right after such a note
// was written, or after `index`, said nothing of it, and the next search
// after any unrelated edit listed it. The same files gave two answers,
// and deleting .memweave/ and running index changed search --json. Every
// one-shot search now names it, as every index run does.
func TestTooLargeWarnedEverySearch(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/a.md": "# Falcon\n\nThe falcon database lives on host zeta.\n",
	})
	cfg := memweave.Config{Workspace: root, OneShot: true, MaxFileBytes: 200, Now: memweavetest.Clock()}
	search := func(step string) string {
		t.Helper()
		w, err := memweave.Open(context.Background(), cfg)
		if err != nil {
			t.Fatalf("%s: Open: %v", step, err)
		}
		defer w.Close()
		resp, err := w.Search(context.Background(), "falcon")
		if err != nil {
			t.Fatalf("%s: Search: %v", step, err)
		}
		return warningText(resp.Warnings)
	}
	want := "memory/big.md: 336 bytes is over the 200-byte limit (Config.MaxFileBytes): indexer: file over the size limit"
	search("first search")
	memweavetest.WriteFile(t, root, "memory/big.md", strings.Repeat("falcon is too big\n", 18)+"more falcon\n")
	if got := search("search after big.md appeared"); got != want {
		t.Errorf("search after big.md appeared: warnings %q, want %q", got, want)
	}
	if got := search("search again"); got != want {
		t.Errorf("search again, nothing changed: warnings %q, want %q", got, want)
	}
	if err := os.RemoveAll(filepath.Join(root, ".memweave")); err != nil {
		t.Fatal(err)
	}
	w, err := memweave.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	mustIndex(t, w)
	w.Close()
	if got := search("search after a rebuild"); got != want {
		t.Errorf("search after deleting .memweave/ and index: warnings %q, want %q", got, want)
	}
}
