package memweave_test

import (
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// packAboutCase is a workspace holding one paragraph twice, and how many
// copies a pack of it keeps.
type packAboutCase struct {
	family string
	files  map[string]string
	want   int
}

// packParagraph states a fact whose subject only its note or section
// names.
const packParagraph = "The database runs PostgreSQL 16 on the shared cluster with nightly backups to the offsite bucket.\n"

// packRunbook is packParagraph followed by lines enough that, after a
// section's first lines, it makes a chunk of its own: one that does not
// hold the section's heading.
var packRunbook = packParagraph + strings.Repeat("Runbook: check the replica lag, the vacuum schedule, the connection pool limits and the WAL archive before any failover drill.\n", 11)

// packAboutCases: the front matter of a note (title, env, project) and the
// headings a copy sits under in one file say what the paragraph is about
// as a folder does; copies told apart by them are two facts. Fields about
// who wrote the note or when, and headings that only say when (a day log's
// times), tell no subject apart.
var packAboutCases = []packAboutCase{
	{"title", map[string]string{
		"memory/notes.md":   "---\ntitle: Staging database\n---\n" + packParagraph,
		"memory/scratch.md": "---\ntitle: Production database\n---\n" + packParagraph}, 2},
	{"env", map[string]string{
		"memory/inbox.md": "---\nenv: staging\n---\n" + packParagraph,
		"memory/notes.md": "---\nenv: production\n---\n" + packParagraph}, 2},
	{"project", map[string]string{
		"memory/notes.md":   "---\nproject: apollo\n---\n" + packParagraph,
		"memory/scratch.md": "---\nproject: gemini\n---\n" + packParagraph}, 2},
	{"customer list", map[string]string{
		"memory/inbox.md":   "---\ncustomer: [acme]\n---\n" + packParagraph,
		"memory/scratch.md": "---\ncustomer: [globex]\n---\n" + packParagraph}, 2},
	{"same title", map[string]string{
		"memory/notes.md":   "---\ntitle: Database\n---\n" + packParagraph,
		"memory/scratch.md": "---\ntitle: Database\n---\n" + packParagraph}, 1},
	{"author", map[string]string{
		"memory/notes.md":   "---\nauthor: alice\n---\n" + packParagraph,
		"memory/scratch.md": "---\nauthor: bob\n---\n" + packParagraph}, 1},
	{"created", map[string]string{
		"memory/notes.md":   "---\ncreated: 2026-11-01\n---\n" + packParagraph,
		"memory/scratch.md": "---\ncreated: 2026-11-02\n---\n" + packParagraph}, 1},
	{"headings", map[string]string{
		"memory/db.md": "# Databases\n\n## Staging\n\n### Backups\n\n" + packParagraph + "\n## Production\n\n### Backups\n\n" + packParagraph}, 2},
	{"headings", map[string]string{
		"memory/clusters.md": "# EU\n\n## Database\n\n" + packParagraph + "\n# US\n\n## Database\n\n" + packParagraph}, 2},
	{"headings, long sections", map[string]string{
		"memory/db.md": "# Databases\n\n## Staging\n\n" + filler("staging") + packRunbook + "\n## Production\n\n" + filler("production") + packRunbook}, 2},
	{"headings, long sections", map[string]string{
		"memory/regions.md": "## EU\n\n" + filler("eu") + packRunbook + "\n## US\n\n" + filler("us") + packRunbook}, 2},
	{"same headings", map[string]string{
		"memory/notes.md":   "## Database\n\n### Backups\n\n" + packParagraph,
		"memory/scratch.md": "## Database\n\n### Backups\n\n" + packParagraph}, 1},
}

// filler returns paragraphs about other things, a section's first
// lines; seed makes each section's its own.
func filler(seed string) string {
	var b strings.Builder
	for i := range 3 {
		for j := range 40 {
			fmt.Fprintf(&b, "%s%d ", seed[:2], (i*40+j)*7919%1000)
		}
		b.WriteString("\n\n")
	}
	return b.String()
}

// held reports whether c is in the check part, by a hash of its files.
func (c packAboutCase) held() bool {
	h := fnv.New32a()
	for _, p := range []string{"memory/notes.md", "memory/scratch.md", "memory/inbox.md", "memory/db.md", "memory/clusters.md", "memory/regions.md", "memory/2026-11-01.md"} {
		h.Write([]byte(c.files[p]))
	}
	return h.Sum32()%3 == 0
}

// TestPackKeepsCopiesTheNoteOrSectionTellsApart: pack held copies apart
// by their notes' paths and tags, but not by the front matter fields that
// consolidate reads (title: Staging database) nor by the headings two
// copies in one file sit under (## Staging, ## Production): one copy was
// dropped, and the pack stated the fact of one subject only.
func TestPackKeepsCopiesTheNoteOrSectionTellsApart(t *testing.T) {
	for _, part := range []bool{false, true} {
		failed, n := 0, 0
		for _, c := range packAboutCases {
			if c.held() != part {
				continue
			}
			n++
			// No overlap: a chunk after the first of a section starts
			// with the section's own lines, not its heading.
			w := open(t, memweavetest.Workspace(t, c.files), memweave.Config{ChunkOverlap: new(0)})
			p, err := w.Pack(t.Context(), "database postgresql cluster backups offsite", 1000, memweave.MinScore(0))
			if err != nil {
				t.Fatal(err)
			}
			copies := 0
			for _, it := range p.Items {
				if strings.Contains(it.Text, "nightly backups") {
					copies++
				}
			}
			if copies != c.want {
				failed++
				t.Errorf("%s: pack of %v holds %d copies of the paragraph, want %d", c.family, slices.Sorted(maps.Keys(c.files)), copies, c.want)
			}
		}
		t.Logf("check part %v: %d of %d cases right", part, n-failed, n)
	}
}
