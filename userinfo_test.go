package memweave_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestFirstIndexWritesNoPasswordIntoSettings: the first index of a
// workspace writes memweave.json from its configuration, a file made to
// be committed. A base URL with a password in it ("proxy basic auth
// given as a flag") used to be written there as given: the password went
// into the file, and every later command then refused the file. It is
// refused at once, naming the setting, and nothing is written.
func TestFirstIndexWritesNoPasswordIntoSettings(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 8)
	root := memweavetest.Workspace(t, sample)
	base := strings.Replace(srv.BaseURL(), "http://", "http://proxyuser:pw-settings-31@", 1)
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: base, Dims: 8}})
	_, err := w.Index(t.Context())
	if err == nil || !strings.Contains(err.Error(), "BaseURL") || strings.Contains(err.Error(), "pw-settings-31") {
		t.Errorf("first Index with a password in the base URL = %v, want an error naming BaseURL without the password", err)
	}
	if data, err := os.ReadFile(filepath.Join(root, memweave.SettingsFile)); err == nil && strings.Contains(string(data), "pw-settings-31") {
		t.Errorf("%s holds the password:\n%s", memweave.SettingsFile, data)
	}
}
