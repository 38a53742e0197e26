package history

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestRemoveOrphans checks that the checkout folder of a process that has
// ended is removed and that those of running processes, and folders of
// other names, stay.
func TestRemoveOrphans(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ended := exec.Command(self, "-test.run=^$")
	if err := ended.Run(); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	dead := fmt.Sprintf("%s%d-123", tempPrefix, ended.Process.Pid)
	live := fmt.Sprintf("%s%d-456", tempPrefix, os.Getpid())
	for _, name := range []string{dead, live, "memweave-at-789", "memweave-at-x-1", "other-1-2"} {
		if err := os.MkdirAll(filepath.Join(tmp, name, "memory"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	removeOrphans(tmp)
	for name, want := range map[string]bool{dead: false, live: true, "memweave-at-789": true, "memweave-at-x-1": true, "other-1-2": true} {
		if _, err := os.Stat(filepath.Join(tmp, name)); (err == nil) != want {
			t.Errorf("after removeOrphans, %s exists = %v, want %v", name, err == nil, want)
		}
	}

	// The temporary folder is the user's ($TMPDIR): "t[m]p" is a folder of
	// that name, not a pattern that reaches "tmp" beside it.
	root := t.TempDir()
	odd, sibling := filepath.Join(root, "t[m]p", dead), filepath.Join(root, "tmp", dead)
	for _, d := range []string{odd, sibling} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	removeOrphans(filepath.Dir(odd))
	if _, err := os.Stat(sibling); err != nil {
		t.Errorf("removeOrphans(%s) removed %s, outside it", filepath.Dir(odd), sibling)
	}
	if _, err := os.Stat(odd); err == nil {
		t.Errorf("removeOrphans(%s) left %s", filepath.Dir(odd), odd)
	}
}
