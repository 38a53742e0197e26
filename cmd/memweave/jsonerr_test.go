package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// jsonCommands returns the command paths (without "memweave") of every
// command that takes --json.
func jsonCommands(c *cobra.Command, parent []string) [][]string {
	var out [][]string
	for _, sub := range c.Commands() {
		path := append(append([]string{}, parent...), sub.Name())
		if sub.Flags().Lookup("json") != nil {
			out = append(out, path)
		}
		out = append(out, jsonCommands(sub, path)...)
	}
	return out
}

// TestJSONCommandsFailInJSON: a command run with --json promises JSON on
// stdout, but failed with nothing there and a text line on stderr, so
// an agent parsing stdout read an empty document. Every command taking
// --json (found from the command tree, so a new one is covered) now
// writes one JSON object on a failure, {"error": the stderr line,
// "exit_status": the exit status}, for a failed run (a missing
// workspace); so do a usage error (an unknown flag before or after
// --json, an unknown command) and --json=true; --json=false and a "--json" after "--" stay text.
func TestJSONCommandsFailInJSON(t *testing.T) {
	// A workspace under a file: every command fails, init included.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(file, "ws")
	cmds := jsonCommands((&app{}).rootCommand(), nil)
	if len(cmds) < 15 {
		t.Fatalf("found %d commands taking --json, want the 15 or more memweave has: %q", len(cmds), cmds)
	}
	var runs [][]string
	for _, path := range cmds {
		runs = append(runs, append(append([]string{"-w", missing}, path...), "--json"))
	}
	for _, tail := range [][]string{{"--json", "--no-such-flag"}, {"--no-such-flag", "--json"}, {"--json=true"}} {
		runs = append(runs, append([]string{"-w", missing, "nosuchcommand"}, tail...), append([]string{"-w", missing, "search", "q"}, tail...))
	}
	for _, args := range runs {
		out := runCLI(t, "", nil, args...)
		if out.code == 0 {
			t.Fatalf("memweave %q exited 0, want a failure", args)
		}
		var v struct {
			Error      *string `json:"error"`
			ExitStatus int     `json:"exit_status"`
		}
		dec := json.NewDecoder(strings.NewReader(out.stdout))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil || dec.More() || v.Error == nil {
			t.Errorf("memweave %q: stdout = %q (%v), want one JSON object with the error", args, out.stdout, err)
			continue
		}
		if *v.Error != strings.TrimSpace(out.stderr) || v.ExitStatus != out.code {
			t.Errorf("memweave %q: stdout error %q, exit_status %d; want stderr's line %q and exit %d", args, *v.Error, v.ExitStatus, out.stderr, out.code)
		}
	}
	for _, args := range [][]string{{"-w", missing, "status", "--json=false"}, {"-w", missing, "search", "--", "--json"}} {
		if out := runCLI(t, "", nil, args...); out.code == 0 || out.stdout != "" {
			t.Errorf("memweave %q: exit %d, stdout %q; want a failure with nothing on stdout", args, out.code, out.stdout)
		}
	}
}
