package static_test

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/embed/static/statictest"
)

// TestLoadBoundsWhatItReads: a model folder inside the workspace needs no
// approval, so a cloned workspace chooses its files. A 92 MB
// tokenizer.json cost every command 1.05 GB and 5 s; the loader now
// refuses a tokenizer.json, config.json or safetensors header past its
// limit, naming the file and the limit, before reading it. The files
// are sparse: their size costs no disk and no read.
func TestLoadBoundsWhatItReads(t *testing.T) {
	for _, c := range []struct {
		name string
		size int64
		want string
	}{
		{static.TokenizerFile, static.MaxTokenizerBytes + 1, "64 MiB"},
		{static.ConfigFile, static.MaxConfigBytes + 1, "1 MiB"},
		{static.ModelFile, 0, "1 MiB"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := statictest.WriteModel(t, filepath.Join(t.TempDir(), "m"), map[string]statictest.Tensor{
				"embeddings": statictest.F32([][]float32{{0, 0}, {1, 0}})}, statictest.WordPieceTokenizer([]string{"[UNK]", "a"}), `{"normalize": true}`)
			p := filepath.Join(dir, c.name)
			if c.name == static.ModelFile {
				// A header that says it is 1 MiB and one byte long.
				var h [8]byte
				binary.LittleEndian.PutUint64(h[:], static.MaxHeaderBytes+1)
				if err := os.WriteFile(p, h[:], 0o644); err != nil {
					t.Fatal(err)
				}
				c.size = 8 + static.MaxHeaderBytes + 1 + 16
			}
			if err := os.Truncate(p, c.size); err != nil {
				t.Fatal(err)
			}
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			err := static.New(dir).Probe(t.Context())
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), c.want) || !errors.Is(err, static.ErrFormat) {
				t.Errorf("Probe with %s of %d bytes = %v, want ErrFormat naming %s and the limit of %s", c.name, c.size, err, p, c.want)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
				t.Errorf("Probe with %s of %d bytes allocated %d bytes, want the file left unread", c.name, c.size, n)
			}
		})
	}
}

// TestLoadTakesFilesAtTheLimit: the limits leave the largest real files
// usable; a tokenizer.json of exactly MaxTokenizerBytes (padded with
// spaces) still loads.
func TestLoadTakesFilesAtTheLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 64 MiB")
	}
	tok := statictest.WordPieceTokenizer([]string{"[UNK]", "a"})
	tok += strings.Repeat(" ", static.MaxTokenizerBytes-len(tok))
	dir := statictest.WriteModel(t, filepath.Join(t.TempDir(), "m"), map[string]statictest.Tensor{
		"embeddings": statictest.F32([][]float32{{0, 0}, {1, 0}})}, tok, `{"normalize": true}`)
	if err := static.New(dir).Probe(t.Context()); err != nil {
		t.Errorf("Probe with a tokenizer.json of exactly %d bytes = %v, want nil", static.MaxTokenizerBytes, err)
	}
}
