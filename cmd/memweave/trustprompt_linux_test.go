package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTrustUnlistedShowsBeforeApproving: plain 'memweave trust' with no
// 'trust --list' before it approved whatever memweave.json held, values
// the user never saw (a clone's extra path to a folder of secrets, a
// server that would receive every note). It now shows them first: on a
// terminal it asks, and approves only on yes; elsewhere (a script, an
// agent) it lists them with their digest and approves nothing, and
// --digest approves them.
func TestTrustUnlistedShowsBeforeApproving(t *testing.T) {
	env := []string{"XDG_CONFIG_HOME=" + t.TempDir()}
	ws := testWorkspace(t)
	secrets := t.TempDir()
	if err := os.WriteFile(filepath.Join(secrets, "keys.md"), []byte("# Keys\n\nPETREL-31 is a secret of this machine.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "memweave.json"), []byte(`{"extra_paths": ["`+secrets+`"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	approved := func() bool {
		t.Helper()
		out := runCLI(t, "", env, "-w", ws, "search", "--json", "--min-score", "0", "PETREL-31").stdout
		return strings.Contains(out, "keys.md")
	}
	res := runCLI(t, "", env, "-w", ws, "trust")
	if res.code != 1 || !strings.Contains(res.stdout, secrets) || !strings.Contains(res.stderr, "--digest") || approved() {
		t.Fatalf("trust with no listing, not on a terminal: exit %d, stdout %q, stderr %q, approved %v; want exit 1, the values listed, --digest named, nothing approved",
			res.code, res.stdout, res.stderr, approved())
	}
	digest := regexp.MustCompile(`--digest ([0-9a-f]{32})`).FindStringSubmatch(res.stderr)
	if digest == nil {
		t.Fatalf("trust with no listing printed no digest: %q", res.stderr)
	}
	// --json is a script's: the listing is JSON, and nothing approved.
	if res := runOnTerminal(t, env, "y\n", "-w", ws, "trust", "--json"); res.code != 1 || !strings.HasPrefix(res.stdout, "{") || !strings.Contains(res.stdout, `"digest": "`+digest[1]+`"`) || approved() {
		t.Fatalf("trust --json on a terminal: exit %d, stdout %q, stderr %q; want exit 1, a JSON listing, nothing approved", res.code, res.stdout, res.stderr)
	}
	args := []string{"-w", ws, "trust"}
	if res := runOnTerminal(t, env, "n\n", args...); res.code != 1 || !strings.Contains(res.stdout, secrets) || approved() {
		t.Fatalf("trust on a terminal answered n: exit %d, stdout %q, stderr %q; want exit 1, the values shown, nothing approved", res.code, res.stdout, res.stderr)
	}
	if res := runOnTerminal(t, env, "y\n", args...); res.code != 0 || !strings.Contains(res.stdout, secrets) || !approved() {
		t.Fatalf("trust on a terminal answered y: exit %d, stdout %q, stderr %q; want exit 0, the values shown and approved", res.code, res.stdout, res.stderr)
	}
	runCLI(t, "", env, "-w", ws, "trust", "--revoke")
	if res := runCLI(t, "", env, "-w", ws, "trust", "--digest", digest[1]); res.code != 0 || !approved() {
		t.Errorf("trust --digest %s: exit %d, stderr %q; want the values approved", digest[1], res.code, res.stderr)
	}
}
