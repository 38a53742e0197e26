package indexer

import (
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed"
)

// TestMessagesCountInTheRightNumber: the library's warnings said "1
// files are pending embeddings", "could not refresh 1 changed files",
// "embedding 1 chunks failed; 1 files stay pending" (the CLI's own hints
// said "1 more passage"); a count of one now takes the singular.
func TestMessagesCountInTheRightNumber(t *testing.T) {
	e := &Engine{opts: Options{Embedder: embed.NewHash(0)}}
	for _, c := range []struct{ got, want string }{
		{e.PendingWarning(&Result{FilesPending: 1}).Error(), "1 file is pending embeddings"},
		{e.PendingWarning(&Result{FilesPending: 2}).Error(), "2 files are pending embeddings"},
		{(&Engine{}).PendingWarning(&Result{FilesPending: 2}).Error(), "2 files wait for the next index run: run 'memweave index'"},
		{namedFiles([]string{"a", "b", "c", "d", "e", "f"}) + ".", "a, b, c, d, e and 1 more file."},
		{refreshFailed(1, errors.New("x")).Error(), "could not refresh 1 changed file;"},
		{embedFailed(1, 0, 1, errors.New("x")).Error(), "embedding 1 chunk failed; 1 file stays pending"},
		{embedFailed(3, 1, 2, errors.New("x")).Error(), "embedding 3 chunks failed (1 embedded before is kept for the next index); 2 files stay pending"},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("message %q, want it to say %q", c.got, c.want)
		}
	}
}
