package indexer

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/settings"
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
		Chunking: fmt.Sprintf("%d/%d/%d", chunker.Version, e.opts.Chunk.MaxTokens, overlapOf(e.opts.Chunk))}
	if e.opts.Embedder != nil {
		eid := e.opts.Embedder.Identity()
		id.Embedder, id.Dims = eid.String(), eid.Dims
	}
	return id
}

// overlapOf is the overlap the chunker uses with opts.
func overlapOf(opts chunker.Options) int {
	if opts.Overlap == nil {
		return chunker.DefaultOverlap
	}
	return max(*opts.Overlap, 0)
}

// cache returns the embedding cache of the embedder's current identity,
// which an OpenAI-compatible embedder completes when it learns its
// dimensions.
func (e *Engine) cache() *embedcache.Cache { return embedcache.New(e.IdentityOf().Embedder) }

// prober is an embedder that can learn its dimensions with one request.
type prober interface {
	Probe(ctx context.Context) error
}

// Reconcile compares the identity recorded in the index with the
// engine's and schedules what must be redone: a different embedder drops
// every vector and creates the vector table for its dimensions (the next
// sync re-embeds, from the embedding cache where it can), a different
// chunking marks every file for re-chunking.
//
// An OpenAI-compatible embedder configured without dimensions learns them
// from its first response. When the index was built with the same
// provider and model, Reconcile keeps its vectors until then; otherwise
// it probes the endpoint now, so that the vector table exists before any
// vector is computed. A probe that fails leaves the index as it is: the
// next sync tries again, and its files stay pending until their vectors
// are stored.
func (e *Engine) Reconcile(ctx context.Context) error {
	return e.reconcile(ctx, true)
}

// reconcile is [Engine.Reconcile]; with probe false it never calls a
// networked embedder (under a lock, or while opening): dimensions still
// unknown are then learned by the first embedding, after which the next
// run reconciles.
func (e *Engine) reconcile(ctx context.Context, probe bool) error {
	if err := e.reconcileChunking(ctx); err != nil {
		return err
	}
	return e.reconcileVectors(ctx, probe)
}

// reconcileVectors is the embedder half of [Engine.reconcile]: it leaves
// the recorded chunking alone, which only an index run changes.
func (e *Engine) reconcileVectors(ctx context.Context, probe bool) error {
	stored, err := e.db.Meta(ctx, "identity")
	if err != nil {
		return err
	}
	id := e.IdentityOf()
	if id.Dims == 0 && e.opts.Embedder != nil {
		if sameModel(stored, id.Embedder) {
			return nil
		}
		p, ok := e.opts.Embedder.(prober)
		if !ok || !probe && embed.IsNetworked(e.opts.Embedder) || p.Probe(ctx) != nil {
			return nil
		}
		if id = e.IdentityOf(); id.Dims == 0 {
			return nil
		}
	}
	if stored == id.Embedder {
		return nil
	}
	if err := e.db.ResetVectors(ctx, id.Dims); err != nil {
		return err
	}
	return e.db.SetMeta(ctx, map[string]string{"identity": id.Embedder})
}

// reconcileChunking marks every file for re-chunking when the chunker or
// its settings differ from the ones the index was built with, whatever
// the embedder.
func (e *Engine) reconcileChunking(ctx context.Context) error {
	id := e.IdentityOf()
	stored, err := e.db.Meta(ctx, "chunking")
	if err != nil || stored == id.Chunking {
		return err
	}
	if err := e.db.InvalidateFiles(ctx); err != nil {
		return err
	}
	return e.db.SetMeta(ctx, map[string]string{"chunker_version": strconv.Itoa(chunker.Version), "chunking": id.Chunking})
}

// sameModel reports whether the stored identity "provider/model/dims" is
// of the provider and model of current, whose dims are not known yet.
func sameModel(stored, current string) bool {
	prefix, ok := strings.CutSuffix(current, "/0")
	return ok && strings.HasPrefix(stored, prefix+"/") && stored != current
}

// Adopt records the engine's identity in an index that records none yet
// (a new index), creating its vector table. It never changes the
// identity of an index that has one: only [Engine.Reconcile] does. It
// does not call a networked embedder to learn its dimensions: opening a
// workspace never waits on a server.
func (e *Engine) Adopt(ctx context.Context) error {
	stored, err := e.db.Meta(ctx, "identity")
	if err != nil || stored != "" {
		return err
	}
	return e.reconcile(ctx, false)
}

// Foreign returns the identity of the index's vectors when it is not the
// engine's embedder's: "" when they match (or the engine's dimensions are
// still to be learned from the same model), or when the index records no
// identity yet. Vectors of a foreign identity are neither searched nor
// added to; [Engine.Reconcile] replaces them.
func (e *Engine) Foreign(ctx context.Context) (string, error) {
	stored, err := e.db.Meta(ctx, "identity")
	if err != nil {
		return "", err
	}
	id := e.IdentityOf().Embedder
	if stored == "" || stored == id || sameModel(stored, id) {
		return "", nil
	}
	return stored, nil
}

// reconciled makes sure, before a run embeds anything, that the index's
// vector table matches the embedder: with dimensions still unknown it
// probes the endpoint (see [Engine.Reconcile]). It returns the index's
// identity when that is another ([Engine.Foreign]): the run then stores
// chunks without vectors, leaving their files pending, and changes
// nothing else. It records the chunking only in an index that records
// none ([Engine.recordChunking]). It is called under the lock.
func (e *Engine) reconciled(ctx context.Context) (foreign string, err error) {
	if err := e.recordChunking(ctx); err != nil {
		return "", err
	}
	if foreign, err = e.Foreign(ctx); err != nil || foreign != "" {
		return foreign, err
	}
	if e.opts.Embedder == nil || e.IdentityOf().Dims > 0 && e.identityStored(ctx) {
		return "", nil
	}
	return "", e.reconcileVectors(ctx, false)
}

// recordChunking records the engine's chunking in an index that records
// none; one that records another is changed only by an index run
// ([Engine.Reconcile]), never by a run of a process whose settings may
// be older than memweave.json's.
func (e *Engine) recordChunking(ctx context.Context) error {
	stored, err := e.db.Meta(ctx, "chunking")
	if err != nil || stored != "" {
		return err
	}
	return e.reconcileChunking(ctx)
}

// staleChunking returns the chunking the index records when it is not
// this engine's ("" when they match, or the index records none): a
// long-lived process started before memweave.json's chunk settings
// changed, or a process started after the change and before the index
// run that re-chunks. Its run stores what it indexes pending (see
// [Engine.apply]), so that the next index run re-chunks those files by
// the settings it records instead of trusting them.
func (e *Engine) staleChunking(ctx context.Context) (string, error) {
	stored, err := e.db.Meta(ctx, "chunking")
	if err != nil || stored == "" || stored == e.IdentityOf().Chunking {
		return "", err
	}
	return stored, nil
}

// staleChunkingWarning is the warning of a run whose chunk settings are
// not the index's stored ones. It names the one fix that helps: restart
// a process whose settings file changed since it started
// (Options.SettingsChanged), else run index, which re-chunks by the file.
func (e *Engine) staleChunkingWarning(ctx context.Context, stored string) Warning {
	head := fmt.Sprintf("the index is chunked by %s (version/tokens/overlap), this process by %s", stored, e.IdentityOf().Chunking)
	if changed := e.settingsChanged(ctx); changed != nil {
		return Warning{Err: fmt.Errorf("%s: %w: %w", head, ErrChunkingChanged, changed)}
	}
	return Warning{Err: fmt.Errorf("%s: %w; its files wait, pending, for the next index run: run 'memweave index' to re-chunk by memweave.json", head, ErrChunkingChanged)}
}

// ForeignWarning is the warning of a run or search over an index whose
// vectors are of the embedder identity foreign, not of the engine's. A
// process whose settings file changed since it started
// (Options.SettingsChanged) is told to restart: index has re-embedded
// by the file, and another run would not help.
func (e *Engine) ForeignWarning(ctx context.Context, foreign string) Warning {
	head := fmt.Sprintf("the index's vectors are of embedder %s, the configured one is %s", foreign, e.IdentityOf().Embedder)
	if changed := e.settingsChanged(ctx); changed != nil {
		return Warning{Err: fmt.Errorf("%s: %w; searching by keyword only, and new chunks wait for vectors: %w", head, ErrForeignVectors, changed)}
	}
	return Warning{Err: fmt.Errorf("%s: %w; searching by keyword only, and new chunks wait for vectors, until index re-embeds every chunk", head, ErrForeignVectors)}
}

// settingsChanged is Options.SettingsChanged, nil when unset.
func (e *Engine) settingsChanged(ctx context.Context) error {
	if e.opts.SettingsChanged == nil {
		return nil
	}
	return e.opts.SettingsChanged(ctx)
}

// ErrForeignVectors is wrapped by [Engine.ForeignWarning].
var ErrForeignVectors = errors.New("embedder differs from the index's")

// identityStored reports whether the index records the current identity.
func (e *Engine) identityStored(ctx context.Context) bool {
	stored, err := e.db.Meta(ctx, "identity")
	return err == nil && stored == e.IdentityOf().Embedder
}

// AdoptSettings makes the index match the workspace's settings before an index
// run, the explicit act that re-embeds or re-chunks it: an index of
// another embedder is a warning, or an error when the workspace names
// none ([settings.Foreign]; known: it has a settings file, explicit: the
// caller named the embedder). Without a settings file it calls save
// first, which writes one.
func (e *Engine) AdoptSettings(ctx context.Context, known, explicit bool, save func() error) ([]Warning, error) {
	foreign, err := e.Foreign(ctx)
	if err != nil {
		return nil, err
	}
	var warns []Warning
	if foreign != "" {
		warn, err := settings.Foreign(foreign, e.IdentityOf().Embedder, known || explicit)
		if err != nil {
			return nil, err
		}
		warns = append(warns, Warning{Err: warn})
	}
	if !known {
		if err := save(); err != nil {
			return nil, err
		}
	}
	if err := e.Reconcile(ctx); err != nil {
		return warns, err
	}
	if foreign != "" {
		// Its embedding calls are skipped until the vectors are reset,
		// so nothing else says why; a fresh index's calls do.
		warns = append(warns, e.unusableWarning(ctx)...)
	}
	return warns, nil
}

// unusableWarning says why a local embedder (a static model folder)
// whose dimensions are still unknown after [Engine.Reconcile] cannot be
// used, so that an index run whose files all stay pending names the
// cause. A networked embedder is not asked again: the run's own embedding
// calls report a server that is down.
func (e *Engine) unusableWarning(ctx context.Context) []Warning {
	emb := e.opts.Embedder
	p, ok := emb.(prober)
	if !ok || embed.IsNetworked(emb) || e.IdentityOf().Dims != 0 {
		return nil
	}
	if err := p.Probe(ctx); err != nil {
		return []Warning{{Err: fmt.Errorf("embedder %s cannot be used, so files stay pending and are found by keyword only: %w", e.IdentityOf().Embedder, err)}}
	}
	return nil
}

// ErrChunkingChanged is wrapped by the warning of a run whose chunk
// settings are not the ones the index records: memweave.json changed
// after this process started, or since the last index run.
var ErrChunkingChanged = errors.New("chunk settings differ from the index's")
