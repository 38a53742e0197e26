package conflict

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/memweave/memweave-go/store"
	"github.com/memweave/memweave-go/workspace"
)

// Scope limits which chunks [Load] reads. The zero value reads every
// chunk.
type Scope struct {
	// Sources, when not empty, allows only chunks of these namespaces.
	Sources []string
	// Paths, when not nil, allows only chunks of these files.
	Paths []string
	// Max caps the chunks read; more make Load report truncated.
	// Default 100,000.
	Max int
}

// Index is where [Load] reads chunks: *index.DB satisfies it. Taking it
// as an interface of the leaf package store keeps the SQL in index and
// lets this package, which curate uses, build without cgo.
type Index interface {
	// EachChunkIn calls fn with every chunk within f of a file the index
	// holds, by path and position, each with its file's modification
	// time, and stops at fn's first error, returned as is.
	EachChunkIn(ctx context.Context, f store.Filter, fn func(store.StoredChunk) error) error
}

// errFull stops the read of [Load] once it holds one chunk past its cap.
var errFull = errors.New("conflict: chunk cap reached")

// Load reads the chunks of a memweave index within sc. Chunks come in
// path and sequence order, each with its file's modification time and,
// for a dated file, its date. It reports whether it stopped at sc.Max.
func Load(ctx context.Context, ix Index, sc Scope) (chunks []Chunk, truncated bool, err error) {
	if sc.Max <= 0 {
		sc.Max = 100_000
	}
	err = ix.EachChunkIn(ctx, store.Filter{Sources: sc.Sources, Paths: sc.Paths}, func(s store.StoredChunk) error {
		if len(chunks) == sc.Max {
			truncated = true
			return errFull
		}
		c := Chunk{Lines: workspace.Lines{Path: s.Path, StartLine: s.StartLine, EndLine: s.EndLine, Text: s.Text}}
		if s.MTime > 0 {
			c.MTime = time.Unix(0, s.MTime).UTC()
		}
		if d, ok := workspace.DateOf(c.Path); ok {
			c.Date = d
		}
		chunks = append(chunks, c)
		return nil
	})
	if err != nil && !errors.Is(err, errFull) {
		return nil, false, fmt.Errorf("conflict: load chunks: %w", err)
	}
	return chunks, truncated, nil
}

// Find is [Load] then [Detect]. The result is truncated, too, when Load
// stopped at sc.Max.
func Find(ctx context.Context, ix Index, sc Scope, opts Options) (*Result, error) {
	chunks, cut, err := Load(ctx, ix, sc)
	if err != nil {
		return nil, err
	}
	res, err := Detect(ctx, chunks, opts)
	if err != nil {
		return nil, err
	}
	if cut {
		res.Truncated = true
		res.Note = strings.TrimSuffix(fmt.Sprintf("only the first %d chunks were compared; %s", len(chunks), res.Note), "; ")
	}
	return res, nil
}
