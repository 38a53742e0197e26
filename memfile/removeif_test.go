package memfile_test

import (
	"cmp"
	"context"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestDeleteExpectHashKeepsSaveInWindow: an editor's save landing after
// DeleteWith checked the expected hash and before the file went was
// deleted with it; now the file is kept with the save and the error
// wraps ErrChanged.
func TestDeleteExpectHashKeepsSaveInWindow(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	hook, calls := saveOnce(t, 1)
	ctx := edithook.With(context.Background(), hook)
	opts := memfile.DeleteOptions{ExpectHash: memfile.Hash([]byte("# A\n"))}
	_, _, err := memfile.DeleteWith(ctx, root, "memory/a.md", opts)
	if *calls != 1 {
		t.Fatalf("the editor saved %d times, want once, between the check and the removal", *calls)
	}
	got, rerr := os.ReadFile(filepath.Join(root, "memory/a.md"))
	if want := "# A\neditor save 1\n"; string(got) != want || !errors.Is(err, memfile.ErrChanged) {
		t.Errorf("DeleteWith with a save in the window: %v; the file is %q, %v; want ErrChanged and %q", err, got, rerr, want)
	}
}

// TestRemoveIf: a file that holds what the caller read goes; one that
// holds anything else is put back under its name, with its mode, and
// nothing is left aside.
func TestRemoveIf(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n", "memory/b.md": "# B\n"})
	ctx := context.Background()
	if err := memfile.RemoveIf(ctx, root, "memory/a.md", []byte("# A, as read before\n")); !errors.Is(err, memfile.ErrChanged) {
		t.Errorf("RemoveIf(other content) = %v, want ErrChanged", err)
	}
	if got := memweavetest.ReadFile(t, root, "memory/a.md"); got != "# A\n" {
		t.Errorf("a.md after a refused RemoveIf = %q, want it as it was", got)
	}
	if err := memfile.RemoveIf(ctx, root, "memory/b.md", []byte("# B\n")); err != nil {
		t.Errorf("RemoveIf(same content) = %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "memory/b.md")); !os.IsNotExist(err) {
		t.Errorf("b.md after RemoveIf: %v, want it gone", err)
	}
	left, _ := os.ReadDir(filepath.Join(root, "memory", memfile.TempDir))
	for _, e := range left {
		if e.Name() != ".gitignore" {
			t.Errorf("left in %s: %s", memfile.TempDir, e.Name())
		}
	}
}

// TestRecoverKeepsNoteSetAside: a note RemoveIf set aside in TempDir (a
// process killed before it put it back, or a note it could not put back)
// is no leftover of a write: Recover leaves it, and removes the others.
func TestRecoverKeepsNoteSetAside(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/" + memfile.TempDir + "/.memweave-aside-0123456789abcdef.tmp": "# An editor's save\n",
		"memory/" + memfile.TempDir + "/.memweave-write-0123456789abcdef.tmp": "# half a write\n",
	})
	if err := memfile.Recover(context.Background(), root); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "memory", memfile.TempDir)
	if _, err := os.Stat(filepath.Join(dir, ".memweave-aside-0123456789abcdef.tmp")); err != nil {
		t.Errorf("the note set aside after Recover: %v, want it kept", err)
	}
	if _, err := os.Stat(filepath.Join(dir, ".memweave-write-0123456789abcdef.tmp")); !os.IsNotExist(err) {
		t.Errorf("the leftover write after Recover: %v, want it removed", err)
	}
}

// TestRecoverPutsBackNoteLeftAside: a process killed while a removal had
// the note aside in memory/.memweave-tmp (a consolidate --apply or a
// delete --expect-hash) left it there under a name that did not say
// where it came from, hidden from searches and from git. Recover, which
// opening the workspace runs, now puts it back under its name; a note
// saved under that name since is never overwritten, and the one aside
// is kept unless it holds what the removal expected (the content it was
// asked to remove, which the save replaced as well).
func TestRecoverPutsBackNoteLeftAside(t *testing.T) {
	for _, tt := range []struct {
		name, path string
		savedSince bool
		expected   string // the content the removal expects, the note's when ""
	}{
		{"note", "memory/2026-11-01.md", false, ""},
		{"note in a folder", "memory/clients/acme (1).md", false, ""},
		{"name taken since", "memory/notes/db.md", true, ""},
		{"name taken since, not the content expected", "memory/notes/db.md", true, "# Note\nanother fact\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{tt.path: "# Note\nkept fact\n"})
			removeKilledAside(root, tt.path, cmp.Or(tt.expected, "# Note\nkept fact\n"))
			abs := filepath.Join(root, filepath.FromSlash(tt.path))
			if _, err := os.Lstat(abs); !os.IsNotExist(err) {
				t.Fatalf("%s while aside: %v, want it gone from its name", tt.path, err)
			}
			if tt.savedSince {
				if err := os.WriteFile(abs, []byte("# Note\nsaved since\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := memfile.Recover(context.Background(), root); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(abs)
			want := "# Note\nkept fact\n"
			if tt.savedSince {
				want = "# Note\nsaved since\n"
			}
			if string(got) != want {
				t.Errorf("%s after Recover = %q, %v; want %q", tt.path, got, err, want)
			}
			left, _ := filepath.Glob(filepath.Join(root, "memory", memfile.TempDir, ".memweave-aside-*"))
			if kept := tt.savedSince && tt.expected != ""; kept != (len(left) == 1) {
				t.Errorf("notes left aside after Recover = %q; want the one aside kept only when its name was taken since and it is not what the removal expected", left)
			}
		})
	}
}

// A process killed after it reserved the aside name (an empty file) and
// before its rename left no note aside: Recover removes the empty file,
// and never makes an empty note of it once the note is deleted.
func TestRecoverDropsEmptyAsideName(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	removeKilledAside(root, "memory/a.md", "# A\n")
	left, _ := filepath.Glob(filepath.Join(root, "memory", memfile.TempDir, ".memweave-aside-*"))
	if len(left) != 1 {
		t.Fatalf("notes aside = %q, want one", left)
	}
	// As if the rename had not happened: the note at its name, the
	// reserved name empty (with the reservation's mode); then the note
	// deleted.
	if err := os.Rename(left[0], filepath.Join(root, "memory/a.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(left[0], nil, memfile.ReservePerm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(left[0], memfile.ReservePerm); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "memory/a.md")); err != nil {
		t.Fatal(err)
	}
	if err := memfile.Recover(context.Background(), root); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(root, "memory/a.md")); !os.IsNotExist(err) {
		t.Errorf("memory/a.md after Recover: %v; want no empty note made of the reserved name", err)
	}
	if left, _ := filepath.Glob(filepath.Join(root, "memory", memfile.TempDir, ".memweave-aside-*")); len(left) != 0 {
		t.Errorf("left aside after Recover = %q, want none", left)
	}
}

// TestRecoverNeverPutsBackAnOlderCopy: a note left aside by a killed
// removal whose name was saved again since (an editor writing its open
// buffer) was kept aside under a name that still says where it goes.
// Once that newer note was deleted (the next consolidate --apply
// removing the copy, on purpose), the next open put the older copy
// back: the deleted duplicate came back after every run. Recover now
// puts an aside back only while its name was never taken since; one
// whose name is taken is kept under a name that says nowhere (or
// removed when the note at its name holds the same bytes, or when it
// holds what the removal expected, which it was asked to remove).
func TestRecoverNeverPutsBackAnOlderCopy(t *testing.T) {
	for _, tt := range []struct {
		name, saved, expected string
		keptAside             bool
	}{
		{"saved the same", "# Note\nkept fact\n", "# Note\nkept fact\n", false},
		{"saved otherwise", "# Note\nsaved since\n", "# Note\nkept fact\n", false},
		{"saved otherwise, not the content expected", "# Note\nsaved since\n", "# Note\nanother fact\n", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# Note\nkept fact\n"})
			removeKilledAside(root, "memory/a.md", tt.expected)
			memweavetest.WriteFile(t, root, "memory/a.md", tt.saved)
			if err := memfile.Recover(context.Background(), root); err != nil {
				t.Fatal(err)
			}
			// The note deleted on purpose, then the workspace opened again.
			if err := os.Remove(filepath.Join(root, "memory/a.md")); err != nil {
				t.Fatal(err)
			}
			if err := memfile.Recover(context.Background(), root); err != nil {
				t.Fatal(err)
			}
			if got, err := os.ReadFile(filepath.Join(root, "memory/a.md")); !os.IsNotExist(err) {
				t.Errorf("memory/a.md after it was deleted and Recover ran = %q, %v; want it to stay deleted", got, err)
			}
			left, _ := filepath.Glob(filepath.Join(root, "memory", memfile.TempDir, ".memweave-aside-*"))
			if tt.keptAside != (len(left) == 1) {
				t.Fatalf("left aside = %q; want the older copy kept (nothing lost) only when the save differs", left)
			}
			if tt.keptAside {
				if got, _ := os.ReadFile(left[0]); string(got) != "# Note\nkept fact\n" {
					t.Errorf("kept aside = %q, want the older copy", got)
				}
			}
		})
	}
}

// A removal that found the note aside changed and its name saved again
// (two saves in its window) keeps the older content and names where;
// that content is never put back once the newer note is deleted.
func TestRemoveIfKeptAsideIsNotPutBack(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	abs := filepath.Join(root, "memory/a.md")
	saves := func(string) {
		aside, _ := filepath.Glob(filepath.Join(root, "memory", memfile.TempDir, ".memweave-aside-*"))
		if len(aside) != 1 {
			t.Errorf("aside = %q, want one", aside)
			return
		}
		// An editor writing into the file it holds open (now aside), and
		// another program creating the name again.
		os.WriteFile(aside[0], []byte("# A\nfirst save\n"), 0o644)
		os.WriteFile(abs, []byte("# A\nsecond save\n"), 0o644)
	}
	err := memfile.RemoveIf(edithook.WithAside(context.Background(), saves), root, "memory/a.md", []byte("# A\n"))
	if !errors.Is(err, memfile.ErrChanged) {
		t.Fatalf("RemoveIf with two saves in its window = %v, want ErrChanged", err)
	}
	if err := os.Remove(abs); err != nil {
		t.Fatal(err)
	}
	if err := memfile.Recover(context.Background(), root); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(abs); !os.IsNotExist(err) {
		t.Errorf("memory/a.md deleted, after Recover = %q, %v; want it to stay deleted", got, err)
	}
	left, _ := filepath.Glob(filepath.Join(root, "memory", memfile.TempDir, ".memweave-aside-*"))
	if len(left) != 1 {
		t.Fatalf("kept aside = %q, want the first save kept (RemoveIf said: %v)", left, err)
	}
	if got, _ := os.ReadFile(left[0]); string(got) != "# A\nfirst save\n" {
		t.Errorf("kept aside = %q, want the first save", got)
	}
}

// TestRecoverPutsBackNotesOnly: a file in memory/.memweave-tmp named as
// a note put aside is put back by every command's open, but a clone can
// bring such a file (git checks out an ignored folder's tracked files).
// One named for memory/.git/hooks/post-merge, where memory/ is a clone
// of a team's repository, made the next git pull there run what it
// held; git itself never checks a .git path out. Recover now puts back
// only a name a removal could have set aside: a Markdown note that is
// not hidden (the write rules, workspace.SafeMemoryPath).
func TestRecoverPutsBackNotesOnly(t *testing.T) {
	for _, name := range []string{".git/hooks/post-merge", ".obsidian/plugins/x/main.js", "notes/run.sh", "notes/.hidden.md"} {
		t.Run(name, func(t *testing.T) {
			enc := base64.RawURLEncoding.EncodeToString([]byte(name))
			planted := "memory/" + memfile.TempDir + "/.memweave-aside-0123456789abcdef-" + enc + ".tmp"
			root := memweavetest.Workspace(t, map[string]string{"memory/notes/a.md": "# A\n", planted: "#!/bin/sh\necho planted\n"})
			for _, dir := range []string{".git/hooks", ".obsidian/plugins/x"} {
				if err := os.MkdirAll(filepath.Join(root, "memory", dir), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := memfile.Recover(context.Background(), root); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Lstat(filepath.Join(root, "memory", filepath.FromSlash(name))); !os.IsNotExist(err) {
				t.Errorf("memory/%s after Recover: %v; want no file made of %s", name, err, planted)
			}
		})
	}
}

// removeKilledAside runs RemoveIf of the note path holding content and
// ends it once the note is aside, as a process killed at that moment.
func removeKilledAside(root, path, content string) {
	killed := func(string) { runtime.Goexit() }
	done := make(chan struct{})
	go func() {
		defer close(done)
		memfile.RemoveIf(edithook.WithAside(context.Background(), killed), root, path, []byte(content))
	}()
	<-done
}
