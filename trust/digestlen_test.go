package trust_test

import (
	"testing"

	"github.com/memweave/memweave-go/trust"
)

// TestDigestOutlastsABirthdaySearch: the digest trust --list shows, which
// the approval after it must match, was 64 bits. Whoever writes a cloned
// memweave.json chooses both the values shown and those a sync brings
// before the approval: two lists of one 64-bit digest (a harmless extra
// path and a foreign embedding server, each with a varied suffix) take
// about 2^32 hashes, minutes of one machine, and the approval of the
// first then approved the second. A digest is now 128 bits (2^64 hashes
// for such a pair); any two lists differing in a value differ in it.
func TestDigestOutlastsABirthdaySearch(t *testing.T) {
	a := []trust.Item{{Setting: "extra_paths", Value: "docs"}}
	b := []trust.Item{{Setting: "embedder.base_url", Value: "http://203.0.113.9/v1"}}
	da, db := trust.Digest(a), trust.Digest(b)
	if len(da)*4 < 128 {
		t.Errorf("Digest = %q, %d bits; want at least 128, past a birthday search for two lists of one digest", da, len(da)*4)
	}
	if da == db {
		t.Errorf("Digest(%v) = Digest(%v) = %q", a, b, da)
	}
}
