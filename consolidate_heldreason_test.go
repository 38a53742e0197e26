package memweave_test

import (
	"testing"

	"github.com/memweave/memweave-go"
)

// TestConsolidateHeldReasonWhenTheOlderIsKept: a resolution that keeps a
// line of the older copy makes the older the copy kept. A pair held back
// must then say which copy holds the words the other lacks as the files
// have it: the newer copy says more, or the older adds, never the other
// way round.
func TestConsolidateHeldReasonWhenTheOlderIsKept(t *testing.T) {
	const short = "The nightly backup job copies the billing database snapshots to the offsite bucket and the lifecycle rule removes them after thirty days.\n"
	const long = "The nightly backup job copies the billing database snapshots to the offsite bucket and the lifecycle rule removes them after thirty days encrypted.\n"
	tests := []struct {
		name, older, newer, want string
	}{
		{"newer says more", short, long, "the newer copy says more: encrypted (a resolution keeps a line of the older: memory/old.md:4)"},
		{"older adds", long, short, "the older copy adds: encrypted (a resolution keeps a line of the older: memory/old.md:4)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, w := openIndexed(t, map[string]string{
				"memory/2026-11-01.md": tt.older,
				"memory/2026-11-20.md": tt.newer,
				"memory/old.md":        "# Old\n\nBackups were copied by hand each Friday.\n",
			}, memweave.Config{})
			if _, err := w.Resolve(t.Context(), memweave.Ref{Path: "memory/2026-11-01.md", StartLine: 1}, memweave.Ref{Path: "memory/old.md", StartLine: 3}, "job replaced it"); err != nil {
				t.Fatal(err)
			}
			plan, err := w.Consolidate(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if len(plan.Groups) != 0 || len(plan.Held) != 1 {
				t.Fatalf("Consolidate = %d groups, held %+v, want one pair held", len(plan.Groups), plan.Held)
			}
			if got := plan.Held[0].Reason; got != tt.want {
				t.Errorf("held reason = %q, want %q", got, tt.want)
			}
		})
	}
}
