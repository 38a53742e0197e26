package memweave_test

import (
	"context"
	"os"
	"path/filepath"

	"github.com/memweave/memweave-go/embed"
)

// The static embedder is a module of its own, and this module's tests do
// not import it: go mod tidy in a program that imports the core follows
// the tests of the packages it imports, and would download the model.
// trust_test.go needs provider "static" only to learn whether a model
// folder is read; this stand-in reads the folder's model.safetensors on
// every call, as the static embedder does on first use, and fails as it
// does when the file is missing (BenchmarkSearchStatic, which needs the
// real model, is in embed/static/english).
func init() {
	embed.RegisterStatic(func(dir string) embed.Embedder { return folderModel{dir} }, nil)
}

// folderModel is the stand-in static embedder over the folder dir.
type folderModel struct{ dir string }

func (m folderModel) read() error {
	_, err := os.ReadFile(filepath.Join(m.dir, "model.safetensors"))
	return err
}

func (m folderModel) Identity() embed.Identity {
	_ = m.read() // the static embedder fingerprints the files here
	return embed.Identity{Provider: "static", Model: m.dir}
}

func (m folderModel) Probe(ctx context.Context) error { return m.read() }

func (m folderModel) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	return nil, m.read()
}

func (m folderModel) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	return nil, m.read()
}
