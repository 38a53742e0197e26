package memweave_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// hostileApply is one case of TestConsolidateApplyUnderHostileFiles: a
// workspace of two notes holding one duplicate passage, what another
// process does to it after the listing (before the apply, or during it
// once the group was checked), and the facts that must be somewhere in
// the workspace afterwards.
type hostileApply struct {
	name, older, newer string
	// setup runs on the workspace before it is indexed (a symlink).
	setup func(t *testing.T, root string)
	// before runs after the listing, before the apply; during after the
	// apply checked the group under the lock, before it changed a file.
	before, during func(t *testing.T, root string)
	// keep are texts that must be in some regular file of the workspace
	// after the apply, whatever it did.
	keep []string
	// exact are files (workspace-relative) whose bytes the apply must
	// leave as they were before it, or as during left them.
	exact []string
	// reason, when set, is a text the apply's error must hold: the
	// refusal names what happened.
	reason string
	cfg    memweave.Config
}

const (
	hostileDup   = "The staging deploy runs every Tuesday at noon from the release branch."
	hostileOther = "The cold storage bucket is emptied on the first Sunday of each month."
	hostileLater = "The office alarm code changes on the first working day of the quarter."
)

// hostileApplies are the cases by family: a note changed between the
// listing and the apply by another process, a symlinked note, CR LF line
// ends, a note over the size limit, and a group whose kept copy
// vanished.
func hostileApplies() []hostileApply {
	older := "# Deploys\n\n" + hostileDup + "\n\n# Backups\n\n" + hostileOther + "\n"
	newer := "# Deploys\n\n" + hostileDup + "\n"
	write := func(rel, text string) func(*testing.T, string) {
		return func(t *testing.T, root string) { saveAsEditor(t, root, rel, text, "in place") }
	}
	remove := func(rel string) func(*testing.T, string) {
		return func(t *testing.T, root string) {
			if err := os.Remove(filepath.Join(root, rel)); err != nil {
				t.Error(err)
			}
		}
	}
	edited := strings.Replace(older, "at noon", "at one", 1)
	appended := older + "\n# Alarm\n\n" + hostileLater + "\n"
	big := appended + strings.Repeat("A line of the log that makes the note big.\n", 40)
	crlf := strings.ReplaceAll(older, "\n", "\r\n")
	both := []string{hostileDup, hostileOther}
	return []hostileApply{
		{name: "changed before: the copy edited", older: older, newer: newer, before: write("memory/2026-11-01.md", edited),
			keep: append(both, "at one from the release branch"), exact: []string{"memory/2026-11-01.md"}},
		{name: "changed before: the copy's note gains a section", older: older, newer: newer, before: write("memory/2026-11-01.md", appended),
			keep: append(both, hostileLater)},
		{name: "changed before: the kept note loses the copy", older: older, newer: newer, before: write("memory/2026-11-20.md", "# Deploys\n\nMoved to the wiki.\n"),
			keep: both, exact: []string{"memory/2026-11-01.md"}},
		{name: "changed during: the copy edited", older: older, newer: newer, during: write("memory/2026-11-01.md", edited),
			keep: append(both, "at one from the release branch"), exact: []string{"memory/2026-11-01.md"}},
		{name: "changed during: the copy's note gains a section", older: older, newer: newer, during: write("memory/2026-11-01.md", appended),
			keep: append(both, hostileLater)},
		{name: "symlink: the copy's note links into memory/", older: older, newer: newer,
			setup: func(t *testing.T, root string) { symlinkNote(t, root, "2026-11-01.md", "memory/2026-11-02.md") }, keep: both},
		{name: "symlink: the kept note links to the copy's note", older: older, newer: "",
			setup: func(t *testing.T, root string) { symlinkNote(t, root, "2026-11-01.md", "memory/2026-11-20.md") }, keep: both},
		{name: "symlink: the copy's note links out of memory/", older: "", newer: newer,
			setup: func(t *testing.T, root string) {
				memweavetest.WriteFile(t, root, "outside/notes.md", older)
				symlinkNote(t, root, "../outside/notes.md", "memory/2026-11-01.md")
			}, keep: both, exact: []string{"outside/notes.md"}},
		{name: "symlink: made during the apply in place of the copy's note", older: older, newer: newer,
			during: func(t *testing.T, root string) {
				memweavetest.WriteFile(t, root, "outside/notes.md", older)
				path := filepath.Join(root, "memory", "2026-11-01.md")
				if err := os.Remove(path); err != nil {
					t.Error(err)
				}
				if err := os.Symlink("../outside/notes.md", path); err != nil {
					t.Error(err)
				}
			}, keep: both, exact: []string{"outside/notes.md"}},
		{name: "CR LF: the copy's note", older: crlf, newer: newer, keep: []string{hostileDup, "# Backups\r\n\r\n" + hostileOther + "\r\n"}},
		{name: "CR LF: the kept note", older: older, newer: strings.ReplaceAll(newer, "\n", "\r\n"), keep: both},
		{name: "size: the copy's note grows over the limit before", older: older, newer: newer, cfg: memweave.Config{MaxFileBytes: 1024},
			before: write("memory/2026-11-01.md", big), keep: append(both, hostileLater), exact: []string{"memory/2026-11-01.md"}},
		{name: "size: the copy's note grows over the limit during", older: older, newer: newer, cfg: memweave.Config{MaxFileBytes: 1024},
			during: write("memory/2026-11-01.md", big), keep: append(both, hostileLater), exact: []string{"memory/2026-11-01.md"}},
		{name: "size: the kept note grows over the limit during", older: older, newer: newer, cfg: memweave.Config{MaxFileBytes: 1024},
			during: write("memory/2026-11-20.md", newer+big[len(older):]), keep: append(both, hostileLater), exact: []string{"memory/2026-11-01.md"}},
		{name: "vanished before: the kept note deleted", older: older, newer: newer, before: remove("memory/2026-11-20.md"),
			keep: both, exact: []string{"memory/2026-11-01.md"}},
		{name: "vanished during: the kept note deleted", older: older, newer: newer, during: remove("memory/2026-11-20.md"),
			keep: both, exact: []string{"memory/2026-11-01.md"}, reason: "memory/2026-11-20.md was deleted or renamed"},
		{name: "vanished during: the kept note renamed", older: older, newer: newer,
			during: func(t *testing.T, root string) {
				if err := os.Rename(filepath.Join(root, "memory", "2026-11-20.md"), filepath.Join(root, "memory", "2026-11-21.md")); err != nil {
					t.Error(err)
				}
			}, keep: both, reason: "memory/2026-11-20.md was deleted or renamed"},
		{name: "special file: the copy's note made a FIFO during the apply", older: older, newer: newer,
			during: func(t *testing.T, root string) {
				if err := os.Remove(filepath.Join(root, "memory", "2026-11-01.md")); err != nil {
					t.Error(err)
				}
				mkfifo(t, root, "memory/2026-11-01.md")
			}, keep: []string{hostileDup}},
		{name: "hard link: the copy's note shares its bytes with a file outside memory/", older: "", newer: newer,
			setup: func(t *testing.T, root string) {
				memweavetest.WriteFile(t, root, "outside/notes.md", older)
				if err := os.Link(filepath.Join(root, "outside", "notes.md"), filepath.Join(root, "memory", "2026-11-01.md")); err != nil {
					t.Skipf("hard links unavailable: %v", err)
				}
			}, keep: both, exact: []string{"outside/notes.md"}},
	}
}

// TestConsolidateApplyUnderHostileFiles applies the listed groups of
// each [hostileApplies] case: the apply may refuse or do its work, but
// every fact stays in a regular file of the workspace, a file another
// process changed keeps that process's bytes, and nothing outside
// memory/ changes.
func TestConsolidateApplyUnderHostileFiles(t *testing.T) {
	for _, tc := range hostileApplies() {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			if tc.older != "" {
				files["memory/2026-11-01.md"] = tc.older
			}
			if tc.newer != "" {
				files["memory/2026-11-20.md"] = tc.newer
			}
			root := memweavetest.Workspace(t, files)
			if tc.setup != nil {
				tc.setup(t, root)
			}
			w := open(t, root, tc.cfg)
			mustIndex(t, w)
			gs := listGroups(t, w)
			if tc.before != nil {
				tc.before(t, root)
			}
			exact := map[string]string{}
			snapshot := func() {
				for _, rel := range tc.exact {
					exact[rel] = memweavetest.ReadFile(t, root, rel)
				}
			}
			ctx := t.Context()
			if tc.during != nil {
				ctx = edithook.WithGroup(ctx, func(string) {
					tc.during(t, root)
					snapshot() // the other process's bytes are the ones to keep
				})
			} else {
				snapshot()
			}
			var ids []string
			for _, g := range gs {
				ids = append(ids, g.ID)
			}
			res, err := &memweave.ConsolidateResult{}, error(nil)
			if len(ids) > 0 {
				res, err = w.ApplyConsolidation(ctx, ids)
			}
			t.Logf("groups %d; ApplyConsolidation = %+v, %v", len(gs), res, err)
			all := regularText(t, root)
			for _, want := range tc.keep {
				if !strings.Contains(all, want) {
					t.Errorf("after the apply (groups %d, result %+v, err %v) no file holds %q; files:\n%s", len(gs), res, err, want, all)
				}
			}
			if tc.reason != "" && (err == nil || !strings.Contains(err.Error(), tc.reason)) {
				t.Errorf("ApplyConsolidation error = %v, want one saying %q", err, tc.reason)
			}
			for rel, want := range exact {
				if got := memweavetest.ReadFile(t, root, rel); got != want {
					t.Errorf("%s after the apply = %q, want it as it was %q (result %+v, err %v)", rel, got, want, res, err)
				}
			}
		})
	}
}

// symlinkNote makes the workspace path rel a symbolic link to target,
// skipping the test where links cannot be made.
func symlinkNote(t *testing.T, root, target, rel string) {
	t.Helper()
	path := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
}

// regularText returns the text of every regular file under root but
// the cache's, each after its path: what a reader of the workspace
// finds, links not followed (a link's target is read at its own path).
func regularText(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || strings.Contains(path, ".memweave") || strings.HasSuffix(path, ".lock") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		b.WriteString("== " + path + "\n" + string(data) + "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
