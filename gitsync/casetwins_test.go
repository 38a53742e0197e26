package gitsync_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRefusesCaseTwinsWhereCaseIsIgnored: on a file system that does
// not tell case apart (macOS, Windows: git sets core.ignorecase when it
// clones there), a remote's memory/Notes.md and memory/notes.md are one
// file: sync wrote both to it, the second over the first, and the next
// sync committed the survivor at both paths and pushed it, so the other
// note's text left every machine's work tree. Where core.ignorecase is
// set, such a tree is refused, naming both paths; elsewhere it syncs.
func TestSyncRefusesCaseTwinsWhereCaseIsIgnored(t *testing.T) {
	t.Parallel()
	for _, ignoreCase := range []bool{true, false} {
		name := "case kept"
		if ignoreCase {
			name = "core.ignorecase"
		}
		t.Run(name, func(t *testing.T) {
			bare := remote(t)
			victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
			if ignoreCase {
				gitIn(t, victim, nil, "config", "core.ignorecase", "true")
			}
			sync(t, victim, "victim")
			gitIn(t, attacker, nil, "pull", "-q", "origin", "main")
			write(t, attacker, "memory/Team/Plan.md", "the plan from Linux\n")
			write(t, attacker, "memory/team/plan.md", "another plan\n")
			gitIn(t, attacker, nil, "add", "-A")
			gitIn(t, attacker, nil, "commit", "-qm", "twins")
			gitIn(t, attacker, nil, "push", "-q", "origin", "main")
			_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
			if !ignoreCase {
				if err != nil {
					t.Fatalf("Sync where case is kept = %v, want the twins synced", err)
				}
				return
			}
			if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), "memory/Team/Plan.md") || !strings.Contains(err.Error(), "memory/team/plan.md") {
				t.Errorf("Sync with core.ignorecase = %v, want ErrRefused naming both twins", err)
			}
		})
	}
}
