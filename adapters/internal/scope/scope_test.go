package scope

import (
	"testing"

	"github.com/memweave/memweave-go"
)

// TestNarrowPathPrefix: a call's path prefix narrows the retriever's and
// never widens it; prefixes of different folders find nothing.
func TestNarrowPathPrefix(t *testing.T) {
	for _, c := range []struct {
		base, call, want string
		ok               bool
	}{
		{"", "", "", true},
		{"memory/ops/", "", "memory/ops/", true},
		{"", "memory/ops/", "memory/ops/", true},
		{"memory/ops/", "memory/ops/db/", "memory/ops/db/", true},
		{"memory/ops/db/", "memory/ops/", "memory/ops/db/", true},
		{"ops/", "memory/ops/db/", "memory/ops/db/", true},
		{"memory/ops/", "ops/db/", "memory/ops/db/", true},
		{"memory/ops/", "memory/", "memory/ops/", true},
		{"memory/ops/", "", "memory/ops/", true},
		{"memory/ops/", "memory/research/", "", false},
		{"memory/ops/", "research/", "", false},
		{"ops/", "notes/ops/", "", false},
	} {
		var base, call []memweave.SearchOption
		if c.base != "" {
			base = append(base, memweave.PathPrefix(c.base))
		}
		if c.call != "" {
			call = append(call, memweave.PathPrefix(c.call))
		}
		opts, ok := Narrow(base, call)
		if got := settings(opts).PathPrefix; ok != c.ok || (ok && got != c.want) {
			t.Errorf("Narrow(prefix %q, call prefix %q) = %q, %v; want %q, %v", c.base, c.call, got, ok, c.want, c.ok)
		}
	}
}
