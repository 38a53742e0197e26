package pack

import (
	"hash/fnv"
	"testing"
)

// subjectCase is one pair of copies of a passage: the higher scored in
// a, the other in b, with the tags of each note, and how many copies a
// pack keeps.
type subjectCase struct {
	family, a, b string
	tagsA, tagsB []string
	text         string
	want         int
}

// db is a paragraph that states a fact about the subject of its note.
const db = "The database runs PostgreSQL 16 on the shared cluster with nightly backups to the offsite bucket."

// subjectCases are the families: environments, regions, tenants,
// versions and people each name their own subject (both copies kept);
// a file manager's copy, two day logs, a topic note's copy in a log, and
// notes whose names say where they were put are one fact (one kept).
var subjectCases = []subjectCase{
	{family: "environment", a: "memory/staging/db.md", b: "memory/production/db.md", text: db, want: 2},
	{family: "environment", a: "memory/db-prod.md", b: "memory/db-dev.md", text: db, want: 2},
	{family: "environment", a: "memory/staging.md", b: "memory/production.md", text: "Deploys need two approvals.", want: 2},
	{family: "region", a: "memory/eu/cluster.md", b: "memory/us/cluster.md", text: db, want: 2},
	{family: "region", a: "memory/ops/ap-south.md", b: "memory/ops/eu-west.md", text: db, want: 2},
	{family: "tenant", a: "memory/customers/acme/billing.md", b: "memory/customers/globex/billing.md", text: "Invoices go out on the first business day of the month.", want: 2},
	{family: "tenant", a: "memory/tenants/initech.md", b: "memory/tenants/umbrella.md", text: "SSO through Okta, SCIM provisioning enabled.", want: 2},
	{family: "version", a: "memory/api/v1.md", b: "memory/api/v2.md", text: "Requests are rate limited per token and return 429 when over.", want: 2},
	{family: "version", a: "memory/sdk-3.md", b: "memory/sdk-4.md", text: "The client retries idempotent calls with exponential backoff.", want: 2},
	{family: "person", a: "memory/people/alice.md", b: "memory/people/bob.md", text: "Prefers async reviews and works from Lisbon.", want: 2},
	{family: "person", a: "memory/team/carol.md", b: "memory/team/dave.md", text: "On call the second week of each month.", want: 2},
	{family: "tags", a: "memory/inbox.md", b: "memory/scratch.md", tagsA: []string{"staging"}, tagsB: []string{"production"}, text: db, want: 2},
	{family: "tags", a: "memory/inbox.md", b: "memory/scratch.md", tagsA: []string{"billing"}, tagsB: []string{"billing"}, text: db, want: 1},
	{family: "copy", a: "memory/db.md", b: "memory/db (1).md", text: db, want: 1},
	{family: "copy", a: "memory/Copy of db.md", b: "memory/db.md", text: db, want: 1},
	{family: "copy", a: "memory/ops/db copy 2.md", b: "memory/ops/db.md", text: db, want: 1},
	{family: "day log", a: "memory/2026-11-01.md", b: "memory/2026-11-02.md", text: "Rotated the deploy key; old one revoked.", want: 1},
	{family: "day log", a: "memory/journal/2026/11/01.md", b: "memory/daily/20261102.md", text: "Rotated the deploy key; old one revoked.", want: 1},
	{family: "log and topic", a: "memory/staging.md", b: "memory/2026-11-02.md", text: db, want: 1},
	{family: "log and topic", a: "memory/2026-11-01.md", b: "memory/staging.md", text: db, want: 2},
	{family: "text names it", a: "memory/staging.md", b: "memory/production.md", text: "The staging database runs PostgreSQL 16 on the shared cluster.", want: 1},
	{family: "place", a: "memory/notes.md", b: "memory/inbox/todo.md", text: db, want: 1},
	{family: "same note", a: "memory/db.md", b: "memory/db.md", text: db, want: 1},
	{family: "quoted", a: "memory/2026-11-01.md", b: "memory/2026-11-03.md", text: "> \"Measure before you optimise.\"", want: 1},
}

// held reports whether c is in the check part: a hash of its files
// decides, so that the split does not follow the order of the list.
func (c subjectCase) held() bool {
	h := fnv.New32a()
	h.Write([]byte(c.a + "|" + c.b))
	return h.Sum32()%3 == 0
}

// TestAssembleKeepsCopiesAboutOtherSubjects: the same paragraph in notes
// about two subjects (curate.SubjectsLost: memory/staging/db.md and
// memory/production/db.md) states two facts, as consolidate holds them:
// the pack keeps both, so that an agent reading it does not take the
// staging fact for production's only. Copies of one fact (a file
// manager's copy, two day logs, a log's copy of the topic note kept) are
// still dropped.
func TestAssembleKeepsCopiesAboutOtherSubjects(t *testing.T) {
	for _, part := range []bool{false, true} {
		failed, n := 0, 0
		for _, c := range subjectCases {
			if c.held() != part {
				continue
			}
			n++
			hits := []Hit{{Path: c.a, StartLine: 1, Score: 0.9, Text: c.text, Tags: c.tagsA},
				{Path: c.b, StartLine: 3, Score: 0.8, Text: c.text, Tags: c.tagsB}}
			got, err := assemble(hits, 1000, DefaultDedupe, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Items) != c.want {
				failed++
				t.Errorf("%s: pack of one paragraph in %s (higher score) and %s = %d passages, want %d", c.family, c.a, c.b, len(got.Items), c.want)
			}
		}
		t.Logf("check part %v: %d of %d cases right", part, n-failed, n)
	}
}
