package mcpserver_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDocsMatchTools: docs/mcp.md and the README name the server's tools
// and no other; the tools docs/mcp.md says return a warnings list are
// those whose output schema has one; and every argument or field the
// pages name right after "MCP `memory_x`" (docs/*.md) is one of that
// tool's input or output properties, so a renamed argument fails here
// rather than in a client that followed the docs.
func TestDocsMatchTools(t *testing.T) {
	cs, _ := connect(t, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	props := map[string][]string{}
	var tools, withWarnings []string
	for _, tool := range res.Tools {
		tools = append(tools, tool.Name)
		for _, schema := range []any{tool.InputSchema, tool.OutputSchema} {
			var s struct {
				Properties map[string]json.RawMessage `json:"properties"`
			}
			b, _ := json.Marshal(schema)
			_ = json.Unmarshal(b, &s)
			for p := range s.Properties {
				props[tool.Name] = append(props[tool.Name], p)
			}
		}
		if slices.Contains(props[tool.Name], "warnings") {
			withWarnings = append(withWarnings, tool.Name)
		}
	}
	slices.Sort(tools)
	slices.Sort(withWarnings)
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	named := regexp.MustCompile("`(memory_[a-z_]+)`")
	uniq := func(ms [][]string) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m[1])
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	mcpDoc := read("../docs/mcp.md")
	for _, page := range []string{"../README.md", "../docs/mcp.md"} {
		if got := uniq(named.FindAllStringSubmatch(read(page), -1)); !slices.Equal(got, tools) {
			t.Errorf("%s names the tools %q, the server has %q", page, got, tools)
		}
	}
	_, sect, ok := strings.Cut(strings.Join(strings.Fields(mcpDoc), " "), "a `warnings` list (")
	if !ok {
		t.Fatal("docs/mcp.md does not say which tools return \"a `warnings` list (...)\"")
	}
	sect, _, _ = strings.Cut(sect, ")")
	if got := uniq(named.FindAllStringSubmatch(sect, -1)); !slices.Equal(got, withWarnings) {
		t.Errorf("docs/mcp.md says %q return a warnings list, the output schemas of %q have one", got, withWarnings)
	}
	pages, err := filepath.Glob("../docs/*.md")
	if err != nil || len(pages) == 0 {
		t.Fatalf("docs/*.md: %v, %d pages", err, len(pages))
	}
	after := regexp.MustCompile("MCP `(memory_[a-z_]+)`((?:[^.`]|`[^`]*`){0,160})")
	arg := regexp.MustCompile("`([a-z][a-z_]*)`")
	for _, page := range pages {
		for _, m := range after.FindAllStringSubmatch(read(page), -1) {
			for _, a := range arg.FindAllStringSubmatch(m[2], -1) {
				if strings.HasPrefix(a[1], "memory_") || len(a[1]) < 2 {
					continue
				}
				if !slices.Contains(props[m[1]], a[1]) {
					t.Errorf("%s names %q after MCP %s, which has no such argument or field (it has %q)", page, a[1], m[1], props[m[1]])
				}
			}
		}
	}
}
