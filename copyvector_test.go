package memweave_test

import (
	"path/filepath"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestCopiedNoteScoresAsItsOriginal: a note copied to another name takes
// its passages' vectors from the original's, as the index stores them,
// without an embedding call. Stored again they must be the same vectors:
// otherwise the copy's passage scores differently from the original's,
// and an index rebuilt from the same files answers differently. The
// short section's vector (the default embedder's, a few components) is
// one whose length, as stored, is far enough from one to show it.
func TestCopiedNoteScoresAsItsOriginal(t *testing.T) {
	const note = "# Hotel\n\nqueue alpha alpha foxtrot queue papa kafka redis mike login session login cache hotel yankee victor whiskey victor\n\n" +
		"papa romeo delta juliet login queue kafka auth xray papa echo quebec alpha golf postgres mike deploy lima\n\n## cache\n\ndelta quebec victor\n"
	dir := t.TempDir()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": note})
	cfg := memweave.Config{DBPath: filepath.Join(dir, "index.db")}
	w := open(t, root, cfg)
	mustIndex(t, w)
	memweavetest.WriteFile(t, root, "memory/b.md", note)
	mustIndex(t, w)
	vectorScores := func(w *memweave.Weave) map[string]float64 {
		out := make(map[string]float64)
		for _, r := range mustSearch(t, w, "delta quebec victor", memweave.MinScore(0), memweave.MaxResults(10)).Results {
			if r.VectorScore != nil {
				out[r.Path+":"+itoa(r.StartLine)] = *r.VectorScore
			}
		}
		return out
	}
	got := vectorScores(w)
	if a, b := got["memory/a.md:7"], got["memory/b.md:7"]; a != b || a == 0 {
		t.Errorf("vector scores of the section at line 7: a.md %v, its copy b.md %v; want equal and above 0", a, b)
	}
	want := answers(t, w)
	w.Close()
	cfg.DBPath = filepath.Join(dir, "rebuilt.db")
	w2 := open(t, root, cfg)
	mustIndex(t, w2)
	if got := answers(t, w2); got != want {
		t.Errorf("rebuilt index answers differently:\n%s", firstDiff(got, want))
	}
}
