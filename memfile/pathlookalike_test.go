package memfile_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestWriteRefusesSeparatorLookalikes: a name holding a character that
// prints as a slash or a backslash ("notes\u2215x.md", DIVISION SLASH)
// was written as one file in memory/ that every output showed as
// notes/x.md, a note it is not. Such a name is refused (ErrBadName),
// the error quoting it in ASCII.
func TestWriteRefusesSeparatorLookalikes(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/notes/x.md": "# X\n"})
	for _, p := range []string{
		"notes\u2215x.md", // tune: division slash
		// check
		"notes\u2044x.md", "notes\uff0fx.md", "notes\u29f8x.md", "a\u2571b.md",
		"notes\u29f5x.md", "notes\u2216x.md", "notes\ufe68x.md", "notes\uff3cx.md",
		"dir\u2215sub/y.md",
	} {
		_, err := memfile.Write(ctx, root, p, []byte("# Y\n"), memfile.WriteOptions{})
		if !errors.Is(err, workspace.ErrBadName) || !strings.Contains(err.Error(), "slash") {
			t.Errorf("Write(%+q) = %v, want ErrBadName saying it reads as a slash", p, err)
		}
	}
	names, _ := filepath.Glob(filepath.Join(root, "memory", "[^.]*"))
	if len(names) != 1 {
		t.Errorf("memory/ holds %q; want notes/ alone", names)
	}
}

// TestWriteRefusesACaseTwin: "API.md" written beside "api.md" made two
// notes that macOS and Windows hold as one file: a teammate's sync there
// refuses the pair (core.ignorecase), and a write there of the one
// replaced the other. A new note or folder whose name differs from one
// its folder holds in letter case only (Unicode's case folding: the
// Kelvin sign folds to k) is refused, naming the one that exists.
func TestWriteRefusesACaseTwin(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/api.md": "# API\n", "memory/Ops/x.md": "# X\n", "memory/kit.md": "# Kit\n"})
	for _, p := range []string{
		"API.md", // tune
		// check
		"Api.md", "ops/new.md", "OPS/x.md", "\u212ait.md", "KIT.md",
	} {
		_, err := memfile.Write(ctx, root, p, []byte("# Y\n"), memfile.WriteOptions{})
		if !errors.Is(err, workspace.ErrLookalikeName) || !strings.Contains(err.Error(), "case") {
			t.Errorf("Write(%+q) = %v, want ErrLookalikeName naming the one that exists, alike but for case", p, err)
		}
	}
	for _, p := range []string{"api.md", "Ops/y.md", "apis.md"} {
		if _, err := memfile.Write(ctx, root, p, []byte("# Z\n"), memfile.WriteOptions{}); err != nil {
			t.Errorf("Write(%+q) = %v, want it written", p, err)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "memory", "API.md")); err == nil {
		t.Errorf("memory/API.md was written")
	}
}
