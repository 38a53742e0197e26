package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/memweavetest"
)

// The feedback marks of a copy consolidate removes are its passage's
// durable state: the kept copy takes them, summed with its own, under
// its own passage key (the copies may open with lines written
// differently), and nothing a user or agent marked is lost.
func TestConsolidateKeepsFeedbackOfCopyDropped(t *testing.T) {
	t.Parallel()
	body := "The nightly backup job copies the billing database to the archive bucket, verifies the checksum of every file, and restores the newest snapshot into a scratch instance.\n"
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": "---\nfeedback:\n  " + curate.PassageKey(nil, "**Backups.** "+body) + ": {useful: 3, useless: 0}\n---\n**Backups.** " + body,
		"memory/2026-11-02.md": "---\nfeedback:\n  pdeadbeef: {useful: 1, useless: 0}\n---\nBackups. " + body,
	}, memweave.Config{})
	gs := listGroups(t, w)
	if len(gs) != 1 || gs[0].Keep.Path != "memory/2026-11-02.md" {
		t.Fatalf("groups = %+v, want memory/2026-11-01.md dropped for memory/2026-11-02.md", gs)
	}
	res := applyGroups(t, w, gs)
	got := memweavetest.ReadFile(t, root, "memory/2026-11-02.md")
	if !strings.Contains(got, curate.PassageKey(nil, "Backups. "+body)+": {useful: 3, useless: 0}") || !strings.Contains(got, "pdeadbeef: {useful: 1, useless: 0}") || strings.Contains(got, "{useful: 0, useless: 0}") {
		t.Errorf("the kept note after apply = %q (result %+v); want the 3 useful marks of the copy dropped under its passage (%s), its own marks kept, no record of the carry left", got, res, curate.PassageKey(nil, "Backups. "+body))
	}
}

// A resolution names the line it keeps by file and content: a copy
// whose line a marker names as kept is that resolution's durable state.
// Dropping it would leave the marker naming a line no longer there, and
// searches would show the superseded fact again as live. Consolidate
// keeps that copy and drops the other; when both copies are named by
// resolutions, neither is dropped and the pair is listed as held.
func TestConsolidateKeepsTheLineAResolutionKeeps(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	fact := "The staging database runs PostgreSQL 16 on the shared cluster, restored from the nightly snapshot and checked every morning by the on-call engineer.\n"
	root, w := openIndexed(t, map[string]string{
		"memory/old.md":        "Staging used PostgreSQL 15 on a dedicated host.\n",
		"memory/older.md":      "Staging used PostgreSQL 14 on a dedicated host.\n",
		"memory/2026-11-01.md": fact,
		"memory/2026-11-02.md": fact,
	}, memweave.Config{})
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "memory/2026-11-01.md", StartLine: 1}, memweave.Ref{Path: "memory/old.md", StartLine: 1}, "upgraded"); err != nil {
		t.Fatal(err)
	}
	mustIndex(t, w)
	gs := listGroups(t, w)
	if len(gs) != 1 || gs[0].Keep.Path != "memory/2026-11-01.md" {
		t.Fatalf("groups = %+v, want memory/2026-11-02.md dropped for memory/2026-11-01.md, the line the resolution keeps", gs)
	}
	applyGroups(t, w, gs)
	if got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"); got != fact {
		t.Errorf("the note a resolution keeps a line of, after apply = %q, want it whole", got)
	}
	hide := memweave.Superseded("hide")
	rs, err := w.Search(ctx, "Staging PostgreSQL dedicated host", hide)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs.Results {
		if r.Path == "memory/old.md" {
			t.Errorf("search with hide after apply shows the superseded memory/old.md: %+v", rs.Results)
		}
	}

	// Both copies kept by a resolution each: neither goes.
	if _, err := w.Write(ctx, "memory/2026-11-03.md", fact); err != nil {
		t.Fatal(err)
	}
	mustIndex(t, w)
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "memory/2026-11-03.md", StartLine: 1}, memweave.Ref{Path: "memory/older.md", StartLine: 1}, "upgraded"); err != nil {
		t.Fatal(err)
	}
	mustIndex(t, w)
	plan, err := w.Consolidate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Groups) != 0 {
		t.Errorf("groups with both copies kept by a resolution = %+v, want none", plan.Groups)
	}
	if len(plan.Held) != 1 || !strings.Contains(plan.Held[0].Reason, "resolution") {
		t.Errorf("held = %+v, want the pair, its reason naming the resolution", plan.Held)
	}
}

// Tags say what a note is about as its folders do: the same paragraph
// in two dated logs, one tagged staging and the other production, states
// two facts, and merging the tags into the note kept would lose which
// environment each was about. A copy whose note's tags the kept note
// holds too, or whose text names the subject, still goes.
func TestConsolidateTagsAsSubjects(t *testing.T) {
	t.Parallel()
	para := "The database is restored from the nightly snapshot every Monday morning, checked by the on-call engineer, and its report goes to the operations channel.\n"
	for _, tt := range []struct {
		name, a, b string
		group      bool
	}{
		{"tags of two environments", "---\ntags: [staging]\n---\n" + para, "---\ntags: [production]\n---\n" + para, false},
		{"tag strings of two teams", "---\ntags: \"team-alpha, ops\"\n---\n" + para, "---\ntags: \"team-beta, ops\"\n---\n" + para, false},
		{"tags the kept note holds too", "---\ntags: [ops]\n---\n" + para, "---\ntags: [ops, infra]\n---\n" + para, true},
		{"tags of the copy dropped only", "---\ntags: [ops]\n---\n" + para, para, true},
		{"the text names both", "---\ntags: [staging]\n---\nstaging and production: " + para, "---\ntags: [production]\n---\nstaging and production: " + para, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, w := openIndexed(t, map[string]string{"memory/2026-11-01.md": tt.a, "memory/2026-11-02.md": tt.b}, memweave.Config{})
			plan, err := w.Consolidate(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if got := len(plan.Groups) == 1; got != tt.group {
				t.Errorf("Consolidate grouped = %v (groups %+v, held %+v), want %v", got, plan.Groups, plan.Held, tt.group)
			}
		})
	}
}

// A copy that opens with its section's heading, in a note whose later
// sections sit under that heading, took the heading with it: the
// "## Database" section of "# Production" then read as part of the
// section before, "# Staging", and the production database's version
// as staging's. The heading stays when a later section sits under it.
func TestConsolidateKeepsHeadingOfSectionsAfterCopy(t *testing.T) {
	t.Parallel()
	dup := "The nightly backup job copies the billing database to the archive bucket, verifies the checksum of every file, and restores the newest snapshot into a scratch instance.\n"
	for _, tt := range []struct{ name, staging, production, database string }{
		{"atx", "# Staging\n", "# Production\n", "## Database\n"},
		{"setext", "Staging\n=======\n", "Production\n==========\n", "Database\n--------\n"},
		{"two headings", "# Staging\n", "# Production\n\n## Backups\n", "## Database\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rest := tt.staging + "\nStaging is rebuilt every Monday from the latest snapshot by the platform team.\n\n" + tt.production + "\n"
			db := "\n" + tt.database + "\nThe database runs PostgreSQL 16 with two read replicas.\n"
			root, w := openIndexed(t, map[string]string{
				"memory/2026-11-01.md": rest + dup + db,
				"memory/2026-11-02.md": tt.production + "\n" + dup,
			}, memweave.Config{})
			gs := listGroups(t, w)
			if len(gs) != 1 || gs[0].Keep.Path != "memory/2026-11-02.md" {
				t.Fatalf("groups = %+v, want the older copy dropped", gs)
			}
			applyGroups(t, w, gs)
			if got, want := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"), rest+db[1:]; got != want {
				t.Errorf("the older note after apply =\n%s\nwant\n%s", got, want)
			}
		})
	}
}
