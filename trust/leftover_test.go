package trust_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/trust"
)

// TestApproveRemovesKilledWritesLeftovers: a trust run killed between
// creating the temporary file of trust.json and renaming it left
// .memweave-write-trust.json-N.tmp in the configuration folder, and no
// later run removed it: one more copy of every approval for each such
// kill (found killing trust --digest at its write calls). The next
// write, under the lock every writer of trust.json holds, removes them.
func TestApproveRemovesKilledWritesLeftovers(t *testing.T) {
	ws, p := setup(t)
	if err := trust.Approve(context.Background(), ws, []trust.Item{home}); err != nil {
		t.Fatal(err)
	}
	left := filepath.Join(filepath.Dir(p), ".memweave-write-trust.json-4242.tmp")
	if err := os.WriteFile(left, []byte(`{"workspaces": {`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := trust.Approve(context.Background(), ws, []trust.Item{home, llama}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(left); err == nil {
		t.Errorf("%s is still there after an approval wrote trust.json", filepath.Base(left))
	}
	if got, err := trust.Unapproved(ws, []trust.Item{home, llama}); err != nil || len(got) > 0 {
		t.Errorf("Unapproved = %v, %v; want none", got, err)
	}
}
