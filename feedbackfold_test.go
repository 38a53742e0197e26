package memweave_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/frontmatter"
)

// A passage marked, then edited (its entry now an orphan that searches
// give to the one passage it can be), then marked again, keeps all its
// marks when a twin (the same first line and headings) is added later:
// the new mark folds the orphan entry into the passage's own key. Before,
// the orphan stayed apart, the twin made it ambiguous, and Alice's three
// useless marks applied to nobody.
func TestFeedbackFoldsTheOrphanEntryOfThePassageMarked(t *testing.T) {
	root, w := openIndexed(t, map[string]string{
		"memory/standup.md": "# Standup\n\nDaily notes of the platform team.\n\n## Update\n\nAlice fixed the login bug.\n",
	}, memweave.Config{MinScore: new(0.0)})
	ctx := t.Context()
	note := filepath.Join(root, "memory", "standup.md")
	line := 5
	for range 3 {
		res, err := w.Feedback(ctx, "memory/standup.md", line, false)
		if err != nil {
			t.Fatal(err)
		}
		line = res.StartLine
	}
	edit := func(from, to string) {
		t.Helper()
		data, err := os.ReadFile(note)
		if err != nil {
			t.Fatal(err)
		}
		out := []byte(string(data[:len(data)-len(from)]) + to)
		if string(data[len(data)-len(from):]) != from {
			t.Fatalf("the note ends %q, want %q", data, from)
		}
		if err := os.WriteFile(note, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("Alice fixed the login bug.\n", "Alice fixed the login bug and the logout one.\n")
	mustIndex(t, w)
	res, err := w.Feedback(ctx, "memory/standup.md", line, false)
	if err != nil {
		t.Fatal(err)
	}
	if res.Useless != 4 {
		t.Fatalf("Feedback after the edit = %+v, want 4 useless marks", res)
	}
	data, _ := os.ReadFile(note)
	m, _, err := frontmatter.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Feedback) != 1 || m.Feedback[res.Key] != (frontmatter.Votes{Useless: 4}) {
		t.Errorf("feedback entries after the new mark = %+v, want only %s: {useless: 4}", m.Feedback, res.Key)
	}
	edit("\n", "\n\n## Update\n\nBob reviews the queue retry policy.\n")
	mustIndex(t, w)
	got := curations(t, w, "update Alice Bob login queue")
	alice, bob := factorOf(t, got, "memory/standup.md", "Alice"), factorOf(t, got, "memory/standup.md", "Bob")
	if bob != 1 || alice >= 0.96 {
		t.Errorf("after Bob's update was added: Alice's curation %v, Bob's %v; want Alice's four useless marks (below 0.96) and none for Bob", alice, bob)
	}
}
