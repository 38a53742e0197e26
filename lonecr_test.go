package memweave_test

import (
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestLoneCRFrontMatter: a note saved with classic Mac OS line endings
// (lone CR) has its front matter read, protected and edited like any
// other: its expiry hides it, its tags filter, resolve refuses its lines,
// and feedback edits it in place with the note's own line ending.
func TestLoneCRFrontMatter(t *testing.T) {
	const cache = "---\rtags: [infra]\rpinned: true\r---\r# Cache\rRedis runs on host cache-a.\rIt holds the web sessions.\r"
	root, w := openIndexed(t, map[string]string{
		"memory/old.md":   "---\rexpires: 2020-01-01\r---\r# VPN\rThe VPN gateway is vpn-old.example.\r",
		"memory/cache.md": cache,
		"memory/db.md":    "# DB\n\nPostgres runs on host db-a; Redis is not used there.\n",
	}, memweave.Config{})
	ctx := t.Context()

	resp, err := w.Search(ctx, "VPN gateway")
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Results) != 0 || resp.Hidden.Expired != 1 {
		t.Errorf("Search(VPN gateway) = %v, hidden %+v; want nothing, one expired passage hidden", paths(resp.Results), resp.Hidden)
	}
	resp, err = w.Search(ctx, "Redis host", memweave.Tags("infra"))
	if err != nil {
		t.Fatal(err)
	}
	if got := paths(resp.Results); len(got) != 1 || got[0] != "memory/cache.md" {
		t.Errorf("Search(Redis host, tag infra) = %v, want [memory/cache.md]", got)
	}

	if _, err := w.Resolve(ctx, memweave.Ref{Path: "db.md", StartLine: 3}, memweave.Ref{Path: "cache.md", StartLine: 2}, ""); err == nil {
		t.Errorf("Resolve dropping a front matter line of cache.md = <nil>, want an error")
	}
	if got := memweavetest.ReadFile(t, root, "memory/cache.md"); got != cache {
		t.Errorf("refused resolve changed cache.md to %q", got)
	}

	if _, err := w.Feedback(ctx, "cache.md", 6, true); err != nil {
		t.Fatal(err)
	}
	got := memweavetest.ReadFile(t, root, "memory/cache.md")
	head, body, ok := strings.Cut(got, "---\r# Cache")
	if !ok || "---\r# Cache"+body != cache[strings.Index(cache, "---\r# Cache"):] || strings.Contains(got, "\n") ||
		!strings.HasPrefix(head, "---\rtags: [infra]\rpinned: true\rfeedback:\r  p") {
		t.Errorf("Feedback(cache.md:6) wrote %q, want the mark added to the front matter with lone CRs, nothing else changed", got)
	}
}
