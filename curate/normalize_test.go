package curate

import "testing"

// TestStraightIsNormalize holds curation's words to tokenize.Normalize,
// the one Unicode normalisation: copies that differ only in a form it
// writes plainly (mathematical letters, decomposed accents, a
// Roman numeral letters, in prose and in code) are grouped,
// and letters of other scripts that look alike are not.
func TestStraightIsNormalize(t *testing.T) {
	const rest = " holds the primary copy of the billing ledger, replicated to the standby region every five minutes by the platform team."
	for _, c := range []struct {
		a, b string
		dup  bool
	}{
		{"The 𝐏𝐨𝐬𝐭𝐠𝐫𝐞𝐒𝐐𝐋 cluster" + rest, "The PostgreSQL cluster" + rest, true},
		{"The Ｐｏｓｔｇｒｅｓ cluster" + rest, "The Postgres cluster" + rest, true},
		{"The Montre\u0301al cluster" + rest, "The Montréal cluster" + rest, true},
		{"The ledger\u2060 cluster" + rest, "The ledger cluster" + rest, true},
		{"The Ⅻ cluster" + rest, "The XII cluster" + rest, true},
		{"The `Montre\u0301al` cluster" + rest, "The `Montréal` cluster" + rest, true},
		{"The Postgrеs cluster" + rest, "The Postgres cluster" + rest, false}, // Cyrillic е
		{"The m² cluster" + rest, "The m2 cluster" + rest, false},
	} {
		got, why := grouped(labelled{a: c.a, b: c.b, fileA: "memory/2026-11-01.md", fileB: "memory/2026-11-02.md"}, Threshold)
		if got != c.dup {
			t.Errorf("grouped(%s, %s) = %v (%s), want %v", string([]rune(c.a)[:20]), string([]rune(c.b)[:20]), got, why, c.dup)
		}
	}
}
