package gitsync_test

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// longNote is a note named 245 bytes long: a conflict copy that added
// its suffix to the whole name would be over the file name limit.
var longNote = "memory/notes/" + strings.Repeat("n", 242) + ".md"

// TestSyncConflictFamilies: each kind of change made on two machines
// between syncs ends with both machines holding the same files and no
// version lost.
func TestSyncConflictFamilies(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		a, b  func(t testing.TB, ws string)
		check func(t testing.TB, ws string, copies []string)
	}{
		{"add/add, different notes at one path",
			func(t testing.TB, ws string) { write(t, ws, "memory/projects/x.markdown", "from a\n") },
			func(t testing.TB, ws string) { write(t, ws, "memory/projects/x.markdown", "from b\n") },
			func(t testing.TB, ws string, copies []string) {
				if got := read(t, ws, "memory/projects/x.markdown"); got != "from a\n" {
					t.Errorf("x.markdown = %q", got)
				}
				if len(copies) != 1 || !strings.HasSuffix(copies[0], ".markdown") || read(t, ws, copies[0]) != "from b\n" {
					t.Errorf("copies = %v, want one .markdown copy holding b's", copies)
				}
			}},
		{"add/add, the same dated log",
			func(t testing.TB, ws string) { write(t, ws, "memory/team/2026-05-01.md", "# 2026-05-01\n\na's note\n") },
			func(t testing.TB, ws string) { write(t, ws, "memory/team/2026-05-01.md", "# 2026-05-01\n\nb's note\n") },
			func(t testing.TB, ws string, copies []string) {
				got := read(t, ws, "memory/team/2026-05-01.md")
				if !strings.Contains(got, "a's note") || !strings.Contains(got, "b's note") || len(copies) != 0 {
					t.Errorf("log = %q, copies %v; want both notes, no copy", got, copies)
				}
			}},
		{"the same change on both",
			func(t testing.TB, ws string) { write(t, ws, "memory/notes/db.md", "same\n") },
			func(t testing.TB, ws string) { write(t, ws, "memory/notes/db.md", "same\n") },
			func(t testing.TB, ws string, copies []string) {
				if got := read(t, ws, "memory/notes/db.md"); got != "same\n" || len(copies) != 0 {
					t.Errorf("db.md = %q, copies %v", got, copies)
				}
			}},
		{"deleted on both",
			func(t testing.TB, ws string) { os.Remove(filepath.Join(ws, "memory/notes/db.md")) },
			func(t testing.TB, ws string) { os.Remove(filepath.Join(ws, "memory/notes/db.md")) },
			func(t testing.TB, ws string, copies []string) {
				if _, err := os.Stat(filepath.Join(ws, "memory/notes/db.md")); err == nil || len(copies) != 0 {
					t.Errorf("db.md still there (%v), copies %v", err, copies)
				}
			}},
		{"changed here, deleted there",
			func(t testing.TB, ws string) { write(t, ws, "memory/notes/db.md", "a's change\n") },
			func(t testing.TB, ws string) { os.Remove(filepath.Join(ws, "memory/notes/db.md")) },
			func(t testing.TB, ws string, copies []string) {
				if got := read(t, ws, "memory/notes/db.md"); got != "a's change\n" {
					t.Errorf("db.md = %q, want a's change kept", got)
				}
			}},
		{"memweave.json on both",
			func(t testing.TB, ws string) { write(t, ws, "memweave.json", `{"chunk_tokens": 300}`+"\n") },
			func(t testing.TB, ws string) { write(t, ws, "memweave.json", `{"chunk_tokens": 200}`+"\n") },
			func(t testing.TB, ws string, copies []string) {
				if got := read(t, ws, "memweave.json"); !strings.Contains(got, `300`) {
					t.Errorf("memweave.json = %q, want the first pushed", got)
				}
			}},
		{"a file inside a folder the other side deleted",
			func(t testing.TB, ws string) { write(t, ws, "memory/notes/new.md", "new in notes\n") },
			func(t testing.TB, ws string) { os.RemoveAll(filepath.Join(ws, "memory/notes")) },
			func(t testing.TB, ws string, copies []string) {
				if got := read(t, ws, "memory/notes/new.md"); got != "new in notes\n" {
					t.Errorf("new.md = %q", got)
				}
			}},
		{"a file here where there is a folder of notes there",
			func(t testing.TB, ws string) { write(t, ws, "memory/proj", "proj as a file\n") },
			func(t testing.TB, ws string) { write(t, ws, "memory/proj/x.md", "x in the folder\n") },
			func(t testing.TB, ws string, copies []string) {
				if got := read(t, ws, "memory/proj/x.md"); got != "x in the folder\n" {
					t.Errorf("proj/x.md = %q", got)
				}
				if len(copies) != 1 || !strings.HasPrefix(copies[0], "memory/proj.conflict-") || read(t, ws, copies[0]) != "proj as a file\n" {
					t.Errorf("copies = %v, want memory/proj.conflict-* holding the file proj's text", copies)
				}
			}},
		{"a folder of notes here where there is a file there",
			func(t testing.TB, ws string) { write(t, ws, "memory/proj/x.md", "x in the folder\n") },
			func(t testing.TB, ws string) { write(t, ws, "memory/proj", "proj as a file\n") },
			func(t testing.TB, ws string, copies []string) {
				if got := read(t, ws, "memory/proj/x.md"); got != "x in the folder\n" {
					t.Errorf("proj/x.md = %q", got)
				}
				if len(copies) != 1 || !strings.HasPrefix(copies[0], "memory/proj.conflict-b-") || read(t, ws, copies[0]) != "proj as a file\n" {
					t.Errorf("copies = %v, want memory/proj.conflict-b-* holding the file proj's text", copies)
				}
			}},
		{".gitattributes, a line added on each side",
			func(t testing.TB, ws string) { write(t, ws, ".gitattributes", "*.pdf binary\n") },
			func(t testing.TB, ws string) { write(t, ws, ".gitattributes", "*.csv text eol=lf\n") },
			func(t testing.TB, ws string, copies []string) {
				if got := read(t, ws, ".gitattributes"); !strings.Contains(got, "*.pdf binary") || !strings.Contains(got, "*.csv text eol=lf") {
					t.Errorf(".gitattributes = %q, want both machines' lines", got)
				}
			}},
		{"a note named near the file system's limit, changed on both",
			func(t testing.TB, ws string) { write(t, ws, longNote, "from a\n") },
			func(t testing.TB, ws string) { write(t, ws, longNote, "from b\n") },
			func(t testing.TB, ws string, copies []string) {
				if len(copies) != 1 || len(path.Base(copies[0])) > 255 || !strings.HasSuffix(copies[0], ".md") || read(t, ws, copies[0]) != "from b\n" {
					t.Errorf("copies = %v, want one .md copy, its name within 255 bytes, holding b's", copies)
				}
			}},
		// Check part added in round 16 (never tuned on): the log
		// memory/2026-05-02.md is there before each case.
		{"the same line of a dated log changed on both",
			func(t testing.TB, ws string) { write(t, ws, "memory/2026-05-02.md", "- deploy at 11:00\n- standup\n") },
			func(t testing.TB, ws string) { write(t, ws, "memory/2026-05-02.md", "- deploy at 12:00\n- standup\n") },
			func(t testing.TB, ws string, copies []string) {
				got := read(t, ws, "memory/2026-05-02.md")
				if !strings.Contains(got, "11:00") || !strings.Contains(got, "12:00") || !strings.Contains(got, "- standup") || len(copies) != 0 {
					t.Errorf("log = %q, copies %v; want both machines' lines, no copy", got, copies)
				}
			}},
		{"a dated log deleted here, added to there",
			func(t testing.TB, ws string) { os.Remove(filepath.Join(ws, "memory/2026-05-02.md")) },
			func(t testing.TB, ws string) {
				write(t, ws, "memory/2026-05-02.md", "- deploy at 10:00\n- standup\n- retro moved\n")
			},
			func(t testing.TB, ws string, copies []string) {
				if got := read(t, ws, "memory/2026-05-02.md"); !strings.Contains(got, "retro moved") {
					t.Errorf("log = %q, want b's added line kept", got)
				}
			}},
		{"a note renamed here, changed there",
			func(t testing.TB, ws string) {
				if err := os.Rename(filepath.Join(ws, "memory/notes/db.md"), filepath.Join(ws, "memory/notes/database.md")); err != nil {
					t.Fatal(err)
				}
			},
			func(t testing.TB, ws string) { write(t, ws, "memory/notes/db.md", "# DB\n\nPostgres 17.\n") },
			func(t testing.TB, ws string, copies []string) {
				found := false
				filepath.WalkDir(filepath.Join(ws, "memory"), func(p string, d os.DirEntry, err error) error {
					if data, _ := os.ReadFile(p); err == nil && !d.IsDir() && strings.Contains(string(data), "Postgres 17") {
						found = true
					}
					return nil
				})
				if !found {
					t.Errorf("b's edit (Postgres 17) is in no note")
				}
			}},
		{"logs named by a clock years ahead and by today's",
			func(t testing.TB, ws string) { write(t, ws, "memory/2031-01-01.md", "- from a skewed clock\n") },
			func(t testing.TB, ws string) { write(t, ws, "memory/2026-05-03.md", "- from b\n") },
			func(t testing.TB, ws string, copies []string) {
				if read(t, ws, "memory/2031-01-01.md") != "- from a skewed clock\n" || read(t, ws, "memory/2026-05-03.md") != "- from b\n" {
					t.Errorf("a log lost or changed")
				}
			}},
	}
	clones := template(t, func(ws []string) {
		write(t, ws[0], "memory/2026-05-02.md", "- deploy at 10:00\n- standup\n")
		sync(t, ws[0], "a")
		sync(t, ws[1], "b")
	}, "a", "b")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a, b := syncedAfter(t, clones, tc.a, tc.b)
			for _, ws := range []string{a, b} {
				if st := run(t, ws, "status", "--porcelain", "--", "memory"); st != "" {
					t.Errorf("%s work tree differs from its commit: %s", ws, st)
				}
				var copies []string
				filepath.WalkDir(filepath.Join(ws, "memory"), func(p string, d os.DirEntry, err error) error {
					if err == nil && !d.IsDir() && strings.Contains(d.Name(), ".conflict-") {
						rel, _ := filepath.Rel(ws, p)
						copies = append(copies, filepath.ToSlash(rel))
					}
					return nil
				})
				tc.check(t, ws, copies)
			}
		})
	}
}

// syncedAfter gives the test a copy of the clones a and b, runs ac on
// a and syncs it, then bc on b and syncs it, then syncs a again, and
// reports an error when the two end on different trees.
func syncedAfter(t *testing.T, clones func(*testing.T) []string, ac, bc func(testing.TB, string)) (a, b string) {
	t.Helper()
	ws := clones(t)
	a, b = ws[0], ws[1]
	ac(t, a)
	sync(t, a, "a")
	bc(t, b)
	sync(t, b, "b")
	sync(t, a, "a")
	sameTrees(t, a, b)
	return a, b
}

// sameTrees reports an error when the workspaces a and b, synced, end
// on different trees.
func sameTrees(t testing.TB, a, b string) {
	t.Helper()
	ta := run(t, a, "rev-parse", "HEAD^{tree}")
	if tb := run(t, b, "rev-parse", "HEAD^{tree}"); ta != tb {
		t.Errorf("trees differ: a %s, b %s", ta, tb)
	}
}
