package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/memweavetest"
)

// twinsNote holds two passages opening with "## Database": one under
// # Staging (lines 3-5), one under # Production (lines 9-11).
const twinsNote = "# Staging\n\nStaging runs in eu-west.\n\n## Database\n\nThe staging database is db-stg on port 5432.\n\n" +
	"# Production\n\nProduction runs in us-east.\n\n## Database\n\nThe production database is db-prod on port 5432.\n"

// curations returns the curation factor of each passage of one search
// of the notes, by path and the passage's line holding sub (1 when the
// passage is not curated).
func curations(t *testing.T, w *memweave.Weave, query string) map[string]float64 {
	t.Helper()
	out := map[string]float64{}
	for _, r := range mustSearch(t, w, query, memweave.MinScore(0), memweave.MaxResults(50)).Results {
		f := 1.0
		if r.Explain.Curation != nil {
			f = *r.Explain.Curation
		}
		out[r.Path+" "+r.Text] = f
	}
	return out
}

// factorOf returns the curation factor of the passage of path whose
// text holds sub, failing when none or several do.
func factorOf(t *testing.T, got map[string]float64, path, sub string) float64 {
	t.Helper()
	var f []float64
	for k, v := range got {
		if strings.HasPrefix(k, path+" ") && strings.Contains(k, sub) {
			f = append(f, v)
		}
	}
	if len(f) != 1 {
		t.Fatalf("%d passages of %s hold %q, want 1: %v", len(f), path, sub, got)
	}
	return f[0]
}

// markUseless gives the passage of path holding line three useless
// marks, by the key and line a search gives and the line each mark
// returns.
func markUseless(t *testing.T, w *memweave.Weave, path string, line int, sub string) {
	t.Helper()
	var key string
	for _, r := range mustSearch(t, w, sub, memweave.MinScore(0), memweave.MaxResults(50)).Results {
		if r.Path == path && r.StartLine <= line && line <= r.EndLine {
			key = r.Passage
		}
	}
	if key == "" {
		t.Fatalf("no result of %s holds line %d", path, line)
	}
	for range 3 {
		res, err := w.Feedback(t.Context(), path, line, false, memweave.PassageKey(key))
		if err != nil {
			t.Fatal(err)
		}
		line = res.StartLine
	}
}

// Two passages of one note that open with the same line keep their own
// marks: three useless marks on one lower it alone. The family: one
// heading under two parents, two "Notes" sections, two paragraphs of a
// section opening with the same (wrapped) line, two bullets opening the
// same way (the last two as small chunks cut a section).
func TestFeedbackTwinsKeepTheirOwnMarks(t *testing.T) {
	log := strings.Repeat("- Deployed the API to staging at noon today.\n  It failed the smoke test on login.\n\n", 1) +
		"- Deployed the API to staging at noon today.\n  It passed every check and went live.\n"
	paras := "# Incidents\n\nTwo pages this week.\n\nThe pager woke the on-call engineer at\nthree, and the queue had stalled again.\n\n" +
		"The pager woke the on-call engineer at\nfive, and the disk was full on node seven.\n"
	for _, c := range []struct {
		name, note   string
		tokens       int
		line         int
		marked, twin string
	}{
		{"heading under two parents", twinsNote, 0, 7, "db-stg", "db-prod"},
		{"two Notes sections", "# Redis\n\nRedis holds sessions.\n\n## Notes\n\nRestart it with care.\n\n# Kafka\n\nKafka carries events.\n\n## Notes\n\nRestart brokers one at a time.\n",
			0, 7, "Restart it with care", "Restart brokers"},
		{"same first line of two paragraphs", paras, 24, 5, "three, and the queue", "five, and the disk"},
		{"same first bullet line", log, 24, 2, "failed the smoke", "passed every check"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, w := openIndexed(t, map[string]string{"memory/n.md": c.note}, memweave.Config{ChunkTokens: c.tokens, ChunkOverlap: new(0)})
			markUseless(t, w, "memory/n.md", c.line, c.marked)
			mustIndex(t, w)
			got := curations(t, w, c.marked+" "+c.twin)
			if f := factorOf(t, got, "memory/n.md", c.marked); f >= 1 {
				t.Errorf("the marked passage (%q) has curation %v, want below 1", c.marked, f)
			}
			if f := factorOf(t, got, "memory/n.md", c.twin); f != 1 {
				t.Errorf("its twin (%q) has curation %v, want 1: the marks of one passage lowered the other", c.twin, f)
			}
		})
	}
}

// Marks given to the staging "## Database" passage of twinsNote, then an
// edit: what each passage's curation is after it.
func TestFeedbackTwinsAfterEdits(t *testing.T) {
	prod := "# Production\n\nProduction runs in us-east.\n\n## Database\n\nThe production database is db-prod on port 5432.\n"
	stag := "# Staging\n\nStaging runs in eu-west.\n\n## Database\n\nThe staging database is db-stg on port 5432.\n"
	for _, c := range []struct {
		name, note, other string
		// stg is the wanted curation of the staging passage (0: not
		// found), prod that of the production one, moved that of the
		// staging passage in memory/other.md.
		stagMarked bool
	}{
		// The body edited: the marks stay with the staging passage.
		{"body edited", strings.Replace(twinsNote, "db-stg on port 5432", "db-stg on port 6432, behind the pooler", 1), "", true},
		// The parent heading renamed (text unchanged): the marks follow.
		{"parent renamed", strings.Replace(twinsNote, "# Staging", "# Stage", 1), "", true},
		// The parent renamed and the body edited: the marks are lost.
		{"parent renamed and body edited", strings.Replace(strings.Replace(twinsNote, "# Staging", "# Stage", 1), "port 5432.\n\n# Prod", "port 6432.\n\n# Prod", 1), "", false},
		// The sections swapped: the marks follow the passage.
		{"reordered", prod + "\n" + stag, "", true},
		// The key line edited: the marks are lost (as before), and
		// do not go to the production passage.
		{"key line edited", strings.Replace(twinsNote, "## Database\n\nThe staging", "## Databases\n\nThe staging", 1), "", false},
		// The staging section moved to another note: its marks stay in
		// this note's front matter and apply to neither.
		{"moved to another note", prod, stag, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, w := openIndexed(t, map[string]string{"memory/n.md": twinsNote}, memweave.Config{})
			markUseless(t, w, "memory/n.md", 7, "db-stg")
			fm := memweavetest.ReadFile(t, root, "memory/n.md")
			front := fm[:strings.Index(fm, "# Staging")]
			memweavetest.WriteFile(t, root, "memory/n.md", front+c.note)
			if c.other != "" {
				memweavetest.WriteFile(t, root, "memory/other.md", c.other)
			}
			mustIndex(t, w)
			got := curations(t, w, "database db-stg db-prod")
			if f := factorOf(t, got, "memory/n.md", "db-prod"); f != 1 {
				t.Errorf("the production passage has curation %v, want 1 (unmarked)", f)
			}
			stagPath := "memory/n.md"
			if c.other != "" {
				stagPath = "memory/other.md"
			}
			f := factorOf(t, got, stagPath, "db-stg")
			if c.stagMarked && f >= 1 {
				t.Errorf("the staging passage has curation %v, want below 1 (its marks kept)", f)
			}
			if !c.stagMarked && f != 1 {
				t.Errorf("the staging passage has curation %v, want 1", f)
			}
		})
	}
}

// Marks an earlier build wrote, under the key of the first line alone
// (curate.LineKey), still apply: to the one passage opening with that
// line, and, where two do, to both as before.
func TestFeedbackOldKeysStillApply(t *testing.T) {
	old := "---\nfeedback:\n  " + curate.LineKey("## Database") + ": {useful: 0, useless: 3}\n---\n"
	one := "# Staging\n\nStaging runs in eu-west.\n\n## Database\n\nThe staging database is db-stg on port 5432.\n\n# Cache\n\nRedis holds sessions, db-prod is elsewhere.\n"
	for _, c := range []struct {
		name, note string
		prodMarked bool
	}{
		{"unambiguous", one, false},
		{"ambiguous", twinsNote, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, w := openIndexed(t, map[string]string{"memory/n.md": old + c.note}, memweave.Config{})
			got := curations(t, w, "database db-stg db-prod")
			if f := factorOf(t, got, "memory/n.md", "db-stg"); f >= 1 {
				t.Errorf("the staging passage has curation %v, want below 1 (the old mark applies)", f)
			}
			if f := factorOf(t, got, "memory/n.md", "db-prod"); (f < 1) != c.prodMarked {
				t.Errorf("the db-prod passage has curation %v, want marked = %v", f, c.prodMarked)
			}
		})
	}
}

// Consolidate carries the marks of a dropped copy to the kept passage,
// under the kept passage's key: marks an earlier build filed under the
// copy's first line alone, and marks filed under its PassageKey.
func TestConsolidateCarriesOldAndNewKeys(t *testing.T) {
	body := "The nightly backup job copies the billing database to the archive bucket, verifies the checksum of every file, and restores the newest snapshot into a scratch instance."
	copyText := "**Backups.** " + body
	for _, key := range []string{curate.LineKey(copyText), curate.PassageKey(nil, copyText)} {
		root, w := openIndexed(t, map[string]string{
			"memory/2026-11-01.md": "---\nfeedback:\n  " + key + ": {useful: 2, useless: 0}\n---\n" + copyText + "\n",
			"memory/2026-11-02.md": "Backups. " + body + "\n",
		}, memweave.Config{})
		gs := listGroups(t, w)
		if len(gs) != 1 || gs[0].Keep.Path != "memory/2026-11-02.md" {
			t.Fatalf("groups = %+v, want memory/2026-11-01.md dropped for memory/2026-11-02.md", gs)
		}
		applyGroups(t, w, gs)
		want := curate.PassageKey(nil, "Backups. "+body)
		if got := memweavetest.ReadFile(t, root, "memory/2026-11-02.md"); !strings.Contains(got, want+": {useful: 2, useless: 0}") {
			t.Errorf("copy marked under %s: the kept note after apply = %q, want the 2 marks under %s", key, got, want)
		}
		if f := factorOf(t, curations(t, w, "nightly backup billing"), "memory/2026-11-02.md", "nightly"); f <= 1 {
			t.Errorf("copy marked under %s: the kept passage's curation = %v, want above 1", key, f)
		}
	}
}
