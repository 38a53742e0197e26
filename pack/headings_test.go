package pack

import "testing"

// TestAssembleKeepsCopiesUnderOtherHeadings: the same paragraph under
// two sections of one note ("## Staging" > "### Database" and "##
// Production" > "### Database") states two facts, one per section, as
// consolidate holds passages under different outer headings; the pack
// kept the higher scored only, so the agent read the staging fact as the
// one fact (note51's open item). Copies under the same headings, or
// under headings that name nothing the other's lack, are still dropped.
func TestAssembleKeepsCopiesUnderOtherHeadings(t *testing.T) {
	const text = "### Database\n\nPostgreSQL 16 on the shared cluster, nightly backups to the offsite bucket, a restore drill every month by on-call."
	for _, c := range []struct {
		name   string
		ha, hb []string
		want   int
	}{
		{"sections of two environments", []string{"Ops", "Staging", "Database"}, []string{"Ops", "Production", "Database"}, 2},
		{"two customers", []string{"Acme", "Database"}, []string{"Globex", "Database"}, 2},
		{"same section", []string{"Ops", "Staging", "Database"}, []string{"Ops", "Staging", "Database"}, 1},
		{"one has no outer heading", []string{"Database"}, []string{"Ops", "Database"}, 1},
	} {
		hits := []Hit{{Path: "memory/ops.md", StartLine: 3, Score: 0.9, Text: text, Headings: c.ha},
			{Path: "memory/ops.md", StartLine: 12, Score: 0.8, Text: text, Headings: c.hb}}
		got, err := assemble(hits, 1000, DefaultDedupe, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Items) != c.want {
			t.Errorf("%s: pack of one paragraph under %v (higher score) and %v = %d passages, want %d", c.name, c.ha, c.hb, len(got.Items), c.want)
		}
	}
}
