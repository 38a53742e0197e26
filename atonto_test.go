package memweave_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// atOntoNotes are the notes of the revision searched: twelve facts, each
// found by its own word (an animal), plus n05 twice (one blob under two
// paths).
func atOntoNotes() map[string]string {
	notes := map[string]string{}
	for i, animal := range []string{"aardvark", "badger", "cheetah", "dingo", "emu", "ferret", "gazelle", "heron", "ibis", "jackal", "koala", "lemur"} {
		notes[fmt.Sprintf("memory/n%02d.md", i)] = fmt.Sprintf("# Service %d\n\nThe %s service listens on port %d.\n", i, animal, 7000+i)
	}
	notes["memory/twin.md"] = notes["memory/n05.md"]
	return notes
}

// TestSearchAtOverTheLimitFromThisIndex: a revision whose notes are over
// Config.MaxTreeBytes in all (a 70,000-note team memory, here 13 notes
// over a 6-note limit) was refused ("holds 13 files of notes counting
// 53248 bytes ..."); now it is searched from a copy of this index, the
// notes that differ from it written and indexed. Each member is one way
// the working tree and its index differ from the revision; every search
// at the revision must answer as a fresh index of the revision does (the
// same search with the limit lifted), embed only what differs, and read
// nothing of the working tree. Tune part: edited since, added since.
// Check part: deleted since, renamed (same blob, other path), edited and
// not committed (to text of the same size too), indexed then edited back without an index run (the
// index holds the revision's text, the file does not), indexed then
// edited without an index run (the file holds the revision's text, the
// index does not), one blob under two paths.
func TestSearchAtOverTheLimitFromThisIndex(t *testing.T) {
	ctx := context.Background()
	dir := memweavetest.Workspace(t, atOntoNotes())
	run := gitRepo(t, dir)
	run("add", "-A")
	run("commit", "-q", "-m", "revision")
	rev := run("rev-parse", "HEAD")
	edit := func(p, text string) { memweavetest.WriteFile(t, dir, p, text) }
	// Committed since: n00 edited (tune), n11 added (tune), n01 deleted,
	// n02 renamed.
	edit("memory/n00.md", "# Service 0\n\nThe aardvark service moved to port 9000.\n")
	edit("memory/added.md", "# New\n\nThe aardvark backup listens on port 9001.\n")
	run("rm", "-q", "memory/n01.md")
	run("mv", "memory/n02.md", "memory/renamed.md")
	run("add", "-A")
	run("commit", "-q", "-m", "since")
	// Not committed: n03 edited, n07 edited to text of the same size.
	edit("memory/n03.md", "# Service 3\n\nThe dingo service is gone.\n")
	edit("memory/n07.md", "# Service 7\n\nThe heron service listens on port 7707.\n")
	limit := int64(6 * 4096)
	w := open(t, dir, memweave.Config{MaxTreeBytes: limit, MinScore: new(0.0)})
	// n04 indexed as edited, then written back as the revision holds it;
	// n06 indexed as the revision holds it, then edited: no index run
	// after either.
	n04 := memweavetest.ReadFile(t, dir, "memory/n04.md")
	edit("memory/n04.md", "# Service 4\n\nThe emu service is retired.\n")
	mustIndex(t, w)
	edit("memory/n04.md", n04)
	edit("memory/n06.md", "# Service 6\n\nThe gazelle service is retired.\n")
	// The reference: a fresh index of the revision, the limit lifted.
	ref := open(t, dir, memweave.Config{MaxTreeBytes: 1 << 40, MinScore: new(0.0), DBPath: filepath.Join(t.TempDir(), "ref.db")})

	queries := []string{"aardvark port", "badger service", "cheetah", "dingo service port", "emu", "ferret", "gazelle service", "heron 7007", "heron 7707", "koala", "lemur port", "backup", "moved", "retired", "gone"}
	for _, q := range queries {
		got, err := w.SearchAt(ctx, rev, q, memweave.MaxResults(3))
		if err != nil {
			t.Fatalf("SearchAt(%.7s, %q) over the limit = %v, want it searched", rev, q, err)
		}
		want, err := ref.SearchAt(ctx, rev, q, memweave.MaxResults(3))
		if err != nil {
			t.Fatal(err)
		}
		if g, wt := shownResults(got), shownResults(want); g != wt {
			t.Errorf("SearchAt(%.7s, %q) from this index =\n%s\nwant (a fresh index of the revision)\n%s", rev, q, g, wt)
		}
		if g, wt := shownWarnings(got), shownWarnings(want); g != wt {
			t.Errorf("SearchAt(%.7s, %q) warnings = %s, want %s", rev, q, g, wt)
		}
		// What differs: n00, n01, n02, n03, n06, n07 (n04's row holds
		// the revision's text; twin.md is n05's blob, indexed once).
		if n := *got.EmbeddingsComputed; n > 6 {
			t.Errorf("SearchAt(%.7s, %q) embeddings_computed = %d, want at most the 6 notes that differ", rev, q, n)
		}
	}
	// The working tree is as it was: the search wrote nothing there.
	if got := memweavetest.ReadFile(t, dir, "memory/n03.md"); !strings.Contains(got, "gone") {
		t.Errorf("n03 after the searches = %q, want the working tree's", got)
	}
	if left := checkouts(t); len(left) != 0 {
		t.Errorf("SearchAt left checkouts: %v", left)
	}

	// More that differs than the limit: refused, naming what differs.
	for i := 0; i < 12; i++ {
		if p := fmt.Sprintf("memory/n%02d.md", i); fileExists(dir, p) {
			edit(p, fmt.Sprintf("# Service %d\n\nRewritten.\n", i))
		}
	}
	mustIndex(t, w)
	_, err := w.SearchAt(ctx, rev, "badger")
	if !errors.Is(err, memweave.ErrTreeTooLarge) || !strings.Contains(err.Error(), "differ from this index") {
		t.Errorf("SearchAt(%.7s) with every note rewritten = %v, want ErrTreeTooLarge naming what differs", rev, err)
	}
}

// shownResults is the results of resp, one a line: path, lines, score
// and snippet.
func shownResults(resp *memweave.SearchResponse) string {
	var b strings.Builder
	for _, r := range resp.Results {
		fmt.Fprintf(&b, "%s:%d-%d %.4f %q\n", r.Path, r.StartLine, r.EndLine, r.Score, r.Snippet)
	}
	return b.String()
}

// shownWarnings is the warnings of resp, one a line.
func shownWarnings(resp *memweave.SearchResponse) string {
	var b strings.Builder
	for _, w := range resp.Warnings {
		fmt.Fprintf(&b, "%s: %v\n", w.Path, w.Err)
	}
	return b.String()
}

// fileExists reports whether the workspace-relative path rel exists.
func fileExists(root, rel string) bool {
	_, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
	return err == nil
}
