package curate

import (
	"slices"
	"testing"
)

// TestLinksToCheck holds link shapes the apply test was not written
// with (a table cell, a workspace-absolute path, "=" setext, a title
// in single quotes), and links that name another note or no heading lost.
func TestLinksToCheck(t *testing.T) {
	to := "memory/runbook.md"
	for _, c := range []struct {
		src, from string
		want      int
	}{
		{"| step | [restore](runbook.md#restore-steps) |\n|---|---|\n", "memory/a.md", 1},
		{"x\n\nsee [r](/memory/runbook.md#restore-steps).\n", "memory/deep/b.md", 3},
		{"see [r](../../memory/runbook.md#RESTORE-STEPS 'the steps')\n", "memory/a/b.md", 1},
		{"see [r](runbook.md#restore-steps-v2)\n", "memory/a.md", 0},
		{"see [r](other/runbook.md#restore-steps)\n", "memory/a.md", 0},
		{"```\n[r](runbook.md#restore-steps)\n```\n", "memory/a.md", 0},
		{"see [r](https://example.com/runbook.md#restore-steps)\n", "memory/a.md", 0},
	} {
		if got, _ := LinksTo([]byte(c.src), c.from, to, []string{"restore-steps"}); got != c.want {
			t.Errorf("LinksTo(%q from %s) = line %d, want %d", c.src, c.from, got, c.want)
		}
	}
	src := "# A\n\nRestore steps\n=============\n\nbody\n\nRestore steps\n-------------\n\nmore\n"
	if got := AnchorsLost([]byte(src), 3, 6, nil); !slices.Equal(got, []string{"restore-steps", "restore-steps-1"}) {
		t.Errorf("AnchorsLost of the first of two setext headings = %q, want both anchors (the second's moves)", got)
	}
}

// TestLinksToWikiAndHTMLCheck holds wiki and HTML link shapes the apply
// test was not written with, links to the whole note ([NoteLinks]), and
// HTML anchors a removal takes away.
func TestLinksToWikiAndHTMLCheck(t *testing.T) {
	to := "memory/runbook.md"
	for _, c := range []struct {
		src     string
		anchors []string
		want    int
	}{
		{"x\n\nsee [[memory/runbook#Restore Steps]]\n", []string{"restore-steps"}, 3},
		{"see [[Runbook.md#restore-steps|steps]] and more\n", []string{"restore-steps"}, 1},
		{"see [[runbook-old#Restore steps]]\n", []string{"restore-steps"}, 0},
		{"see [[runbook#Other steps]]\n", []string{"restore-steps"}, 0},
		{"```\n[[runbook#Restore steps]]\n```\n", []string{"restore-steps"}, 0},
		{"| a | <A HREF='runbook.md#restore-steps'>r</A> |\n|---|---|\n", []string{"restore-steps"}, 1},
		{"<a href=runbook.md#restore-steps>r</a>\n", []string{"restore-steps"}, 1},
		{"see [r](runbook.md)\n", NoteLinks(), 1},
		{"see [[runbook|the runbook]]\n", NoteLinks(), 1},
		{"see [r](runbook.md#any-heading)\n", NoteLinks(), 1},
		{"see [r](https://example.com/runbook.md)\n", NoteLinks(), 0},
		{"see [r](#top) and [[#Top]]\n", NoteLinks(), 0},
		{"see [r](runbook2.md)\n", NoteLinks(), 0},
	} {
		if got, _ := LinksTo([]byte(c.src), "memory/a.md", to, c.anchors); got != c.want {
			t.Errorf("LinksTo(%q, %q) = line %d, want %d", c.src, c.anchors, got, c.want)
		}
	}
	src := "# A\n\nkept <span id=\"Kept\">x</span>\n\nbody <span ID='Gone'>y</span> <a name=also>z</a>\n\n<a id=\"kept\"></a>\n"
	if got := AnchorsLost([]byte(src), 5, 6, nil); !slices.Equal(got, []string{"also", "gone"}) {
		t.Errorf("AnchorsLost of a line with two HTML anchors = %q, want [also gone] (\"kept\" is given by a kept line too)", got)
	}
}

// TestLinksToWithoutExtensionOrInFrontMatter: a Markdown link to a note
// written without ".md" (as wikis and site generators resolve it) and a
// link in a note's front matter (a property holding a wiki link) name
// the note too.
func TestLinksToWithoutExtensionOrInFrontMatter(t *testing.T) {
	to := "memory/runbook.md"
	for _, c := range []struct {
		src     string
		anchors []string
		want    int
	}{
		{"see [r](runbook#restore-steps)\n", []string{"restore-steps"}, 1},
		{"see [r](./runbook)\n", NoteLinks(), 1},
		{"---\nrelated: \"[[runbook#Restore steps]]\"\n---\n# A\n", []string{"restore-steps"}, 2},
		{"---\nsee: [[runbook]]\n---\n# A\n", NoteLinks(), 2},
		{"see [r](runbooks)\n", NoteLinks(), 0},
	} {
		if got, _ := LinksTo([]byte(c.src), "memory/a.md", to, c.anchors); got != c.want {
			t.Errorf("LinksTo(%q, %q) = line %d, want %d", c.src, c.anchors, got, c.want)
		}
	}
}

// TestAnchorsLostExplicitHeadingID: a heading given its id in braces
// ("## Restore steps {#restore}", Pandoc, kramdown, MkDocs) is linked
// to by that id; removing it loses "restore".
func TestAnchorsLostExplicitHeadingID(t *testing.T) {
	src := "# A\n\nkept\n\n## Restore steps {#restore .wide}\n\nbody\n"
	if got := AnchorsLost([]byte(src), 5, 7, nil); !slices.Contains(got, "restore") {
		t.Errorf("AnchorsLost of a heading with an explicit id = %q, want it to hold \"restore\"", got)
	}
}
