package curate

import "testing"

func TestZZCur11Dbg(t *testing.T) {
	body := "The database runs PostgreSQL 16 on the shared cluster, and on-call restores a snapshot from the offsite bucket every month."
	a, b := "## Billing\n### Staging\n"+body, "## Billing\n### Production\n"+body
	r, ok := Differs(a, b)
	t.Logf("differs %q %v; loses %v %v; wa %v", r, ok, Loses(a, b), Loses(b, a), wordsOf(a).list)
	ps := []Passage{{File: "memory/a.md", Text: a}, {File: "memory/b.md", Text: b}}
	pairs, held := Pairs(ps, 0.5)
	t.Logf("pairs %v held %v", pairs, held)
}
