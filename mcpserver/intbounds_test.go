package mcpserver_test

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The input schemas gave every integer argument the bounds ±2^31 while
// the handlers accepted narrower ranges (max_results 0..50, a line 1..)
// and refused the rest: a client reading the schema to know what to
// send learnt nothing of them. Each integer property's schema now states
// both bounds, and they are the handler's: a call at the minimum and the
// maximum is not refused for range, one below or above is, naming the
// argument.
func TestIntegerSchemasStateTheHandlersRange(t *testing.T) {
	cs, ws := connect(t, map[string]string{"memory/a.md": "# A\n\ncats sleep\n", "memory/b.md": "# B\n\ndogs bark\n"})
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "one"}} {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = ws
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+ws)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	var found struct {
		Results []struct{ Passage string }
	}
	mustCall(t, cs, "memory_search", map[string]any{"query": "cats", "min_score": 0}, &found)
	if len(found.Results) == 0 {
		t.Fatal("memory_search found no passage to give memory_feedback")
	}
	base := map[string]map[string]any{ // valid arguments, by tool
		"memory_search":      {"query": "cats"},
		"memory_get":         {"path": "a.md"},
		"memory_pack":        {"query": "cats", "budget_tokens": 100},
		"memory_conflicts":   {},
		"memory_changes":     {"from": "HEAD"},
		"memory_consolidate": {},
		"memory_feedback":    {"path": "a.md", "line": 3, "useful": true, "passage": found.Results[0].Passage},
		"memory_resolve": {"keep_path": "a.md", "keep_line": 3, "drop_path": "b.md", "drop_line": 3,
			"keep_text": "cats sleep", "drop_text": "dogs bark"},
	}
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, tool := range list.Tools {
		b, err := json.Marshal(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Properties map[string]struct {
				Type    json.RawMessage `json:"type"` // "integer" or a list of types
				Minimum *float64        `json:"minimum"`
				Maximum *float64        `json:"maximum"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		for name, p := range s.Properties {
			if !strings.Contains(string(p.Type), `"integer"`) {
				continue
			}
			checked++
			if p.Minimum == nil || p.Maximum == nil {
				t.Errorf("%s.%s: schema bounds minimum %v maximum %v; want both", tool.Name, name, p.Minimum, p.Maximum)
				continue
			}
			args, ok := base[tool.Name]
			if !ok {
				t.Errorf("%s has integer argument %s but no base arguments in this test", tool.Name, name)
				continue
			}
			lo, hi := int64(*p.Minimum), int64(*p.Maximum)
			for _, c := range []struct {
				v       int64
				refused bool
			}{{lo, false}, {hi, false}, {lo - 1, true}, {hi + 1, true}} {
				a := maps.Clone(args)
				a[name] = c.v
				res := call(t, cs, tool.Name, a)
				msg := text(res)
				forRange := res.IsError && (strings.Contains(msg, "/properties/"+name+":") || strings.Contains(msg, name+" must") ||
					strings.Contains(msg, "numbered from") || strings.Contains(msg, "positive number"))
				if forRange != c.refused {
					t.Errorf("%s %s=%d (schema %d..%d): error %v %q; want refused for range: %v", tool.Name, name, c.v, lo, hi, res.IsError, msg, c.refused)
				}
			}
		}
	}
	if checked < 11 {
		t.Errorf("checked %d integer arguments, want the 11 the tools take", checked)
	}
}
