package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestTrustApprovesOnlyWhatWasListed: the user reads 'trust --list',
// then runs 'trust'; a sync (or any program) changing memweave.json in
// between had 'trust' approve values the user never saw, an extra path
// to a folder of secrets here. 'trust' now approves only what the last
// listing showed, and refuses, naming what the file asks now, when the
// values differ; '--digest' approves the values of the digest given only.
func TestTrustApprovesOnlyWhatWasListed(t *testing.T) {
	env := []string{"XDG_CONFIG_HOME=" + t.TempDir()}
	ws := testWorkspace(t)
	shown, unseen := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(unseen, "keys.md"), []byte("# Keys\n\nPETREL-31 is a secret of this machine.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	settingsFile := filepath.Join(ws, "memweave.json")
	write := func(paths ...string) {
		t.Helper()
		if err := os.WriteFile(settingsFile, []byte(`{"extra_paths": ["`+strings.Join(paths, `", "`)+`"]}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) output {
		t.Helper()
		return runCLI(t, "", env, append([]string{"-w", ws}, args...)...)
	}
	write(shown)
	list := run("trust", "--list")
	if list.code != 0 || !strings.Contains(list.stdout, shown) || strings.Contains(list.stdout, unseen) {
		t.Fatalf("trust --list: exit %d\n%s%s", list.code, list.stdout, list.stderr)
	}
	write(shown, unseen) // a sync brings another value meanwhile
	res := run("trust")
	if res.code == 0 || !strings.Contains(res.stderr, unseen) || !strings.Contains(res.stderr, "trust --list") {
		t.Errorf("trust after memweave.json changed since trust --list: exit %d, stdout:\n%sstderr:\n%s\nwant a refusal naming the new value and trust --list", res.code, res.stdout, res.stderr)
	}
	if out := run("search", "--json", "--min-score", "0", "PETREL-31").stdout; strings.Contains(out, "keys.md") {
		t.Errorf("search served a file of a path the user was never shown:\n%s", out)
	}
	// Listed again, it is approved.
	list = run("trust", "--list")
	if res := run("trust"); res.code != 0 || !strings.Contains(res.stdout, unseen) {
		t.Fatalf("trust after listing the new values: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	if out := run("search", "--json", "--min-score", "0", "PETREL-31").stdout; !strings.Contains(out, "keys.md") {
		t.Errorf("search after approval did not find the approved path's file:\n%s", out)
	}
	// --digest: the values of that digest only.
	digest := regexp.MustCompile(`digest ([0-9a-f]{32})`).FindStringSubmatch(list.stderr)
	if digest == nil {
		t.Fatalf("trust --list printed no digest:\n%s", list.stderr)
	}
	write(shown)
	if res := run("trust", "--digest", digest[1]); res.code == 0 || !strings.Contains(res.stderr, digest[1]) {
		t.Errorf("trust --digest of other values: exit %d, stderr:\n%s", res.code, res.stderr)
	}
	write(shown, unseen)
	if res := run("trust", "--digest", digest[1]); res.code != 0 {
		t.Errorf("trust --digest of the file's values: exit %d, stderr:\n%s", res.code, res.stderr)
	}
}

// TestTrustEmptyDigestIsRefused: a script's unset variable,
// trust --digest "$D", approved whatever memweave.json said then, a path
// never shown among it, as if no digest were asked for.
func TestTrustEmptyDigestIsRefused(t *testing.T) {
	env := []string{"XDG_CONFIG_HOME=" + t.TempDir()}
	ws := testWorkspace(t)
	unseen := t.TempDir()
	if err := os.WriteFile(filepath.Join(ws, "memweave.json"), []byte(`{"extra_paths": ["`+unseen+`"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"", " "} {
		res := runCLI(t, "", env, "-w", ws, "trust", "--digest", d)
		if res.code != 2 || !strings.Contains(res.stderr, "invalid --digest "+strconv.Quote(d)+": must not be empty") || strings.Contains(res.stdout, unseen) {
			t.Errorf("trust --digest %q: exit %d, stdout %q, stderr %q; want exit 2 naming --digest, nothing approved", d, res.code, res.stdout, res.stderr)
		}
	}
	if list := runCLI(t, "", env, "-w", ws, "trust", "--list", "--json"); !strings.Contains(list.stdout, `"approved": false`) {
		t.Errorf("after trust --digest \"\": trust --list --json:\n%s\nwant the path not approved", list.stdout)
	}
}
