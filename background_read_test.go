package memweave_test

import (
	"crypto/sha256"
	"database/sql"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestBackgroundNotMeasuredForDroppedRead checks that a search whose
// freshness check finds a changed file measures the index background
// once, for the index it answers from: the read it makes while the
// check diffs the workspace, of the index before the change, is made
// again, and measuring its background (and keeping it in the cache)
// would be work for nothing.
func TestBackgroundNotMeasuredForDroppedRead(t *testing.T) {
	url, _ := axesServer(t, 384, backgroundAxes, nil)
	dbPath := filepath.Join(t.TempDir(), "index.db")
	cfg := memweave.Config{DBPath: dbPath,
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "axes", BaseURL: url, Dims: 384}}
	root := memweavetest.Workspace(t, backgroundFiles())
	w := open(t, root, cfg)
	mustIndex(t, w) // no search: the background of this index is not known
	w.Close()
	if err := os.WriteFile(filepath.Join(root, "memory", "late.md"), []byte("# Late\n\nThe ferry leaves at noon.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w = open(t, root, cfg) // a fresh handle's first search runs the check
	mustSearch(t, w, offTopicQuestion)
	w.Close()

	db, err := sql.Open("sqlite3", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var gen int64
	if err := db.QueryRow(`SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'generation'`).Scan(&gen); err != nil {
		t.Fatal(err)
	}
	var measured []int64
	for g := int64(0); g <= gen; g++ {
		key := sha256.Sum256([]byte("memweave background v1\x00" + strconv.FormatInt(g, 10)))
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM embed_cache WHERE hash = ?`, key[:]).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			measured = append(measured, g)
		}
	}
	if len(measured) != 1 || measured[0] != gen {
		t.Errorf("backgrounds measured for generations %v after one search that indexed a changed file, want only %d, the index it answered from", measured, gen)
	}
}
