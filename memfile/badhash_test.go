package memfile_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestMalformedExpectHashIsRefused: an expected hash of white space
// (an MCP client's " ") used to trim to "", which means no check, and
// the write replaced the note; one that is no SHA-256 at all ("zz") was
// reported as a changed file. Both are refused, naming what a hash
// looks like, and the note stays as it was.
func TestMalformedExpectHashIsRefused(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	for _, h := range []string{" ", "\t\n", "zz", strings.Repeat("0", 63), strings.Repeat("g", 64)} {
		var o memfile.WriteOptions
		memfile.ExpectHash(h)(&o)
		_, werr := memfile.Write(ctx, root, "memory/a.md", []byte("# replaced\n"), o)
		_, eerr := memfile.EditWith(ctx, root, "memory/a.md", memfile.EditOptions{ExpectHash: o.ExpectHash}, addMark)
		_, _, derr := memfile.DeleteWith(ctx, root, "memory/a.md", memfile.DeleteOptions{ExpectHash: o.ExpectHash})
		for name, err := range map[string]error{"Write": werr, "EditWith": eerr, "DeleteWith": derr} {
			if err == nil || !strings.Contains(err.Error(), "64 hex digits") || !strings.Contains(err.Error(), "memory/a.md") {
				t.Errorf("%s with expected hash %q = %v, want an error naming memory/a.md and what a hash is", name, h, err)
			}
		}
		if got, _ := os.ReadFile(filepath.Join(root, "memory/a.md")); string(got) != "# A\n" {
			t.Fatalf("with expected hash %q the note became %q", h, got)
		}
	}
}
