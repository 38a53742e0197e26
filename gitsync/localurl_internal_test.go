package gitsync

import "testing"

func TestLocalURL(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		url  string
		want bool
	}{
		{"/srv/team/memory.git", true},
		{"../remote.git", true},
		{"remote.git", true},
		{"file:///srv/team/memory.git", true},
		{"/srv/a::b/memory.git", true},
		{"./host:path", true},
		{"https://example.com/team/memory.git", false},
		{"ssh://git@example.com/team/memory.git", false},
		{"git@example.com:team/memory.git", false},
		{"example.com:memory.git", false},
		{"ext::ssh -p 22 host %S memory.git", false},
		{"persistent-https::https://example.com/x", false},
	} {
		if got := localURL(tc.url); got != tc.want {
			t.Errorf("localURL(%q) = %v, want %v", tc.url, got, tc.want)
		}
	}
}
