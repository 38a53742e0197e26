package memweave_test

import (
	"database/sql"
	"encoding/binary"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/search"
)

// TestBackgroundOfAnOlderReleaseIsMeasuredAgain: the background of an
// OpenAI-compatible embedder is kept in the index's embedding cache under
// the sample's text hashes, which outlive the vectors it was measured
// with. The release before vectors were stored at unit length kept a
// server's vectors past a half float's range as infinities and measured
// a background of zero cosines against them ({0, 0, 0.02}, kept under
// "memweave background v2"); once 'memweave index --rebuild' stored those
// vectors again, that kept background made every chunk stand out (each
// note vector_score 1 for "Valkey Redis", reproduced with the binaries of
// both releases). A background kept by that release is measured again.
func TestBackgroundOfAnOlderReleaseIsMeasuredAgain(t *testing.T) {
	root, _, search := measuredBackground(t)
	want := search()

	dbPath := filepath.Join(root, ".memweave", "index.db")
	key := olderReleaseBackgroundKey(t, dbPath)
	db, err := sql.Open("sqlite3", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var identity string
	if err := db.QueryRow(`SELECT identity FROM embed_cache WHERE length(vector) = 12`).Scan(&identity); err != nil {
		t.Fatalf("the background measured by this release: %v", err)
	}
	old := make([]byte, 0, 12)
	for _, f := range []float32{0, 0, 0.02} {
		old = binary.LittleEndian.AppendUint32(old, math.Float32bits(f))
	}
	if _, err := db.Exec(`DELETE FROM embed_cache WHERE length(vector) = 12`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO embed_cache (identity, hash, vector, used) VALUES (?, ?, ?, 1)`, identity, key[:], old); err != nil {
		t.Fatal(err)
	}
	if got := search(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Search(Valkey) with the background the older release kept = %q, want %q as measured now", got, want)
	}
}

// olderReleaseBackgroundKey returns the cache key under which the release
// before unit-length vectors kept the background of the index at path.
func olderReleaseBackgroundKey(t *testing.T, path string) embedcache.Key {
	t.Helper()
	db, err := index.Open(t.Context(), path, index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := db.Sample(t.Context(), search.CosineSample)
	if err != nil || len(s.Hashes) == 0 {
		t.Fatalf("Sample = %+v, %v; want the chunks' hashes", s, err)
	}
	text := []byte("memweave background v2\x00")
	for _, h := range s.Hashes {
		text = append(text, h[:]...)
	}
	return embedcache.KeyOf(string(text))
}

// TestVectorsOfInfinitiesAreRepaired: the release before vectors were
// stored at unit length kept a server's vector with components past a
// half float's range as infinities, found by no vector search. Check
// names them, Repair embeds their texts again, and the background a
// search measured against them meanwhile is not kept: after the repair
// the search finds what it finds on a fresh index (it used to rank every
// note vector_score 1, each standing out against the kept background).
func TestVectorsOfInfinitiesAreRepaired(t *testing.T) {
	root, cfg, search := measuredBackground(t)
	want := search()
	dbPath := filepath.Join(root, ".memweave", "index.db")
	db, err := sql.Open("sqlite3", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`DELETE FROM embed_cache WHERE length(vector) = 12`,
		`UPDATE vectors SET vector = unhex(replace(hex(zeroblob(length(vector) / 2)), '00', '007C'))`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	search() // measures a background against the infinities
	w := open(t, root, cfg)
	if r := mustCheck(t, w, false); r.Tables == nil || r.Tables.BadVectors == 0 {
		t.Errorf("Check of vectors of infinities = %+v; want them counted as bad vectors", r)
	}
	mustCheck(t, w, true)
	w.Close()
	if got := search(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Search(Valkey) after the repair = %q, want %q as on the fresh index", got, want)
	}
}
