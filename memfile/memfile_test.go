package memfile_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

func TestLines(t *testing.T) {
	tests := []struct {
		data        string
		from, count int
		want        string
	}{
		{"one\ntwo\nthree\n", 1, 0, "one\ntwo\nthree\n"},
		{"one\ntwo\nthree\n", 1, -1, "one\ntwo\nthree\n"},
		{"one\ntwo\nthree\n", 2, 1, "two\n"},
		{"one\ntwo\nthree\n", 2, 2, "two\nthree\n"},
		{"one\ntwo\nthree\n", 3, 100, "three\n"},
		{"one\ntwo\nthree\n", 1, int(^uint(0) >> 1), "one\ntwo\nthree\n"},
		{"one\ntwo\nthree", 3, 1, "three"},
		{"a\r\nb\r\nc", 2, 1, "b\r\n"},
		{"a\rb\rc", 2, 2, "b\rc"},
		{"", 1, 0, ""},
		{"\n\n", 2, 1, "\n"},
	}
	for _, tt := range tests {
		got, err := memfile.Lines([]byte(tt.data), tt.from, tt.count)
		if err != nil || got != tt.want {
			t.Errorf("Lines(%q, %d, %d) = %q, %v; want %q", tt.data, tt.from, tt.count, got, err, tt.want)
		}
	}
	errs := []struct {
		data string
		from int
		want string
	}{
		{"one\ntwo\nthree\n", 4, "the file has 3 lines"},
		{"one\n", 0, "numbered from 1"},
		{"", 2, "the file has 0 lines"},
	}
	for _, tt := range errs {
		if _, err := memfile.Lines([]byte(tt.data), tt.from, 1); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Lines(%q, %d, 1) error = %v, want one containing %q", tt.data, tt.from, err, tt.want)
		}
	}
}

func TestTrimLineEnding(t *testing.T) {
	for in, want := range map[string]string{
		"a\n": "a", "a\r\n": "a", "a\r": "a", "a": "a", "a\n\n": "a\n", "": "",
	} {
		if got := memfile.TrimLineEnding(in); got != want {
			t.Errorf("TrimLineEnding(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDatedPath(t *testing.T) {
	day := time.Date(2026, 3, 14, 23, 30, 0, 0, time.UTC)
	tests := []struct{ source, want string }{
		{"", "memory/2026-03-14.md"},
		{"memory", "memory/2026-03-14.md"},
		{"ops_agent", "memory/ops_agent/2026-03-14.md"},
		{"研究-2", "memory/研究-2/2026-03-14.md"},
	}
	for _, tt := range tests {
		if got, err := memfile.DatedPath(tt.source, day); err != nil || got != tt.want {
			t.Errorf("DatedPath(%q) = %q, %v; want %q", tt.source, got, err, tt.want)
		}
	}
	// The date is the one in day's location.
	kiribati := day.In(time.FixedZone("LINT", 14*3600))
	if got, _ := memfile.DatedPath("", kiribati); got != "memory/2026-03-15.md" {
		t.Errorf("DatedPath in UTC+14 = %q, want memory/2026-03-15.md", got)
	}
	for _, src := range []string{"../x", "a/b", `a\b`, ".hidden", "a.b", "..", ".", "external", "has space", strings.Repeat("a", 65)} {
		if _, err := memfile.DatedPath(src, day); !errors.Is(err, memfile.ErrInvalidSource) {
			t.Errorf("DatedPath(%q) = %v, want ErrInvalidSource", src, err)
		}
	}
}

func TestAppend(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/stack.md":      "# Stack\n",
		"memory/2026-01-01.md": "unterminated",
		"memory/2026-01-02.md": "ends in a blank line\n\n",
	})
	tests := []struct {
		rel, text, want string
	}{
		{"memory/2026-11-30.md", "first", "first\n"},
		{"memory/2026-11-30.md", "second\n- with a list", "first\n\nsecond\n- with a list\n"},
		{"memory/2026-01-01.md", "later", "unterminated\n\nlater\n"},
		{"memory/2026-01-02.md", "later", "ends in a blank line\n\nlater\n"},
		{"memory/agent/2026-11-30.md", "in a new folder", "in a new folder\n"},
	}
	for _, tt := range tests {
		if err := appendTo(root, tt.rel, tt.text); err != nil {
			t.Fatalf("append(%s, %q): %v", tt.rel, tt.text, err)
		}
		if got := memweavetest.ReadFile(t, root, tt.rel); got != tt.want {
			t.Errorf("after append(%s, %q) the file is %q, want %q", tt.rel, tt.text, got, tt.want)
		}
	}
	if err := memfile.AppendDated(root, "memory/stack.md", "note"); err == nil {
		t.Errorf("appendNote to an evergreen file succeeded")
	}
	if err := os.Symlink("stack.md", filepath.Join(root, "memory", "2026-05-05.md")); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	if err := appendTo(root, "memory/2026-05-05.md", "note"); err == nil {
		t.Errorf("AppendWith through a dated link succeeded")
	}
	if got := memweavetest.ReadFile(t, root, "memory/stack.md"); got != "# Stack\n" {
		t.Errorf("evergreen file changed: %q", got)
	}
}

func TestReplace(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/keep.md": "old\n"})
	if err := os.Chmod(filepath.Join(root, "memory", "keep.md"), 0o600); err != nil {
		t.Fatal(err)
	}
	abs, err := memfile.Replace(root, "keep.md", []byte("new\n"))
	if err != nil || abs != filepath.Join(root, "memory", "keep.md") {
		t.Fatalf("Replace(keep.md) = %q, %v", abs, err)
	}
	if got := memweavetest.ReadFile(t, root, "memory/keep.md"); got != "new\n" {
		t.Errorf("keep.md = %q, want new", got)
	}
	if fi, err := os.Stat(abs); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("keep.md mode = %v, %v; want 0600 kept", fi.Mode().Perm(), err)
	}
	if _, err := memfile.Replace(root, "memory/a/b/c.md", []byte("deep\n")); err != nil {
		t.Fatalf("Replace in new folders: %v", err)
	}
	if got := memweavetest.ReadFile(t, root, "memory/a/b/c.md"); got != "deep\n" {
		t.Errorf("a/b/c.md = %q", got)
	}
	entries, err := os.ReadDir(filepath.Join(root, "memory"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && e.Name() != memfile.TempDir {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	if tmp, err := os.ReadDir(filepath.Join(root, "memory", memfile.TempDir)); err != nil || len(tmp) != 1 || tmp[0].Name() != ".gitignore" {
		t.Errorf("memory/%s = %v, %v; want only its .gitignore", memfile.TempDir, tmp, err)
	}
	for path, want := range map[string]error{
		"../x.md": workspace.ErrOutsideMemory, "x.txt": workspace.ErrNotMarkdown, ".x.md": workspace.ErrIgnoredName,
	} {
		if _, err := memfile.Replace(root, path, []byte("x")); !errors.Is(err, want) {
			t.Errorf("Replace(%q) = %v, want %v", path, err, want)
		}
	}
}

func TestTargetFollowsLinksInsideMemory(t *testing.T) {
	outside := t.TempDir()
	root := memweavetest.Workspace(t, map[string]string{"memory/real.md": "real\n"})
	if err := os.Symlink("real.md", filepath.Join(root, "memory", "alias.md")); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	if err := os.Symlink(filepath.Join(outside, "x.md"), filepath.Join(root, "memory", "out.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "memory", "dir.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, rel, err := memfile.Target(root, "alias.md"); err != nil || rel != "memory/real.md" {
		t.Errorf("Target(alias.md) = %q, %v; want memory/real.md", rel, err)
	}
	if _, _, err := memfile.Target(root, "out.md"); !errors.Is(err, workspace.ErrOutsideMemory) {
		t.Errorf("Target(out.md) = %v, want ErrOutsideMemory", err)
	}
	if _, _, err := memfile.Target(root, "dir.md"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Target(dir.md) = %v, want a folder refused", err)
	}
}

func TestRemove(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "a\n", "memory/real.md": "real\n"})
	mem := filepath.Join(root, "memory")
	if err := memfile.Remove(root, "a.md"); err != nil {
		t.Fatalf("Remove(a.md): %v", err)
	}
	if _, err := os.Stat(filepath.Join(mem, "a.md")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a.md still there: %v", err)
	}
	if err := memfile.Remove(root, "a.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Remove of a missing file = %v, want fs.ErrNotExist", err)
	}
	os.Mkdir(filepath.Join(mem, "dir.md"), 0o755)
	if err := memfile.Remove(root, "dir.md"); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("Remove of a folder = %v, want it refused", err)
	}
	if err := os.Symlink("real.md", filepath.Join(mem, "alias.md")); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	if err := memfile.Remove(root, "alias.md"); err != nil {
		t.Fatalf("Remove(alias.md): %v", err)
	}
	if got := memweavetest.ReadFile(t, root, "memory/real.md"); got != "real\n" {
		t.Errorf("the link's target changed: %q", got)
	}
}

func TestLock(t *testing.T) {
	root := t.TempDir()
	ctx := context.Background()
	var wg sync.WaitGroup
	var mu sync.Mutex
	inside, most := 0, 0
	for range 8 {
		wg.Go(func() {
			for range 20 {
				unlock, err := memfile.Lock(ctx, root)
				if err != nil {
					t.Errorf("Lock: %v", err)
					return
				}
				mu.Lock()
				inside++
				most = max(most, inside)
				mu.Unlock()
				time.Sleep(10 * time.Microsecond)
				mu.Lock()
				inside--
				mu.Unlock()
				unlock()
			}
		})
	}
	wg.Wait()
	if most != 1 {
		t.Errorf("%d holders of the lock at once, want 1", most)
	}
	if _, err := os.Stat(filepath.Join(root, workspace.IndexDir, memfile.LockName)); err != nil {
		t.Errorf("lock file: %v", err)
	}
	// A held lock makes a second Lock wait until its context is done.
	unlock, err := memfile.Lock(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := memfile.Lock(short, root); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Lock while held = %v, want context.DeadlineExceeded", err)
	}
}

// TestRecoverRemovesTempFiles checks that Recover removes the temporary
// files a killed write left in TempDir, and only those.
func TestRecoverRemovesTempFiles(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/" + memfile.TempDir + "/.memweave-write-0123.tmp": "half a note",
		"memory/" + memfile.TempDir + "/.gitignore":               "*\n",
		"memory/" + memfile.TempDir + "/other.txt":                "not ours",
	})
	if err := memfile.Recover(context.Background(), root); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(root, "memory", memfile.TempDir))
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if err != nil || strings.Join(names, " ") != ".gitignore other.txt" {
		t.Errorf("memory/%s after Recover = %v, %v; want .gitignore other.txt", memfile.TempDir, names, err)
	}
}
