//go:build unix

package static_test

import (
	"context"
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

// TestModelChangedOnDiskAfterLoad: model.safetensors is mapped into
// memory and its rows read at each embedding. Truncated in place after
// the load (cp over it, another program), the next embedding read past
// the file's end and the process died of SIGBUS (an MCP server, every
// agent's memory with it); rewritten in place at the same size, it gave
// other vectors under the identity of the model loaded, mixing two
// models in one index. Both now fail the embedding, naming the file and
// wrapping ErrChanged; a new file renamed over it (git's way) leaves the
// mapped one in use, as loaded.
func TestModelChangedOnDiskAfterLoad(t *testing.T) {
	ctx := context.Background()
	other := statictest.Safetensors(t, map[string]statictest.Tensor{"embeddings": statictest.F32(slices.Repeat([][]float32{{0, 1, 0, 1, 0, 1}}, len(toyRows())))})
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, p string)
		fails  bool
	}{
		{"truncated", func(t *testing.T, p string) {
			if err := os.Truncate(p, 0); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"rewritten in place", func(t *testing.T, p string) {
			f, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.Write(other); err != nil {
				t.Fatal(err)
			}
			f.Close()
		}, true},
		{"renamed over", func(t *testing.T, p string) {
			if err := os.WriteFile(p+".new", other, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(p+".new", p); err != nil {
				t.Fatal(err)
			}
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeToy(t, "F32")
			// An hour old, so that a change shows in the modification
			// time whatever the clock's granularity.
			old := time.Now().Add(-time.Hour)
			if err := os.Chtimes(filepath.Join(dir, static.ModelFile), old, old); err != nil {
				t.Fatal(err)
			}
			e := static.New(dir)
			before := staticVec(t, e, "User prefers dark mode")
			tc.change(t, filepath.Join(dir, static.ModelFile))
			v, err := e.EmbedQuery(ctx, "User prefers dark mode")
			_, derr := e.EmbedDocuments(ctx, []string{"dark night", "pizza food"})
			if !tc.fails {
				if err != nil || derr != nil || !slices.Equal(v, before) {
					t.Errorf("after a new file renamed over it: EmbedQuery = %v, %v; EmbedDocuments: %v; want the loaded model's vector %v", v, err, derr, before)
				}
				return
			}
			for _, err := range []error{err, derr} {
				if !errors.Is(err, static.ErrChanged) || !strings.Contains(err.Error(), static.ModelFile) {
					t.Errorf("embedding after the model file was %s = %v, want ErrChanged naming %s", tc.name, err, static.ModelFile)
				}
			}
		})
	}
}
