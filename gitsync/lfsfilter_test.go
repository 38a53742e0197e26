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

// TestSyncRunsNoLFSFilterARemoteSelects: this user set git-lfs up
// globally (filter.lfs.clean, .smudge and .process in the global config,
// required), for other repositories. A remote's plain git push of a
// .gitattributes selecting filter=lfs (at the top, under memory/, in a
// project folder) must not make sync run it: the tree is refused, naming
// the file, the work tree is left as it was and the filter never runs,
// neither in that sync nor in the next one with an edit of this
// machine's. A .gitattributes with filter=lfs this machine's user
// committed is refused before the push, and runs nothing either.
func TestSyncRunsNoLFSFilterARemoteSelects(t *testing.T) {
	cases := []struct{ name, dir, text, want string }{
		{"top .gitattributes", "", "*.md filter=lfs diff=lfs merge=lfs -text\n", ".gitattributes"},
		{"memory/.gitattributes", "memory", "* filter=lfs diff=lfs merge=lfs -text\n", "memory/.gitattributes"},
		{"a project folder's", "docs", "*.md filter=lfs diff=lfs merge=lfs -text\n", "docs/.gitattributes"},
		{"this machine's own", "", "assets/** filter=lfs diff=lfs merge=lfs -text\n", ".gitattributes"},
	}
	synced := template(t, func(ws []string) { sync(t, ws[0], "victim") }, "victim", "other")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := synced(t)
			victim, other := ws[0], ws[1]
			target, host := other, "other"
			if tc.name == "this machine's own" {
				target, host = victim, "victim"
			}
			gitIn(t, target, nil, "pull", "-q", "origin", "main")
			write(t, target, filepath.Join(tc.dir, ".gitattributes"), tc.text)
			write(t, target, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
			gitIn(t, target, nil, "add", "-A")
			gitIn(t, target, nil, "commit", "-qm", "lfs")
			if host == "other" {
				gitIn(t, target, nil, "push", "-q", "origin", "main")
			}
			tmp := t.TempDir()
			mark, prog := filepath.Join(tmp, "ran"), filepath.Join(tmp, "git-lfs.sh")
			if err := os.WriteFile(prog, []byte("#!/bin/sh\necho \"$@\" >> "+mark+"\ncat\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			global := filepath.Join(tmp, "gitconfig")
			cfg := "[filter \"lfs\"]\n\tclean = " + prog + " clean %f\n\tsmudge = " + prog + " smudge %f\n\tprocess = " + prog + " process\n\trequired = true\n"
			if err := os.WriteFile(global, []byte(cfg), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Setenv("GIT_CONFIG_GLOBAL", global)

			before := snapshot(t, victim)
			_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
			if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Sync = %v, want %v naming %s", err, gitsync.ErrRefused, tc.want)
			}
			if host == "other" {
				if after := snapshot(t, victim); len(after) != len(before) || after[filepath.Join(victim, "memory/notes/db.md")] != before[filepath.Join(victim, "memory/notes/db.md")] {
					t.Errorf("the refused sync changed the work tree: %v, was %v", after, before)
				}
			}
			write(t, victim, "memory/notes/new.md", "# New\n\nfrom the victim\n")
			if _, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"}); !errors.Is(err, gitsync.ErrRefused) {
				t.Errorf("second Sync = %v, want %v again", err, gitsync.ErrRefused)
			}
			if data, err := os.ReadFile(mark); err == nil {
				t.Errorf("sync ran the lfs filter: %q", data)
			}
		})
	}
}
