package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestStatusJSONSyncErrorHasNoPrefix: status --json's sync_error kept
// the "memweave: " prefix of the library's error ("memweave: sync
// status: gitsync: the workspace is not a git repository ...") while the
// text form said the same reason without it. Both now carry the same
// sentence.
func TestStatusJSONSyncErrorHasNoPrefix(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := mustRunCLI(t, "-w", ws, "status", "--json")
	var st struct {
		SyncError string `json:"sync_error"`
	}
	if err := json.Unmarshal([]byte(out.stdout), &st); err != nil {
		t.Fatalf("status --json: %v", err)
	}
	text := mustRunCLI(t, "-w", ws, "status").stdout
	if st.SyncError == "" || strings.HasPrefix(st.SyncError, "memweave: ") || !strings.Contains(text, "not set up: "+st.SyncError+"\n") {
		t.Errorf("status --json: sync_error %q; want the reason the text form gives after \"not set up: \" in\n%s", st.SyncError, text)
	}
}
