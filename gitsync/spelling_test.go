package gitsync_test

import (
	"context"
	"errors"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRefusesGitNamesSpelledAnotherWay: macOS and Windows file
// systems take other spellings for .gitattributes and .git: another case
// (APFS, NTFS), trailing dots or spaces (NTFS), and HFS+ ignores a
// zero-width joiner or non-joiner in a name. There, a remote's
// memory/.GitAttributes is the .gitattributes git reads, and its filter
// would run on every note sync adds (git-lfs, installed globally, would
// push pointers in place of notes); a memory/x/.gi<ZWJ>t folder is a
// repository whose config git obeys in that folder. Sync refuses them
// wherever it runs, as git refuses .git spelled so.
func TestSyncRefusesGitNamesSpelledAnotherWay(t *testing.T) {
	t.Parallel()
	const zwj, zwnj = "\u200d", "\u200c"
	for _, tc := range []struct{ name, dir, file, text string }{
		{"another case", "", ".GitAttributes", "* filter=lfs\n"},
		{"a trailing dot", "", ".gitattributes.", "* filter=lfs\n"},
		{"a trailing space", "", ".gitattributes ", "* filter=lfs\n"},
		{"a zero-width non-joiner", "", ".git" + zwnj + "attributes", "* filter=lfs\n"},
		{"a zero-width joiner in .git", ".gi" + zwj + "t", "config", "[core]\n\tfsmonitor = touch /tmp/pwned\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bare := remote(t)
			victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
			sync(t, victim, "victim")
			gitIn(t, attacker, nil, "pull", "-q", "origin", "main")
			blob := gitIn(t, attacker, []byte(tc.text), "hash-object", "-w", "--stdin")
			note := gitIn(t, attacker, []byte("ok\n"), "hash-object", "-w", "--stdin")
			entry := [3]string{"100644", tc.file, blob}
			if tc.dir != "" {
				entry = [3]string{"40000", tc.dir, rawTree(t, attacker, entry)}
			}
			mem := rawTree(t, attacker, entry, [3]string{"100644", "ok.md", note})
			pushTree(t, attacker, rawTree(t, attacker, [3]string{"40000", "memory", mem}))
			if _, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"}); !errors.Is(err, gitsync.ErrRefused) {
				t.Fatalf("Sync = %v, want %v", err, gitsync.ErrRefused)
			}
		})
	}
}
