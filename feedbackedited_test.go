package memweave_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestFeedbackByPassageKeyRefusesAnEditedText: a mark given with the
// passage key a search returned judges the text that search showed. An
// editor (no lock) that changed the passage's text after the search,
// its first line kept ("Sessions expire after thirty minutes" made
// "after two hours"), left another fact under the passage's heading:
// the mark was filed under the edited passage, for a text nobody
// judged. It is refused now, nothing written, the error wrapping
// ErrChanged; a passage whose text is the same (its heading renamed,
// lines moved) is still found and marked.
func TestFeedbackByPassageKeyRefusesAnEditedText(t *testing.T) {
	for _, c := range []struct {
		name, note string
		ok         bool
	}{
		{"text edited", strings.Replace(cacheNote, "thirty minutes", "two hours", 1), false},
		{"text edited and moved", "# Queue\n\nJobs wait a minute.\n\n" + strings.Replace(cacheNote, "of inactivity", "of inactivity, or at midnight", 1), false},
		{"lines moved", "# Queue\n\nJobs wait a minute.\n\n" + cacheNote, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, w := openIndexed(t, map[string]string{"memory/c.md": cacheNote}, memweave.Config{})
			sessions := byHeading(t, w)["# Sessions"]
			memweavetest.WriteFile(t, root, "memory/c.md", c.note)
			res, err := w.Feedback(t.Context(), sessions.Path, sessions.StartLine, true, memweave.PassageKey(sessions.Passage))
			after := memweavetest.ReadFile(t, root, "memory/c.md")
			if c.ok {
				if err != nil || marks(t, root)[res.Key].Useful != 1 {
					t.Errorf("Feedback(%s:%d, passage %s) = %+v, %v; want the moved passage marked", sessions.Path, sessions.StartLine, sessions.Passage, res, err)
				}
				return
			}
			if err == nil || !errors.Is(err, memweave.ErrChanged) || after != c.note {
				t.Errorf("Feedback(%s:%d, passage %s) after its text was edited = %+v, %v; note %q; want ErrChanged and the note as the editor left it", sessions.Path, sessions.StartLine, sessions.Passage, res, err, after)
			}
		})
	}
}
