package embed

import (
	"strings"
	"testing"
)

// TestRedactURL: no secret of a URL survives, whether it is a password,
// a user name that is the token itself, or a query parameter; the rest
// stays, so that the message still says which URL is at fault.
func TestRedactURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://api.example.com/v1", "https://api.example.com/v1"},
		{"ftp://u:sk-secret@host/v1", "ftp://xxxxx@host/v1"},
		{"ftp://sk-secret@host/v1", "ftp://xxxxx@host/v1"},
		{"htp://host/v1?api_key=sk-secret", "htp://host/v1?api_key=xxxxx"},
		{"http://u:p w@ho st/v1", "http://xxxxx@ho st/v1"},
		{"http://sk-secret@ho st/v1?key=sk-secret", "http://xxxxx@ho st/v1?xxxxx"},
	}
	for _, tt := range tests {
		got := RedactURL(tt.in)
		if got != tt.want || strings.Contains(got, "sk-secret") {
			t.Errorf("RedactURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
