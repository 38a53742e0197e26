package mcpserver_test

import "testing"

// memory_pack left out an expired note's passages without a word and
// could not include them; its answer now counts them (hidden.expired)
// and include_expired packs them, as memory_search does.
func TestPackCountsAndIncludesExpiredNotes(t *testing.T) {
	cs, _ := connect(t, map[string]string{
		"memory/tank.md": "---\nexpires: 2020-01-01\n---\nThe axolotl tank pH is 7.2.\n",
	})
	type packOut struct {
		Items []struct {
			Path string `json:"path"`
		} `json:"items"`
		Hidden struct {
			Expired int `json:"expired"`
		} `json:"hidden"`
	}
	var p packOut
	mustCall(t, cs, "memory_pack", map[string]any{"query": "axolotl tank pH", "budget_tokens": 100}, &p)
	if len(p.Items) != 0 || p.Hidden.Expired != 1 {
		t.Errorf("memory_pack = %+v, want no items and hidden.expired 1", p)
	}
	p = packOut{}
	mustCall(t, cs, "memory_pack", map[string]any{"query": "axolotl tank pH", "budget_tokens": 100, "include_expired": true}, &p)
	if len(p.Items) != 1 || p.Items[0].Path != "memory/tank.md" || p.Hidden.Expired != 0 {
		t.Errorf("memory_pack include_expired = %+v, want memory/tank.md packed", p)
	}
}
