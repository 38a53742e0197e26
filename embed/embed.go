package embed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
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
	// Prefixes tells apart the vectors of one model made with different
	// query and document prefixes (see [PrefixesOf]): "" without any.
	Prefixes string
}

// PrefixesOf returns the [Identity.Prefixes] of an embedder that
// prepends queryPrefix to queries and documentPrefix to documents: ""
// for none, else "prefixes-" and 8 hex digits of their SHA-256. A
// document's vector depends on its prefix, and a query's (the
// background questions' kept in the index) on the query prefix.
func PrefixesOf(queryPrefix, documentPrefix string) string {
	if queryPrefix == "" && documentPrefix == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(queryPrefix + "\x00" + documentPrefix))
	return "prefixes-" + hex.EncodeToString(sum[:4])
}

// Lexical reports whether the space's similarity is lexical, as the hash
// embedder's is: texts are near when they share words or parts of words,
// not when they mean the same. Search then reads no evidence of meaning
// in a cosine beyond the words a keyword match already shows.
func (id Identity) Lexical() bool { return id.Provider == "hash" }

// String returns "provider/model/dims", or "provider/model+prefixes/dims"
// when Prefixes is set: the key of an index's vectors and of its
// embedding cache.
func (id Identity) String() string {
	if id.Prefixes != "" {
		return fmt.Sprintf("%s/%s+%s/%d", id.Provider, id.Model, id.Prefixes, id.Dims)
	}
	return fmt.Sprintf("%s/%s/%d", id.Provider, id.Model, id.Dims)
}

// Embedder embeds text. Implementations are safe for concurrent use.
type Embedder interface {
	// Identity reports the embedding space; Identity().Dims is the length
	// of every returned vector.
	Identity() Identity
	// EmbedDocuments returns one vector per text, in order. With an
	// error it may also return the vectors it got, one slot per text and
	// nil where it has none; callers may keep those.
	EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error)
	// EmbedQuery returns the vector of a search query.
	EmbedQuery(ctx context.Context, text string) ([]float32, error)
}

// Finite reports whether every value of v is a finite number. An
// embedder's vector holding a NaN or an infinity makes every cosine with
// it NaN: the indexer does not store one, and a search does not rank by
// one.
func Finite(v []float32) bool {
	for _, f := range v {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return false
		}
	}
	return true
}
