package gitsync_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRunsNoTransferProgramTheRepositorysConfigPlants: a workspace
// copied from someone else (a tarball, a shared folder) brings its
// .git/config. Sync's fetch and push ran the programs it named for
// reaching the remote: core.sshCommand, a credential helper,
// core.askPass, core.gitProxy, and an ext:: transport (a remote URL, or a
// url.<base>.insteadOf leading to one, with protocol.ext.allow) which
// runs the command the URL names. None runs now; the user's own ssh
// command and credential helper (global config) still do.
func TestSyncRunsNoTransferProgramTheRepositorysConfigPlants(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Basic realm="x"`)
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer srv.Close()
	bin := t.TempDir()
	// program writes a marker named name when run, and fails.
	program := func(name string) (path, marker string) {
		marker = filepath.Join(bin, name+".ran")
		path = filepath.Join(bin, name+".sh")
		if err := os.WriteFile(path, []byte("#!/bin/sh\ntouch '"+marker+"'\nexit 1\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return path, marker
	}
	global := filepath.Join(t.TempDir(), "gitconfig")
	if err := os.WriteFile(global, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_CONFIG_GLOBAL", global)
	for _, v := range []string{"GIT_SSH_COMMAND", "GIT_SSH", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_PROXY_COMMAND"} {
		t.Setenv(v, "")
		os.Unsetenv(v)
	}
	bare := remote(t)
	cases := []struct {
		name  string
		url   string                        // the remote's URL, "" to keep it
		local func(prog string) [][2]string // the planted settings
		user  bool                          // the program is the user's own (global): it must run
		check bool                          // a check case, not tuned on
	}{
		{"ssh command", "ssh://git@127.0.0.1:1/x.git", func(p string) [][2]string { return [][2]string{{"core.sshCommand", p}} }, false, false},
		{"credential helper", srv.URL + "/x.git", func(p string) [][2]string { return [][2]string{{"credential.helper", "!" + p}} }, false, false},
		{"credential helper for the URL", srv.URL + "/x.git", func(p string) [][2]string { return [][2]string{{"credential." + srv.URL + ".helper", "!" + p}} }, false, true},
		{"password prompt", srv.URL + "/x.git", func(p string) [][2]string { return [][2]string{{"core.askPass", p}} }, false, true},
		{"proxy", "git://127.0.0.1:1/x.git", func(p string) [][2]string { return [][2]string{{"core.gitProxy", p}} }, false, true},
		{"ext transport", "ext::" + "PROG", func(p string) [][2]string { return [][2]string{{"protocol.ext.allow", "always"}} }, false, true},
		{"insteadOf to ext", "", func(p string) [][2]string {
			return [][2]string{{"protocol.allow", "always"}, {"url.ext::" + p + " %S #.insteadOf", bare}}
		}, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := clone(t, bare, "a")
			prog, marker := program(filepath.Base(a) + "-" + filepath.Base(filepath.Dir(a)))
			url := c.url
			if url == "ext::PROG" {
				url = "ext::" + prog + " %S"
			}
			if url != "" {
				run(t, a, "remote", "set-url", "origin", url)
			}
			for _, kv := range c.local(prog) {
				run(t, a, "config", "--local", kv[0], kv[1])
			}
			write(t, a, "memory/notes/a.md", "a\n")
			_, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
			if _, statErr := os.Stat(marker); statErr == nil {
				t.Errorf("Sync ran %s, which the repository's .git/config names (check case %v; Sync = %v)", prog, c.check, err)
			}
		})
	}
	// The user's own ssh command and credential helper run, a planted
	// one beside them or not.
	for _, c := range []struct{ key, url, planted string }{
		{"core.sshCommand", "ssh://git@127.0.0.1:1/x.git", "core.sshCommand"},
		{"credential.helper", srv.URL + "/x.git", "credential.helper"},
	} {
		t.Run("the user's "+c.key, func(t *testing.T) {
			a := clone(t, bare, "a")
			user, userRan := program("user-" + filepath.Base(filepath.Dir(a)))
			planted, plantedRan := program("planted-" + filepath.Base(filepath.Dir(a)))
			val := func(p string) string {
				if c.key == "credential.helper" {
					return "!" + p
				}
				return p
			}
			run(t, a, "config", "--file", global, c.key, val(user))
			t.Cleanup(func() { os.WriteFile(global, nil, 0o644) })
			run(t, a, "remote", "set-url", "origin", c.url)
			run(t, a, "config", "--local", c.planted, val(planted))
			write(t, a, "memory/notes/a.md", "a\n")
			_, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
			if _, statErr := os.Stat(userRan); statErr != nil {
				t.Errorf("Sync did not run the user's own %s (Sync = %v)", c.key, err)
			}
			if _, statErr := os.Stat(plantedRan); statErr == nil {
				t.Errorf("Sync ran the planted %s", c.key)
			}
		})
	}
}
