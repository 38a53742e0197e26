package conflict

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/memweave/memweave-go/store"
	"github.com/memweave/memweave-go/workspace"
)

// fakeIndex serves chunks from memory, as index.DB.EachChunkIn would.
type fakeIndex struct {
	chunks []store.StoredChunk
	f      store.Filter
	err    error
}

func (x *fakeIndex) EachChunkIn(ctx context.Context, f store.Filter, fn func(store.StoredChunk) error) error {
	x.f = f
	for _, c := range x.chunks {
		if err := fn(c); err != nil {
			return err
		}
	}
	return x.err
}

func TestLoad(t *testing.T) {
	ctx := context.Background()
	ix := &fakeIndex{chunks: []store.StoredChunk{
		{Path: "memory/2025-05-10.md", StartLine: 3, EndLine: 4, Text: "a", MTime: 1e18},
		{Path: "memory/stack.md", StartLine: 1, EndLine: 2, Text: "b"},
		{Path: "memory/tools.md", StartLine: 5, EndLine: 9, Text: "c"},
	}}
	sc := Scope{Sources: []string{"memory"}, Paths: []string{"memory/stack.md"}, Max: 2}
	got, cut, err := Load(ctx, ix, sc)
	if err != nil || !cut || len(got) != 2 {
		t.Fatalf("Load = %d chunks, truncated %v, %v; want 2, true, nil", len(got), cut, err)
	}
	if len(ix.f.Sources) != 1 || len(ix.f.Paths) != 1 {
		t.Errorf("Load asked for filter %+v, want the scope's sources and paths", ix.f)
	}
	want := Chunk{Lines: workspace.Lines{Path: "memory/2025-05-10.md", StartLine: 3, EndLine: 4, Text: "a"},
		Date: time.Date(2025, 5, 10, 0, 0, 0, 0, time.UTC), MTime: time.Unix(0, 1e18).UTC()}
	if got[0] != want {
		t.Errorf("Load()[0] = %+v, want %+v", got[0], want)
	}
	if !got[1].MTime.IsZero() || !got[1].Date.IsZero() {
		t.Errorf("Load()[1] = %+v, want no date and no mtime", got[1])
	}
	if got, cut, err := Load(ctx, ix, Scope{}); err != nil || cut || len(got) != 3 {
		t.Errorf("Load(no cap) = %d chunks, truncated %v, %v; want 3, false, nil", len(got), cut, err)
	}
	ix.err = errors.New("disk on fire")
	if _, _, err := Load(ctx, ix, Scope{}); !errors.Is(err, ix.err) {
		t.Errorf("Load with a failing index = %v, want it wrapped", err)
	}
}
