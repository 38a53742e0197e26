package workspace

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestResolve(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	writeFiles(t, root, "memory/a.md")
	alias := filepath.Join(t.TempDir(), "alias")
	aliasOK := os.Symlink(root, alias) == nil

	tests := []struct {
		name, root, p    string
		wantAbs, wantRel string
		needsAlias       bool
	}{
		{"relative", root, "memory/a.md", filepath.Join(root, "memory", "a.md"), "memory/a.md", false},
		{"absolute inside", root, filepath.Join(root, "memory", "a.md"), filepath.Join(root, "memory", "a.md"), "memory/a.md", false},
		{"cleaned", root, "./memory/../notes//x.md", filepath.Join(root, "notes", "x.md"), "notes/x.md", false},
		{"root itself", root, ".", root, ".", false},
		{"relative escaping root", root, "../x.md", filepath.Join(filepath.Dir(root), "x.md"), slashAbs(filepath.Dir(root), "x.md"), false},
		{"absolute outside", root, filepath.Join(outside, "o.md"), filepath.Join(outside, "o.md"), slashAbs(outside, "o.md"), false},
		{"inside through an aliased root", root, filepath.Join(alias, "memory", "a.md"), filepath.Join(root, "memory", "a.md"), "memory/a.md", true},
		{"root given as an alias", alias, filepath.Join(root, "memory", "b.md"), filepath.Join(alias, "memory", "b.md"), "memory/b.md", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.needsAlias && !aliasOK {
				t.Skip("symbolic links unavailable")
			}
			abs, rel, err := Resolve(tt.root, tt.p)
			if err != nil || abs != tt.wantAbs || rel != tt.wantRel {
				t.Errorf("Resolve(%q, %q) = %q, %q, %v, want %q, %q, nil", tt.root, tt.p, abs, rel, err, tt.wantAbs, tt.wantRel)
			}
		})
	}

	if abs, rel, err := Resolve(root, ""); err == nil {
		t.Errorf("Resolve(%q, %q) = %q, %q, nil, want an error", root, "", abs, rel)
	}
}

func TestSafeMemoryPath(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	writeFiles(t, root, "memory/real/r.md", "notes/n.md")
	writeFiles(t, outside, "target.md")
	symlink(t, outside, root, "memory/out")
	symlink(t, "real", root, "memory/in")
	symlink(t, "..", root, "memory/up")
	symlink(t, filepath.Join(outside, "target.md"), root, "memory/evil.md")
	symlink(t, filepath.Join(outside, "gone.md"), root, "memory/dangling.md")
	symlink(t, "real/r.md", root, "memory/fine.md")
	mem := filepath.Join(root, "memory")

	accepted := []struct {
		p       string
		wantRel string
	}{
		{"x.md", "memory/x.md"},
		{"notes/x.md", "memory/notes/x.md"},
		{"memory/notes/x.md", "memory/notes/x.md"},
		{"./notes//x.md", "memory/notes/x.md"},
		{"memory/memory/x.md", "memory/memory/x.md"},
		{"memory.md", "memory/memory.md"},
		{"X.MARKDOWN", "memory/X.MARKDOWN"},
		{"real/r.md", "memory/real/r.md"},
		{"in/new/x.md", "memory/in/new/x.md"}, // link inside memory
		{"fine.md", "memory/fine.md"},
		{"a/b/c/d.md", "memory/a/b/c/d.md"},
	}
	for _, tt := range accepted {
		abs, rel, err := SafeMemoryPath(root, tt.p)
		wantAbs := filepath.Join(root, filepath.FromSlash(tt.wantRel))
		if err != nil || abs != wantAbs || rel != tt.wantRel {
			t.Errorf("SafeMemoryPath(%q) = %q, %q, %v, want %q, %q, nil", tt.p, abs, rel, err, wantAbs, tt.wantRel)
		}
	}

	refused := []struct {
		p    string
		want error
	}{
		{"", ErrOutsideMemory},
		{"../x.md", ErrOutsideMemory},
		{"notes/../../x.md", ErrOutsideMemory},
		{"notes/../x.md", ErrOutsideMemory},
		{"memory/../notes/n.md", ErrOutsideMemory},
		{filepath.Join(mem, "x.md"), ErrOutsideMemory},
		{"/x.md", ErrOutsideMemory},
		{"memory", ErrOutsideMemory},
		{"memory/", ErrOutsideMemory},
		{".", ErrOutsideMemory},
		{"out/x.md", ErrOutsideMemory}, // link to a folder outside the workspace
		{"up/x.md", ErrOutsideMemory},  // link to the root, outside memory
		{"up/notes/n.md", ErrOutsideMemory},
		{"evil.md", ErrOutsideMemory},     // existing link to a file outside
		{"dangling.md", ErrOutsideMemory}, // a write would create a file outside
		{"x.txt", ErrNotMarkdown},
		{"notes/x", ErrNotMarkdown},
		{"notes.md/x", ErrNotMarkdown},
		{".hidden/x.md", ErrIgnoredName},
		{"notes/.x.md", ErrIgnoredName},
		{"x.md~", ErrIgnoredName},
		{"x.md.tmp", ErrIgnoredName},
		{"...", ErrIgnoredName},
	}
	for _, tt := range refused {
		abs, rel, err := SafeMemoryPath(root, tt.p)
		var pe *fs.PathError
		if !errors.Is(err, tt.want) || !errors.As(err, &pe) || abs != "" || rel != "" {
			t.Errorf("SafeMemoryPath(%q) = %q, %q, %v, want an *fs.PathError wrapping %v", tt.p, abs, rel, err, tt.want)
		}
	}
}

func TestSafeMemoryPathNoMemory(t *testing.T) {
	root := t.TempDir()
	abs, rel, err := SafeMemoryPath(root, "a/x.md")
	if want := filepath.Join(root, "memory", "a", "x.md"); err != nil || abs != want || rel != "memory/a/x.md" {
		t.Errorf("SafeMemoryPath(%q) = %q, %q, %v, want %q, %q, nil", "a/x.md", abs, rel, err, want, "memory/a/x.md")
	}

	symlink(t, "nowhere", root, "memory")
	if _, _, err := SafeMemoryPath(root, "x.md"); !errors.Is(err, ErrOutsideMemory) {
		t.Errorf("SafeMemoryPath(%q) with a dangling memory link = %v, want %v", "x.md", err, ErrOutsideMemory)
	}
}

func TestSafeMemoryPathLinkedMemory(t *testing.T) {
	// memory/ itself may be a link, to a synced folder say: its target is
	// then the folder writes must stay inside.
	root := t.TempDir()
	synced := t.TempDir()
	writeFiles(t, synced, "a/x.md")
	symlink(t, synced, root, "memory")
	symlink(t, "a", synced, "b")
	for _, p := range []string{"a/x.md", "b/y.md"} {
		if _, _, err := SafeMemoryPath(root, p); err != nil {
			t.Errorf("SafeMemoryPath(%q) error = %v, want nil", p, err)
		}
	}
	symlink(t, root, synced, "escape")
	if _, _, err := SafeMemoryPath(root, "escape/x.md"); !errors.Is(err, ErrOutsideMemory) {
		t.Errorf("SafeMemoryPath(%q) = %v, want %v", "escape/x.md", err, ErrOutsideMemory)
	}
}

func FuzzSafeMemoryPath(f *testing.F) {
	for _, p := range []string{"x.md", "memory/a/x.md", "../x.md", "a/../../x.md", "/etc/x.md", ".a.md", "a\\..\\x.md", "memory", "//x.md",
		"a\x00.md", "x.md.", "sub /x.md", "out/x.md", "real/x.md", "memory/out/x.md"} {
		f.Add(p)
	}
	root := f.TempDir()
	mem := filepath.Join(root, "memory")
	if err := os.MkdirAll(filepath.Join(mem, "real"), 0o755); err != nil {
		f.Fatal(err)
	}
	if err := os.Symlink(root, filepath.Join(mem, "out")); err != nil { // a link out of memory/
		f.Skipf("symlinks unavailable: %v", err)
	}
	f.Fuzz(func(t *testing.T, p string) {
		abs, rel, err := SafeMemoryPath(root, p)
		if err != nil {
			return
		}
		r, ok := relWithin(mem, abs)
		if !ok || r == "." {
			t.Errorf("SafeMemoryPath(%q) = %q, outside %s", p, abs, mem)
		}
		if !strings.HasPrefix(rel, "memory/") || !IsMarkdown(rel) || filepath.Join(root, filepath.FromSlash(rel)) != abs {
			t.Errorf("SafeMemoryPath(%q) = %q, %q, want a Markdown rel under memory/ naming abs", p, abs, rel)
		}
		for _, e := range strings.Split(rel, "/") {
			if e == ".." || IsIgnoredName(e) || badName(e) != "" {
				t.Errorf("SafeMemoryPath(%q) = %q, want no %q element", p, rel, e)
			}
		}
		// Resolved through the links that exist, it stays in memory/.
		dir := filepath.Dir(abs)
		for {
			if _, err := os.Lstat(dir); err == nil {
				break
			}
			dir = filepath.Dir(dir)
		}
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			if _, ok := relWithin(mem, real); !ok {
				t.Errorf("SafeMemoryPath(%q) = %q, which resolves to %s, outside memory/", p, abs, real)
			}
		}
	})
}
