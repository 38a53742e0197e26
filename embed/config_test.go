package embed

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func TestNew(t *testing.T) {
	if e, err := New(Config{}); err != nil || e.Identity().Provider != "hash" || e.Identity().Dims != DefaultHashDims {
		t.Errorf("New(zero) = %v, %v; want the hash embedder", e, err)
	}
	if e, err := New(Config{Provider: "none"}); err != nil || e != nil {
		t.Errorf("New(none) = %v, %v; want nil", e, err)
	}
	custom := NewHash(8)
	if e, err := New(Config{Provider: "openai", Custom: custom}); err != nil || e != custom {
		t.Errorf("New(Custom) = %v, %v; want the custom embedder", e, err)
	}
	for _, c := range []struct {
		cfg   Config
		field string
	}{
		{Config{Provider: "word2vec"}, "Provider"},
		{Config{Dims: -1}, "Dims"},
		{Config{Provider: "openai"}, "Model"},
		// This test binary does not link the static module.
		{Config{Provider: "static", Model: "models/m"}, "Provider"},
	} {
		var fe *FieldError
		if _, err := New(c.cfg); !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("New(%+v) = %v, want a FieldError on %s", c.cfg, err, c.field)
		}
	}
}

func TestKeyFromEnv(t *testing.T) {
	t.Setenv(EnvOpenAIKey, "sk-openai")
	t.Setenv(EnvKey, "")
	os.Unsetenv(EnvKey)
	if k := KeyFromEnv(); k != "sk-openai" {
		t.Errorf("KeyFromEnv = %q, want the OpenAI key", k)
	}
	// Set and empty asks for no key, as for a local server that needs
	// none: the OpenAI key must not be sent to it.
	t.Setenv(EnvKey, "")
	if k := KeyFromEnv(); k != "" {
		t.Errorf("KeyFromEnv with %s set and empty = %q, want no key", EnvKey, k)
	}
	t.Setenv(EnvKey, "sk-memweave")
	if k := KeyFromEnv(); k != "sk-memweave" {
		t.Errorf("KeyFromEnv = %q, want the memweave key first", k)
	}
}

// TestStaticRegistration: provider "static" is what the static module
// registers, a folder constructor and, when a model is compiled in, a
// built-in one; without the module the error names the package to link.
func TestStaticRegistration(t *testing.T) {
	saved := static.folder
	savedBuiltin := static.builtin
	t.Cleanup(func() { static.folder, static.builtin = saved, savedBuiltin })
	static.folder, static.builtin = nil, nil

	if _, err := New(Config{Provider: "static", Model: "m"}); err == nil || !strings.Contains(err.Error(), StaticPackage) {
		t.Errorf("New(static) without the module = %v, want an error naming %s", err, StaticPackage)
	}
	folder := NewHash(3)
	RegisterStatic(func(dir string) Embedder {
		if dir != "m" {
			t.Errorf("folder constructor got %q, want m", dir)
		}
		return folder
	}, nil)
	if e, err := New(Config{Provider: "static", Model: "m"}); err != nil || e != folder {
		t.Errorf("New(static, m) = %v, %v; want the registered folder embedder", e, err)
	}
	var fe *FieldError
	if _, err := New(Config{Provider: "static"}); !errors.As(err, &fe) || fe.Field != "Model" {
		t.Errorf("New(static) without a built-in model = %v, want a FieldError on Model", err)
	}
	builtin := NewHash(5)
	RegisterStatic(nil, func() Embedder { return builtin })
	if e, err := New(Config{Provider: "static"}); err != nil || e != builtin {
		t.Errorf("New(static) = %v, %v; want the built-in embedder", e, err)
	}
	if e, err := New(Config{Provider: "static", Model: "m"}); err != nil || e != folder {
		t.Errorf("New(static, m) after the built-in = %v, %v; want the folder embedder kept", e, err)
	}
}

// remembering is a folder embedder that takes a check store.
type remembering struct {
	*Hash
	store StateStore
}

func (r *remembering) RememberChecks(s StateStore) { r.store = s }

// TestStaticModelChecksHandedOver: New hands Config.ModelChecks to a
// static folder embedder that remembers its checks.
func TestStaticModelChecksHandedOver(t *testing.T) {
	saved := static.folder
	t.Cleanup(func() { static.folder = saved })
	r := &remembering{Hash: NewHash(3)}
	RegisterStatic(func(string) Embedder { return r }, nil)
	store := &memStore{}
	if e, err := New(Config{Provider: "static", Model: "m", ModelChecks: store}); err != nil || e != r || r.store != store {
		t.Errorf("New(static, m, ModelChecks) = %v, %v; store handed over %v, want %v", e, err, r.store, store)
	}
}

// memStore is a StateStore in memory.
type memStore struct{ data []byte }

func (m *memStore) Load() ([]byte, bool)   { return m.data, true }
func (m *memStore) Save(data []byte) error { m.data = data; return nil }
