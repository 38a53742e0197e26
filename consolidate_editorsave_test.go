package memweave_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// An editor (which does not take memweave's lock) saves the older copy
// with a new fact after --apply checked, under the lock, that the note
// holds nothing but the copy, and before it deletes the note. The save
// used to be deleted with the note; now the note is moved aside, found
// changed, and put back: the new fact stays, the error says so.
func TestConsolidateKeepsEditorSaveBeforeDelete(t *testing.T) {
	t.Parallel()
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch.\n"
	saved := dup + "\nThe cold storage bucket is emptied on the first Sunday of each month.\n"
	for _, how := range []string{"rename", "in place"} {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			root, w := openIndexed(t, map[string]string{"memory/2026-11-01.md": dup, "memory/2026-11-20.md": dup}, memweave.Config{})
			gs := listGroups(t, w)
			if len(gs) != 1 {
				t.Fatalf("groups = %+v, want one", gs)
			}
			older := filepath.Join(root, "memory", "2026-11-01.md")
			fired := 0
			ctx := edithook.With(t.Context(), func(abs string) {
				if abs != older {
					return
				}
				fired++
				saveAsEditor(t, root, "memory/2026-11-01.md", saved, how)
			})
			res, err := w.ApplyConsolidation(ctx, []string{gs[0].ID})
			if fired == 0 {
				t.Fatal("the editor never saved: no hook before the delete")
			}
			if got, rerr := os.ReadFile(older); rerr != nil || string(got) != saved {
				t.Errorf("the older note after the apply = %q, %v; want the editor's save %q (ApplyConsolidation = %+v, %v)", got, rerr, saved, res, err)
			}
			if err == nil || !strings.Contains(err.Error(), "changed") || len(res.Deleted) != 0 {
				t.Errorf("ApplyConsolidation = %+v, %v; want nothing deleted and an error saying the file changed", res, err)
			}
			if left, _ := os.ReadDir(filepath.Join(root, "memory", ".memweave-tmp")); len(left) > 1 {
				t.Errorf("files left in memory/.memweave-tmp: %v", left)
			}
		})
	}
}

// saveAsEditor saves the note rel of the workspace root with text as an
// editor that takes no lock does: how is "rename" (a new file renamed
// over it) or "in place" (the file rewritten). It reports failures with
// t.Error, for use inside a hook.
func saveAsEditor(t *testing.T, root, rel, text, how string) {
	t.Helper()
	if how == "rename" {
		memweavetest.WriteFile(t, root, rel, text)
		return
	}
	if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(rel)), []byte(text), 0o644); err != nil {
		t.Error(err)
	}
}
