package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/memweavetest"
)

// cacheNote has three passages: Redis (lines 1-3), Sessions (5-7) and
// CDN (9-11).
const cacheNote = "# Redis\n\nRedis caches the catalog API for five minutes.\n\n" +
	"# Sessions\n\nSessions expire after thirty minutes of inactivity.\n\n" +
	"# CDN\n\nThe CDN caches product images for a day.\n"

// byHeading returns the results of one search of memory/c.md, by the
// first line of their passage.
func byHeading(t *testing.T, w *memweave.Weave) map[string]memweave.Result {
	t.Helper()
	out := map[string]memweave.Result{}
	for _, r := range mustSearch(t, w, "Redis sessions CDN caches", memweave.MinScore(0), memweave.MaxResults(20)).Results {
		if r.Path != "memory/c.md" {
			continue
		}
		head, _, _ := strings.Cut(r.Text, "\n")
		if r.Passage != curate.PassageKey(r.Headings, r.Text) {
			t.Errorf("result %s: passage %q, want %q", loc(r), r.Passage, curate.PassageKey(r.Headings, r.Text))
		}
		out[head] = r
	}
	if len(out) != 3 {
		t.Fatalf("search found passages %v of memory/c.md, want # Redis, # Sessions and # CDN", out)
	}
	return out
}

// marks returns the feedback marks of memory/c.md's front matter.
func marks(t *testing.T, root string) map[string]frontmatter.Votes {
	t.Helper()
	m, _, err := frontmatter.Parse([]byte(memweavetest.ReadFile(t, root, "memory/c.md")))
	if err != nil {
		t.Fatal(err)
	}
	return m.Feedback
}

// Marking two results of one search, by the lines and passage keys that
// search gave: the first mark adds front matter, which moves every line
// of the note down, yet the second marks the passage it named (CDN),
// not the one its old line now falls in (Sessions).
func TestFeedbackByPassageKeyAfterFrontMatter(t *testing.T) {
	root, w := openIndexed(t, map[string]string{"memory/c.md": cacheNote}, memweave.Config{})
	got := byHeading(t, w)
	redis, sessions, cdn := got["# Redis"], got["# Sessions"], got["# CDN"]
	if _, err := w.Feedback(t.Context(), redis.Path, redis.StartLine, true, memweave.PassageKey(redis.Passage)); err != nil {
		t.Fatal(err)
	}
	res, err := w.Feedback(t.Context(), cdn.Path, cdn.StartLine, false, memweave.PassageKey(cdn.Passage))
	if err != nil {
		t.Fatal(err)
	}
	fm := marks(t, root)
	if res.Key != cdn.Passage || res.StartLine <= cdn.StartLine || fm[cdn.Passage].Useless != 1 || fm[sessions.Passage] != (frontmatter.Votes{}) {
		t.Errorf("Feedback(%s:%d, passage %s) = %+v, marks %v; want the CDN passage marked useless, at its new line, and Sessions unmarked",
			cdn.Path, cdn.StartLine, cdn.Passage, res, fm)
	}
	// The line reported is where the passage is now.
	if line := strings.Split(memweavetest.ReadFile(t, root, "memory/c.md"), "\n")[res.StartLine-1]; line != "# CDN" {
		t.Errorf("line %d of memory/c.md = %q, want # CDN", res.StartLine, line)
	}
}

// A passage an editor moved (lines inserted above it) after the search
// is found by its key; a key that now opens two passages, or none, is
// refused with an error naming the file and the key, and the note is
// left as it was.
func TestFeedbackByPassageKeyAfterEdits(t *testing.T) {
	root, w := openIndexed(t, map[string]string{"memory/c.md": cacheNote}, memweave.Config{})
	got := byHeading(t, w)
	sessions, cdn := got["# Sessions"], got["# CDN"]

	// An editor inserts a section above: Sessions moves down 4 lines.
	moved := "# Queue\n\nJobs wait in the queue for a minute.\n\n" + cacheNote
	memweavetest.WriteFile(t, root, "memory/c.md", moved)
	res, err := w.Feedback(t.Context(), sessions.Path, sessions.StartLine, true, memweave.PassageKey(sessions.Passage))
	if err != nil {
		t.Fatal(err)
	}
	if fm := marks(t, root); res.Key != sessions.Passage || fm[sessions.Passage].Useful != 1 || len(fm) != 1 {
		t.Errorf("Feedback(%s:%d, passage %s) after an insert = %+v, marks %v; want Sessions marked useful", sessions.Path, sessions.StartLine, sessions.Passage, res, fm)
	}

	for _, c := range []struct {
		name, note, key, want string
	}{
		// The CDN section copied whole above Redis: line 9 (the old CDN
		// line) is now in another passage, and two passages have the
		// key (same first line, heading path and text).
		{"two", "# CDN\n\nThe CDN caches product images for a day.\n\n" + cacheNote, cdn.Passage, "2 passages open with the same line"},
		// The CDN heading renamed: no passage has the key.
		{"none", strings.Replace(cacheNote, "# CDN", "# Edge cache", 1), cdn.Passage, "no passage of the note has that key"},
		{"malformed", cacheNote, "p-not-hex", "is not a passage key"},
	} {
		memweavetest.WriteFile(t, root, "memory/c.md", c.note)
		_, err := w.Feedback(t.Context(), cdn.Path, cdn.StartLine, false, memweave.PassageKey(c.key))
		if err == nil || !strings.Contains(err.Error(), "memory/c.md") || !strings.Contains(err.Error(), c.key) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Feedback(%s:%d, passage %s) = %v; want an error naming the file and key: %q", c.name, cdn.Path, cdn.StartLine, c.key, err, c.want)
		}
		if after := memweavetest.ReadFile(t, root, "memory/c.md"); after != c.note {
			t.Errorf("%s: refused feedback rewrote memory/c.md to %q", c.name, after)
		}
	}
}
