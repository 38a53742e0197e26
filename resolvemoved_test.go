package memweave_test

import (
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/memweavetest"
)

// Two pairs of one conflicts listing resolved in turn, each line named
// by its number and its text from the listing: the first marker moves
// the lines below it, in the dropped note and in the note of the second
// pair's kept line, yet the second resolution supersedes the line the
// listing showed (not the fact that slid into its number) and names the
// kept line the listing showed. A text no line reads any more, or two
// lines read, is refused and nothing is written.
func TestResolveByTextAfterMarker(t *testing.T) {
	ctx := t.Context()
	log := "# 2026-03-02\n\n" +
		"- The staging database runs PostgreSQL 15.\n" +
		"- Deploy freeze from Friday until the release is cut.\n" +
		"- The session cache keeps entries for 5 minutes.\n"
	stack := "# Stack\n\n" +
		"- The production database runs PostgreSQL 12.\n" +
		"- Builds run on four runners.\n" +
		"- The session cache keeps entries for 10 minutes.\n"
	other := "# Ops\n\n- The staging database runs PostgreSQL 16.\n- The production database runs PostgreSQL 14.\n"
	root, w := openIndexed(t, map[string]string{"memory/2026-03-02.md": log, "memory/stack.md": stack, "memory/ops.md": other}, memweave.Config{MinScore: new(0.0)})
	listing, err := w.Conflicts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(listing.Conflicts) == 0 {
		t.Fatal("conflicts found none")
	}
	// The lines as the listing's chunk texts show them.
	line := func(path, text string) memweave.Ref {
		for _, c := range listing.Conflicts {
			for _, ch := range []conflict.Chunk{c.A, c.B} {
				for i, l := range strings.Split(ch.Text, "\n") {
					if ch.Path == path && strings.Contains(l, text) {
						return memweave.Ref{Path: path, StartLine: ch.StartLine + i, Text: l}
					}
				}
			}
		}
		t.Fatalf("conflicts %+v list no line of %s with %q", listing.Conflicts, path, text)
		return memweave.Ref{}
	}
	pg15, pg16 := line("memory/2026-03-02.md", "PostgreSQL 15"), line("memory/ops.md", "PostgreSQL 16")
	pg12, pg14 := line("memory/stack.md", "PostgreSQL 12"), line("memory/ops.md", "PostgreSQL 14")
	ttl5, ttl10 := line("memory/2026-03-02.md", "5 minutes"), line("memory/stack.md", "10 minutes")
	if _, err := w.Resolve(ctx, pg16, pg15, "upgraded"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Resolve(ctx, pg14, pg12, "upgraded"); err != nil {
		t.Fatal(err)
	}
	// Both notes now have a marker above the lines the third pair names.
	res, err := w.Resolve(ctx, ttl10, ttl5, "raised")
	if err != nil {
		t.Fatal(err)
	}
	file := memweavetest.ReadFile(t, root, "memory/2026-03-02.md")
	if !strings.Contains(file, "5 minutes.\n  "+res.Line+"\n") || strings.Contains(file, "cut.\n  > Superseded") {
		t.Errorf("2026-03-02.md after resolving line %d (%q):\n%s\nwant the 5-minute line superseded, the deploy freeze live", ttl5.StartLine, ttl5.Text, file)
	}
	lines := strings.Split(memweavetest.ReadFile(t, root, "memory/stack.md"), "\n")
	if res.Kept.StartLine != ttl10.StartLine+1 || lines[res.Kept.StartLine-1] != ttl10.Text {
		t.Errorf("Resolve kept %+v, want line %d of stack.md, %q", res.Kept, ttl10.StartLine+1, ttl10.Text)
	}

	for _, c := range []struct {
		name, note, want string
	}{
		{"none", strings.Replace(log, "Deploy freeze", "Release freeze", 1), "no line of the note reads"},
		{"two", log + "- Deploy freeze from Friday until the release is cut.\n", "2 lines do"},
	} {
		memweavetest.WriteFile(t, root, "memory/2026-03-02.md", "# Moved\n\n"+c.note)
		freeze := memweave.Ref{Path: "memory/2026-03-02.md", StartLine: 4, Text: "- Deploy freeze from Friday until the release is cut."}
		_, err := w.Resolve(ctx, ttl10, freeze, "")
		if err == nil || !strings.Contains(err.Error(), "memory/2026-03-02.md") || !strings.Contains(err.Error(), "Deploy freeze") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Resolve(drop %+v) = %v, want an error naming the file and text: %q", c.name, freeze, err, c.want)
		}
		if got := memweavetest.ReadFile(t, root, "memory/2026-03-02.md"); got != "# Moved\n\n"+c.note {
			t.Errorf("%s: refused Resolve rewrote the note to %q", c.name, got)
		}
	}
}
