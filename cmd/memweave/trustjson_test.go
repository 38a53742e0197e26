package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// trustJSON is the documented shape of trust --json (docs/cli.md).
type trustJSON struct {
	Workspace    string `json:"workspace"`
	SettingsFile string `json:"settings_file"`
	Digest       string `json:"digest"`
	Approved     *bool  `json:"approved"`
	Items        []struct {
		Setting  string `json:"setting"`
		Value    string `json:"value"`
		Why      string `json:"why"`
		Approved *bool  `json:"approved"`
	} `json:"items"`
}

// TestTrustListJSONCarriesTheDigest: trust --list --json printed a bare
// array and the digest that --digest takes only on stderr, so a script
// had to scrape stderr to approve what it had read. It now prints one
// object: workspace, settings file, digest, whether all is approved and
// the items; trust --json prints the same shape for what it approved,
// and with nothing to approve the items are [] (not null).
func TestTrustListJSONCarriesTheDigest(t *testing.T) {
	env := []string{"XDG_CONFIG_HOME=" + t.TempDir()}
	ws := testWorkspace(t)
	extra := t.TempDir()
	if err := os.WriteFile(filepath.Join(ws, "memweave.json"), []byte(`{"extra_paths": ["`+extra+`"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	decode := func(out output) trustJSON {
		t.Helper()
		var got trustJSON
		if err := json.Unmarshal([]byte(out.stdout), &got); err != nil {
			t.Fatalf("exit %d: stdout is not one JSON object (%v):\n%s%s", out.code, err, out.stdout, out.stderr)
		}
		return got
	}
	list := runCLI(t, "", env, "-w", ws, "trust", "--list", "--json")
	got := decode(list)
	stderrDigest := regexp.MustCompile(`digest ([0-9a-f]{32})`).FindStringSubmatch(list.stderr)
	switch {
	case stderrDigest == nil || got.Digest != stderrDigest[1]:
		t.Errorf("trust --list --json: digest %q, stderr %q; want the digest stderr names", got.Digest, list.stderr)
	case got.Workspace == "" || got.SettingsFile != filepath.Join(got.Workspace, "memweave.json"):
		t.Errorf("trust --list --json: workspace %q, settings_file %q", got.Workspace, got.SettingsFile)
	case got.Approved == nil || *got.Approved || len(got.Items) != 1 || got.Items[0].Value != extra || got.Items[0].Approved == nil || *got.Items[0].Approved:
		t.Errorf("trust --list --json = %+v, want the one extra path, not approved", got)
	}
	res := runCLI(t, "", env, "-w", ws, "trust", "--digest", got.Digest, "--json")
	if ok := decode(res); res.code != 0 || ok.Digest != got.Digest || len(ok.Items) != 1 || ok.Approved == nil || !*ok.Approved {
		t.Errorf("trust --digest %s --json: exit %d, %+v", got.Digest, res.code, ok)
	}
	if again := decode(runCLI(t, "", env, "-w", ws, "trust", "--list", "--json")); again.Approved == nil || !*again.Approved || again.Digest != got.Digest {
		t.Errorf("trust --list --json after approval = %+v", again)
	}
	if err := os.Remove(filepath.Join(ws, "memweave.json")); err != nil {
		t.Fatal(err)
	}
	none := runCLI(t, "", env, "-w", ws, "trust", "--list", "--json")
	if got := decode(none); got.Items == nil || len(got.Items) != 0 || got.Digest == "" {
		t.Errorf("trust --list --json with nothing to approve: %q", none.stdout)
	}
}
