//go:build unix

package static_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/embed/static/statictest"
)

// TestModelRewrittenWithinItsTimestamp: a model file changed in place at
// the same size within its modification time's resolution (a file
// system keeping seconds, or a kernel's coarse clock), or with its time
// set back (touch -r, cp -p), shows neither in its size nor in its time:
// the next embeddings gave the other model's vectors under the loaded
// model's identity. A file mapped within racyWindow of its last change
// (here an hour, so that the test does not depend on the machine's
// speed) now has its content compared until the window has passed.
func TestModelRewrittenWithinItsTimestamp(t *testing.T) {
	defer static.SetRacyWindow(time.Hour)()
	other := statictest.Safetensors(t, map[string]statictest.Tensor{"embeddings": statictest.F32(slices.Repeat([][]float32{{0, 1, 0, 1, 0, 1}}, len(toyRows())))})
	dir := writeToy(t, "F32")
	p := filepath.Join(dir, static.ModelFile)
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(other)) != fi.Size() {
		t.Fatalf("the other model has %d bytes, the toy %d: not a same-size rewrite", len(other), fi.Size())
	}
	e := static.New(dir)
	before := staticVec(t, e, "User prefers dark mode")
	if again := staticVec(t, e, "User prefers dark mode"); !slices.Equal(again, before) {
		t.Fatalf("an unchanged model gave %v, then %v", before, again)
	}
	f, err := os.OpenFile(p, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(other); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := os.Chtimes(p, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	v, err := e.EmbedQuery(t.Context(), "User prefers dark mode")
	_, derr := e.EmbedDocuments(t.Context(), []string{"dark night", "pizza food"})
	for _, err := range []error{err, derr} {
		if !errors.Is(err, static.ErrChanged) || !strings.Contains(err.Error(), static.ModelFile) {
			t.Errorf("embedding after a same-size rewrite keeping the time = %v (vector %v, loaded %v), want ErrChanged naming %s", err, v, before, static.ModelFile)
		}
	}
}
