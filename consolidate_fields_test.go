package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
)

// TestConsolidateFrontMatterNamesTheSubject: the same paragraph in two
// notes whose front matter says what each is about in a field memweave
// does not read (title: Staging database / Production database, env:
// staging / production) states two facts. The kept note does not take
// such fields, so a copy whose note names a subject the kept note's
// lacks is held; dates and numbers (created: 2026-11-01) name none, and
// a field only the kept note has loses nothing.
func TestConsolidateFrontMatterNamesTheSubject(t *testing.T) {
	tests := []struct {
		name, older, newer string
		grouped            bool
	}{
		{"titles", "title: Staging database", "title: Production database", false},
		{"env", "env: staging", "env: production", false},
		{"list of values", "services: [billing, ledger]", "services: [search]", false},
		{"only the older names it", "title: Staging database", "", false},
		{"only the newer names it", "", "title: Staging database", true},
		{"same title", "title: Staging database", "title: Staging database", true},
		{"author and source", "author: Bob\nsource: https://wiki.example.com/staging", "author: Alice", true},
		{"dates", "created: 2026-11-01\nid: 20261101093000", "created: 2026-11-20\nid: 20261120101500", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFrontsGrouped(t, tt.older, tt.newer, tt.grouped) })
	}
}

// TestConsolidateHoldsNotesOfAnotherStanding: the same paragraph in a
// note whose front matter says it may not hold (status: obsolete,
// deprecated: true, draft: true, verified: false) and in one that does
// not say so is no pair of copies: keeping the newer would leave the
// fact only where its note calls it obsolete or a draft, dropping it
// would lose that word. Held either way; the same standing in both
// notes, or a field that says no such thing, is grouped.
func TestConsolidateHoldsNotesOfAnotherStanding(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, older, newer string
		grouped            bool
	}{
		{"newer obsolete", "", "status: obsolete", false},
		{"newer deprecated", "", "deprecated: true", false},
		{"newer draft", "", "draft: true", false},
		{"newer archived", "", "archived: true", false},
		{"older obsolete", "status: obsolete", "", false},
		{"status changed", "status: current", "status: outdated", false},
		{"verified dropped", "verified: true", "verified: false", false},
		{"same status", "status: active", "status: active", true},
		{"status case", "Status: Active", "status: active", true},
		{"no standing field", "author: Bob", "author: Alice", true},
		// fread: a front matter that does not parse may say so unread
		{"newer's does not parse", "", "status: obsolete\nnote: [unclosed", false},
		{"older's does not parse", "status: obsolete\ttitle: x", "", false},
		{"neither parses, both name it", "status: obsolete\ttitle: x", "status: current\ttitle: x", false},
		{"does not parse, names none", "owner: ops\ntitle: x: y", "", true},
		// cur18: standing said by a field of another name, or by its value
		{"newer custom validity note", "", "validity_note: wrong", false},
		{"older superseded by", "superseded_by: memory/db-2027.md", "", false},
		{"newer expires", "", "expires: 2025-01-01", false},
		{"expires changed", "expires: 2025-01-01", "expires: 2030-01-01", false},
		{"newer camel-case review state", "", "reviewState: rejected", false},
		{"newer note says outdated", "", "note: outdated since the upgrade", false},
		{"older comment says incorrect", "comment: this is incorrect", "", false},
		{"same custom field", "validity_note: checked", "validity_note: checked", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			checkFrontsGrouped(t, tt.older, tt.newer, tt.grouped)
		})
	}
}

// checkFrontsGrouped consolidates one paragraph in two notes, the older
// and the newer with the front matter lines given ("" for none), and
// checks that the pair is grouped, or else held for its notes' front
// matter.
func checkFrontsGrouped(t *testing.T, older, newer string, grouped bool) {
	t.Helper()
	const text = "The database runs PostgreSQL 16 on the shared cluster with nightly backups to the offsite bucket, restored every Monday as a drill by the on-call engineer.\n"
	fm := func(lines string) string {
		if lines == "" {
			return text
		}
		return "---\n" + lines + "\n---\n" + text
	}
	_, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": fm(older),
		"memory/2026-11-20.md": fm(newer),
	}, memweave.Config{})
	plan, err := w.Consolidate(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if got := len(plan.Groups) == 1; got != grouped {
		t.Fatalf("Consolidate(%q / %q): grouped = %v, want %v (groups %+v, held %+v)", older, newer, got, grouped, plan.Groups, plan.Held)
	}
	if !grouped && (len(plan.Held) != 1 || !strings.Contains(plan.Held[0].Reason, "front matter")) {
		t.Errorf("Consolidate(%q / %q): held = %+v, want the pair held for its notes' front matter", older, newer, plan.Held)
	}
}
