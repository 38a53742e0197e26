package workspace

import (
	"os"
	"path/filepath"
	"testing"
)

// writeFiles creates each '/'-separated rel under root, with its parents,
// holding rel as content.
func writeFiles(t testing.TB, root string, rels ...string) {
	t.Helper()
	for _, rel := range rels {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(rel), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// symlink creates the link at root/rel pointing to target (used as given,
// so it may be relative to the link's folder). It skips the test where
// symbolic links are unavailable.
func symlink(t testing.TB, target, root, rel string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.FromSlash(target), p); err != nil {
		t.Skipf("symbolic links unavailable: %v", err)
	}
}

// rels returns the Rel of each file.
func rels(files []File) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Rel
	}
	return out
}

// slashAbs returns the Rel of an absolute path outside the workspace.
func slashAbs(elem ...string) string {
	return filepath.ToSlash(filepath.Join(elem...))
}
