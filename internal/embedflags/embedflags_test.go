package embedflags

import (
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/internal/exitstatus"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		embedder string
		dims     int
		url      string
		want     string // "" for no error
	}{
		{"", 0, "", ""},
		{"openai", 8, "https://api.example.com/v1", ""},
		{"foo", 0, "", `invalid --embedder "foo"`},
		{"hash", -1, "", "invalid --embedding-dims -1: must be in [0, 65536]"},
		{"hash", 65537, "", "invalid --embedding-dims 65537: must be in [0, 65536]"},
		{"openai", 0, "ftp://sk-secret@host/v1", `invalid --embedding-url "ftp://xxxxx@host/v1"`},
		{"openai", 0, "host/v1?api_key=sk-secret", `invalid --embedding-url "host/v1?api_key=xxxxx"`},
		{"openai", 0, "http://u:sk-secret@ho st/v1", `invalid --embedding-url "http://xxxxx@ho st/v1"`},
		// What a settings file may not hold, the flag may not either:
		// every command refuses it, not only those that write the file.
		{"openai", 0, "http://u:sk-secret@127.0.0.1:9/v1", `invalid --embedding-url "http://xxxxx@127.0.0.1:9/v1": user information`},
		{"openai", 0, "http://localhost:11434@203.0.113.9/v1", "(203.0.113.9)"},
		{"openai", 0, "http://0x7f.1:9/v1", `invalid --embedding-url "http://0x7f.1:9/v1": host "0x7f.1" is the address 127.0.0.1`},
		{"openai", 0, "http://1.2.3.256/v1", `invalid --embedding-url "http://1.2.3.256/v1": host`},
		{"openai", 0, "http://l\u043e\u0441\u0430lh\u043est:9/v1", "not plain ASCII"},
		{"openai", 0, "http://127.0.0.1:9/v1", ""},
		{"openai", 0, "http://[::1]:9/v1", ""},
		{"openai", 0, "https://xn--llhst-4ve1hdx.example/v1", ""},
	}
	for _, tt := range tests {
		err := Check(tt.embedder, tt.dims, tt.url)
		var ue *exitstatus.UsageError
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("Check(%q, %d, %q) = %v, want nil", tt.embedder, tt.dims, tt.url, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !errors.As(err, &ue)):
			t.Errorf("Check(%q, %d, %q) = %v, want a usage error containing %q", tt.embedder, tt.dims, tt.url, err, tt.want)
		case err != nil && strings.Contains(err.Error(), "sk-secret"):
			t.Errorf("Check(%q, %d, %q) = %v: the secret is printed", tt.embedder, tt.dims, tt.url, err)
		}
	}
}
