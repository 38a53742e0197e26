package static_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/memweave/memweave-go/embed/static"
)

// TestDataHashClaimCheck is the held-out part of the claim family: written
// with TestDataHashClaimIsChecked, run only after the fix.
func TestDataHashClaimCheck(t *testing.T) {
	good := []float32{1, 2, 3, 4}
	want := static.New(claimModel(t, good, nil)).Identity()
	fsOf := func(dir string) fstest.MapFS {
		fsys := fstest.MapFS{}
		for _, name := range []string{"model.safetensors", "tokenizer.json"} {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			fsys[name] = &fstest.MapFile{Data: b}
		}
		return fsys
	}
	flipFirst := func(st []byte) []byte { st[len(st)-16] ^= 0x01; return st }
	for name, e := range map[string]*static.Embedder{
		"fs.FS, data changed":         static.NewFS("fsmodel", fsOf(claimModel(t, good, flipFirst))),
		"folder, a byte appended":     static.New(claimModel(t, good, func(st []byte) []byte { return append(st, 0) })),
		"folder, record of one 'f'":   static.New(claimModel(t, good, func(st []byte) []byte { return withClaim(t, st, strings.Repeat("f", 64)) })),
		"folder, first value changed": static.New(claimModel(t, good, flipFirst)),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := e.EmbedQuery(context.Background(), "b")
			if !errors.Is(err, static.ErrFormat) || !strings.Contains(err.Error(), "model.safetensors") {
				t.Errorf("EmbedQuery = %v, want ErrFormat naming model.safetensors", err)
			}
			if e.Identity() == want {
				t.Errorf("identity is the genuine model's")
			}
		})
	}
}
