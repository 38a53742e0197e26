package memweave_test

import (
	"errors"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchUnknownTagWarns: a tag no indexed note lists (mistyped,
// "postgress", or never used) found nothing and said nothing, where an
// unknown source and an unmatched path prefix warn; an agent took the
// empty answer for "no such note". It now warns, naming the tag.
func TestSearchUnknownTagWarns(t *testing.T) {
	w := open(t, memweavetest.Workspace(t, map[string]string{
		"memory/db.md":    "---\ntags: [postgres, ops]\n---\nStaging runs PostgreSQL 16.\n",
		"memory/plain.md": "Staging runs on host kiwi.\n",
	}), memweave.Config{})
	mustIndex(t, w)
	resp := mustSearch(t, w, "staging", memweave.Tags("postgress"))
	if len(resp.Warnings) != 1 || !errors.Is(resp.Warnings[0], memweave.ErrUnknownTag) ||
		!strings.Contains(resp.Warnings[0].Error(), `"postgress"`) {
		t.Errorf("Tags(postgress): warnings = %q, want one naming the tag", resp.Warnings)
	}
	// Check: tags some note lists, in other case, warn of nothing, even
	// when no one note lists both.
	for _, tags := range [][]string{{"postgres"}, {"OPS", "postgres"}, {"postgres", "ops"}} {
		if resp := mustSearch(t, w, "staging", memweave.Tags(tags...)); len(resp.Warnings) != 0 {
			t.Errorf("Tags(%q): warnings %q, want none", tags, resp.Warnings)
		}
	}
}
