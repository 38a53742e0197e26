package memweave_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestStatusNamesAnEmbedderNotApproved: an embedder the settings file
// names but this machine has not approved (a static model folder outside
// the workspace, or one whose files link out; a server a pull changed)
// is not called, so searches are by keyword only. Status said "no chunk
// has a vector yet ... run index", which running index never mends, or,
// when the index held vectors of the same embedder, "hybrid": status
// now says keyword and names the approval wanted.
func TestStatusNamesAnEmbedderNotApproved(t *testing.T) {
	check := func(t *testing.T, w *memweave.Weave) {
		t.Helper()
		st, err := w.Status(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if st.SearchMode != memweave.ModeKeyword || !strings.Contains(st.SearchModeReason, "not approved") || !strings.Contains(st.SearchModeReason, "memweave trust") {
			t.Errorf("Status with the embedder not approved: search mode %s (%s); want keyword, naming the approval wanted", st.SearchMode, st.SearchModeReason)
		}
	}
	t.Run("static model folder outside", func(t *testing.T) {
		isolateApprovals(t)
		root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha bravo\n"})
		writeSettingsJSON(t, root, map[string]any{"embedder": map[string]any{"provider": "static", "model": t.TempDir()}})
		w := open(t, root, memweave.Config{})
		mustIndex(t, w)
		check(t, w)
	})
	t.Run("server changed by a pull", func(t *testing.T) {
		isolateApprovals(t)
		srv := memweavetest.NewEmbedServer(t, 8)
		root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha bravo\n"})
		embedder := map[string]any{"provider": "openai", "model": "m", "dims": 8, "base_url": srv.URL + "/v1"}
		writeSettingsJSON(t, root, map[string]any{"embedder": embedder})
		if _, err := memweave.ApproveSettings(context.Background(), root); err != nil {
			t.Fatal(err)
		}
		w := open(t, root, memweave.Config{})
		mustIndex(t, w)
		w.Close()
		embedder["base_url"] = "http://127.0.0.1:9/v1"
		writeSettingsJSON(t, root, map[string]any{"embedder": embedder})
		w = open(t, root, memweave.Config{})
		check(t, w)
	})
}
