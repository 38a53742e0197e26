package history

import "testing"

// TestWithoutProgress: progress lines go, every other text stays, that
// between carriage returns too: a remote's message cannot hide behind
// a progress line or a carriage return.
func TestWithoutProgress(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"remote: Counting objects:  33% (1/3)\rremote: Counting objects: 100% (3/3), done.\nfatal: early EOF", "fatal: early EOF"},
		{"Receiving objects:  40% (2/5)\rReceiving objects: 100% (5/5), done.\nTotal 5 (delta 0), reused 0 (delta 0)", ""},
		{"pwned\rover the top\nfatal: unable to access", "pwned\rover the top\nfatal: unable to access"},
		{"Resolving deltas: 100% (1/1)\rerror: hidden\n", "error: hidden"},
	} {
		if got := withoutProgress(c.in); got != c.want {
			t.Errorf("withoutProgress(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
