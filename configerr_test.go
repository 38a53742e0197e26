package memweave_test

import (
	"context"
	"testing"

	"github.com/memweave/memweave-go"
)

// TestOpenNamesTheRuleOfANegativeLimit: a negative size limit is
// refused with a sentence that names the field and what it accepts.
func TestOpenNamesTheRuleOfANegativeLimit(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		cfg  memweave.Config
		want string
	}{
		{memweave.Config{CacheMaxEntries: -1}, "memweave: config CacheMaxEntries: must be 0 or more, got -1"},
		{memweave.Config{MaxFileBytes: -1}, "memweave: config MaxFileBytes: must be 0 or more, got -1"},
		{memweave.Config{MaxTreeBytes: -1}, "memweave: config MaxTreeBytes: must be 0 or more, got -1"},
	} {
		tc.cfg.Workspace, tc.cfg.Create = t.TempDir(), true
		w, err := memweave.Open(ctx, tc.cfg)
		if err == nil {
			w.Close()
		}
		if err == nil || err.Error() != tc.want {
			t.Errorf("Open = %v, want %q", err, tc.want)
		}
	}
}
