package mcpserver_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/mcpserver"
)

// TestCheckTokenQuotesNoSecret: a token with a non-ASCII character was
// refused quoting one byte of it as a character ("character 1 is 'Ã'"
// for a token starting "Ä"): a piece of the secret on stderr, and not
// even the character the user typed. The refusal now names the byte's
// position and kind alone; a space or a control character, which no
// usable token holds, is still shown.
func TestCheckTokenQuotesNoSecret(t *testing.T) {
	t.Parallel()
	const tail = "0123456789abcdef0123456789abcdef"
	for _, c := range []struct {
		token, want string
		secret      []string
	}{
		{"Äpfel" + tail, "byte 1 is not ASCII", []string{"Ä", "Ã", `\xc3`, "Äpfel"}},
		{"pass€" + tail, "byte 5 is not ASCII", []string{"€", "â", `\xe2`, "pass"}},
		{"pass word" + tail, "byte 5 is ' '", []string{"pass", "word"}},
		{"pass\tword" + tail, `byte 5 is '\t'`, []string{"pass", "word"}},
	} {
		err := mcpserver.CheckToken(c.token)
		if err == nil || !errors.Is(err, mcpserver.ErrWeakToken) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("CheckToken(%q) = %v, want ErrWeakToken saying %q", c.token, err, c.want)
			continue
		}
		for _, s := range c.secret {
			if strings.Contains(err.Error(), s) {
				t.Errorf("CheckToken(%q) = %q, which quotes %q of the token", c.token, err, s)
			}
		}
	}
}
