package memweave_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// isolateApprovals points this machine's approvals at a folder of the
// test's own.
func isolateApprovals(t *testing.T) {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
}

// writeSettingsJSON writes memweave.json, as a clone would bring it.
func writeSettingsJSON(t *testing.T, root string, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, memweave.SettingsFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestUnapprovedExtraPathsReachNothingOutside: extra paths a cloned
// memweave.json names outside the workspace, in any spelling, index and
// serve nothing until this machine's user approves them; one inside the
// workspace needs no approval. The check half of the family ("/", a
// link in the workspace leading out) runs the same assertions.
func TestUnapprovedExtraPathsReachNothingOutside(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.md")
	if err := os.WriteFile(secret, []byte("# Secret\n\nZEBRAFISH-91 lives outside the workspace\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		extra func(root string) string
	}{
		{"absolute folder", func(string) string { return outside }},
		{"absolute file", func(string) string { return secret }},
		{"relative escape", func(root string) string {
			r, err := filepath.Rel(root, outside)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}},
		{"link in the workspace", func(root string) string {
			if err := os.Symlink(outside, filepath.Join(root, "docs")); err != nil {
				t.Skipf("symlink: %v", err)
			}
			return "docs"
		}},
		{"filesystem root", func(string) string { return "/" }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			isolateApprovals(t)
			ctx := context.Background()
			root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha inside\n"})
			extra := c.extra(root)
			writeSettingsJSON(t, root, map[string]any{"extra_paths": []string{extra}})
			w := open(t, root, memweave.Config{})
			if ig := w.Ignored(); len(ig) != 1 || ig[0].Setting != "extra_paths" || ig[0].Value != extra {
				t.Fatalf("Ignored() = %+v, want extra_paths %q", ig, extra)
			}
			res := mustIndex(t, w)
			for _, p := range res.Indexed {
				if !strings.HasPrefix(p, "memory/") {
					t.Errorf("Index indexed %s from an unapproved extra path", p)
				}
			}
			if resp := mustSearch(t, w, "ZEBRAFISH-91"); len(resp.Results) != 0 {
				t.Errorf("Search found %d results from an unapproved extra path: %+v", len(resp.Results), resp.Results[0].Path)
			}
			if _, err := w.Get(ctx, secret, 1, 0); err == nil {
				t.Errorf("Get(%s) served a file outside the workspace", secret)
			}
			if len(mustSearch(t, w, "alpha").Results) == 0 {
				t.Errorf("Search of the workspace's own note found nothing")
			}
			w.Close()
			if c.name == "filesystem root" {
				return // approving "/" would index the machine
			}

			// Approved, the same value takes effect.
			if _, err := memweave.ApproveSettings(ctx, root); err != nil {
				t.Fatal(err)
			}
			w = open(t, root, memweave.Config{})
			if ig := w.Ignored(); len(ig) != 0 {
				t.Errorf("after ApproveSettings Ignored() = %+v", ig)
			}
			mustIndex(t, w)
			if resp := mustSearch(t, w, "ZEBRAFISH-91"); len(resp.Results) == 0 {
				t.Errorf("approved extra path %q: Search found nothing", extra)
			}
			w.Close()

			// A later change to the value needs a new approval.
			writeSettingsJSON(t, root, map[string]any{"extra_paths": []string{extra, "/"}})
			w = open(t, root, memweave.Config{})
			if ig := w.Ignored(); len(ig) != 1 || ig[0].Value != "/" {
				t.Errorf("after adding \"/\" Ignored() = %+v, want only \"/\"", ig)
			}
			w.Close()
		})
	}
}

// TestExtraPathInsideTheWorkspaceNeedsApproval: an extra path outside
// memory/ that the settings file names, inside the workspace too, is
// left out until approved (it could read files git does not share);
// the same path set by the program itself needs none.
func TestExtraPathInsideTheWorkspaceNeedsApproval(t *testing.T) {
	isolateApprovals(t)
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n"})
	memweavetest.WriteFile(t, root, "docs/d.md", "# D\n\nKINGFISHER-3 in docs\n")
	writeSettingsJSON(t, root, map[string]any{"extra_paths": []string{"docs"}})
	w := open(t, root, memweave.Config{})
	if ig := w.Ignored(); len(ig) != 1 || ig[0].Value != "docs" {
		t.Fatalf("Ignored() = %+v, want extra_paths \"docs\"", ig)
	}
	mustIndex(t, w)
	if resp := mustSearch(t, w, "KINGFISHER-3"); len(resp.Results) != 0 {
		t.Errorf("unapproved extra path inside the workspace: Search found %s", resp.Results[0].Path)
	}
	w.Close()
	w = open(t, root, memweave.Config{ExtraPaths: []string{"docs"}})
	defer w.Close()
	if ig := w.Ignored(); len(ig) != 0 {
		t.Fatalf("Ignored() with the program's own extra path = %+v, want none", ig)
	}
	mustIndex(t, w)
	if resp := mustSearch(t, w, "KINGFISHER-3"); len(resp.Results) == 0 {
		t.Errorf("extra path the program set: Search found nothing")
	}
}

// TestUnapprovedEmbedderGetsNoRequest: an embedding server named by a
// cloned memweave.json receives nothing, with or without an API key,
// until approved; searches fall back to keyword search and say why.
// Then the approved server is used, and receives the key.
func TestUnapprovedEmbedderGetsNoRequest(t *testing.T) {
	for _, key := range []string{"", "sk-test-secret"} {
		t.Run("key="+key, func(t *testing.T) {
			t.Setenv(memweave.EnvEmbeddingKey, key)
			t.Setenv(memweave.EnvOpenAIKey, "")
			ctx := context.Background()
			root, srv := unapprovedServer(t)
			w := open(t, root, memweave.Config{})
			if ig := w.Ignored(); len(ig) != 1 || ig[0].Setting != "embedder.base_url" || ig[0].Value != srv.BaseURL() {
				t.Fatalf("Ignored() = %+v, want embedder.base_url %s", ig, srv.BaseURL())
			}
			res := mustIndex(t, w)
			if !errors.Is(warningsErr(res.Warnings), memweave.ErrNotApproved) || !strings.Contains(warningText(res.Warnings), "memweave trust") {
				t.Errorf("Index warnings %q do not say the embedder is not approved and how to approve it", warningText(res.Warnings))
			}
			resp := mustSearch(t, w, "alpha")
			if len(resp.Results) == 0 || resp.Mode != memweave.ModeKeyword {
				t.Errorf("Search = mode %q, %d results; want keyword results", resp.Mode, len(resp.Results))
			}
			w.Close()
			if n := srv.Calls.Load(); n != 0 {
				t.Fatalf("unapproved embedding server got %d requests", n)
			}

			if _, err := memweave.ApproveSettings(ctx, root); err != nil {
				t.Fatal(err)
			}
			w = open(t, root, memweave.Config{})
			defer w.Close()
			mustIndex(t, w)
			if n := srv.Calls.Load(); n == 0 {
				t.Errorf("approved embedding server got no request")
			}
		})
	}
}

// unapprovedServer returns a workspace whose memweave.json names srv, an
// embedding server this machine (its approvals isolated) has not
// approved.
func unapprovedServer(t *testing.T) (string, *memweavetest.EmbedServer) {
	t.Helper()
	isolateApprovals(t)
	srv := memweavetest.NewEmbedServer(t, 16)
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha bravo charlie\n"})
	writeSettingsJSON(t, root, map[string]any{"embedder": map[string]any{
		"provider": "openai", "model": "m", "base_url": srv.BaseURL()}})
	return root, srv
}

// warningsErr joins warnings into one error for errors.Is.
func warningsErr(ws []memweave.Warning) error {
	errs := make([]error, len(ws))
	for i := range ws {
		errs[i] = ws[i]
	}
	return errors.Join(errs...)
}

// TestUnapprovedModelFolderOutsideIsNotRead: a static model folder
// outside the workspace, named by a cloned memweave.json, is not read
// until approved; one inside the workspace needs no approval.
func TestUnapprovedModelFolderOutsideIsNotRead(t *testing.T) {
	isolateApprovals(t)
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha bravo\n"})
	model := filepath.Join(t.TempDir(), "model")
	writeSettingsJSON(t, root, map[string]any{"embedder": map[string]any{"provider": "static", "model": model}})
	w := open(t, root, memweave.Config{})
	if ig := w.Ignored(); len(ig) != 1 || ig[0].Setting != "embedder.model" || ig[0].Value != model {
		t.Fatalf("Ignored() = %+v, want embedder.model %s", ig, model)
	}
	res := mustIndex(t, w)
	text := warningText(res.Warnings)
	if !errors.Is(warningsErr(res.Warnings), memweave.ErrNotApproved) || strings.Contains(text, "no such file") {
		t.Errorf("Index warnings %q: want the model refused as not approved, never read", text)
	}
	if resp := mustSearch(t, w, "alpha"); len(resp.Results) == 0 {
		t.Errorf("Search found nothing by keyword")
	}
	w.Close()

	inside := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n"})
	writeSettingsJSON(t, inside, map[string]any{"embedder": map[string]any{"provider": "static", "model": filepath.Join(inside, "models", "m")}})
	w = open(t, inside, memweave.Config{})
	defer w.Close()
	if ig := w.Ignored(); len(ig) != 0 {
		t.Errorf("a model folder inside the workspace: Ignored() = %+v, want none", ig)
	}
}

// TestApprovedLinkRetargetedNeedsApprovalAgain: an approved extra path
// that is a link out of the workspace is approved with where it leads;
// the link pointed elsewhere later (a pull that rewrites it) names the
// same value but reaches another folder, so it needs approval again and
// nothing of the new target is indexed or found.
func TestApprovedLinkRetargetedNeedsApprovalAgain(t *testing.T) {
	isolateApprovals(t)
	ctx := context.Background()
	first, second := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(first, "ok.md"), []byte("# OK\n\nAPPROVED-LINK-17 notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(second, "secret.md"), []byte("# Secret\n\nRETARGETED-LINK-42 private\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha inside\n"})
	link := filepath.Join(root, "docs")
	if err := os.Symlink(first, link); err != nil {
		t.Skipf("symlink: %v", err)
	}
	writeSettingsJSON(t, root, map[string]any{"extra_paths": []string{"docs"}})
	if _, err := memweave.ApproveSettings(ctx, root); err != nil {
		t.Fatal(err)
	}
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	if len(mustSearch(t, w, "APPROVED-LINK-17").Results) == 0 {
		t.Fatal("the approved link's folder was not indexed")
	}
	w.Close()

	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(second, link); err != nil {
		t.Fatal(err)
	}
	w = open(t, root, memweave.Config{})
	defer w.Close()
	if ig := w.Ignored(); len(ig) != 1 || ig[0].Value != "docs" {
		t.Errorf("after the link was retargeted, Ignored() = %+v, want extra_paths \"docs\"", ig)
	}
	mustIndex(t, w)
	if resp := mustSearch(t, w, "RETARGETED-LINK-42"); len(resp.Results) != 0 {
		t.Errorf("the retargeted link's new folder was indexed: %s", resp.Results[0].Path)
	}
}

// TestExtraFolderSwappedForALinkOutIsLeftOut: in a Weave that stays
// open (the MCP server), an extra path inside the workspace, approved
// as a folder of the workspace, replaced by a link out of it (a pull, another
// program) is left out of the next index runs, with a warning naming
// it: nothing of the link's target is indexed, found, or served through
// a link in memory/ into it.
func TestExtraFolderSwappedForALinkOutIsLeftOut(t *testing.T) {
	isolateApprovals(t)
	ctx := context.Background()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.md"), []byte("# Secret\n\nSWAPPED-LINK-63 private\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha inside\n", "docs/d.md": "# D\n\nDOCS-INSIDE-5 notes\n"})
	writeSettingsJSON(t, root, map[string]any{"extra_paths": []string{"docs"}})
	if _, err := memweave.ApproveSettings(ctx, root); err != nil {
		t.Fatal(err)
	}
	w := open(t, root, memweave.Config{})
	defer w.Close()
	mustIndex(t, w)
	if len(mustSearch(t, w, "DOCS-INSIDE-5").Results) == 0 {
		t.Fatal("the extra folder inside the workspace was not indexed")
	}

	if err := os.RemoveAll(filepath.Join(root, "docs")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "docs")); err != nil {
		t.Skipf("symlink: %v", err)
	}
	if err := os.Symlink(filepath.Join(root, "docs", "secret.md"), filepath.Join(root, "memory", "peek.md")); err != nil {
		t.Fatal(err)
	}
	res := mustIndex(t, w)
	for _, p := range res.Indexed {
		if strings.HasPrefix(p, "docs/") || p == "memory/peek.md" {
			t.Errorf("Index indexed %s through the link out", p)
		}
	}
	var warned bool
	for _, wn := range res.Warnings {
		warned = warned || strings.Contains(wn.Error(), "docs") && strings.Contains(wn.Error(), "leads out of the workspace")
	}
	if !warned {
		t.Errorf("Index warnings %v do not say that docs now leads out of the workspace", res.Warnings)
	}
	if resp := mustSearch(t, w, "SWAPPED-LINK-63"); len(resp.Results) != 0 {
		t.Errorf("Search found %s through the link out", resp.Results[0].Path)
	}
	if text, _, err := w.GetWithHash(ctx, "memory/peek.md", 1, 0); err == nil {
		t.Errorf("Get(memory/peek.md) served %q from outside the workspace", text)
	}
}

// TestMemoryLinkOutNeedsApproval: git keeps symbolic links, so a clone
// can bring memory/ itself as a link to any folder of this machine. Until
// this machine's user approves it, Open refuses the workspace, naming the
// link and its target, and nothing there is indexed, served, written or
// deleted; once approved it opens, and a link pointed elsewhere later
// needs approval again. So does a link to another folder of the
// workspace; a workspace named through a link needs none.
func TestMemoryLinkOutNeedsApproval(t *testing.T) {
	isolateApprovals(t)
	ctx := context.Background()
	outside, elsewhere := t.TempDir(), t.TempDir()
	private := filepath.Join(outside, "private.md")
	if err := os.WriteFile(private, []byte("# Private\n\nMEMLINK-77 lives outside the workspace\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, "memory")); err != nil {
		t.Skipf("symlink: %v", err)
	}
	for _, cfg := range []memweave.Config{{}, {OneShot: true}} {
		cfg.Workspace = root
		w, err := memweave.Open(ctx, cfg)
		if err == nil {
			mustIndex(t, w)
			n := len(mustSearch(t, w, "MEMLINK-77").Results)
			w.Delete(ctx, "memory/private.md")
			w.Close()
			t.Fatalf("Open of a workspace whose memory/ links out = nil error; %d results from outside", n)
		}
		if !errors.Is(err, memweave.ErrNotApproved) || !strings.Contains(err.Error(), filepath.Join(root, "memory")) || !strings.Contains(err.Error(), outside) {
			t.Errorf("Open error = %v, want ErrNotApproved naming the link and its target", err)
		}
	}
	if _, err := os.Stat(private); err != nil {
		t.Fatalf("the file outside: %v", err)
	}
	all, unapproved, err := memweave.SettingsApprovals(ctx, root)
	if err != nil || len(all) != 1 || len(unapproved) != 1 || all[0].Setting != "memory" {
		t.Fatalf("SettingsApprovals = %+v, %+v, %v; want the memory link, unapproved", all, unapproved, err)
	}
	if _, err := memweave.ApproveSettings(ctx, root); err != nil {
		t.Fatal(err)
	}
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	if len(mustSearch(t, w, "MEMLINK-77").Results) == 0 {
		t.Error("the approved memory link's folder was not indexed")
	}
	w.Close()

	if err := os.Remove(filepath.Join(root, "memory")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(root, "memory")); err != nil {
		t.Fatal(err)
	}
	if w, err := memweave.Open(ctx, memweave.Config{Workspace: root}); !errors.Is(err, memweave.ErrNotApproved) {
		if err == nil {
			w.Close()
		}
		t.Errorf("Open after the approved link was retargeted: error %v, want ErrNotApproved", err)
	}

	inside := t.TempDir()
	if err := os.MkdirAll(filepath.Join(inside, "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("notes", filepath.Join(inside, "memory")); err != nil {
		t.Fatal(err)
	}
	if w, err := memweave.Open(ctx, memweave.Config{Workspace: inside}); !errors.Is(err, memweave.ErrNotApproved) {
		if err == nil {
			w.Close()
		}
		t.Errorf("Open of memory/ linked to a folder of the workspace: error %v, want ErrNotApproved", err)
	}
	// A workspace named through a link, its memory/ a real folder, needs none.
	real := t.TempDir()
	if err := os.Mkdir(filepath.Join(real, "memory"), 0o755); err != nil {
		t.Fatal(err)
	}
	alias := filepath.Join(t.TempDir(), "alias")
	if err := os.Symlink(real, alias); err != nil {
		t.Fatal(err)
	}
	w = open(t, alias, memweave.Config{})
	w.Close()
}

// TestApprovedAfterStartSaysRestart: a long-lived Weave (an mcp server)
// opened while memweave.json's embedding server was not approved keeps
// it blocked after the user approves it (nothing is reloaded), but its
// status and searches still said "approve it with 'memweave trust'",
// which the user had done: they must say to restart the process.
func TestApprovedAfterStartSaysRestart(t *testing.T) {
	ctx := context.Background()
	root, srv := unapprovedServer(t)
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	// Before the approval a search said "no chunk has a vector yet ...
	// run index", which cannot help: it must say what is not approved.
	if got := mustSearch(t, w, "alpha"); !errors.Is(warningsErr(got.Warnings), memweave.ErrNotApproved) {
		t.Errorf("search before the approval warned %q; want the embedder not approved", warningText(got.Warnings))
	}
	if _, err := memweave.ApproveSettings(ctx, root); err != nil {
		t.Fatal(err)
	}
	st, err := w.Status(ctx)
	if err != nil || !strings.Contains(st.SearchModeReason, "restart") || strings.Contains(st.SearchModeReason, "approve it with") {
		t.Errorf("status after the approval: search mode reason %q (%v); want restart, not approve it", st.SearchModeReason, err)
	}
	resp := mustSearch(t, w, "alpha")
	if got := warningText(resp.Warnings); !strings.Contains(got, "restart") || strings.Contains(got, "approve it with") {
		t.Errorf("search after the approval warned %q; want restart, not approve it", got)
	}
	if n := srv.Calls.Load(); n != 0 {
		t.Errorf("the process opened before the approval sent %d requests; want none until restarted", n)
	}
}
