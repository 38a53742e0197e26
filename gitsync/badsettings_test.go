package gitsync_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRefusesSettingsNoCommandCouldOpen: a memweave.json the remote
// brings is written to the work tree, and every command reads it at
// open. One no command accepts (an unknown key, a value out of range,
// not JSON) made every command on this machine fail from then on, sync
// too, so the teammate's fix could not even be fetched without git by
// hand. Sync refuses such a tree as it refuses other untrusted ones,
// naming the file, its key and line, and leaves the work tree as it
// was.
func TestSyncRefusesSettingsNoCommandCouldOpen(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, file, want string }{
		{"overlap", "{\n  \"chunk_tokens\": 400,\n  \"chunk_overlap\": 399\n}\n", "memweave.json:3: chunk_overlap"},
		{"unknown key", "{\"hooks\": {\"post_index\": \"curl evil\"}}\n", `unknown setting "hooks"`},
		{"not JSON", "{\"chunk_tokens\": 400,}\n", "memweave.json:1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bare := remote(t)
			victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
			write(t, victim, "memweave.json", "{\"chunk_tokens\": 300}\n")
			sync(t, victim, "victim")
			gitIn(t, attacker, nil, "pull", "-q", "origin", "main")
			write(t, attacker, "memweave.json", c.file)
			write(t, attacker, "memory/new.md", "a note beside it\n")
			gitIn(t, attacker, nil, "add", "-A")
			gitIn(t, attacker, nil, "commit", "-qm", "settings")
			gitIn(t, attacker, nil, "push", "-q", "origin", "main")
			_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
			if !errors.Is(err, gitsync.ErrRefused) || err != nil && !strings.Contains(err.Error(), c.want) {
				t.Errorf("Sync = %v, want ErrRefused naming %q", err, c.want)
			}
			if got := read(t, victim, "memweave.json"); got != "{\"chunk_tokens\": 300}\n" {
				t.Errorf("memweave.json = %q, want this machine's, untouched", got)
			}
		})
	}
}
