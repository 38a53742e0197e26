package memweave_test

import (
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestPackKeepsPassagesThatDifferInAValue: pack drops near-duplicates by
// the overlap of their words, a heuristic; two passages that differ in a
// value (a version, a negation, "to" or "from") state two facts, and
// dropping one by score kept the older fact and hid the newer from the
// prompt, which no file asked for. A copy that differs in nothing is
// still dropped.
func TestPackKeepsPassagesThatDifferInAValue(t *testing.T) {
	const older = "The staging database of the billing team runs PostgreSQL 15 on the shared cluster, with nightly backups to the offsite bucket.\n"
	const newer = "The staging database of the billing team runs PostgreSQL 16 on the shared cluster, with nightly backups to the offsite bucket.\n"
	tests := []struct {
		name       string
		files      map[string]string
		wantPaths  []string
		wantLength int
	}{
		{"value differs", map[string]string{"memory/2026-03-02.md": older, "memory/2026-05-10.md": newer},
			[]string{"memory/2026-03-02.md", "memory/2026-05-10.md"}, 2},
		{"direction differs", map[string]string{
			"memory/2026-03-02.md": "Every night the sync job copies the billing database snapshots to the offsite storage bucket of the platform team.\n",
			"memory/2026-05-10.md": "Every night the sync job copies the billing database snapshots from the offsite storage bucket of the platform team.\n"},
			[]string{"memory/2026-03-02.md", "memory/2026-05-10.md"}, 2},
		{"same text", map[string]string{"memory/2026-03-02.md": newer, "memory/2026-05-10.md": newer}, nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := open(t, memweavetest.Workspace(t, tt.files), memweave.Config{})
			p, err := w.Pack(t.Context(), "staging billing database snapshots offsite", 1000, memweave.MinScore(0))
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			for _, it := range p.Items {
				got[it.Path] = true
			}
			if len(p.Items) != tt.wantLength {
				t.Errorf("Pack: %d passages %v, want %d", len(p.Items), got, tt.wantLength)
			}
			for _, path := range tt.wantPaths {
				if !got[path] {
					t.Errorf("Pack: %s left out, passages %v", path, got)
				}
			}
		})
	}
}
