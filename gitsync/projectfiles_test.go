package gitsync_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncKeepsTheProjectsLinksAndSubmodules: a project repository
// that holds memory/ beside its code often has a symbolic link
// (CLAUDE.md -> AGENTS.md), a submodule or a file over the note size
// limit (a PDF) outside memory/. Sync writes nothing there and the
// remote may change nothing there, so such entries, as this machine
// already has them, do not stop the sync: notes still go both ways. A
// remote that adds or changes one is refused, naming it, as a link
// under memory/ is, and so is memory/ itself turned into a link.
func TestSyncKeepsTheProjectsLinksAndSubmodules(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	write(t, a, "AGENTS.md", "# Agents\n")
	if err := os.Symlink("AGENTS.md", filepath.Join(a, "CLAUDE.md")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	write(t, a, "docs/big.bin", strings.Repeat("x", 2<<20))
	gitIn(t, a, nil, "add", "AGENTS.md", "CLAUDE.md", "docs/big.bin")
	// A submodule: a gitlink entry, as git submodule add makes.
	head := gitIn(t, a, nil, "rev-parse", "HEAD")
	gitIn(t, a, nil, "update-index", "--add", "--cacheinfo", "160000,"+head+",vendor/lib")
	gitIn(t, a, nil, "commit", "-qm", "project")
	gitIn(t, a, nil, "push", "-q", "origin", "main")
	b := clone(t, bare, "b")

	opts := gitsync.Options{Host: "a", MaxBlobBytes: 1 << 20}
	write(t, a, "memory/notes/a.md", "from a\n")
	if _, err := gitsync.Sync(context.Background(), a, opts); err != nil {
		t.Fatalf("Sync(a) in a project with a link, a submodule and a big file = %v", err)
	}
	opts.Host = "b"
	res, err := gitsync.Sync(context.Background(), b, opts)
	if err != nil {
		t.Fatalf("Sync(b), a clone of that project = %v", err)
	}
	if got := read(t, b, "memory/notes/a.md"); got != "from a\n" {
		t.Errorf("b's memory/notes/a.md = %q, want a's note (Sync = %+v)", got, res)
	}

	write(t, b, "memory/notes/b.md", "from b\n")
	if _, err := gitsync.Sync(context.Background(), b, opts); err != nil {
		t.Fatalf("Sync(b) of a note = %v", err)
	}
	opts.Host = "a"
	if _, err := gitsync.Sync(context.Background(), a, opts); err != nil {
		t.Fatalf("Sync(a) = %v", err)
	}
	if got := read(t, a, "memory/notes/b.md"); got != "from b\n" {
		t.Errorf("a's memory/notes/b.md = %q, want b's note", got)
	}

	// The remote adds a link beside the others: refused, named.
	opts.Host = "b"
	if err := os.Symlink("AGENTS.md", filepath.Join(a, "GEMINI.md")); err != nil {
		t.Fatal(err)
	}
	gitIn(t, a, nil, "add", "GEMINI.md")
	gitIn(t, a, nil, "commit", "-qm", "another link")
	gitIn(t, a, nil, "push", "-q", "origin", "main")
	_, err = gitsync.Sync(context.Background(), b, opts)
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), "GEMINI.md") {
		t.Errorf("Sync(b) of a new link outside memory/ = %v, want ErrRefused naming GEMINI.md", err)
	}
}

// TestSyncRefusesMemoryTurnedIntoALink: a remote whose memory/ is a
// symbolic link (to ~/.ssh, say) or a submodule is refused, naming it:
// the rule that spares the project's unchanged entries outside memory/
// is not about memory/ itself.
func TestSyncRefusesMemoryTurnedIntoALink(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"120000", "160000"} {
		t.Run(mode, func(t *testing.T) {
			bare := remote(t)
			victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
			sync(t, victim, "victim")
			gitIn(t, attacker, nil, "pull", "-q", "origin", "main")
			oid := gitIn(t, attacker, []byte("/etc"), "hash-object", "-w", "--stdin")
			if mode == "160000" {
				oid = gitIn(t, attacker, nil, "rev-parse", "HEAD")
			}
			tree := rawTree(t, attacker, [3]string{mode, "memory", oid})
			pushTree(t, attacker, tree)
			_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
			if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), `"memory"`) {
				t.Errorf("Sync of memory/ as mode %s = %v, want ErrRefused naming memory", mode, err)
			}
			if fi, err := os.Lstat(filepath.Join(victim, "memory")); err != nil || !fi.IsDir() {
				t.Errorf("victim's memory/ = %v, %v; want the folder", fi, err)
			}
		})
	}
}
