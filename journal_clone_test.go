package memweave_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestClonedAppendJournalCutsNothing: a repository can carry a file at
// .memweave/append.journal (committed with git add -f, or before the
// folder's .gitignore existed). Opening the clone ran the recovery of a
// torn append from it: a journal naming a dated log, a size before and a
// note that starts with the log's own last lines cut those lines off,
// though no append of this machine ever wrote them. Recovery acts only
// on a journal this machine's append wrote for that very file.
func TestClonedAppendJournalCutsNothing(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	const log = "# 2026-01-01\n\nWe deploy on Tuesdays.\n\nThe failover code word is MARMOT-311.\n"
	src := memweavetest.Workspace(t, map[string]string{"memory/2026-01-01.md": log})
	before := len("# 2026-01-01\n\nWe deploy on Tuesdays.\n")
	note := log[before:] + "and more\n"
	head, _ := json.Marshal(map[string]any{"path": "memory/2026-01-01.md", "before": before, "after": before + len(note)})
	if err := os.MkdirAll(filepath.Join(src, ".memweave"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, ".memweave", "append.journal"), append(append(head, '\n'), note...), 0o644); err != nil {
		t.Fatal(err)
	}
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git(src, "init", "-q", "-b", "main")
	git(src, "add", "-f", "memory", ".memweave/append.journal")
	git(src, "commit", "-qm", "seed")
	dst := filepath.Join(t.TempDir(), "clone")
	git(filepath.Dir(dst), "clone", "-q", src, dst)

	// Such a journal has no file id, like one an older build left: Open
	// refuses, naming it, and cuts nothing; once it is removed, Open works.
	w, err := memweave.Open(t.Context(), memweave.Config{Workspace: dst})
	if err == nil {
		w.Close()
		t.Fatal("Open with a cloned journal = nil, want an error naming .memweave/append.journal")
	}
	if !strings.Contains(err.Error(), ".memweave/append.journal") {
		t.Errorf("Open = %v, want it to name .memweave/append.journal", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dst, "memory", "2026-01-01.md")); string(got) != log {
		t.Errorf("after Open the log holds %q, want it untouched: %q", got, log)
	}
	if err := os.Remove(filepath.Join(dst, ".memweave", "append.journal")); err != nil {
		t.Fatal(err)
	}
	w, err = memweave.Open(t.Context(), memweave.Config{Workspace: dst})
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if got, _ := os.ReadFile(filepath.Join(dst, "memory", "2026-01-01.md")); string(got) != log {
		t.Errorf("after Open the log holds %q, want it untouched: %q", got, log)
	}
}
