package curate_test

import (
	"testing"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
)

// An entry no passage has (written before the passage's text was edited)
// went, among passages sharing its first line and heading path, to the
// one without an entry of its own. Which one that is says nothing about
// which was edited: the edited passage marked again since has an entry,
// and a twin added since, or one never marked, has none, so the marks
// moved to the wrong passage (3 useless marks of Alice's update lowered
// Bob's). Such an entry now applies to nobody, as when none of the
// candidates has an entry.
func TestOrphanEntryNeverGoesToAnUnmarkedTwin(t *testing.T) {
	h := []string{"Standup", "Update"}
	alice := curate.Keyed{Headings: h, Text: "## Update\n\nAlice fixed the login bug."}
	edited := curate.Keyed{Headings: h, Text: "## Update\n\nAlice fixed the login bug and the logout one."}
	bob := curate.Keyed{Headings: h, Text: "## Update\n\nBob reviews the queue retry policy."}
	orphan, now := curate.PassageKey(alice.Headings, alice.Text), curate.PassageKey(edited.Headings, edited.Text)
	ps := []curate.Keyed{edited, bob}
	for _, c := range []struct {
		name string
		fb   map[string]frontmatter.Votes
	}{
		// Marked, edited, marked again, then Bob's update added.
		{"twin added after a new mark", map[string]frontmatter.Votes{orphan: {Useless: 3}, now: {Useless: 1}}},
		// Bob's update there all along, never marked; Alice's edited,
		// then marked again.
		{"unmarked twin", map[string]frontmatter.Votes{orphan: {Useless: 3}, now: {Useful: 1}}},
	} {
		owners := func() map[string]string { return curate.Owners(c.fb, ps) }
		if v, _ := curate.Marks(c.fb, bob, owners); v != (frontmatter.Votes{}) {
			t.Errorf("%s: Bob's update has marks %+v, want none (it was never marked)", c.name, v)
		}
		if got := curate.KeyOwner(orphan, []string{now, curate.PassageKey(bob.Headings, bob.Text)}); got != -1 {
			t.Errorf("%s: KeyOwner of the orphan entry = %d, want -1 (two passages can be it)", c.name, got)
		}
	}
}
