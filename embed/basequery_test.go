package embed

import (
	"strings"
	"testing"
)

// TestBaseURLWithQueryRefused: a base URL with a query or fragment
// ("...?api-key=KEY", as some proxies take a key) reached no server (the
// client adds /embeddings after the query), and the key in it was quoted
// by every failed request and, given as a flag, written to memweave.json.
// Config.Validate and NewOpenAI refuse it, naming BaseURL, quoting no key.
func TestBaseURLWithQueryRefused(t *testing.T) {
	const secret = "sk-q-secret-77"
	for _, base := range []string{"http://127.0.0.1:9/v1?api-key=" + secret, "https://h/v1?" + secret, "https://h/v1#" + secret, "https://h/v1?"} {
		c := Config{Provider: "openai", Model: "m", BaseURL: base}
		err := c.Validate()
		if err == nil || !strings.Contains(err.Error(), "BaseURL") || strings.Contains(err.Error(), secret) {
			t.Errorf("Validate(BaseURL %q) = %v; want an error naming BaseURL, without the key", base, err)
		}
		_, err = NewOpenAI(OpenAIConfig{Model: "m", BaseURL: base})
		if err == nil || !strings.Contains(err.Error(), "BaseURL") || strings.Contains(err.Error(), secret) {
			t.Errorf("NewOpenAI(BaseURL %q) = %v; want an error naming BaseURL, without the key", base, err)
		}
	}
}
