package memweave_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
)

// rechunkedBehind indexes a workspace whose memory/log.md holds log with
// old, a long-lived Weave, then sets memweave.json's chunk size to 301
// and indexes with cur, a one-shot Weave opened after: the chunk size
// changed behind old.
func rechunkedBehind(t *testing.T, log string) (root string, old, cur *memweave.Weave) {
	t.Helper()
	root = memweavetest.Workspace(t, map[string]string{"memory/log.md": log})
	old = open(t, root, memweave.Config{})
	mustIndex(t, old)
	changeSettings(t, root, func(s *memweave.Settings) { s.ChunkTokens = 301 })
	cur = open(t, root, memweave.Config{OneShot: true})
	mustIndex(t, cur)
	return root, old, cur
}

// TestIndexOfALongLivedWeaveAfterASettingsChange: a long-lived Weave (an
// mcp server) opened before memweave.json's chunk size changed, and
// before another process's Index re-chunked by it, must not re-chunk the
// index back to its own size at its next Index, nor leave the note it
// indexes as current: the next Index of a process reading the file as it
// is re-chunks it, and the index is what a forced re-chunk gives.
func TestIndexOfALongLivedWeaveAfterASettingsChange(t *testing.T) {
	ctx := context.Background()
	var b strings.Builder
	for i := range 300 {
		b.WriteString("deploy note number " + strings.Repeat("y", i%5) + " of the append loop\n\n")
	}
	root, old, cur := rechunkedBehind(t, b.String())
	want, err := cur.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "memory", "log.md"), []byte(b.String()+"deploy note number 301\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := mustIndex(t, old)
	if !slices.ContainsFunc(res.Warnings, func(w memweave.Warning) bool { return errors.Is(w.Err, memweave.ErrSettingsChanged) }) {
		t.Errorf("Index of the Weave opened before the change warned %v; want ErrSettingsChanged", res.Warnings)
	}
	if st, err := cur.Status(ctx); err != nil || st.ChunkerVersion != want.ChunkerVersion || st.ChunkingStale {
		t.Errorf("after the older Weave's Index the index is chunked by %q (%v); want %q", st.ChunkerVersion, err, want.ChunkerVersion)
	}
	if res = mustIndex(t, cur); !slices.Contains(res.Indexed, "memory/log.md") {
		t.Errorf("Index after the older Weave's = %+v; want memory/log.md re-chunked", res)
	}
	before, err := cur.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cur.Index(ctx, memweave.Force()); err != nil {
		t.Fatal(err)
	}
	if after, err := cur.Status(ctx); err != nil || after.Chunks != before.Chunks {
		t.Errorf("a forced re-chunk gives %d chunks, the index held %d (%v); want the same", after.Chunks, before.Chunks, err)
	}
}

// TestStatusOfALongLivedWeaveAfterASettingsChange: the status of a Weave
// opened before memweave.json's chunk size changed and the index was
// re-chunked by it (the MCP memory_status of a running server) said the
// chunking was stale, "run index to re-chunk", though the index is what
// the file says and index re-chunks nothing: the process is what is
// stale. It must say so (SettingsChanged) and not call the index stale;
// a Weave opened after the change reports neither.
func TestStatusOfALongLivedWeaveAfterASettingsChange(t *testing.T) {
	ctx := context.Background()
	_, old, cur := rechunkedBehind(t, "deploy note\n")
	st, err := old.Status(ctx)
	if err != nil || st.ChunkingStale || !strings.Contains(st.SettingsChanged, "restart") {
		t.Errorf("status of the Weave opened before the change: ChunkingStale %v, SettingsChanged %q (%v); want false and a reason naming the restart", st.ChunkingStale, st.SettingsChanged, err)
	}
	if st, err := cur.Status(ctx); err != nil || st.ChunkingStale || st.SettingsChanged != "" {
		t.Errorf("status of the Weave opened after the change: ChunkingStale %v, SettingsChanged %q (%v); want neither", st.ChunkingStale, st.SettingsChanged, err)
	}
}

// TestStaleChunkingWarningSaysWhich: the warning of a run whose chunk
// settings are not the index's said "if memweave.json changed after this
// process started, restart it (watch, mcp), else run 'memweave index'":
// the process knows which. A Weave opened before the change must be told
// to restart (naming its pid); one opened after config but before index
// must be told to run index and not to restart, which would not help.
func TestStaleChunkingWarningSaysWhich(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/log.md": "deploy note\n"})
	old := open(t, root, memweave.Config{})
	mustIndex(t, old)
	changeSettings(t, root, func(s *memweave.Settings) { s.ChunkTokens = 301 })
	early := open(t, root, memweave.Config{})
	edit := func(text string) {
		if err := os.WriteFile(filepath.Join(root, "memory", "log.md"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	warning := func(w *memweave.Weave) string {
		resp, err := w.Search(ctx, "deploy")
		if err != nil {
			t.Fatal(err)
		}
		for _, wn := range resp.Warnings {
			if errors.Is(wn.Err, indexer.ErrChunkingChanged) {
				return wn.Error()
			}
		}
		return ""
	}
	edit("deploy note, edited before index\n")
	if got := warning(early); !strings.Contains(got, "run 'memweave index'") || strings.Contains(got, "restart") {
		t.Errorf("a Weave opened after config, before index, warned %q; want run 'memweave index' and no restart", got)
	}
	mustIndex(t, open(t, root, memweave.Config{OneShot: true}))
	edit("deploy note, edited after index\n")
	pid := fmt.Sprintf("pid %d", os.Getpid())
	if got := warning(old); !strings.Contains(got, "restart") || !strings.Contains(got, pid) || !strings.Contains(got, "memweave.json") {
		t.Errorf("a Weave opened before the change warned %q; want restart, naming memweave.json and %s", got, pid)
	}
}

// TestForeignWarningOfALongLivedWeave: after memweave.json's embedder
// changed and index re-embedded by it, a Weave opened before searched by
// keyword only, saying "until index re-embeds every chunk": index had,
// and another would not help; the process must be restarted. Its search
// warning and its status's search mode must say so.
func TestForeignWarningOfALongLivedWeave(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/log.md": "deploy note\n"})
	old := open(t, root, memweave.Config{})
	mustIndex(t, old)
	changeSettings(t, root, func(s *memweave.Settings) { s.Embedder.Provider, s.Embedder.Dims = "hash", 64 })
	mustIndex(t, open(t, root, memweave.Config{OneShot: true}))
	var got string
	resp, err := old.Search(ctx, "deploy")
	if err != nil {
		t.Fatal(err)
	}
	for _, wn := range resp.Warnings {
		if errors.Is(wn.Err, indexer.ErrForeignVectors) {
			got = wn.Error()
		}
	}
	if !strings.Contains(got, "restart") || strings.Contains(got, "until index re-embeds") {
		t.Errorf("search of a Weave opened before the embedder changed warned %q; want restart, not until index re-embeds", got)
	}
	if st, err := old.Status(ctx); err != nil || !strings.Contains(st.SearchModeReason, "restart") {
		t.Errorf("its status's search mode reason = %q (%v); want restart", st.SearchModeReason, err)
	}
}

// TestExtraPathAddedBehindALongLivedWeave: an extra path added to
// memweave.json (and approved) after a long-lived Weave started was
// indexed by a process started since; the older Weave's next Index
// (MCP index tool; a watcher's full scan alike) deleted its files'
// rows, which it does not scan ("Deleted:[docs/x.md]"). They must stay,
// and its status must say to restart it.
func TestExtraPathAddedBehindALongLivedWeave(t *testing.T) {
	isolateApprovals(t)
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n", "docs/x.md": "# X\n\nzebra crossing\n"})
	old := open(t, root, memweave.Config{})
	mustIndex(t, old)
	changeSettings(t, root, func(s *memweave.Settings) { s.ExtraPaths = []string{"docs"} })
	if _, err := memweave.ApproveSettings(ctx, root); err != nil {
		t.Fatal(err)
	}
	mustIndex(t, open(t, root, memweave.Config{OneShot: true}))
	memweavetest.WriteFile(t, root, "memory/a.md", "# A\n\nalpha beta\n")
	if res := mustIndex(t, old); len(res.Deleted) > 0 {
		t.Errorf("Index of the Weave opened before extra_paths changed deleted %v; want the new extra path's rows kept", res.Deleted)
	}
	if r := mustSearch(t, old, "zebra"); len(r.Results) == 0 {
		t.Errorf("search of the older Weave finds nothing of docs/x.md after its Index")
	}
	if st, err := old.Status(ctx); err != nil || !strings.Contains(st.SettingsChanged, "extra_paths") {
		t.Errorf("status of the older Weave: settings_changed %q (%v); want it to name extra_paths", st.SettingsChanged, err)
	}
}
