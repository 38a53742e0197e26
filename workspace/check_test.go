package workspace_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/workspace"
)

// TestCheck accepts a folder holding memory/, refuses the others naming
// why, and creates memory/ only when asked.
func TestCheck(t *testing.T) {
	base := t.TempDir()
	mk := func(rel string, dir bool) string {
		p := filepath.Join(base, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if dir {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := filepath.Dir(mk("good/memory", true))
	memFile := filepath.Dir(mk("memfile/memory", false))
	bare := mk("bare", true)
	inner := mk("ws/memory", true)
	for _, tc := range []struct {
		name, root  string
		noWorkspace bool
		want        string
	}{
		{"workspace", good, false, ""},
		{"missing", filepath.Join(base, "nope"), false, "no such file"},
		{"file", mk("plain.txt", false), false, "not a folder"},
		{"memory is a file", memFile, true, "memory is not a folder"},
		{"no memory", bare, true, "create the workspace with memweave init"},
		{"memory itself", inner, true, "use its parent " + filepath.Dir(inner)},
	} {
		created, err := workspace.Check(tc.root, false)
		if created || (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) ||
			errors.Is(err, workspace.ErrNoWorkspace) != tc.noWorkspace {
			t.Errorf("%s: Check(%s) = %v, %v, want an error containing %q (ErrNoWorkspace %v)", tc.name, tc.root, created, err, tc.want, tc.noWorkspace)
		}
	}
	if created, err := workspace.Check(bare, true); !created || err != nil {
		t.Fatalf("Check(bare, create) = %v, %v, want created", created, err)
	}
	if fi, err := os.Stat(filepath.Join(bare, "memory")); err != nil || !fi.IsDir() {
		t.Errorf("after Check(create): memory/ = %v, %v, want a folder", fi, err)
	}
	if created, err := workspace.Check(bare, true); created || err != nil {
		t.Errorf("Check(bare, create) again = %v, %v, want nothing created", created, err)
	}
}
