package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestConfigNamesTheFlagOfABadValue: a bad value given to config is
// named by its flag, in the command's words, and memweave.json is left
// as it was; the error used to blame the file ("settings memweave.json:
// fusion.method") for a value only the flag held, and name the Go field
// ChunkTokens.
func TestConfigNamesTheFlagOfABadValue(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	before := memweavetest.ReadFile(t, ws, "memweave.json")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--fusion", "rrf"}, `invalid --fusion "rrf": want blend, keyword or vector`},
		{[]string{"--chunk-overlap", "-1"}, "invalid --chunk-overlap -1: must be 0 or more and at most half the chunk size (200 of 400 tokens)"},
		{[]string{"--chunk-tokens", "100", "--chunk-overlap", "51"}, "invalid --chunk-overlap 51: must be 0 or more and at most half the chunk size (50 of 100 tokens)"},
		// The overlap the file holds (80, written by index) is not the
		// user's flag: the error says where it comes from and what to give.
		{[]string{"--chunk-tokens", "100"}, "--chunk-tokens 100 leaves chunk_overlap 80 of " + ws + "/memweave.json more than half the chunk size: give --chunk-overlap N as well, at most 50"},
	} {
		out := runCLI(t, "", nil, append([]string{"-w", ws, "config"}, c.args...)...)
		if out.code != 2 || !strings.Contains(out.stderr, "memweave: "+c.want) {
			t.Errorf("config %v: exit %d, stderr %q; want exit 2 and %q", c.args, out.code, out.stderr, c.want)
		}
	}
	if after := memweavetest.ReadFile(t, ws, "memweave.json"); after != before {
		t.Errorf("a refused config changed memweave.json:\n%s\nwas:\n%s", after, before)
	}
}
