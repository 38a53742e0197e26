package memfile_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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

// TestAppendRefusesASourceAlikeButForCase: an append names its log's
// folder from its source, a name memweave makes as Write's are. A source
// alike but for case, or alike in print, to a folder memory/ holds
// ("Projects", "\u0440rojects" with a Cyrillic r, beside "projects")
// made a second folder, one file of macOS and Windows whose sync refuses
// the pair. It is refused now, as Write refuses such a name, nothing
// made; the folder's own name, and a new one, are appended to.
func TestAppendRefusesASourceAlikeButForCase(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		source string
		ok     bool
	}{
		{"Projects", false}, {"PROJECTS", false}, {"\u0440rojects", false},
		{"projects", true}, {"travel", true},
	} {
		root := memweavetest.Workspace(t, map[string]string{"memory/projects/2026-03-01.md": "# Log\n"})
		rel, _, err := memfile.AppendWith(ctx, root, "A note.", now, time.UTC, memfile.InSource(c.source))
		if c.ok {
			if err != nil {
				t.Errorf("AppendWith(source %+q) = %v, want the note appended", c.source, err)
			}
			continue
		}
		names, _ := filepath.Glob(filepath.Join(root, "memory", "[^.]*"))
		if !errors.Is(err, workspace.ErrLookalikeName) || len(names) != 1 {
			t.Errorf("AppendWith(source %+q) = %q, %v; memory/ holds %q; want ErrLookalikeName and projects/ alone", c.source, rel, err, names)
		}
	}
}
