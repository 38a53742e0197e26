//go:build unix

package trust_test

import (
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"

	"github.com/memweave/memweave-go/trust"
)

// setup isolates the approvals file and returns a workspace folder.
func setup(t *testing.T) (ws, file string) {
	t.Helper()
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	return t.TempDir(), filepath.Join(cfg, "memweave", "trust.json")
}

var (
	root  = trust.Item{Setting: "extra_paths", Value: "/"}
	home  = trust.Item{Setting: "extra_paths", Value: "/home/me/notes"}
	llama = trust.Item{Setting: "embedder.base_url", Value: "http://10.0.0.5:11434/v1"}
)

func TestApprovalIsBoundToValuesAndWorkspace(t *testing.T) {
	ws, file := setup(t)
	if got, err := trust.Unapproved(ws, []trust.Item{home, llama}); err != nil || len(got) != 2 {
		t.Fatalf("Unapproved before any approval = %v, %v; want both", got, err)
	}
	if err := trust.Approve(t.Context(), ws, []trust.Item{home, llama}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("approvals file %s: %v, %v; want mode 0600", file, fi, err)
	}
	if got, _ := trust.Unapproved(ws, []trust.Item{home, llama}); len(got) != 0 {
		t.Errorf("Unapproved after Approve = %v, want none", got)
	}
	// Why is shown, not compared.
	if got, _ := trust.Unapproved(ws, []trust.Item{{Setting: home.Setting, Value: home.Value, Why: "other words"}}); len(got) != 0 {
		t.Errorf("Unapproved with another Why = %v, want none", got)
	}
	// A changed value, a new one, another workspace: all need approval.
	moved := trust.Item{Setting: "embedder.base_url", Value: "http://10.0.0.6:11434/v1"}
	if got, _ := trust.Unapproved(ws, []trust.Item{home, moved, root}); !slices.Equal(got, []trust.Item{moved, root}) {
		t.Errorf("Unapproved with a changed and a new value = %v, want %v", got, []trust.Item{moved, root})
	}
	if got, _ := trust.Unapproved(t.TempDir(), []trust.Item{home}); len(got) != 1 {
		t.Errorf("another workspace inherits the approval: %v", got)
	}
	// The same folder by a link is the same workspace.
	alias := filepath.Join(t.TempDir(), "alias")
	if err := os.Symlink(ws, alias); err == nil {
		if got, _ := trust.Unapproved(alias, []trust.Item{home}); len(got) != 0 {
			t.Errorf("the workspace named through a link is not approved: %v", got)
		}
	}
	// Approve replaces; Add keeps.
	if err := trust.Approve(t.Context(), ws, []trust.Item{home}); err != nil {
		t.Fatal(err)
	}
	if got, _ := trust.Unapproved(ws, []trust.Item{llama}); len(got) != 1 {
		t.Errorf("Approve kept an approval it was not given: %v", got)
	}
	if err := trust.Add(t.Context(), ws, []trust.Item{llama}); err != nil {
		t.Fatal(err)
	}
	if got, _ := trust.Unapproved(ws, []trust.Item{home, llama}); len(got) != 0 {
		t.Errorf("after Add, Unapproved = %v", got)
	}
	if err := trust.Revoke(t.Context(), ws); err != nil {
		t.Fatal(err)
	}
	if got, _ := trust.Unapproved(ws, []trust.Item{home}); len(got) != 1 {
		t.Errorf("after Revoke, Unapproved = %v", got)
	}
}

// TestUnreadableApprovalsApproveNothing: a corrupt or hostile approvals
// file fails closed: every item is unapproved, with an error.
func TestUnreadableApprovalsApproveNothing(t *testing.T) {
	for name, make := range map[string]func(t *testing.T, file string){
		"corrupt": func(t *testing.T, file string) {
			if err := os.WriteFile(file, []byte(`{"workspaces": [`), 0o600); err != nil {
				t.Fatal(err)
			}
		},
		"fifo": func(t *testing.T, file string) {
			if err := syscall.Mkfifo(file, 0o600); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			ws, file := setup(t)
			if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
				t.Fatal(err)
			}
			make(t, file)
			got, err := trust.Unapproved(ws, []trust.Item{home})
			if err == nil || len(got) != 1 {
				t.Errorf("Unapproved with a %s approvals file = %v, %v; want the item and an error", name, got, err)
			}
		})
	}
}

// TestConcurrentAddsKeepEveryApproval: approvals recorded at once, as by
// two commands, are all kept.
func TestConcurrentAddsKeepEveryApproval(t *testing.T) {
	ws, _ := setup(t)
	items := make([]trust.Item, 16)
	errs := make(chan error, len(items))
	for i := range items {
		items[i] = trust.Item{Setting: "extra_paths", Value: "/srv/notes/" + string(rune('a'+i))}
		go func() { errs <- trust.Add(t.Context(), ws, items[i:i+1]) }()
	}
	for range items {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if got, err := trust.Unapproved(ws, items); err != nil || len(got) != 0 {
		t.Errorf("after concurrent Adds, Unapproved = %v, %v; want none", got, err)
	}
}
