package gitsync_test

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/gitsync"
)

// Passage keys for the metadata families: any 17-character key
// feedback files a passage under.
const (
	keyX = "p0000aaaa0000aaaa"
	keyY = "p1111bbbb1111bbbb"
	keyZ = "p2222cccc2222cccc"
)

// mark gives the passage key of the note rel in ws a useful (or useless)
// mark, as memweave feedback writes it (frontmatter.SetFeedback), n times.
func mark(t testing.TB, ws, rel, key string, useful bool, n int) {
	t.Helper()
	for range n {
		out, err := frontmatter.SetFeedback([]byte(read(t, ws, rel)), key, useful)
		if err != nil {
			t.Fatalf("SetFeedback(%s, %s): %v", rel, key, err)
		}
		write(t, ws, rel, string(out))
	}
}

// supersede resolves line (1-based) of the note rel in ws as memweave
// resolve does (curate.Supersede), naming kept as the line kept.
func supersede(t testing.TB, ws, rel string, line int, kept, reason string) {
	t.Helper()
	out, _, err := curate.Supersede([]byte(read(t, ws, rel)), line, line,
		curate.Marker{Path: kept, KeptKey: "0296325f", Date: "2026-12-06", Reason: reason})
	if err != nil {
		t.Fatalf("Supersede(%s:%d): %v", rel, line, err)
	}
	write(t, ws, rel, string(out))
}

// setField replaces the line of the note rel of ws starting with field+":"
// by line, or adds line after the opening "---" when there is none.
func setField(t testing.TB, ws, rel, field, line string) {
	t.Helper()
	text := read(t, ws, rel)
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, field+":") {
			lines[i] = line + "\n"
			write(t, ws, rel, strings.Join(lines, ""))
			return
		}
	}
	if !strings.HasPrefix(text, "---\n") {
		t.Fatalf("%s has no front matter", rel)
	}
	write(t, ws, rel, "---\n"+line+"\n"+strings.TrimPrefix(text, "---\n"))
}

// Notes both machines start from in TestSyncMergesBothMachinesMetadata.
const (
	fmNote    = "memory/stack.md"
	plainNote = "memory/notes/cache.md"
	logNote   = "memory/2026-12-01.md"
	fmText    = "---\ntags: [infra]\nfeedback:\n  " + keyX + ": {useful: 1, useless: 0}\n---\n# Stack\n\nPostgres 16 in staging.\n\nRedis 7 for the queue.\n\nNginx in front of the API.\n"
	plainText = "# Cache\n\n- Redis caches the catalog for five minutes.\n- The CDN caches images for a day.\n- Sessions live in Redis.\n"
	logText   = "# 2026-12-01\n\n- Deployed the catalog API.\n- Rotated the staging keys.\n"
)

// TestSyncMergesBothMachinesMetadata: the durable metadata of notes
// (feedback marks, importance, tags, pinned, expiry, resolution
// markers) and the notes themselves (added, deleted, renamed) changed on
// two machines between syncs. Written by family before looking at how
// sync merges; the families' first members tuned the merge, the
// "check:" ones were run only to measure. After a, b and a sync, both
// machines hold one tree, every note's front matter parses, the note at
// path holds every text wanted and the feedback wanted (marks add up:
// each machine's mark is a mark), and conflict copies number copies.
func TestSyncMergesBothMachinesMetadata(t *testing.T) {
	t.Parallel()
	type want struct {
		path     string
		texts    []string
		feedback map[string]frontmatter.Votes // nil: not checked
		meta     func(m frontmatter.Meta) bool
		copies   int
		gone     []string
	}
	votes := func(kv ...any) map[string]frontmatter.Votes {
		m := map[string]frontmatter.Votes{}
		for i := 0; i+2 < len(kv); i += 3 {
			m[kv[i].(string)] = frontmatter.Votes{Useful: kv[i+1].(int), Useless: kv[i+2].(int)}
		}
		return m
	}
	cases := []struct {
		name string
		a, b func(t testing.TB, ws string)
		want want
	}{
		{"feedback on two passages of a note with front matter",
			func(t testing.TB, ws string) { mark(t, ws, fmNote, keyY, true, 1) },
			func(t testing.TB, ws string) { mark(t, ws, fmNote, keyZ, false, 1) },
			want{path: fmNote, texts: []string{"Nginx in front"}, feedback: votes(keyX, 1, 0, keyY, 1, 0, keyZ, 0, 1)}},
		{"feedback on one passage on both: the marks add up",
			func(t testing.TB, ws string) { mark(t, ws, fmNote, keyX, true, 1) },
			func(t testing.TB, ws string) { mark(t, ws, fmNote, keyX, true, 1) },
			want{path: fmNote, feedback: votes(keyX, 3, 0)}},
		{"feedback here, the text edited there",
			func(t testing.TB, ws string) { mark(t, ws, fmNote, keyY, true, 1) },
			func(t testing.TB, ws string) { edit(t, ws, fmNote, "Nginx in front", "Caddy in front") },
			want{path: fmNote, texts: []string{"Caddy in front"}, feedback: votes(keyX, 1, 0, keyY, 1, 0)}},
		{"feedback on both to a note without front matter",
			func(t testing.TB, ws string) { mark(t, ws, plainNote, keyY, true, 1) },
			func(t testing.TB, ws string) { mark(t, ws, plainNote, keyZ, true, 1) },
			want{path: plainNote, texts: []string{"Sessions live in Redis"}, feedback: votes(keyY, 1, 0, keyZ, 1, 0)}},
		{"importance set on both: the higher",
			func(t testing.TB, ws string) { setField(t, ws, fmNote, "importance", "importance: 0.9") },
			func(t testing.TB, ws string) { setField(t, ws, fmNote, "importance", "importance: 0.4") },
			want{path: fmNote, meta: func(m frontmatter.Meta) bool { return m.Importance != nil && *m.Importance == 0.9 }}},
		{"a tag added on each",
			func(t testing.TB, ws string) { setField(t, ws, fmNote, "tags", "tags: [infra, db]") },
			func(t testing.TB, ws string) { setField(t, ws, fmNote, "tags", "tags: [infra, queue]") },
			want{path: fmNote, meta: func(m frontmatter.Meta) bool {
				return m.HasTag("infra") && m.HasTag("db") && m.HasTag("queue") && len(m.Tags) == 3
			}}},
		{"two lines of a list resolved, one on each",
			func(t testing.TB, ws string) { supersede(t, ws, plainNote, 3, "memory/stack.md", "by a") },
			func(t testing.TB, ws string) { supersede(t, ws, plainNote, 5, "memory/stack.md", "by b") },
			want{path: plainNote, texts: []string{"(2026-12-06): by a", "(2026-12-06): by b"}}},
		{"feedback on a dated log on both",
			func(t testing.TB, ws string) { mark(t, ws, logNote, keyY, true, 1) },
			func(t testing.TB, ws string) { mark(t, ws, logNote, keyZ, true, 1) },
			want{path: logNote, texts: []string{"Rotated the staging keys"}, feedback: votes(keyY, 1, 0, keyZ, 1, 0)}},
		{"one passage of a dated log marked on both",
			func(t testing.TB, ws string) { mark(t, ws, logNote, keyY, true, 1) },
			func(t testing.TB, ws string) { mark(t, ws, logNote, keyY, true, 1) },
			want{path: logNote, feedback: votes(keyY, 2, 0)}},
		{"deleted here, a mark given there",
			func(t testing.TB, ws string) { os.Remove(filepath.Join(ws, plainNote)) },
			func(t testing.TB, ws string) { mark(t, ws, plainNote, keyY, true, 1) },
			want{path: plainNote, feedback: votes(keyY, 1, 0)}},
		{"renamed here, a mark given there",
			func(t testing.TB, ws string) { mv(t, ws, plainNote, "memory/notes/caching.md", nil) },
			func(t testing.TB, ws string) { mark(t, ws, plainNote, keyY, true, 1) },
			want{path: "memory/notes/caching.md", feedback: votes(keyY, 1, 0), gone: []string{plainNote}}},
		{"both add one name, other texts",
			func(t testing.TB, ws string) { write(t, ws, "memory/notes/new.md", "# New\n\nwritten by a\n") },
			func(t testing.TB, ws string) { write(t, ws, "memory/notes/new.md", "# New\n\nwritten by b\n") },
			want{path: "memory/notes/new.md", texts: []string{"written by a"}, copies: 1}},

		{"check: a useful and a useless mark on one passage of a note without front matter",
			func(t testing.TB, ws string) { mark(t, ws, plainNote, keyY, true, 1) },
			func(t testing.TB, ws string) { mark(t, ws, plainNote, keyY, false, 1) },
			want{path: plainNote, feedback: votes(keyY, 1, 1)}},
		{"check: marks and text edits far apart on both",
			func(t testing.TB, ws string) {
				mark(t, ws, fmNote, keyY, true, 2)
				edit(t, ws, fmNote, "Postgres 16", "Postgres 17")
			},
			func(t testing.TB, ws string) {
				mark(t, ws, fmNote, keyY, false, 1)
				edit(t, ws, fmNote, "Nginx in front", "Envoy in front")
			},
			want{path: fmNote, texts: []string{"Postgres 17", "Envoy in front"}, feedback: votes(keyX, 1, 0, keyY, 2, 1)}},
		{"check: pinned here, a mark there",
			func(t testing.TB, ws string) { setField(t, ws, fmNote, "pinned", "pinned: true") },
			func(t testing.TB, ws string) { mark(t, ws, fmNote, keyZ, true, 1) },
			want{path: fmNote, feedback: votes(keyX, 1, 0, keyZ, 1, 0), meta: func(m frontmatter.Meta) bool { return m.Pinned && m.HasTag("infra") }}},
		{"check: several marks on one passage on each side",
			func(t testing.TB, ws string) { mark(t, ws, fmNote, keyX, true, 2) },
			func(t testing.TB, ws string) {
				mark(t, ws, fmNote, keyX, true, 1)
				mark(t, ws, fmNote, keyZ, false, 2)
			},
			want{path: fmNote, feedback: votes(keyX, 4, 0, keyZ, 0, 2)}},
		{"check: a dated log appended here, a first mark there",
			func(t testing.TB, ws string) { write(t, ws, logNote, read(t, ws, logNote)+"- Restarted the queue.\n") },
			func(t testing.TB, ws string) {
				mark(t, ws, logNote, keyY, false, 1)
				write(t, ws, logNote, read(t, ws, logNote)+"- Paged the on-call.\n")
			},
			want{path: logNote, texts: []string{"Restarted the queue", "Paged the on-call"}, feedback: votes(keyY, 0, 1)}},
		{"check: a dated log's passage marked twice here, once the other way there, both appended",
			func(t testing.TB, ws string) {
				mark(t, ws, logNote, keyY, true, 2)
				write(t, ws, logNote, read(t, ws, logNote)+"- Renewed the certificate.\n")
			},
			func(t testing.TB, ws string) {
				mark(t, ws, logNote, keyY, false, 1)
				write(t, ws, logNote, read(t, ws, logNote)+"- Scaled the workers.\n")
			},
			want{path: logNote, texts: []string{"Renewed the certificate", "Scaled the workers"}, feedback: votes(keyY, 2, 1)}},
		{"check: expiry set on both: the later",
			func(t testing.TB, ws string) { setField(t, ws, fmNote, "expires", "expires: 2027-03-01") },
			func(t testing.TB, ws string) { setField(t, ws, fmNote, "expires", "expires: 2027-01-15") },
			want{path: fmNote, meta: func(m frontmatter.Meta) bool { return m.Expires == "2027-03-01" }}},
		{"check: a line resolved here, a mark on its passage there",
			func(t testing.TB, ws string) { supersede(t, ws, plainNote, 4, "memory/stack.md", "by a") },
			func(t testing.TB, ws string) { mark(t, ws, plainNote, keyY, true, 1) },
			want{path: plainNote, texts: []string{"(2026-12-06): by a"}, feedback: votes(keyY, 1, 0)}},
		{"check: renamed here, a mark and an edit there",
			func(t testing.TB, ws string) { mv(t, ws, fmNote, "memory/infra/stack.md", nil) },
			func(t testing.TB, ws string) {
				mark(t, ws, fmNote, keyY, true, 1)
				edit(t, ws, fmNote, "Redis 7", "Redis 8")
			},
			want{path: "memory/infra/stack.md", texts: []string{"Redis 8"}, feedback: votes(keyX, 1, 0, keyY, 1, 0), gone: []string{fmNote}}},
		{"check: a tag removed here, another added there",
			func(t testing.TB, ws string) { setField(t, ws, fmNote, "tags", "tags: []") },
			func(t testing.TB, ws string) { setField(t, ws, fmNote, "tags", "tags: [infra, queue]") },
			want{path: fmNote, meta: func(m frontmatter.Meta) bool { return !m.HasTag("infra") && m.HasTag("queue") }}},
		{"check: both add one name with front matter, other texts",
			func(t testing.TB, ws string) {
				write(t, ws, "memory/notes/new.md", "---\nimportance: 0.5\n---\n# New\n\nwritten by a\n")
			},
			func(t testing.TB, ws string) {
				write(t, ws, "memory/notes/new.md", "---\npinned: true\n---\n# New\n\nwritten by b\n")
			},
			want{path: "memory/notes/new.md", texts: []string{"written by a"}, copies: 1}},
		{"check: the same line edited both ways, marks on both",
			func(t testing.TB, ws string) {
				mark(t, ws, fmNote, keyY, true, 1)
				edit(t, ws, fmNote, "Postgres 16", "Postgres 17")
			},
			func(t testing.TB, ws string) {
				mark(t, ws, fmNote, keyZ, true, 1)
				edit(t, ws, fmNote, "Postgres 16", "Postgres 18")
			},
			want{path: fmNote, texts: []string{"Postgres 17"}, copies: 1}},
	}
	clones := template(t, func(ws []string) {
		write(t, ws[0], fmNote, fmText)
		write(t, ws[0], plainNote, plainText)
		write(t, ws[0], logNote, logText)
		sync(t, ws[0], "a")
		sync(t, ws[1], "b")
	}, "a", "b")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, b := syncedAfter(t, clones, tc.a, tc.b)
			checkMetadata(t, b, tc.want.path, tc.want.texts, tc.want.feedback, tc.want.meta, tc.want.copies, tc.want.gone)
		})
	}
}

// checkMetadata reports what of the wanted outcome of a metadata family
// ws lacks: every note's front matter parses and holds no conflict
// marker, the note rel holds texts and the feedback (when not nil) and
// passes meta (when not nil), there are copies conflict copies, and the
// paths gone are gone.
func checkMetadata(t *testing.T, ws, rel string, texts []string, feedback map[string]frontmatter.Votes, meta func(frontmatter.Meta) bool, copies int, gone []string) {
	t.Helper()
	for p, text := range memoryText(t, ws) {
		if _, _, err := frontmatter.Parse([]byte(text)); err != nil {
			t.Errorf("%s: %v\n%s", p, err, text)
		}
		if strings.Contains(text, "<<<<<<<") {
			t.Errorf("%s holds a conflict marker", p)
		}
	}
	text := read(t, ws, rel)
	for _, s := range texts {
		if !strings.Contains(text, s) {
			t.Errorf("%s holds no %q:\n%s", rel, s, text)
		}
	}
	m, _, _ := frontmatter.Parse([]byte(text))
	if feedback != nil && !maps.Equal(m.Feedback, feedback) {
		t.Errorf("%s's feedback = %v, want %v:\n%s", rel, m.Feedback, feedback, text)
	}
	if meta != nil && !meta(m) {
		t.Errorf("%s's front matter %+v is not the one wanted:\n%s", rel, m, text)
	}
	got, err := gitsync.Conflicts(ws)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != copies {
		t.Errorf("conflict copies %v, want %d", got, copies)
	}
	for _, p := range gone {
		if _, err := os.Stat(filepath.Join(ws, p)); err == nil {
			t.Errorf("%s is still there (a second copy of the note): %q", p, read(t, ws, p))
		}
	}
}
