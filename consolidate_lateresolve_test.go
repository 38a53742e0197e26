package memweave_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// A resolution written after consolidate's listing, before a group's
// turn under the lock, may name the copy the listing drops as the line
// it keeps. The group is re-checked under the lock and left as it is:
// dropping the copy would leave the marker naming a line no longer
// there, and the superseded fact live again. A resolution asked for
// during an apply waits for it (the apply lock), then reads the kept
// line, gone with its copy, and writes nothing.
func TestConsolidateApplyRechecksResolutionsUnderTheLock(t *testing.T) {
	t.Parallel()
	backup := "The nightly backup job copies the billing database to the archive bucket, verifies the checksum of every file, and restores the newest snapshot into a scratch instance.\n"
	fact := "The staging database runs PostgreSQL 16 on the shared cluster, restored from the nightly snapshot and checked every morning by the on-call engineer.\n"
	old := "Staging used PostgreSQL 15 on a dedicated host.\n"
	root, w := openIndexed(t, map[string]string{
		"memory/a/2026-11-01.md": backup,
		"memory/a/2026-11-02.md": backup,
		"memory/b/2026-11-01.md": fact,
		"memory/b/2026-11-02.md": fact,
		"memory/old.md":          old,
	}, memweave.Config{})
	gs := listGroups(t, w)
	if len(gs) != 2 || gs[0].Keep.Path != "memory/a/2026-11-02.md" || gs[1].Duplicates[0].Path != "memory/b/2026-11-01.md" {
		t.Fatalf("groups = %+v, want a/ then b/, the older copies dropped", gs)
	}
	// After the first group's check, before the second's: a resolution
	// (another client's) keeps the line of the copy the second group
	// drops.
	resolved := make(chan error, 1)
	ctx := edithook.WithGroup(t.Context(), func(id string) {
		if id == gs[0].ID {
			go func() {
				_, err := w.Resolve(context.Background(), memweave.Ref{Path: "memory/b/2026-11-01.md", StartLine: 1}, memweave.Ref{Path: "memory/old.md", StartLine: 1}, "upgraded")
				resolved <- err
			}()
			time.Sleep(200 * time.Millisecond) // time enough to write, were it not made to wait
		}
	})
	res, err := w.ApplyConsolidation(ctx, []string{gs[0].ID, gs[1].ID})
	if err != nil {
		t.Fatalf("ApplyConsolidation = %v", err)
	}
	resolveErr := <-resolved
	oldNow := memweavetest.ReadFile(t, root, "memory/old.md")
	switch copyNow, copyErr := os.ReadFile(filepath.Join(root, "memory/b/2026-11-01.md")); {
	case copyErr == nil && string(copyNow) == fact:
		// The resolution went first: the group must have been skipped.
		if len(res.Skipped) != 1 || res.Skipped[0].ID != gs[1].ID || !strings.Contains(res.Skipped[0].Reason, "memory/old.md") {
			t.Errorf("result = %+v, want the second group skipped naming the marker in memory/old.md", res)
		}
	case copyErr != nil:
		// The apply went first: the resolution must have written nothing.
		if resolveErr == nil || oldNow != old {
			t.Errorf("the resolution after the copy it keeps a line of was dropped = %v, memory/old.md %q; want an error and the note unchanged", resolveErr, oldNow)
		}
	default:
		t.Errorf("the copy after apply = %q, want it whole or gone", copyNow)
	}
}

// A group's check under the lock and its edits are apart: a resolution
// written in between, keeping a line of the copy the group drops, left
// a marker naming a line no longer there (the superseded fact then
// without the line that replaces it). A resolution waits for the apply
// (the apply lock), then finds the kept line gone and writes nothing.
func TestResolveWaitsForTheApplyDroppingItsKeptLine(t *testing.T) {
	t.Parallel()
	fact := "The staging database runs PostgreSQL 16 on the shared cluster, restored from the nightly snapshot and checked every morning by the on-call engineer.\n"
	old := "Staging used PostgreSQL 15 on a dedicated host.\n"
	root, w := openIndexed(t, map[string]string{
		"memory/b/2026-11-01.md": fact,
		"memory/b/2026-11-02.md": fact,
		"memory/old.md":          old,
	}, memweave.Config{})
	gs := listGroups(t, w)
	if len(gs) != 1 || gs[0].Duplicates[0].Path != "memory/b/2026-11-01.md" {
		t.Fatalf("groups = %+v, want memory/b/2026-11-01.md dropped", gs)
	}
	resolved := make(chan error, 1)
	ctx := edithook.WithGroup(t.Context(), func(string) {
		go func() {
			_, err := w.Resolve(context.Background(), memweave.Ref{Path: "memory/b/2026-11-01.md", StartLine: 1}, memweave.Ref{Path: "memory/old.md", StartLine: 1}, "upgraded")
			resolved <- err
		}()
		time.Sleep(300 * time.Millisecond) // time enough to write, were it not made to wait
	})
	if _, err := w.ApplyConsolidation(ctx, []string{gs[0].ID}); err != nil {
		t.Fatal(err)
	}
	err := <-resolved
	_, copyErr := os.Stat(filepath.Join(root, "memory/b/2026-11-01.md"))
	if got := memweavetest.ReadFile(t, root, "memory/old.md"); copyErr == nil || got != old || err == nil || !strings.Contains(err.Error(), "memory/b/2026-11-01.md") {
		t.Errorf("a resolution keeping a line of the copy an apply drops: memory/old.md %q, resolve error %v, the copy (stat %v); want the copy dropped, the note unchanged, an error naming the copy", got, err, copyErr)
	}
}
