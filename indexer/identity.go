package indexer

import (
	"context"
	"fmt"
	"strconv"

	"github.com/memweave/memweave-go/chunker"
)

// Identity is what the index was built with: the embedder's identity
// ("none" without one) and dimensions, and the chunker's version and
// settings.
type Identity struct {
	Embedder string
	Dims     int
	Chunking string
}

// IdentityOf returns the identity of the engine's embedder and chunker
// settings.
func (e *Engine) IdentityOf() Identity {
	id := Identity{Embedder: "none",
		Chunking: fmt.Sprintf("%d/%d/%d", chunker.Version, e.opts.Chunk.MaxTokens, e.opts.Chunk.Overlap)}
	if e.opts.Embedder != nil {
		eid := e.opts.Embedder.Identity()
		id.Embedder, id.Dims = eid.String(), eid.Dims
	}
	return id
}

// Reconcile compares the identity recorded in the index with the
// engine's and schedules what must be redone: a different embedder drops
// every vector (the next sync re-embeds, from the embedding cache where
// it can), a different chunking marks every file for re-chunking. An
// OpenAI-compatible embedder whose dimensions are learned on first use
// keeps the stored vectors until then.
func (e *Engine) Reconcile(ctx context.Context) error {
	id := e.IdentityOf()
	if id.Dims == 0 && e.opts.Embedder != nil {
		return nil
	}
	stored, err := e.db.Meta(ctx, "identity")
	if err != nil {
		return err
	}
	if stored != id.Embedder {
		if err := e.db.ResetVectors(ctx, id.Dims); err != nil {
			return err
		}
	}
	storedChunking, err := e.db.Meta(ctx, "chunking")
	if err != nil {
		return err
	}
	if storedChunking != id.Chunking {
		if err := e.db.InvalidateFiles(ctx); err != nil {
			return err
		}
	}
	if stored != id.Embedder || storedChunking != id.Chunking {
		return e.db.SetMeta(ctx, map[string]string{"identity": id.Embedder,
			"chunker_version": strconv.Itoa(chunker.Version), "chunking": id.Chunking})
	}
	return nil
}
