package embed

import (
	"errors"
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
	} {
		var fe *FieldError
		if _, err := New(c.cfg); !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("New(%+v) = %v, want a FieldError on %s", c.cfg, err, c.field)
		}
	}
}

func TestKeyFromEnv(t *testing.T) {
	t.Setenv(EnvKey, "")
	t.Setenv(EnvOpenAIKey, "sk-openai")
	if k := KeyFromEnv(); k != "sk-openai" {
		t.Errorf("KeyFromEnv = %q, want the OpenAI key", k)
	}
	t.Setenv(EnvKey, "sk-memweave")
	if k := KeyFromEnv(); k != "sk-memweave" {
		t.Errorf("KeyFromEnv = %q, want the memweave key first", k)
	}
}
