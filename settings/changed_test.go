package settings

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestChanged: what a long-lived process sees of a settings file that
// changed after it started: defaults spelt out are the same index, another
// chunk size, overlap or embedder is not, an invalid file is a change, no
// file is none.
func TestChanged(t *testing.T) {
	ctx := context.Background()
	started := File{Embedder: Embedder{Provider: "hash"}}
	for _, tc := range []struct {
		name, file   string
		written, chg bool
	}{
		{"none", "", false, false},
		{"defaults spelt out", `{"embedder":{"provider":"hash"},"chunk_tokens":400,"chunk_overlap":80}`, true, false},
		{"chunk size", `{"embedder":{"provider":"hash"},"chunk_tokens":301}`, false, true},
		{"overlap", `{"embedder":{"provider":"hash"},"chunk_overlap":10}`, false, true},
		{"embedder", `{"embedder":{"provider":"static","model":"m"}}`, false, true},
		{"invalid", `{"chunk_tokens":3}`, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := t.TempDir()
			if tc.file != "" {
				if err := os.WriteFile(filepath.Join(ws, FileName), []byte(tc.file), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			written, err := Changed(ctx, ws, started)
			if written != tc.written || errors.Is(err, ErrChanged) != tc.chg {
				t.Errorf("Changed = %v, %v; want written %v, changed %v", written, err, tc.written, tc.chg)
			}
		})
	}
}

// TestSinceExtraPaths: Since answers, in its one read, whether the file
// lists other extra paths than the process started with, as
// ExtraPathsChanged did in a read of its own.
func TestSinceExtraPaths(t *testing.T) {
	ctx := context.Background()
	started := File{Embedder: Embedder{Provider: "hash"}}
	for _, tc := range []struct {
		name, file string
		extra      []string // the extra paths started with
		want       bool
	}{
		{"none", "", nil, false},
		{"none listed", `{"embedder":{"provider":"hash"}}`, nil, false},
		{"added", `{"embedder":{"provider":"hash"},"extra_paths":["notes"]}`, nil, true},
		{"same", `{"embedder":{"provider":"hash"},"extra_paths":["notes"]}`, []string{"notes"}, false},
		{"removed", `{"embedder":{"provider":"hash"}}`, []string{"notes"}, true},
		{"invalid", `{"chunk_tokens":3}`, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := t.TempDir()
			if tc.file != "" {
				if err := os.WriteFile(filepath.Join(ws, FileName), []byte(tc.file), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, extra, err := Since(ctx, ws, started, tc.extra)
			if extra != tc.want {
				t.Errorf("Since(%s, %q) extra = %v (%v), want %v", tc.file, tc.extra, extra, err, tc.want)
			}
			if old := ExtraPathsChanged(ctx, ws, tc.extra); err == nil && old != extra {
				t.Errorf("Since(%s, %q) extra = %v, ExtraPathsChanged = %v", tc.file, tc.extra, extra, old)
			}
		})
	}
}
