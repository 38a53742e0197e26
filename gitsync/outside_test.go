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

// TestSyncRemoteTouchesNothingOutsideMemory: a remote commit that deletes
// a tracked file outside memory/, or changes only its mode, is refused,
// naming the file, and the file stays as this machine has it.
func TestSyncRemoteTouchesNothingOutsideMemory(t *testing.T) {
	cases := []struct {
		name   string
		attack func(t testing.TB, attacker string)
	}{
		{"deletes README.md", func(t testing.TB, a string) {
			gitIn(t, a, nil, "rm", "-q", "README.md")
		}},
		{"deletes a folder of source", func(t testing.TB, a string) {
			gitIn(t, a, nil, "rm", "-rq", "src")
		}},
		{"makes run.sh executable", func(t testing.TB, a string) {
			gitIn(t, a, nil, "update-index", "--chmod=+x", "src/run.sh")
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bare := remote(t)
			victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
			write(t, victim, "README.md", "# project\n")
			write(t, victim, "src/run.sh", "echo hi\n")
			gitIn(t, victim, nil, "add", "README.md", "src/run.sh")
			gitIn(t, victim, nil, "commit", "-qm", "project files")
			gitIn(t, victim, nil, "push", "-q", "origin", "main")
			sync(t, victim, "victim")
			gitIn(t, attacker, nil, "pull", "-q", "origin", "main")
			tc.attack(t, attacker)
			write(t, attacker, "memory/other.md", "other\n")
			gitIn(t, attacker, nil, "add", "memory")
			gitIn(t, attacker, nil, "commit", "-qm", "hostile")
			gitIn(t, attacker, nil, "push", "-q", "origin", "main")

			head := gitIn(t, victim, nil, "rev-parse", "HEAD")
			_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
			if !errors.Is(err, gitsync.ErrRefused) {
				t.Errorf("Sync = %v, want ErrRefused", err)
			}
			if got := gitIn(t, victim, nil, "ls-files", "README.md"); got != "README.md" {
				t.Errorf("README.md is no longer tracked (ls-files = %q)", got)
			}
			if got := read(t, victim, "README.md"); got != "# project\n" {
				t.Errorf("README.md = %q", got)
			}
			fi, serr := os.Stat(filepath.Join(victim, "src/run.sh"))
			if serr != nil || fi.Mode().Perm()&0o111 != 0 {
				t.Errorf("src/run.sh after Sync: %v, %v; want it there, not executable", fi, serr)
			}
			if got := gitIn(t, victim, nil, "rev-parse", "HEAD"); got != head {
				t.Errorf("HEAD moved from %s to %s", head, got)
			}
			if err != nil && !strings.Contains(err.Error(), "README.md") && !strings.Contains(err.Error(), "src/") {
				t.Errorf("Sync = %v, want the error to name the file", err)
			}
		})
	}
}
