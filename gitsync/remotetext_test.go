package gitsync_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncErrorCarriesNoTerminalControl: the text a hostile remote sends
// back (which git passes on as "remote: ...") reaches the error without
// its control characters, which would retitle, clear or rewrite the
// terminal that prints it, and the error names git's subcommand.
func TestSyncErrorCarriesNoTerminalControl(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte("\x1b]0;pwned\x07\x1b[2Jcleared\rover\u009b31m"))
	}))
	defer srv.Close()
	gitIn(t, a, nil, "remote", "set-url", "origin", srv.URL+"/x.git")
	_, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
	if err == nil {
		t.Fatal("Sync against a failing remote = nil")
	}
	msg := err.Error()
	if i := strings.IndexFunc(msg, func(r rune) bool {
		return r != '\n' && r != '\t' && (r < 0x20 || r >= 0x7f && r < 0xa0)
	}); i >= 0 {
		t.Errorf("Sync error holds control character %q at %d: %q", msg[i], i, msg)
	}
	if !strings.Contains(msg, "git fetch:") {
		t.Errorf("Sync error = %q, want it to name git fetch", msg)
	}
	if !strings.Contains(msg, "pwned") || !strings.Contains(msg, "500") {
		t.Errorf("Sync error = %q, want the remote's text, escaped, and git's", msg)
	}
}

// TestSyncRemoteGivenAsURL: a URL with credentials given where a
// remote's name goes is refused without the credentials showing in the
// error or in the state file that status reads.
func TestSyncRemoteGivenAsURL(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	for _, u := range []string{"https://bob:ghp_S3CRET@example.com/x/y.git", "ssh://bob:ghp_S3CRET@example.com/y.git", "https://ghp_S3CRET@example.com/y.git"} {
		_, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a", Remote: u})
		if !errors.Is(err, gitsync.ErrNoRemote) {
			t.Errorf("Sync(Remote: %q) = %v, want ErrNoRemote", u, err)
		}
		if err != nil && strings.Contains(err.Error(), "S3CRET") {
			t.Errorf("Sync(Remote: %q) = %v, shows the credentials", u, err)
		}
		st, _ := os.ReadFile(filepath.Join(a, ".memweave", "sync.json"))
		if strings.Contains(string(st), "S3CRET") {
			t.Errorf("the state file holds the credentials: %s", st)
		}
	}
}
