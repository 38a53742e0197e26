package memweave_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// A paragraph pasted into 90 dated logs, every word of it in more than
// 64 passages, came back as two groups (the newest copy and the 64
// before it, then the other 24) to apply and list again. It is one
// group around the newest log now, and the copy in the note whose front
// matter names its subject (title: Staging cluster) is held, not
// dropped; applied, every other copy goes and that note keeps its own.
func TestConsolidateGroupsAPasteInManyNotesOnce(t *testing.T) {
	t.Parallel()
	paste := "Ask the platform on-call in the ops channel before changing anything in this area of the deployment.\n"
	files := map[string]string{}
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	const n = 90
	for i := range n {
		name := fmt.Sprintf("memory/%s.md", day.AddDate(0, 0, i).Format(time.DateOnly))
		files[name] = fmt.Sprintf("# Log\n\nEntry %d: %s.\n\n## Contacts\n\n%s", i, strings.Repeat(fmt.Sprintf("w%dx ", i), 3), paste)
	}
	staging := fmt.Sprintf("memory/%s.md", day.AddDate(0, 0, 7).Format(time.DateOnly))
	files[staging] = "---\ntitle: Staging cluster\n---\n" + files[staging]
	root, w := openIndexed(t, files, memweave.Config{})
	plan, err := w.Consolidate(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	newest := fmt.Sprintf("memory/%s.md", day.AddDate(0, 0, n-1).Format(time.DateOnly))
	if len(plan.Groups) != 1 || plan.Groups[0].Keep.Path != newest || len(plan.Groups[0].Duplicates) != n-2 {
		var got []string
		for _, g := range plan.Groups {
			got = append(got, fmt.Sprintf("%s keeps, %d dropped", g.Keep.Path, len(g.Duplicates)))
		}
		t.Fatalf("groups = %q, want one: %s kept, %d dropped", got, newest, n-2)
	}
	for _, d := range plan.Groups[0].Duplicates {
		if d.Path == staging {
			t.Fatalf("the group drops %s, whose front matter names the subject", staging)
		}
	}
	heldStaging := false
	for _, h := range plan.Held {
		heldStaging = heldStaging || h.A.Path == staging || h.B.Path == staging
	}
	if !heldStaging {
		t.Errorf("held = %+v, want %s held", plan.Held, staging)
	}
	applyGroups(t, w, plan.Groups)
	for name, before := range files {
		got := memweavetest.ReadFile(t, root, name)
		switch {
		case name == newest || name == staging:
			if got != before {
				t.Errorf("%s after the apply = %q, want it unchanged", name, got)
			}
		case strings.Contains(got, "platform on-call"):
			t.Errorf("%s after the apply = %q, want the copy gone", name, got)
		case !strings.Contains(got, "Entry "):
			t.Errorf("%s after the apply = %q, want its own entry kept", name, got)
		}
	}
}
