package gitsync

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRemoteURLAsGitSaysIt: the fetch and push URLs sync takes from the
// config it read once are those git remote get-url [--push] prints, for
// each way a config names them (git itself is the oracle), and a config
// sync cannot answer for (a rewrite, a remote in .git/remotes/, an empty
// value, no such remote) is asked of git.
func TestRemoteURLAsGitSaysIt(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	for _, tc := range []struct {
		name   string
		config [][2]string // git config --add KEY VALUE, in order
		remote string      // the remote name; "origin" when empty
		file   string      // .git/remotes/<remote>, when not empty
	}{
		{name: "one url", config: [][2]string{{"remote.origin.url", "/srv/team/memory.git"}}},
		{name: "two urls", config: [][2]string{{"remote.origin.url", "/srv/a.git"}, {"remote.origin.url", "https://example.com/b.git"}}},
		{name: "a push url", config: [][2]string{{"remote.origin.url", "/srv/a.git"}, {"remote.origin.pushurl", "ssh://host/b.git"}}},
		{name: "insteadOf", config: [][2]string{{"remote.origin.url", "team:memory.git"}, {"url./srv/team/.insteadOf", "team:"}}},
		{name: "pushInsteadOf", config: [][2]string{{"remote.origin.url", "https://example.com/m.git"}, {"url.ssh://example.com/.pushInsteadOf", "https://example.com/"}}},
		{name: "spaces kept by quotes", config: [][2]string{{"remote.origin.url", " /srv/a b.git "}}},
		{name: "a remote with dots", remote: "team.mirror", config: [][2]string{{"remote.team.mirror.url", "/srv/mirror.git"}}},
		{name: "a remotes file", file: "URL: /srv/legacy.git\nPush: refs/heads/main\n"},
		{name: "no such remote", config: [][2]string{{"remote.other.url", "/srv/other.git"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			git := func(args ...string) (string, error) {
				out, err := exec.Command("git", append([]string{"-C", root}, args...)...).Output()
				return strings.TrimSpace(string(out)), err
			}
			if _, err := git("init", "-q"); err != nil {
				t.Fatal(err)
			}
			for _, kv := range tc.config {
				if _, err := git("config", "--add", kv[0], kv[1]); err != nil {
					t.Fatal(err)
				}
			}
			remote := tc.remote
			if remote == "" {
				remote = "origin"
			}
			if tc.file != "" {
				os.MkdirAll(filepath.Join(root, ".git", "remotes"), 0o755)
				if err := os.WriteFile(filepath.Join(root, ".git", "remotes", remote), []byte(tc.file), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s := &syncer{root: root, remote: remote}
			if err := s.readConfig(context.Background()); err != nil {
				t.Fatal(err)
			}
			for _, push := range []bool{false, true} {
				args := []string{"remote", "get-url", "--", remote}
				if push {
					args = []string{"remote", "get-url", "--push", "--", remote}
				}
				want, wantErr := git(args...)
				got, err := s.remoteURL(context.Background(), push)
				if (err != nil) != (wantErr != nil) || got != want {
					t.Errorf("remoteURL(push %v) = %q, %v; git remote get-url says %q, %v", push, got, err, want, wantErr)
				}
			}
		})
	}
}

// TestEmptyTreeAsGitSaysIt: the empty tree's id sync takes from the
// length of an id is the one git hashes, in a SHA-1 and a SHA-256
// repository; an id of another length is asked of git.
func TestEmptyTreeAsGitSaysIt(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	for _, format := range []string{"sha1", "sha256"} {
		root := t.TempDir()
		if out, err := exec.Command("git", "init", "-q", "--object-format="+format, root).CombinedOutput(); err != nil {
			t.Skipf("git init --object-format=%s: %v\n%s", format, err, out)
		}
		cmd := exec.Command("git", "-C", root, "hash-object", "-t", "tree", "--stdin")
		want, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		s := &syncer{root: root}
		for _, like := range []string{strings.Repeat("a", len(strings.TrimSpace(string(want)))), "HEAD"} {
			if got, err := s.emptyTree(context.Background(), like); err != nil || got != strings.TrimSpace(string(want)) {
				t.Errorf("emptyTree(%q) in a %s repository = %q, %v; git hashes %q", like, format, got, err, want)
			}
		}
	}
}
