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

// TestRedact: a key is removed wherever it stands in a message; a
// short placeholder key ("x", which a local server ignores) is removed
// where it stands alone, and words that merely hold its letters keep
// them, so that the message still reads.
func TestRedact(t *testing.T) {
	tests := []struct{ in, key, want string }{
		{"401: bad key sk-0123456789abcdef", "sk-0123456789abcdef", "401: bad key [redacted]"},
		{"token=sk-0123456789abcdef&x=1", "sk-0123456789abcdef", "token=[redacted]&x=1"},
		{"echo:AAsk-0123456789abcdefZZ", "sk-0123456789abcdef", "echo:AA[redacted]ZZ"},
		{"the next index run: Bearer x rejected", "x", "the next index run: Bearer [redacted] rejected"},
		{"x", "x", "[redacted]"},
		{"key 'x'.", "x", "key '[redacted]'."},
		{"index x-ray x_y", "x", "index x-ray x_y"},
		{"no key here", "", "no key here"},
		// A server that wraps its text or spaces it out splits the key
		// with white space or an invisible format character (U+200B):
		// the key still reads, and is still removed.
		{"401: bad key sk-0123456 789abcdef", "sk-0123456789abcdef", "401: bad key [redacted]"},
		{"401: bad key sk-01234567\n89abcdef.", "sk-0123456789abcdef", "401: bad key [redacted]."},
		{"sk-0\t1 2\r\n3456789abcde f!", "sk-0123456789abcdef", "[redacted]!"},
		{"sk-01234567\u200b89abcdef\u00ad", "sk-0123456789abcdef", "[redacted]\u00ad"},
		{"sk-0123456789abcde and f", "sk-0123456789abcdef", "sk-0123456789abcde and f"},
		{"sk-0123456789abcdeX", "sk-0123456789abcdef", "sk-0123456789abcdeX"},
		{"no ne of it", "none", "no ne of it"},
	}
	for _, tt := range tests {
		if got := Redact(tt.in, tt.key); got != tt.want {
			t.Errorf("Redact(%q, %q) = %q, want %q", tt.in, tt.key, got, tt.want)
		}
	}
}
