package embed

import (
	"context"
)

// Blocked is an embedder that is configured but may not be called: every
// call returns its error at once, without contacting anything. It keeps
// the identity of the embedder it stands for, so an index built with that
// embedder is not taken for another embedder's: searches fall back to
// keyword search and files wait for their vectors, saying why.
type Blocked struct {
	// ID is the identity of the embedder it stands for.
	ID Identity
	// Err is returned by every call; it should wrap [ErrUnavailable].
	Err error
}

// Identity returns b.ID.
func (b *Blocked) Identity() Identity { return b.ID }

// EmbedDocuments returns b.Err.
func (b *Blocked) EmbedDocuments(context.Context, []string) ([][]float32, error) { return nil, b.Err }

// EmbedQuery returns b.Err.
func (b *Blocked) EmbedQuery(context.Context, string) ([]float32, error) { return nil, b.Err }
