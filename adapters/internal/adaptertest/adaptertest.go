// Package adaptertest holds what the framework adapters' tests share.
package adaptertest

import (
	"context"
	"sync"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// FailingEmbedder opens, with files, a workspace whose embedding
// endpoint answers every request with HTTP 500: a note stored is found
// by keyword only, and a search falls back to keyword matching, each
// with a warning. The Weave is closed when the test ends.
func FailingEmbedder(t testing.TB, files map[string]string) *memweave.Weave {
	t.Helper()
	srv := memweavetest.NewEmbedServer(t, 64)
	srv.Status.Store(500)
	root := memweavetest.Workspace(t, files)
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root, Now: memweavetest.Clock(),
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.BaseURL()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

// Warnings collects the warnings an adapter reports, safely from any
// goroutine.
type Warnings struct {
	mu   sync.Mutex
	msgs []string
}

// Add is the function an adapter takes: it records w's message.
func (c *Warnings) Add(_ context.Context, w memweave.Warning) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.msgs = append(c.msgs, w.Error())
}

// Take returns the messages recorded since the last Take, and forgets them.
func (c *Warnings) Take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	msgs := c.msgs
	c.msgs = nil
	return msgs
}
