package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

func TestDiscoverSkipRules(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root,
		"memory/a.md",
		"memory/B.MD",
		"memory/c.Markdown",
		"memory/sub/deep/d.md",
		"memory/dir.md/e.md", // a folder with a Markdown-like name is walked
		"memory/notes.txt",
		"memory/README",
		"memory/.hidden.md",
		"memory/.obsidian/x.md",
		"memory/.git/y.md",
		"memory/sub/.trash/z.md",
		"memory/draft.md~",
		"memory/.#lock.md",
		"memory/#auto.md#",
		"memory/x.md.swp",
		"memory/x.md.swx",
		"memory/y.md.tmp",
		"memory/Z.TMP",
		".memweave/index.md",
		"root.md",
		"notes/n.md",
	)
	files, warnings, err := Discover(root, nil)
	if err != nil {
		t.Fatalf("Discover(%q) error = %v", root, err)
	}
	if len(warnings) != 0 {
		t.Errorf("Discover(%q) warnings = %v, want none", root, warnings)
	}
	want := []string{
		"memory/B.MD",
		"memory/a.md",
		"memory/c.Markdown",
		"memory/dir.md/e.md",
		"memory/sub/deep/d.md",
	}
	if got := rels(files); !slices.Equal(got, want) {
		t.Fatalf("Discover(%q) = %q, want %q", root, got, want)
	}
	for _, f := range files {
		if want := filepath.Join(root, filepath.FromSlash(f.Rel)); f.Abs != want {
			t.Errorf("%s: Abs = %q, want %q", f.Rel, f.Abs, want)
		}
		if want := Source(f.Rel); f.Source != want {
			t.Errorf("%s: Source = %q, want %q", f.Rel, f.Source, want)
		}
		if f.External {
			t.Errorf("%s: External = true, want false", f.Rel)
		}
		if want := int64(len(f.Rel)); f.Size != want {
			t.Errorf("%s: Size = %d, want %d", f.Rel, f.Size, want)
		}
		fi, err := os.Stat(f.Abs)
		if err != nil {
			t.Fatal(err)
		}
		if want := fi.ModTime().UnixNano(); f.MTime != want {
			t.Errorf("%s: MTime = %d, want %d", f.Rel, f.MTime, want)
		}
	}
}

func TestDiscoverMTimeChanges(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/a.md")
	when := time.Date(2026, 3, 14, 12, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(root, "memory", "a.md"), when, when); err != nil {
		t.Fatal(err)
	}
	files, _, err := Discover(root, nil)
	if err != nil || len(files) != 1 {
		t.Fatalf("Discover(%q) = %v, %v, want one file", root, files, err)
	}
	if got, want := files[0].MTime, when.UnixNano(); got != want {
		t.Errorf("Discover(%q)[0].MTime = %d, want %d", root, got, want)
	}
}

// TestDiscoverStatsMatchLstat checks that every file's size, times and
// inode are its stat's, in folders of one file and of several batches
// stat'ed in parallel.
func TestDiscoverStatsMatchLstat(t *testing.T) {
	root := t.TempDir()
	var rels []string
	for i := range statBatch + 3 {
		rels = append(rels, fmt.Sprintf("memory/big/n%03d.md", i))
	}
	writeFiles(t, root, append(rels, "memory/a.md", "memory/x/y/b.md")...)
	for i, rel := range rels {
		when := time.Date(2026, 3, 14, 12, 0, i, 1000*i+7, time.UTC)
		if err := os.Chtimes(filepath.Join(root, filepath.FromSlash(rel)), when, when); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "memory", "a.md"), []byte("longer than its name"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, warns, err := Discover(root, nil)
	if err != nil || len(warns) > 0 || len(files) != len(rels)+2 {
		t.Fatalf("Discover = %d files, %v, %v; want %d", len(files), warns, err, len(rels)+2)
	}
	for _, f := range files {
		fi, err := os.Stat(f.Abs)
		if err != nil {
			t.Fatal(err)
		}
		var want File
		want.Size, want.MTime, want.CTime, want.Inode = StatOf(fi)
		if f.Size != want.Size || f.MTime != want.MTime || f.CTime != want.CTime || f.Inode != want.Inode {
			t.Errorf("Discover: %s has size %d, mtime %d, ctime %d, inode %d; its stat: %d, %d, %d, %d",
				f.Rel, f.Size, f.MTime, f.CTime, f.Inode, want.Size, want.MTime, want.CTime, want.Inode)
		}
	}
}

func TestDiscoverRoot(t *testing.T) {
	empty := t.TempDir()
	notDir := filepath.Join(t.TempDir(), "file")
	writeFiles(t, filepath.Dir(notDir), "file")
	memFile := t.TempDir()
	writeFiles(t, memFile, "memory")

	tests := []struct {
		name         string
		root         string
		wantErr      bool
		wantWarnings int
	}{
		{"no memory folder", empty, false, 0},
		{"memory is a file", memFile, false, 1},
		{"missing root", filepath.Join(empty, "missing"), true, 0},
		{"root is a file", notDir, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files, warnings, err := Discover(tt.root, nil)
			if (err != nil) != tt.wantErr {
				t.Errorf("Discover(%q) error = %v, want error %v", tt.root, err, tt.wantErr)
			}
			if len(files) != 0 {
				t.Errorf("Discover(%q) = %q, want no files", tt.root, rels(files))
			}
			if len(warnings) != tt.wantWarnings {
				t.Errorf("Discover(%q) warnings = %v, want %d", tt.root, warnings, tt.wantWarnings)
			}
		})
	}
}

func TestDiscoverSymlinks(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	writeFiles(t, outside, "secret.md", "dir/s2.md")
	writeFiles(t, root,
		"memory/real/r.md",
		"memory/real/.obs/o.md",
		"shared/s.md",
		"README.md",
		".git/h.md",
	)
	for _, l := range []struct{ target, link string }{
		{"real", "memory/alias"},             // folder inside memory: listed under real/ only
		{"real/r.md", "memory/link.md"},      // file inside memory: listed as real/r.md only
		{"..", "memory/real/loop"},           // cycle back to memory
		{".", "memory/real/self"},            // cycle to itself
		{"../shared", "memory/shared"},       // folder inside root, outside memory: not followed
		{"../README.md", "memory/readme.md"}, // file inside root, outside memory: not followed
		{"../.git", "memory/git"},            // hidden folder inside root: not followed
		{"real/.obs", "memory/obs"},          // hidden folder inside memory: not followed
		{outside, "memory/out"},              // folder outside root: not followed
		{filepath.Join(outside, "secret.md"), "memory/secret.md"},
		{"nowhere.md", "memory/broken.md"}, // dangling: a warning
	} {
		symlink(t, l.target, root, l.link)
	}

	files, warnings, err := Discover(root, nil)
	if err != nil {
		t.Fatalf("Discover(%q) error = %v", root, err)
	}
	want := []string{
		"memory/real/r.md",
	}
	if got := rels(files); !slices.Equal(got, want) {
		t.Errorf("Discover(%q) = %q, want %q", root, got, want)
	}
	for _, f := range files {
		if want := filepath.Join(root, filepath.FromSlash(f.Rel)); f.Abs != want || f.ViaLink {
			t.Errorf("%s: Abs = %q, ViaLink %v; want %q, false", f.Rel, f.Abs, f.ViaLink, want)
		}
	}
	// The dangling link, and each link out of memory/, is named.
	var got []string
	for _, w := range warnings {
		var pe *fs.PathError
		if !errors.As(w, &pe) {
			t.Errorf("warning %v is not an *fs.PathError", w)
			continue
		}
		rel, _ := filepath.Rel(root, pe.Path)
		got = append(got, filepath.ToSlash(rel)+": "+map[bool]string{true: "outside", false: "broken"}[errors.Is(w, ErrOutsideMemory)])
	}
	slices.Sort(got)
	wantWarn := []string{"memory/broken.md: broken", "memory/git: outside", "memory/out: outside",
		"memory/readme.md: outside", "memory/secret.md: outside", "memory/shared: outside"}
	if !slices.Equal(got, wantWarn) {
		t.Errorf("Discover(%q) warnings = %q, want %q", root, got, wantWarn)
	}

	again, _, _ := Discover(root, nil)
	if !slices.Equal(again, files) {
		t.Errorf("Discover(%q) second run = %q, want %q", root, rels(again), rels(files))
	}
}

func TestDiscoverSymlinkOnlyPath(t *testing.T) {
	// A folder inside root reachable only through two links of an extra
	// folder is listed once, under the link met first in walk order. (Links
	// in memory/ never lead to the rest of the root.)
	// A file reached only through a link to a file or to a folder has
	// ViaLink set.
	root := t.TempDir()
	writeFiles(t, root, "shared/s.md", "notes/n.md", "other/t.md")
	symlink(t, "../shared", root, "notes/a")
	symlink(t, "../shared", root, "notes/b")
	symlink(t, "../shared/s.md", root, "notes/c.md")
	symlink(t, "../other/t.md", root, "notes/d.md")
	files, _, err := Discover(root, []string{"notes"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rels(files), []string{"notes/a/s.md", "notes/d.md", "notes/n.md"}; !slices.Equal(got, want) {
		t.Fatalf("Discover(%q) = %q, want %q", root, got, want)
	}
	for _, f := range files {
		if want := f.Rel != "notes/n.md"; f.ViaLink != want {
			t.Errorf("%s: ViaLink = %v, want %v", f.Rel, f.ViaLink, want)
		}
	}
}

func TestDiscoverExtra(t *testing.T) {
	root, outside, extra := extraWorkspace(t)
	files, warnings, err := Discover(root, extra)
	if err != nil {
		t.Fatalf("Discover(%q, %q) error = %v", root, extra, err)
	}

	type want struct {
		rel, source string
		external    bool
	}
	wants := []want{
		{slashAbs(outside, "dir", "n1.md"), SourceExternal, true},
		{slashAbs(outside, "dir", "sub", "n2.MD"), SourceExternal, true},
		{slashAbs(outside, "file.md"), SourceExternal, true},
		{"memory/a.md", SourceMemory, false},
		{"memory/sub/b.md", "sub", false},
		{"notes/n.md", SourceExternal, false},
	}
	slices.SortFunc(wants, func(a, b want) int {
		switch {
		case a.rel < b.rel:
			return -1
		case a.rel > b.rel:
			return 1
		}
		return 0
	})
	var got []want
	for _, f := range files {
		got = append(got, want{f.Rel, f.Source, f.External})
	}
	if !slices.Equal(got, wants) {
		t.Errorf("Discover(%q, %q) = %v, want %v", root, extra, got, wants)
	}
	checkExtraWarnings(t, root, extra, warnings)
}

// extraWorkspace builds the workspace of [TestDiscoverExtra]: a root with
// memory/, notes/ and an index folder, a folder outside it with Markdown
// and other files, hidden ones and links, and a third folder only a link
// leads to. It returns the root, the outside folder and the extra paths
// to pass to Discover.
func extraWorkspace(t testing.TB) (root, outside string, extra []string) {
	t.Helper()
	root = t.TempDir()
	outside = t.TempDir()
	elsewhere := t.TempDir()
	writeFiles(t, elsewhere, "e.md")
	writeFiles(t, outside,
		"dir/n1.md",
		"dir/sub/n2.MD",
		"dir/.hidden/n3.md",
		"dir/n4.md~",
		"dir/n5.txt",
		"file.md",
		"file.txt",
	)
	symlink(t, elsewhere, outside, "dir/esc")                     // out of every zone: not followed
	symlink(t, "../file.md", outside, "dir/file-link.md")         // into an extra path: followed, deduplicated
	symlink(t, filepath.Join(outside, "dir"), root, "memory/ext") // into an extra path: followed, deduplicated
	writeFiles(t, root, "memory/a.md", "memory/sub/b.md", "notes/n.md", ".memweave/i.md")

	extra = []string{
		filepath.Join(outside, "dir"),
		filepath.Join(outside, "file.md"),
		filepath.Join(outside, "file.txt"), // not Markdown: a warning
		"missing",                          // a warning
		"notes",
		"memory/sub",                  // overlaps memory/
		"memory/a.md",                 // overlaps memory/
		filepath.Join(outside, "dir"), // twice
		"./notes/",
		".memweave", // a warning
	}
	return root, outside, extra
}

// checkExtraWarnings checks the warnings of Discover(root, extra) in
// [TestDiscoverExtra]: each an *fs.PathError naming a path, one for the
// file that is not Markdown, one for the missing path and one for the
// index folder.
func checkExtraWarnings(t testing.TB, root string, extra []string, warnings []error) {
	t.Helper()
	var notMarkdown, missing, other int
	for _, w := range warnings {
		var pe *fs.PathError
		switch {
		case !errors.As(w, &pe) || pe.Path == "":
			t.Errorf("warning %v is not an *fs.PathError naming a path", w)
		case errors.Is(w, ErrNotMarkdown):
			notMarkdown++
		case errors.Is(w, fs.ErrNotExist):
			missing++
		default:
			other++
		}
	}
	if notMarkdown != 1 || missing != 1 || other != 1 {
		t.Errorf("Discover(%q, %q) warnings = %v, want one not Markdown, one missing, one index folder", root, extra, warnings)
	}
}

func TestDiscoverUnreadableDir(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("permission bits do not restrict reading on Windows")
	}
	if os.Geteuid() == 0 {
		t.Skip("root can read every folder")
	}
	root := t.TempDir()
	writeFiles(t, root, "memory/a.md", "memory/locked/x.md")
	locked := filepath.Join(root, "memory", "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o755) })

	files, warnings, err := Discover(root, nil)
	if err != nil {
		t.Fatalf("Discover(%q) error = %v", root, err)
	}
	if got, want := rels(files), []string{"memory/a.md"}; !slices.Equal(got, want) {
		t.Errorf("Discover(%q) = %q, want %q", root, got, want)
	}
	var pe *fs.PathError
	if len(warnings) != 1 || !errors.As(warnings[0], &pe) || pe.Path != locked || !errors.Is(warnings[0], fs.ErrPermission) {
		t.Errorf("Discover(%q) warnings = %v, want one permission error for %s", root, warnings, locked)
	}
}

// TestDiscoverSameFileOnce checks the deduplication of files: a hard link
// is the same file and is listed once, under its first path by Rel, while
// different files of the same size and time are all listed.
func TestDiscoverSameFileOnce(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/b/x.md", "memory/b/y.md", "memory/b/z.md")
	if err := os.Link(filepath.Join(root, "memory", "b", "x.md"), filepath.Join(root, "memory", "a.md")); err != nil {
		t.Skipf("hard links unavailable: %v", err)
	}
	ageTree(t, root) // one mtime for all; x, y and z have one size
	for _, s := range []*Scanner{nil, {}} {
		files, _, err := s.Discover(root, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := rels(files), []string{"memory/a.md", "memory/b/y.md", "memory/b/z.md"}; !slices.Equal(got, want) {
			t.Errorf("Discover = %q, want %q", got, want)
		}
	}
}

// TestFolderID checks that a folder and a symbolic link to it have one
// identity, another folder another, and that a file or a missing path
// has none.
func TestFolderID(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "a/x.md", "b/y.md")
	symlink(t, "a", root, "link")
	da, ia, okA := FolderID(filepath.Join(root, "a"))
	if !okA {
		t.Skip("no folder identity on this platform")
	}
	dl, il, okL := FolderID(filepath.Join(root, "link"))
	db, ib, okB := FolderID(filepath.Join(root, "b"))
	if !okL || !okB || dl != da || il != ia || (db == da && ib == ia) {
		t.Errorf("FolderID: a %d/%d, link %d/%d %v, b %d/%d %v; want link = a != b", da, ia, dl, il, okL, db, ib, okB)
	}
	for _, p := range []string{"a/x.md", "missing"} {
		if _, _, ok := FolderID(filepath.Join(root, p)); ok {
			t.Errorf("FolderID(%s) ok, want not a folder", p)
		}
	}
}

// TestDiscoverAliases checks a folder reachable by four paths: directly
// in memory/, through a link in memory/, through a link in an extra
// folder, and as an extra path overlapping memory/. Its file is listed
// once, under its direct path, not as reached through a link, and the
// folder is walked once: its dangling link is reported once.
func TestDiscoverAliases(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/real/r.md", "notes/n.md")
	symlink(t, "real", root, "memory/alias")
	symlink(t, "../memory/real", root, "notes/mem")
	symlink(t, "nowhere.md", root, "memory/real/broken.md")
	for _, extra := range [][]string{{"notes", "memory/real"}, {"memory/real", "notes"}} {
		files, warns, err := Discover(root, extra)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := rels(files), []string{"memory/real/r.md", "notes/n.md"}; !slices.Equal(got, want) {
			t.Errorf("Discover(%q, %q) = %q, want %q", root, extra, got, want)
		}
		for _, f := range files {
			if f.ViaLink {
				t.Errorf("%s: ViaLink = true, want false", f.Rel)
			}
		}
		var pe *fs.PathError
		if len(warns) != 1 || !errors.As(warns[0], &pe) || pe.Path != filepath.Join(root, "memory", "real", "broken.md") {
			t.Errorf("Discover(%q, %q) warnings = %v, want one, for memory/real/broken.md", root, extra, warns)
		}
	}
}

// TestDiscoverControlCharacterNames checks that a file or folder whose
// name holds a control character, C0 or C1, or a byte that is not UTF-8
// (which write refuses, and which a
// listing or a terminal would show as something else: an escape sequence,
// a line that looks like another entry) is not listed, and that the
// warning names it quoted, so that printing the warning is safe too.
func TestDiscoverControlCharacterNames(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root,
		"memory/ok.md",
		"memory/evil\x1b]0;pwned\x07.md",
		"memory/two\nlines.md",
		"memory/del\x7f.md",
		"memory/dir\x1b[31m/inner.md",
		"memory/osc\u009d52;c;aGk=\u009c.md",
		"memory/csi\x9b2J.md",
	)
	files, warnings, err := Discover(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := rels(files); !slices.Equal(got, []string{"memory/ok.md"}) {
		t.Errorf("Discover = %q, want memory/ok.md alone", got)
	}
	if len(warnings) != 6 {
		t.Errorf("warnings = %v, want one for each of the 6 names", warnings)
	}
	for _, w := range warnings {
		msg := w.Error()
		if !errors.Is(w, ErrBadName) {
			t.Errorf("warning %q does not wrap ErrBadName", msg)
		}
		if !utf8.ValidString(msg) || strings.ContainsFunc(msg, func(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 }) {
			t.Errorf("warning %q holds a control character or a byte that is not UTF-8", msg)
		}
	}
}

// TestDiscoverControlCharacterExtraPaths checks that the rule of
// TestDiscoverControlCharacterNames holds for extra paths too: an
// extra_paths entry naming such a file, or a folder whose name holds one
// (a cloned memweave.json may list either), is not listed, and its
// warning quotes it.
func TestDiscoverControlCharacterExtraPaths(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/ok.md", "notes/red\x1b[31m.md", "bell\a/inner.md", "notes/fine.md")
	files, warnings, err := Discover(root, []string{"notes/red\x1b[31m.md", "bell\a", "notes/fine.md"})
	if err != nil {
		t.Fatal(err)
	}
	if got := rels(files); !slices.Equal(got, []string{"memory/ok.md", "notes/fine.md"}) {
		t.Errorf("Discover = %q, want memory/ok.md and notes/fine.md", got)
	}
	if len(warnings) != 2 {
		t.Errorf("warnings = %v, want one for each of the 2 names", warnings)
	}
	for _, w := range warnings {
		if msg := w.Error(); !errors.Is(w, ErrBadName) || strings.ContainsFunc(msg, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			t.Errorf("warning %q: want ErrBadName, the name quoted", msg)
		}
	}
}

// TestDiscoverInvisibleCharacterNames checks the rule of
// TestDiscoverControlCharacterNames for names holding an invisible
// formatting character (Unicode's Cf: a right-to-left override, a
// zero-width space, a soft hyphen), which write refuses since they make
// a name print as another one ("report\u202efdp.md" shows as
// "reportdm.pdf"): a clone can still bring one. It is not listed, and
// the warning quotes it in ASCII. The zero-width joiner and non-joiner,
// which scripts and emoji are written with, stay allowed.
func TestDiscoverInvisibleCharacterNames(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root,
		"memory/ok.md",
		"memory/ok\u200dzwj.md",
		"memory/report\u202efdp.md",
		"memory/zero\u200bwidth.md",
		"memory/caf\u00ade.md",
		"memory/dir\u2066/inner.md",
	)
	files, warnings, err := Discover(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := rels(files); !slices.Equal(got, []string{"memory/ok.md", "memory/ok\u200dzwj.md"}) {
		t.Errorf("Discover = %+q, want memory/ok.md and memory/ok\\u200dzwj.md alone", got)
	}
	if len(warnings) != 4 {
		t.Errorf("warnings = %+q, want one for each of the 4 names", warnings)
	}
	for _, w := range warnings {
		msg := w.Error()
		if !errors.Is(w, ErrBadName) {
			t.Errorf("warning %+q does not wrap ErrBadName", msg)
		}
		if strings.ContainsFunc(msg, func(r rune) bool { return unicode.Is(unicode.Cf, r) }) {
			t.Errorf("warning %+q holds an invisible formatting character", msg)
		}
	}
}
