package trust_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/settings"
	"github.com/memweave/memweave-go/trust"
)

// TestNeeded: only values a settings file supplied need approval, and
// only those reaching outside memory/ (a folder of the workspace that
// git does not share, or outside the workspace) or off the machine.
func TestNeeded(t *testing.T) {
	ws := t.TempDir()
	if err := os.MkdirAll(filepath.Join(ws, "memory", "archive"), 0o755); err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	v := settings.File{ExtraPaths: []string{"memory/archive", "docs", outside, "../x"},
		Embedder: settings.Embedder{Provider: "openai", Model: "m"}}
	got := trust.Needed(ws, v, false, settings.Everything())
	want := []trust.Item{{Setting: "extra_paths", Value: "docs"}, {Setting: "extra_paths", Value: outside},
		{Setting: "extra_paths", Value: "../x"}, {Setting: "embedder.base_url", Value: embed.DefaultOpenAIBaseURL}}
	if len(got) != len(want) {
		t.Fatalf("Needed = %v, want %v", got, want)
	}
	for i := range want {
		if got[i].Setting != want[i].Setting || got[i].Value != want[i].Value || got[i].Why == "" {
			t.Errorf("Needed[%d] = %+v, want %v with a reason", i, got[i], want[i])
		}
	}
	if got := trust.Needed(ws, v, false, settings.Filled{}); len(got) != 0 {
		t.Errorf("Needed of values the program set = %v, want none", got)
	}
	if got := trust.Needed(ws, v, true, settings.Everything()); len(got) != 3 {
		t.Errorf("Needed with a custom embedder = %v, want the three extra paths only", got)
	}
}

func TestWithhold(t *testing.T) {
	paths := []string{"a", "/b", "c"}
	kept, block := trust.Withhold(paths, []trust.Item{{Setting: "extra_paths", Value: "/b"}})
	if !slices.Equal(kept, []string{"a", "c"}) || block {
		t.Errorf("Withhold(extra path) = %v, %v; want [a c], false", kept, block)
	}
	if !slices.Equal(paths, []string{"a", "/b", "c"}) {
		t.Errorf("Withhold changed its input to %v", paths)
	}
	if kept, block = trust.Withhold(paths, []trust.Item{{Setting: "embedder.base_url", Value: "http://x"}}); !block || len(kept) != 3 {
		t.Errorf("Withhold(embedder) = %v, %v; want the paths kept and the embedder blocked", kept, block)
	}
}

// TestPendingThenApproveFile: a settings file's server needs approval
// until ApproveFile, and the blocked embedder says what to run.
func TestPendingThenApproveFile(t *testing.T) {
	ctx := context.Background()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	ws := t.TempDir()
	data := `{"embedder": {"provider": "openai", "model": "m", "base_url": "http://10.0.0.5/v1"}}`
	if err := os.WriteFile(filepath.Join(ws, settings.FileName), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	all, unapproved, err := trust.Pending(ctx, ws)
	if err != nil || len(all) != 1 || len(unapproved) != 1 || all[0].Value != "http://10.0.0.5/v1" {
		t.Fatalf("Pending = %v, %v, %v; want the server, unapproved", all, unapproved, err)
	}
	_, err = trust.Blocked(ws, embed.Config{Provider: "openai", Model: "m"}, unapproved).EmbedQuery(ctx, "q")
	if !errors.Is(err, trust.ErrNotApproved) || !errors.Is(err, embed.ErrUnavailable) {
		t.Errorf("blocked embedder = %v, want ErrNotApproved and ErrUnavailable", err)
	}
	if got, err := trust.ApproveFile(ctx, ws, ""); err != nil || len(got) != 1 {
		t.Fatalf("ApproveFile = %v, %v", got, err)
	}
	if _, unapproved, err = trust.Pending(ctx, ws); err != nil || len(unapproved) != 0 {
		t.Errorf("Pending after ApproveFile = %v, %v; want nothing unapproved", unapproved, err)
	}
}

// TestBlockedHasTheEmbeddersIdentity: a blocked embedder stands for the
// embedder its settings describe, prefixes included, so that an index
// that embedder built is not taken for another's (and re-embedded).
func TestBlockedHasTheEmbeddersIdentity(t *testing.T) {
	c := embed.Config{Provider: "openai", Model: "nomic-embed-text", BaseURL: "http://10.0.0.5/v1", Dims: 768,
		QueryPrefix: "search_query: ", DocumentPrefix: "search_document: "}
	real, err := embed.New(c)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := trust.Blocked(t.TempDir(), c, nil).Identity(), real.Identity(); got != want {
		t.Errorf("Blocked(%+v).Identity() = %v, want %v", c, got, want)
	}
}

// TestApprovalHoldsThroughAWorkspaceLink: a workspace reached through a
// link (-w ~/link-to-ws, an MCP client's configuration) is the same
// workspace, under one record (its real path): an extra path of it
// approved one way is approved the other way too. A relative one was
// recorded as leading elsewhere ("notes" -> the real folder) through the
// link and not at all otherwise, so each approval undid the other and the
// folder was left out of one of the two.
func TestApprovalHoldsThroughAWorkspaceLink(t *testing.T) {
	ctx := context.Background()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	ws := t.TempDir()
	for _, d := range []string{"memory", "notes"} {
		if err := os.Mkdir(filepath.Join(ws, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(ws, settings.FileName), []byte(`{"extra_paths": ["notes", "memory/../notes"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "ws")
	if err := os.Symlink(ws, link); err != nil {
		t.Skipf("symlink: %v", err)
	}
	for _, order := range [][2]string{{ws, link}, {link, ws}} {
		if err := trust.Revoke(ctx, ws); err != nil {
			t.Fatal(err)
		}
		if _, err := trust.ApproveFile(ctx, order[0], ""); err != nil {
			t.Fatalf("ApproveFile(%s) = %v", order[0], err)
		}
		if all, unapproved, err := trust.Pending(ctx, order[1]); err != nil || len(all) != 2 || len(unapproved) != 0 {
			t.Errorf("approved through %s, Pending through %s = %+v unapproved of %+v, %v; want both approved", order[0], order[1], unapproved, all, err)
		}
	}
}

// TestDescribeStaysShort: a settings file of 64 KiB can list 6,000
// extra paths; each command's notice, and the blocked embedder's error
// (which status quotes, --json too), named every one: 0.96 MB of
// stderr, and 0.49 MB of status --json, a command. The description names
// the first few and counts the rest, and the embedder's error names the
// embedder's own settings alone.
func TestDescribeStaysShort(t *testing.T) {
	var items []trust.Item
	for i := range 6000 {
		items = append(items, trust.Item{Setting: "extra_paths", Value: "../x" + strconv.Itoa(i), Why: "outside the workspace: its Markdown files would be indexed and served"})
	}
	items = append(items, trust.Item{Setting: "embedder.base_url", Value: "http://10.0.0.5/v1", Why: "would receive the text"})
	d := trust.Describe(items)
	if len(d) > 2048 || !strings.Contains(d, "5993 more") || !strings.Contains(d, "http://10.0.0.5/v1") {
		t.Errorf("Describe of %d items = %d bytes (%.300q...), want at most 2 KiB naming the server first and 5993 more", len(items), len(d), d)
	}
	_, err := trust.Blocked("/ws", embed.Config{Provider: "openai", Model: "m"}, items).EmbedQuery(context.Background(), "q")
	if err == nil || len(err.Error()) > 1024 || strings.Contains(err.Error(), "../x0") || !strings.Contains(err.Error(), "http://10.0.0.5/v1") {
		t.Errorf("blocked embedder's error = %d bytes (%.300q...), want under 1 KiB naming the server and no extra path", len(fmt.Sprint(err)), err)
	}
}
