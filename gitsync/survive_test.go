package gitsync_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// baseNote is the note both machines start from in TestSyncEveryVersionSurvives.
const baseNote = "memory/notes/n.md"

// mv moves a note in ws as a user would (git sees a delete and an add),
// optionally rewriting it on the way.
func mv(t testing.TB, ws, from, to string, edit func(string) string) {
	t.Helper()
	old := read(t, ws, from)
	if err := os.Remove(filepath.Join(ws, filepath.FromSlash(from))); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		old = edit(old)
	}
	write(t, ws, to, old)
}

// edit replaces old by new in the note rel of ws.
func edit(t testing.TB, ws, rel, old, new string) {
	t.Helper()
	text := read(t, ws, rel)
	if !strings.Contains(text, old) {
		t.Fatalf("%s holds no %q", rel, old)
	}
	write(t, ws, rel, strings.Replace(text, old, new, 1))
}

// memoryText returns every file under ws's memory/, by path.
func memoryText(t testing.TB, ws string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(filepath.Join(ws, "memory"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(ws, p)
			files[filepath.ToSlash(rel)] = string(data)
		}
		return nil
	})
	return files
}

// TestSyncEveryVersionSurvives: two machines change the same note
// between syncs in every way a user or an editor does; after a syncs, b
// syncs and a syncs again, both hold the same tree, a clean work tree,
// no conflict marker, and every line either side wrote, in some file.
func TestSyncEveryVersionSurvives(t *testing.T) {
	t.Parallel()
	const base = "# N\n\nline one\nline two\nline three\nline four\n"
	big := strings.Repeat("filler line of a large note, nothing to see here\n", 60000) // ~3 MB
	cases := []struct {
		name  string
		seed  map[string]string
		a, b  func(t testing.TB, ws string)
		wants []string
	}{
		{"same line", nil,
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line two", "two by a") },
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line two", "two by b") },
			[]string{"two by a", "two by b"}},
		{"adjacent lines", nil,
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line two", "two by a") },
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line three", "three by b") },
			[]string{"two by a", "three by b"}},
		{"deleted here, edited there", nil,
			func(t testing.TB, ws string) { os.Remove(filepath.Join(ws, baseNote)) },
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line two", "two by b") },
			[]string{"two by b"}},
		{"edited here, deleted there", nil,
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line two", "two by a") },
			func(t testing.TB, ws string) { os.Remove(filepath.Join(ws, baseNote)) },
			[]string{"two by a"}},
		{"both renamed, other names", nil,
			func(t testing.TB, ws string) { mv(t, ws, baseNote, "memory/notes/x.md", nil) },
			func(t testing.TB, ws string) { mv(t, ws, baseNote, "memory/notes/y.md", nil) },
			[]string{"line one"}},
		{"renamed here, edited there", nil,
			func(t testing.TB, ws string) { mv(t, ws, baseNote, "memory/other/r.md", nil) },
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line two", "two by b") },
			[]string{"two by b"}},
		{"edited here, renamed there", nil,
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line two", "two by a") },
			func(t testing.TB, ws string) { mv(t, ws, baseNote, "memory/other/r.md", nil) },
			[]string{"two by a"}},
		{"renamed and edited here, edited there", nil,
			func(t testing.TB, ws string) {
				mv(t, ws, baseNote, "memory/other/r.md", func(s string) string { return strings.Replace(s, "line two", "two by a", 1) })
			},
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line two", "two by b") },
			[]string{"two by a", "two by b"}},
		{"both renamed to one name, both edited", nil,
			func(t testing.TB, ws string) {
				mv(t, ws, baseNote, "memory/other/r.md", func(s string) string { return strings.Replace(s, "line two", "two by a", 1) })
			},
			func(t testing.TB, ws string) {
				mv(t, ws, baseNote, "memory/other/r.md", func(s string) string { return strings.Replace(s, "line two", "two by b", 1) })
			},
			[]string{"two by a", "two by b"}},
		{"folder renamed here, note edited there", nil,
			func(t testing.TB, ws string) {
				if err := os.Rename(filepath.Join(ws, "memory/notes"), filepath.Join(ws, "memory/notes2")); err != nil {
					t.Fatal(err)
				}
			},
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line two", "two by b") },
			[]string{"two by b"}},
		{"case-only rename here, edited there", nil,
			func(t testing.TB, ws string) { mv(t, ws, baseNote, "memory/notes/N.md", nil) },
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line two", "two by b") },
			[]string{"two by b"}},
		{"case-only renames on both sides, both edited", nil,
			func(t testing.TB, ws string) {
				mv(t, ws, baseNote, "memory/notes/N.md", func(s string) string { return strings.Replace(s, "line two", "two by a", 1) })
			},
			func(t testing.TB, ws string) {
				mv(t, ws, baseNote, "memory/notes/N.MD", func(s string) string { return strings.Replace(s, "line two", "two by b", 1) })
			},
			[]string{"two by a", "two by b"}},
		{"made executable here, edited there", nil,
			func(t testing.TB, ws string) { os.Chmod(filepath.Join(ws, baseNote), 0o755) },
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "line two", "two by b") },
			[]string{"two by b"}},
		{"CRLF note, both edited", map[string]string{baseNote: "# N\r\n\r\nc one\r\nc two\r\nc three\r\n"},
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "c one", "one by a") },
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "c three", "three by b") },
			[]string{"one by a\r\n", "three by b\r\n"}},
		{"BOM note, same line", map[string]string{baseNote: "\ufeff# N\n\nbom line\n"},
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "bom line", "bom by a") },
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "bom line", "bom by b") },
			[]string{"\ufeff# N\n\nbom by a", "\ufeff# N\n\nbom by b"}},
		{"no final newline, both appended", map[string]string{baseNote: "# N\n\nlast"},
			func(t testing.TB, ws string) { write(t, ws, baseNote, "# N\n\nlast\nadded by a") },
			func(t testing.TB, ws string) { write(t, ws, baseNote, "# N\n\nlast\nadded by b") },
			[]string{"added by a", "added by b"}},
		{"binary bytes, both edited", map[string]string{baseNote: "# N\n\x00\x01\x02 bin\n"},
			func(t testing.TB, ws string) { write(t, ws, baseNote, "# N\n\x00\x01\x02 by a\n") },
			func(t testing.TB, ws string) { write(t, ws, baseNote, "# N\n\x00\x01\x02 by b\n") },
			[]string{"\x00\x01\x02 by a", "\x00\x01\x02 by b"}},
		{"conflict markers in the text, both edited", map[string]string{baseNote: "# N\n\n<<<<<<< ours\nx\n=======\ny\n>>>>>>> theirs\n"},
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "x\n", "x by a\n") },
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "x\n", "x by b\n") },
			[]string{"x by a", "x by b"}},
		{"a 3 MB note, both ends edited", map[string]string{baseNote: "first\n" + big + "last\n"},
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "first\n", "first by a\n") },
			func(t testing.TB, ws string) { edit(t, ws, baseNote, "\nlast\n", "\nlast by b\n") },
			[]string{"first by a", "last by b"}},
		{"many small notes on both", nil,
			func(t testing.TB, ws string) {
				for i := range 800 {
					write(t, ws, fmt.Sprintf("memory/many/a%04d.md", i), fmt.Sprintf("small a %d\n", i))
				}
			},
			func(t testing.TB, ws string) {
				for i := range 800 {
					write(t, ws, fmt.Sprintf("memory/many/b%04d.md", i), fmt.Sprintf("small b %d\n", i))
				}
			},
			[]string{"small a 0\n", "small a 799\n", "small b 0\n", "small b 799\n"}},
	}
	// The cases of the base note start from copies of one pair of
	// clones that synced it, a then b (the two syncs and clones a case
	// ran before); the others seed a note of their own.
	synced := template(t, func(ws []string) {
		write(t, ws[0], baseNote, base)
		sync(t, ws[0], "a")
		sync(t, ws[1], "b")
	}, "a", "b")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.name == "a 3 MB note, both ends edited" || tc.name == "many small notes on both" {
				// A fifth of the test's time; the package passed go
				// test's default 10 minutes on a loaded machine.
				memweavetest.Long(t, "a large workspace synced five times")
			}
			a, b, seed := seededPair(t, synced, tc.seed)
			tc.a(t, a)
			tc.b(t, b)
			sync(t, a, "a")
			sync(t, b, "b")
			sync(t, a, "a")
			if ta, tb := run(t, a, "rev-parse", "HEAD^{tree}"), run(t, b, "rev-parse", "HEAD^{tree}"); ta != tb {
				t.Errorf("trees differ: a %s, b %s", ta, tb)
			}
			for _, ws := range []string{a, b} {
				name := filepath.Base(ws)
				if st := run(t, ws, "status", "--porcelain", "--", "memory"); st != "" {
					t.Errorf("%s: work tree differs from its commit: %s", name, st)
				}
				files := memoryText(t, ws)
				for _, w := range tc.wants {
					found := false
					for _, text := range files {
						found = found || strings.Contains(text, w)
					}
					if !found {
						t.Errorf("%s: no file holds %q; files: %q", name, w, keys(files))
					}
				}
				for p, text := range files {
					if strings.Contains(text, "<<<<<<< ") && !strings.Contains(seed[baseNote], "<<<<<<< ") {
						t.Errorf("%s: %s holds a conflict marker", name, p)
					}
				}
			}
		})
	}
}

// seededPair returns clones a and b of one remote, both synced, a first,
// holding the notes seed (path to text) that a wrote: copies of synced's
// when seed is nil (the base note), else new clones. It returns the seed
// it used.
func seededPair(t *testing.T, synced func(*testing.T) []string, seed map[string]string) (a, b string, used map[string]string) {
	t.Helper()
	if seed == nil {
		ws := synced(t)
		return ws[0], ws[1], map[string]string{baseNote: read(t, ws[0], baseNote)}
	}
	bare := remote(t)
	a, b = clone(t, bare, "a"), clone(t, bare, "b")
	plain := false
	for p, text := range seed {
		write(t, a, p, text)
		plain = plain || strings.Contains(text, "<<<<<<< ")
	}
	if plain {
		// Sync pushes no conflict markers of its own machine's
		// (TestSyncPushesNoNoteWithConflictMarkers): a teammate's
		// plain git push brought them.
		run(t, a, "add", "-A")
		run(t, a, "commit", "-qm", "plain")
		run(t, a, "push", "-q", "origin", "main")
	}
	sync(t, a, "a")
	sync(t, b, "b")
	return a, b, seed
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		if len(out) < 20 {
			out = append(out, k)
		}
	}
	return out
}
