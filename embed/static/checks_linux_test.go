package static_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/memfile"
)

// checkedLoad loads the model folder dir as a new process would, keeping
// its checks in workspace ws's state file, embeds "b" and returns the
// vector, the error and how many times the model's data was hashed.
func checkedLoad(t *testing.T, ws, dir string) ([]float32, error, int64) {
	t.Helper()
	before := static.DataHashes()
	e := static.New(dir)
	var r embed.RemembersChecks = e
	r.RememberChecks(memfile.NewStateFile(ws, "model-checks.json", embed.MaxModelChecksBytes))
	v, err := e.EmbedDocuments(context.Background(), []string{"b"})
	if err != nil {
		return nil, err, static.DataHashes() - before
	}
	return v[0], nil, static.DataHashes() - before
}

// TestModelCheckRemembered: a model folder's data, checked against its
// header's data_sha256 by one process, is not hashed again by the next
// while the file is unchanged; any change to the file (in place at the
// same size with its modification time put back, a same-size file
// renamed over it), another copy of it, or another workspace's store has
// it hashed again, and a lying file is refused.
func TestModelCheckRemembered(t *testing.T) {
	defer static.SetRacyWindow(time.Nanosecond)()
	good := []float32{1, 2, 3, 4}
	dir := claimModel(t, good, nil)
	p := filepath.Join(dir, "model.safetensors")
	ws := t.TempDir()
	v1, err, n := checkedLoad(t, ws, dir)
	if err != nil || n != 1 {
		t.Fatalf("first load: err %v, %d hashes, want nil and 1", err, n)
	}
	v2, err, n := checkedLoad(t, ws, dir)
	if err != nil || n != 0 || !slices.Equal(v1, v2) {
		t.Fatalf("second load of the unchanged file: err %v, %d hashes, vector %v (first %v), want nil, 0, the same", err, n, v2, v1)
	}
	if _, err, n := checkedLoad(t, t.TempDir(), dir); err != nil || n != 1 {
		t.Errorf("load with another workspace's store: err %v, %d hashes, want nil and 1", err, n)
	}

	orig, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	lying := append([]byte(nil), orig...)
	lying[len(lying)-1] ^= 0x40 // data changed, the record kept
	copyOf := claimModel(t, good, nil)

	t.Run("rewritten in place, same size, mtime put back", func(t *testing.T) {
		if err := os.WriteFile(p, lying, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, fi.ModTime(), fi.ModTime()); err != nil {
			t.Fatal(err)
		}
		if _, err, n := checkedLoad(t, ws, dir); !errors.Is(err, static.ErrFormat) || n != 1 {
			t.Errorf("load: err %v, %d hashes, want ErrFormat after 1 hash", err, n)
		}
	})
	t.Run("same-size file renamed over it", func(t *testing.T) {
		if err := os.WriteFile(p, orig, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err, n := checkedLoad(t, ws, dir); err != nil || n != 1 { // the honest file again: checked, recorded
			t.Fatalf("load of the restored file: err %v, %d hashes, want nil and 1", err, n)
		}
		tmp := filepath.Join(dir, "swap.tmp")
		if err := os.WriteFile(tmp, lying, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(tmp, fi.ModTime(), fi.ModTime()); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, p); err != nil {
			t.Fatal(err)
		}
		if _, err, n := checkedLoad(t, ws, dir); !errors.Is(err, static.ErrFormat) || n != 1 {
			t.Errorf("load: err %v, %d hashes, want ErrFormat after 1 hash", err, n)
		}
	})
	t.Run("record of another file, the store copied", func(t *testing.T) {
		if _, err, n := checkedLoad(t, ws, copyOf); err != nil || n != 1 {
			t.Errorf("load of a copy of the model: err %v, %d hashes, want nil and 1", err, n)
		}
		clone := t.TempDir()
		b, err := os.ReadFile(filepath.Join(ws, ".memweave", "model-checks.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(clone, ".memweave"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(clone, ".memweave", "model-checks.json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		cloned := t.TempDir()
		if err := os.WriteFile(filepath.Join(cloned, "model.safetensors"), lying, 0o644); err != nil {
			t.Fatal(err)
		}
		tok, _ := os.ReadFile(filepath.Join(dir, "tokenizer.json"))
		if err := os.WriteFile(filepath.Join(cloned, "tokenizer.json"), tok, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err, n := checkedLoad(t, clone, cloned); !errors.Is(err, static.ErrFormat) || n != 1 {
			t.Errorf("lying model with a copied store: err %v, %d hashes, want ErrFormat after 1 hash", err, n)
		}
	})
}

// TestModelCheckNotRememberedWhenRacy: a file changed within the racy
// window before its check is not recorded (a rewrite within its times'
// resolution would keep them), so every load hashes it.
func TestModelCheckNotRememberedWhenRacy(t *testing.T) {
	defer static.SetRacyWindow(time.Hour)()
	dir := claimModel(t, []float32{1, 2, 3, 4}, nil)
	ws := t.TempDir()
	for i := range 2 {
		if _, err, n := checkedLoad(t, ws, dir); err != nil || n != 1 {
			t.Errorf("load %d: err %v, %d hashes, want nil and 1", i, err, n)
		}
	}
	if _, err := os.Stat(filepath.Join(ws, ".memweave", "model-checks.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("state file after racy loads: %v, want none", err)
	}
}

// TestModelCheckHostileStateFile: a state file that is garbage, over
// its bound, a link, or records the model's file under another record
// or another inode never skips the check, and does not break the load.
func TestModelCheckHostileStateFile(t *testing.T) {
	defer static.SetRacyWindow(time.Nanosecond)()
	dir := claimModel(t, []float32{1, 2, 3, 4}, nil)
	ws := t.TempDir()
	if _, err, n := checkedLoad(t, ws, dir); err != nil || n != 1 {
		t.Fatalf("first load: err %v, %d hashes, want nil and 1", err, n)
	}
	state := filepath.Join(ws, ".memweave", "model-checks.json")
	genuine, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Models []map[string]any `json:"models"`
	}
	if err := json.Unmarshal(genuine, &rec); err != nil || len(rec.Models) != 1 {
		t.Fatalf("state %s: %v", genuine, err)
	}
	planted := func(field string, v any) []byte {
		m := maps.Clone(rec.Models[0])
		m[field] = v
		b, _ := json.Marshal(map[string]any{"models": []any{m}})
		return b
	}
	target := filepath.Join(t.TempDir(), "elsewhere.json")
	if err := os.WriteFile(target, genuine, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]func() error{
		"garbage":       func() error { return os.WriteFile(state, []byte("{\"models\": [nul"), 0o644) },
		"over 4 KiB":    func() error { return os.WriteFile(state, append(genuine, bytes.Repeat([]byte(" "), 5000)...), 0o644) },
		"another claim": func() error { return os.WriteFile(state, planted("data_sha256", strings.Repeat("0", 64)), 0o644) },
		"another inode": func() error { return os.WriteFile(state, planted("ino", 1), 0o644) },
		"a link":        func() error { os.Remove(state); return os.Symlink(target, state) },
	}
	for name, plant := range cases {
		t.Run(name, func(t *testing.T) {
			if err := plant(); err != nil {
				t.Fatal(err)
			}
			if _, err, n := checkedLoad(t, ws, dir); err != nil || n != 1 {
				t.Errorf("load: err %v, %d hashes, want nil and 1", err, n)
			}
			os.Remove(state)
		})
	}
	if err := os.WriteFile(state, genuine, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err, n := checkedLoad(t, ws, dir); err != nil || n != 0 {
		t.Errorf("load with the genuine state put back: err %v, %d hashes, want nil and 0", err, n)
	}
}
