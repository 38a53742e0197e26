package history_test

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/memweavetest"
)

// In a partial clone (git clone --filter=blob:none) the notes of an older
// commit are not there, and git fetches a missing blob from the remote
// on the fly. A search --at must not go to the network unasked (the
// remote may stall, prompt or be hostile): it fails, saying what is
// missing and how to fetch it, and fetches nothing.
func TestCheckOutPartialCloneFetchesNothing(t *testing.T) {
	dir, run := repo(t)
	run("config", "uploadpack.allowFilter", "true")
	memweavetest.WriteFile(t, dir, "memory/a.md", "# A\n\nold words\n")
	run("add", "-A")
	run("commit", "-q", "-m", "one")
	run("tag", "v1")
	memweavetest.WriteFile(t, dir, "memory/a.md", "# A\n\nnew words\n")
	run("commit", "-q", "-am", "two")
	oldBlob := run("rev-parse", "v1:memory/a.md")
	clone := filepath.Join(t.TempDir(), "clone")
	gitIn := func(args ...string) ([]byte, error) {
		cmd := exec.Command("git", args...)
		cmd.Env = append(cmd.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_ALLOW_PROTOCOL=none")
		return cmd.CombinedOutput()
	}
	cmd := exec.Command("git", "clone", "-q", "--filter=blob:none", "file://"+dir, clone)
	cmd.Env = append(cmd.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git clone --filter=blob:none: %v\n%s", err, out)
	}
	if _, err := gitIn("-C", clone, "cat-file", "-e", oldBlob); err == nil {
		t.Skip("this git fetched every blob: no partial clone to test")
	}
	co, err := checkOut(t, clone, "v1", history.Limits{})
	if _, e := gitIn("-C", clone, "cat-file", "-e", oldBlob); e == nil {
		t.Errorf("CheckOut(v1) in a partial clone fetched the note's blob from the remote")
	}
	if err == nil {
		t.Fatalf("CheckOut(v1) in a partial clone without the note = %v files, nil error; want an error", co.Files)
	}
	if !errors.Is(err, history.ErrNotFetched) || !strings.Contains(err.Error(), "fetch them first") {
		t.Errorf("CheckOut(v1) in a partial clone = %v; want ErrNotFetched saying how to fetch", err)
	}
	// What the clone holds (HEAD's notes) is still searched.
	if _, err := checkOut(t, clone, "HEAD", history.Limits{}); err != nil {
		t.Errorf("CheckOut(HEAD) in the partial clone: %v", err)
	}
}
