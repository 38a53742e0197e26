package memweave_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// Consolidate's apply edits two files: the kept note takes the copy's
// feedback marks, then the copy goes. A process killed between the two
// left the copy with its marks, and the rerun added them to the kept
// note a second time (3 useful became 6). The carry is recorded with the
// marks, in the same edit of the kept note, and a rerun does not add
// them again; the record goes once the copy is gone.
func TestConsolidateRerunAfterKillCarriesMarksOnce(t *testing.T) {
	t.Parallel()
	body := "The nightly backup job copies the billing database to the archive bucket, verifies the checksum of every file, and restores the newest snapshot into a scratch instance.\n"
	key := curate.PassageKey(nil, "Backups. "+body)
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": "---\nfeedback:\n  " + key + ": {useful: 3, useless: 0}\n---\nBackups. " + body,
		"memory/2026-11-02.md": "---\nfeedback:\n  " + key + ": {useful: 1, useless: 0}\n---\nBackups. " + body,
	}, memweave.Config{})
	gs := listGroups(t, w)
	if len(gs) != 1 || gs[0].Keep.Path != "memory/2026-11-02.md" {
		t.Fatalf("groups = %+v, want memory/2026-11-01.md dropped for memory/2026-11-02.md", gs)
	}
	// Killed as the copy is about to go.
	killed := edithook.With(t.Context(), func(abs string) {
		if strings.HasSuffix(abs, "2026-11-01.md") {
			runtime.Goexit()
		}
	})
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.ApplyConsolidation(killed, []string{gs[0].ID})
	}()
	<-done
	if got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"); !strings.Contains(got, "useful: 3") {
		t.Fatalf("the copy after the kill = %q, want it whole", got)
	}
	res := applyGroups(t, w, listGroups(t, w))
	got := memweavetest.ReadFile(t, root, "memory/2026-11-02.md")
	if want := "---\nfeedback:\n  " + key + ": {useful: 4, useless: 0}\n---\nBackups. " + body; got != want {
		t.Errorf("the kept note after the rerun = %q (result %+v), want %q: its 1 mark and the copy's 3, once, and no record left", got, res, want)
	}
	if files := memoryFiles(t, root); len(files) != 1 {
		t.Errorf("memory/ after the rerun = %q, want the kept note alone", files)
	}
}
