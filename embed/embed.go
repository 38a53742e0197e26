package embed

import (
	"context"
	"errors"
	"fmt"
)

// ErrUnavailable is wrapped by errors from an embedder that could not be
// reached or did not answer in time; callers degrade to keyword search.
var ErrUnavailable = errors.New("embed: embedder unavailable")

// ErrRejected is wrapped by errors where the endpoint refused the request
// (bad key, unknown model, bad input); retrying will not help.
var ErrRejected = errors.New("embed: request rejected")

// Identity names an embedding space. Two embedders with equal identities
// produce interchangeable vectors.
type Identity struct {
	Provider string // "hash" or "openai"
	Model    string
	Dims     int
}

// Lexical reports whether the space's similarity is lexical, as the hash
// embedder's is: texts are near when they share words or parts of words,
// not when they mean the same. Search then reads no evidence of meaning
// in a cosine beyond the words a keyword match already shows.
func (id Identity) Lexical() bool { return id.Provider == "hash" }

// String returns "provider/model/dims".
func (id Identity) String() string { return fmt.Sprintf("%s/%s/%d", id.Provider, id.Model, id.Dims) }

// Embedder embeds text. Implementations are safe for concurrent use.
type Embedder interface {
	// Identity reports the embedding space; Identity().Dims is the length
	// of every returned vector.
	Identity() Identity
	// EmbedDocuments returns one vector per text, in order.
	EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error)
	// EmbedQuery returns the vector of a search query.
	EmbedQuery(ctx context.Context, text string) ([]float32, error)
}
