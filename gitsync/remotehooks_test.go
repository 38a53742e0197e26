package gitsync_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSyncRunsNoProgramOfALocalRemote: a push to a remote on this
// machine's disk (a shared drive, say) runs git receive-pack here, as
// this user, in the remote's folder, with that folder's hooks and its
// core.alternateRefsCommand: whoever can write there could run any
// program on every machine that syncs. Sync pushes with none of them,
// whether the remote is a path or a file:// URL, and the push still
// lands.
func TestSyncRunsNoProgramOfALocalRemote(t *testing.T) {
	for _, form := range []string{"path", "file URL"} {
		t.Run(form, func(t *testing.T) {
			bare := remote(t)
			a := clone(t, bare, "a")
			if form == "file URL" {
				gitIn(t, a, nil, "remote", "set-url", "origin", "file://"+bare)
			}
			ran := filepath.Join(t.TempDir(), "ran")
			for _, h := range []string{"pre-receive", "update", "post-receive", "post-update", "reference-transaction", "proc-receive"} {
				script := "#!/bin/sh\necho " + h + " >> '" + ran + "'\ncat > /dev/null\n"
				if err := os.WriteFile(filepath.Join(bare, "hooks", h), []byte(script), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			other := filepath.Join(t.TempDir(), "other.git")
			run(t, filepath.Dir(other), "init", "-q", "--bare", other)
			write(t, bare, "objects/info/alternates", filepath.Join(other, "objects")+"\n")
			gitIn(t, bare, nil, "config", "core.alternateRefsCommand", "echo alternateRefsCommand >> '"+ran+"'; true")

			write(t, a, "memory/mine.md", "mine\n")
			res := sync(t, a, "a")
			if !res.Pushed {
				t.Fatalf("Sync = %+v, want a push", res)
			}
			if got := gitIn(t, bare, nil, "rev-parse", "main"); got != res.Head {
				t.Errorf("the remote's main = %s, want the pushed %s", got, res.Head)
			}
			if data, err := os.ReadFile(ran); err == nil {
				t.Errorf("the push ran the remote's programs: %s", strings.Join(strings.Fields(string(data)), ", "))
			}
		})
	}
}
