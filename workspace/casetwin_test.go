package workspace_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestDiscoverWarnsOfCaseTwins: a clone (or a sync on a machine that
// keeps case) can bring api.md and API.md, which memweave itself refuses
// to write side by side ([workspace.CheckCaseTwin]): macOS and Windows
// hold the two as one file, and a teammate's sync there refuses the
// pair. Both were indexed without a word, since the lookalike check
// skipped a folder of ASCII names and told case apart. Both are still
// indexed, with one warning for each pair naming both paths in ASCII
// quotes. Names that differ in more than case are not warned of.
func TestDiscoverWarnsOfCaseTwins(t *testing.T) {
	cases := []struct {
		name  string
		files []string
		pairs [][2]string // workspace-relative paths each warning names
	}{
		// tune
		{"ascii", []string{"api.md", "API.md", "apis.md", "plain.md"}, [][2]string{{"memory/API.md", "memory/api.md"}}},
		// check
		{"folders", []string{"ops/x.md", "Ops/y.md"}, [][2]string{{"memory/Ops", "memory/ops"}}},
		{"kelvin", []string{"kit.md", "\u212ait.md"}, [][2]string{{"memory/kit.md", "memory/\u212ait.md"}}},
		{"long s", []string{"base.md", "ba\u017fe.md"}, [][2]string{{"memory/ba\u017fe.md", "memory/base.md"}}},
		{"three", []string{"Note.md", "NOTE.md", "note.md"}, [][2]string{{"memory/NOTE.md", "memory/Note.md"}, {"memory/NOTE.md", "memory/note.md"}}},
		{"deep", []string{"a/b/X.md", "a/b/x.md", "a/c/x.md"}, [][2]string{{"memory/a/b/X.md", "memory/a/b/x.md"}}},
		{"none", []string{"readme.md", "read-me.md", "Readme2.md", "a/x.md", "b/X.md"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{}
			for _, f := range c.files {
				files["memory/"+f] = "# " + f + "\n"
			}
			found := discoverLookalikes(t, files)
			if len(found) != len(c.pairs) {
				t.Fatalf("Discover's lookalike warnings = %q, want %d", found, len(c.pairs))
			}
			for _, p := range c.pairs {
				if !warnsOfPair(found, strconv.QuoteToASCII(p[0]), strconv.QuoteToASCII(p[1]), "case") {
					t.Errorf("no warning names %s and %s and says they differ in case: %q", p[0], p[1], found)
				}
			}
		})
	}
}

// discoverLookalikes builds a workspace of files (workspace-relative
// paths to contents), runs Discover on it, checks that it found every
// file, and returns the texts of its lookalike-name warnings.
func discoverLookalikes(t testing.TB, files map[string]string) []string {
	t.Helper()
	got, warnings, err := workspace.Discover(memweavetest.Workspace(t, files), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(files) {
		t.Errorf("Discover found %d files, want all %d", len(got), len(files))
	}
	var found []string
	for _, w := range warnings {
		if errors.Is(w, workspace.ErrLookalikeName) {
			found = append(found, w.Error())
		}
	}
	return found
}

// warnsOfPair reports whether one of the warnings found holds each of
// the texts want.
func warnsOfPair(found []string, want ...string) bool {
	for _, f := range found {
		all := true
		for _, w := range want {
			all = all && strings.Contains(f, w)
		}
		if all {
			return true
		}
	}
	return false
}
