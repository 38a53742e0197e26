package memfile_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// A note replaced by a link out of memory/ while an edit waits for the
// write lock is not read through the link: the edit never sees the
// outside file, and nothing is written anywhere.
func TestEditDoesNotReadThroughLinkMadeWhileWaiting(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	secret := filepath.Join(t.TempDir(), "secret.md")
	if err := os.WriteFile(secret, []byte("TOKEN=hunter2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	unlock, err := memfile.Lock(t.Context(), root)
	if err != nil {
		t.Fatal(err)
	}
	seen := make(chan string, 4)
	done := make(chan error, 1)
	go func() {
		_, err := memfile.Edit(t.Context(), root, "memory/a.md", 0, func(_ string, old []byte) ([]byte, error) {
			seen <- string(old)
			return append(append([]byte{}, old...), "mark\n"...), nil
		})
		done <- err
	}()
	time.Sleep(200 * time.Millisecond) // the edit has resolved the path and waits for the lock
	note := filepath.Join(root, "memory", "a.md")
	if err := os.Remove(note); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, note); err != nil {
		t.Fatal(err)
	}
	unlock()
	err = <-done
	close(seen)
	for s := range seen {
		if strings.Contains(s, "hunter2") {
			t.Errorf("the edit was given the content of %s, outside memory/: %q", secret, s)
		}
	}
	if err == nil || !strings.Contains(err.Error(), "memory/a.md") {
		t.Errorf("Edit through a link out of memory/ = %v, want a refusal naming memory/a.md", err)
	}
	if got, _ := os.ReadFile(secret); string(got) != "TOKEN=hunter2\n" {
		t.Errorf("the outside file = %q, want it unchanged", got)
	}
}
