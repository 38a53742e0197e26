package memweave_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestClonedHashDimsCannotMultiplyTheIndex: the hash embedder runs on
// this machine, so a cloned memweave.json chooses its dimensions
// without approval. At 65,536 (the most an index holds, for a server's
// model) each passage's vector took 256 KiB: 2,000 short notes (7.9 MB
// on disk) made a 378 MB index in 42.8 s and 615 MB of memory, against
// 3.5 MB, 1.0 s and 37 MB at the default 384. The hash embedder takes
// at most embed.MaxHashDims (4,096, the longest vectors of served
// models); more is refused naming the file, the key and its line, and
// the same value given by a program names its field.
func TestClonedHashDimsCannotMultiplyTheIndex(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\nalpha\n"})
	p := filepath.Join(root, memweave.SettingsFile)
	if err := os.WriteFile(p, []byte("{\n  \"embedder\": {\n    \"provider\": \"hash\",\n    \"dims\": 65536\n  }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root})
	if err == nil {
		w.Close()
	}
	var fe *memweave.SettingsFieldError
	if !errors.As(err, &fe) || fe.Setting != "embedder.dims" || fe.Line != 4 || !strings.Contains(err.Error(), "4096") {
		t.Errorf("Open with hash dims 65536 = %v, want a SettingsFieldError for embedder.dims at line 4 naming 4096", err)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	w, err = memweave.Open(context.Background(), memweave.Config{Workspace: root, Embedder: memweave.EmbedderConfig{Provider: "hash", Dims: 4097}})
	if err == nil {
		w.Close()
	}
	if err == nil || !strings.Contains(err.Error(), "Embedder.Dims") {
		t.Errorf("Open with Embedder.Dims 4097 = %v, want an error naming Embedder.Dims", err)
	}
	w, err = memweave.Open(context.Background(), memweave.Config{Workspace: root, Embedder: memweave.EmbedderConfig{Provider: "hash", Dims: 4096}})
	if err != nil {
		t.Fatalf("Open with Embedder.Dims 4096 = %v", err)
	}
	w.Close()
}
