package memfile_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestCutTempIgnoreIsNotLeft: a write whose file size limit
// (RLIMIT_FSIZE; a full disk likewise) cuts the .gitignore of
// memory/.memweave-tmp short used to leave that cut file: it ignores
// nothing, and every later write took it for the real one, so git listed
// the folder's temporary files and sync would commit the cut .gitignore.
// Now the write leaves neither it nor the empty folder, and the next
// write makes both whole.
func TestCutTempIgnoreIsNotLeft(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	out, err := helperCmd(t, "replace", root, envLimit+"=10").CombinedOutput()
	if err != nil {
		t.Fatalf("helper: %v\n%s", err, out)
	}
	tmp := filepath.Join(root, "memory", memfile.TempDir)
	if _, err := os.Lstat(tmp); err == nil {
		ignore, _ := os.ReadFile(filepath.Join(tmp, ".gitignore"))
		t.Errorf("after the write cut at 10 bytes (%s), %s is left, its .gitignore %q", strings.TrimSpace(string(out)), tmp, ignore)
	}
	if _, err := memfile.Replace(root, "memory/c.md", []byte("c\n")); err != nil {
		t.Fatal(err)
	}
	if ignore, err := os.ReadFile(filepath.Join(tmp, ".gitignore")); err != nil || !strings.Contains(string(ignore), "\n*\n") {
		t.Errorf("after the next write, the .gitignore = %q (%v), want it to ignore everything", ignore, err)
	}
}

// TestKilledTempIgnoreIsRewritten: a process killed while it wrote the
// .gitignore of memory/.memweave-tmp (or an older build out of disk
// space) leaves it empty or cut short, which no cleanup of its own can
// mend. The next write makes it whole; a .gitignore of other content
// (someone's own) is left alone.
func TestKilledTempIgnoreIsRewritten(t *testing.T) {
	for _, left := range []string{"", "# Temporar", "*\n"} {
		root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n", "memory/" + memfile.TempDir + "/.gitignore": left})
		if _, err := memfile.Replace(root, "memory/c.md", []byte("c\n")); err != nil {
			t.Fatal(err)
		}
		ignore, err := os.ReadFile(filepath.Join(root, "memory", memfile.TempDir, ".gitignore"))
		want := "# Temporary files of memweave writes; see memfile.TempDir.\n*\n"
		if left == "*\n" {
			want = left
		}
		if err != nil || string(ignore) != want {
			t.Errorf("left %q: after a write, the .gitignore = %q (%v), want %q", left, ignore, err, want)
		}
	}
}
