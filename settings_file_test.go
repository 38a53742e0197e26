//go:build unix

package memweave_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSettingsFileThatIsNotARegularFileIsRefusedAtOnce covers the shapes
// a cloned memweave.json can take to stall or escape a reader: a FIFO, a
// link to one, a device, a link out of the workspace, a folder.
func TestSettingsFileThatIsNotARegularFileIsRefusedAtOnce(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "memweave.json"), []byte(`{"extra_paths": ["/"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]func(t *testing.T, root string){
		"fifo": func(t *testing.T, root string) { mkfifo(t, root, memweave.SettingsFile) },
		"link to a fifo": func(t *testing.T, root string) {
			mkfifo(t, root, "pipe")
			link(t, "pipe", filepath.Join(root, memweave.SettingsFile))
		},
		"device": func(t *testing.T, root string) {
			link(t, "/dev/zero", filepath.Join(root, memweave.SettingsFile))
		},
		"link out of the workspace": func(t *testing.T, root string) {
			link(t, filepath.Join(outside, "memweave.json"), filepath.Join(root, memweave.SettingsFile))
		},
		"folder": func(t *testing.T, root string) {
			if err := os.Mkdir(filepath.Join(root, memweave.SettingsFile), 0o755); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, setup := range cases {
		t.Run(name, func(t *testing.T) {
			root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\nalpha\n"})
			setup(t, root)
			for _, call := range []struct {
				what string
				fn   func() error
			}{
				{"ReadSettings", func() error { _, err := memweave.ReadSettings(context.Background(), root); return err }},
				{"Open", func() error {
					w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root})
					if err == nil {
						w.Close()
					}
					return err
				}},
			} {
				err := within(t, time.Second, call.what, call.fn)
				if err == nil {
					t.Fatalf("%s with a %s memweave.json = nil error, want a refusal", call.what, name)
				}
				if !strings.Contains(err.Error(), filepath.Join(root, memweave.SettingsFile)) {
					t.Errorf("%s error %q does not name the file", call.what, err)
				}
				if !errors.Is(err, memweave.ErrSettingsFile) {
					t.Errorf("%s error %q does not wrap ErrSettingsFile", call.what, err)
				}
			}
		})
	}
}

// TestSettingsLinkInsideTheWorkspaceIsReadAndWrittenThrough: a link that
// stays in the workspace is followed, and WriteSettings replaces its
// target, keeping the link.
func TestSettingsLinkInsideTheWorkspaceIsReadAndWrittenThrough(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\nalpha\n"})
	if err := os.Mkdir(filepath.Join(root, "conf"), 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(root, "conf", "memweave.json")
	if err := os.WriteFile(target, []byte(`{"chunk_tokens": 200}`), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(root, memweave.SettingsFile)
	link(t, "conf/memweave.json", p)
	s, err := memweave.ReadSettings(ctx, root)
	if err != nil || s == nil || s.ChunkTokens != 200 {
		t.Fatalf("ReadSettings = %+v, %v; want chunk_tokens 200", s, err)
	}
	s.ChunkTokens = 300
	if err := memweave.WriteSettings(ctx, root, *s); err != nil {
		t.Fatalf("WriteSettings: %v", err)
	}
	if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("after WriteSettings %s is no longer a link (%v, %v)", p, fi, err)
	}
	data, err := os.ReadFile(target)
	if err != nil || !strings.Contains(string(data), `"chunk_tokens": 300`) {
		t.Fatalf("link target after WriteSettings = %q, %v; want chunk_tokens 300", data, err)
	}
}

// TestWriteSettingsRefusesALinkOutOfTheWorkspace: the target outside is
// left as it was.
func TestWriteSettingsRefusesALinkOutOfTheWorkspace(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\nalpha\n"})
	outside := filepath.Join(t.TempDir(), "elsewhere.json")
	if err := os.WriteFile(outside, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link(t, outside, filepath.Join(root, memweave.SettingsFile))
	err := memweave.WriteSettings(context.Background(), root, memweave.Settings{ChunkTokens: 300})
	if !errors.Is(err, memweave.ErrSettingsFile) {
		t.Fatalf("WriteSettings through a link out = %v, want ErrSettingsFile", err)
	}
	if data, _ := os.ReadFile(outside); string(data) != "{}\n" {
		t.Errorf("target outside the workspace changed to %q", data)
	}
}

// TestSettingsRangeErrorNamesFileFieldAndLine: a value out of range in
// memweave.json is reported by file, key and line, never as a Config
// field or a flag.
func TestSettingsRangeErrorNamesFileFieldAndLine(t *testing.T) {
	cases := []struct {
		file, key string
		line      int
	}{
		{"{\n  \"chunk_tokens\": 3\n}\n", "chunk_tokens", 2},
		{"{\n  \"chunk_tokens\": 100,\n  \"chunk_overlap\": 500\n}\n", "chunk_overlap", 3},
		{"{\n  \"embedder\": {\n    \"provider\": \"hash\",\n    \"dims\": -4\n  }\n}\n", "embedder.dims", 4},
		{"{\n  \"embedder\": {\"provider\": \"carrier-pigeon\"}\n}\n", "embedder.provider", 2},
	}
	for _, c := range cases {
		root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\nalpha\n"})
		p := filepath.Join(root, memweave.SettingsFile)
		if err := os.WriteFile(p, []byte(c.file), 0o644); err != nil {
			t.Fatal(err)
		}
		w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root})
		if err == nil {
			w.Close()
			t.Fatalf("Open with %q = nil error", c.file)
		}
		var fe *memweave.SettingsFieldError
		if !errors.As(err, &fe) || fe.Setting != c.key || fe.Line != c.line || fe.Path != p {
			t.Errorf("Open with %q = %v (%#v), want a SettingsFieldError for %s at line %d", c.file, err, fe, c.key, c.line)
		}
		if want := p + ":" + itoa(c.line) + ": " + c.key; !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
}

// link makes a symbolic link, or skips the test where it cannot.
func link(t *testing.T, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		t.Skipf("symlink: %v", err)
	}
}

// TestReadSettingsNamesTheLineOfARangeError: every reader, not only
// Open, gets the file's error.
func TestReadSettingsNamesTheLineOfARangeError(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\nalpha\n"})
	p := filepath.Join(root, memweave.SettingsFile)
	if err := os.WriteFile(p, []byte("{\n  \"chunk_tokens\": 400,\n  \"chunk_overlap\": -1\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := memweave.ReadSettings(context.Background(), root)
	var fe *memweave.SettingsFieldError
	if !errors.As(err, &fe) || fe.Setting != "chunk_overlap" || fe.Line != 3 {
		t.Fatalf("ReadSettings = %v, want a SettingsFieldError for chunk_overlap at line 3", err)
	}
}
