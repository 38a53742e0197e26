package memfile_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// addMark is an edit that appends a line to the note.
func addMark(_ string, old []byte) ([]byte, error) {
	return append(append([]byte{}, old...), "mark\n"...), nil
}

// saveOnce returns a hook that, the first n times it runs, saves the
// note the way an editor that does not take memweave's lock does, with
// a new line each time.
func saveOnce(tb testing.TB, n int) (edithook.Func, *int) {
	calls := 0
	return func(abs string) {
		calls++
		if calls > n {
			return
		}
		old, err := os.ReadFile(abs)
		if err != nil {
			tb.Errorf("hook: %v", err)
			return
		}
		if err := os.WriteFile(abs, fmt.Appendf(old, "editor save %d\n", calls), 0o644); err != nil {
			tb.Errorf("hook: %v", err)
		}
	}, &calls
}

// TestEditKeepsConcurrentSave: an editor's save landing between Edit's
// read and its rename is kept, and the edit is redone on top of it.
func TestEditKeepsConcurrentSave(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	hook, calls := saveOnce(t, 1)
	ctx := edithook.With(context.Background(), hook)
	if _, err := memfile.Edit(ctx, root, "memory/a.md", 0, addMark); err != nil {
		t.Fatalf("Edit: %v", err)
	}
	got, _ := os.ReadFile(filepath.Join(root, "memory/a.md"))
	if want := "# A\neditor save 1\nmark\n"; string(got) != want {
		t.Errorf("after Edit with a save in the window, the file is %q, want %q", got, want)
	}
	if *calls != 2 {
		t.Errorf("the edit ran %d times, want 2 (the first one lost to the save)", *calls)
	}
}

// TestEditRefusesWhenAlwaysChanged: a file that changes on every attempt
// is left with the last save, and the error wraps ErrChanged and names
// the file.
func TestEditRefusesWhenAlwaysChanged(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	hook, calls := saveOnce(t, 1000)
	ctx := edithook.With(context.Background(), hook)
	_, err := memfile.Edit(ctx, root, "memory/a.md", 0, addMark)
	if !errors.Is(err, memfile.ErrChanged) || !strings.Contains(err.Error(), "memory/a.md") {
		t.Fatalf("Edit of a file saved on every attempt: %v, want ErrChanged naming memory/a.md", err)
	}
	if *calls != memfile.EditAttempts {
		t.Errorf("%d attempts, want %d", *calls, memfile.EditAttempts)
	}
	got, _ := os.ReadFile(filepath.Join(root, "memory/a.md"))
	want := "# A\n"
	for i := 1; i <= memfile.EditAttempts; i++ {
		want += fmt.Sprintf("editor save %d\n", i)
	}
	if string(got) != want {
		t.Errorf("the file is %q, want every save kept and no mark: %q", got, want)
	}
	if left, _ := filepath.Glob(filepath.Join(root, "memory", memfile.TempDir, "*.tmp")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestEditRefusesDeletedFile: a file removed in the window is not
// brought back.
func TestEditRefusesDeletedFile(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	ctx := edithook.With(context.Background(), func(abs string) { os.Remove(abs) })
	if _, err := memfile.Edit(ctx, root, "memory/a.md", 0, addMark); err == nil {
		t.Fatal("Edit of a file deleted in the window succeeded")
	}
	if _, err := os.Stat(filepath.Join(root, "memory/a.md")); !os.IsNotExist(err) {
		t.Errorf("the deleted file is back: %v", err)
	}
}

// TestEditExpectHash: with ExpectHash, a file that is not the content
// the caller saw is refused at once, not edited.
func TestEditExpectHash(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	ctx := context.Background()
	stale := memfile.EditOptions{ExpectHash: memfile.Hash([]byte("# A, as another reader saw it\n"))}
	_, err := memfile.EditWith(ctx, root, "memory/a.md", stale, addMark)
	if !errors.Is(err, memfile.ErrChanged) {
		t.Errorf("EditWith a stale hash: %v, want ErrChanged", err)
	}
	// A save in the window is refused too, not redone: the caller
	// decided on what it saw.
	hook, calls := saveOnce(t, 1)
	fresh := memfile.EditOptions{ExpectHash: memfile.Hash([]byte("# A\n"))}
	_, err = memfile.EditWith(edithook.With(ctx, hook), root, "memory/a.md", fresh, addMark)
	if !errors.Is(err, memfile.ErrChanged) || *calls != 1 {
		t.Errorf("EditWith the right hash and a save in the window: %v after %d attempts, want ErrChanged after 1", err, *calls)
	}
	got, _ := os.ReadFile(filepath.Join(root, "memory/a.md"))
	if want := "# A\neditor save 1\n"; string(got) != want {
		t.Fatalf("the file is %q, want %q", got, want)
	}
	fresh.ExpectHash = memfile.Hash(got)
	if _, err := memfile.EditWith(ctx, root, "memory/a.md", fresh, addMark); err != nil {
		t.Fatalf("EditWith the current hash: %v", err)
	}
	got, _ = os.ReadFile(filepath.Join(root, "memory/a.md"))
	if want := "# A\neditor save 1\nmark\n"; string(got) != want {
		t.Errorf("the file is %q, want %q", got, want)
	}
}

// TestEditDoesNotHoldLockWhileEditing: with Optimistic, another writer
// takes the workspace lock while an edit is still computing its result,
// so a slow edit keeps nobody waiting.
func TestEditDoesNotHoldLockWhileEditing(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	ctx := context.Background()
	slow := func(rel string, old []byte) ([]byte, error) {
		lctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		// An append of another note, under the lock, while the edit runs.
		if _, _, err := memfile.AppendWith(lctx, root, "appended meanwhile", time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC), time.UTC); err != nil {
			return nil, fmt.Errorf("append while editing: %w", err)
		}
		return addMark(rel, old)
	}
	if _, err := memfile.EditWith(ctx, root, "memory/a.md", memfile.EditOptions{Optimistic: true}, slow); err != nil {
		t.Fatalf("EditWith Optimistic: %v", err)
	}
	got, _ := os.ReadFile(filepath.Join(root, "memory/a.md"))
	if want := "# A\nmark\n"; string(got) != want {
		t.Errorf("the file is %q, want %q", got, want)
	}
}

// TestDeleteExpectHash: DeleteWith keeps a file that no longer holds the
// content the caller decided to delete.
func TestDeleteExpectHash(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	ctx := context.Background()
	stale := memfile.DeleteOptions{ExpectHash: memfile.Hash([]byte("# A, before the editor saved\n"))}
	if _, _, err := memfile.DeleteWith(ctx, root, "memory/a.md", stale); !errors.Is(err, memfile.ErrChanged) {
		t.Errorf("DeleteWith a stale hash: %v, want ErrChanged", err)
	}
	if _, err := os.Stat(filepath.Join(root, "memory/a.md")); err != nil {
		t.Fatalf("the file is gone: %v", err)
	}
	fresh := memfile.DeleteOptions{ExpectHash: memfile.Hash([]byte("# A\n"))}
	if _, missing, err := memfile.DeleteWith(ctx, root, "memory/a.md", fresh); err != nil || missing {
		t.Errorf("DeleteWith the current hash: missing %v, %v", missing, err)
	}
	if _, err := os.Stat(filepath.Join(root, "memory/a.md")); !os.IsNotExist(err) {
		t.Errorf("the file is still there: %v", err)
	}
}

// TestEditHoldsLockWhileEditing: by default the lock is held while the
// edit runs, so an edit may check other files and trust what it saw.
func TestEditHoldsLockWhileEditing(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	ctx := context.Background()
	check := func(rel string, old []byte) ([]byte, error) {
		lctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		defer cancel()
		if unlock, err := memfile.Lock(lctx, root); err == nil {
			unlock()
			return nil, errors.New("another writer took the lock while the edit ran")
		}
		return addMark(rel, old)
	}
	if _, err := memfile.Edit(ctx, root, "memory/a.md", 0, check); err != nil {
		t.Fatalf("Edit: %v", err)
	}
}
