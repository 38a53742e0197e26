package embed

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRedactFindsTheKeyInOtherForms: a hostile server echoes the key
// base64-encoded (alone, or inside the encoding of a longer text such as
// "Bearer KEY", so at any of three alignments, wrapped at 76 columns as
// MIME does), HTML-escaped (decimal, hex or named entities), or split by
// the \n escapes of the JSON it quotes: an error, a log line, status
// --json and an MCP answer showed a key anyone could decode. Each form
// is now redacted; each case is marked tune or check.
func TestRedactFindsTheKeyInOtherForms(t *testing.T) {
	const key = "sk-abc/def+ghi=0123456789&xyz"
	const secret = "0123456789"
	b64 := func(enc *base64.Encoding, s string) string { return enc.EncodeToString([]byte(s)) }
	wrap := func(s string, n int) string {
		var b strings.Builder
		for len(s) > n {
			b.WriteString(s[:n] + "\r\n")
			s = s[n:]
		}
		return b.String() + s
	}
	forms := []struct{ name, in string }{
		{"tune: base64", "bad key " + b64(base64.StdEncoding, key)},
		{"tune: html decimal", "bad key sk-abc&#47;def&#43;ghi&#61;0123456789&amp;xyz"},
		{"tune: json \\n", `{"detail":"bad key sk-abc/def+ghi=01234\n56789&xyz"}`},
		{"check: base64 of Bearer KEY", "auth " + b64(base64.StdEncoding, "Bearer "+key)},
		{"check: base64 offset 2", b64(base64.StdEncoding, "ab"+key+"!")},
		{"check: base64url raw", b64(base64.RawURLEncoding, "k="+key)},
		{"check: base64 wrapped at 76", wrap(b64(base64.StdEncoding, strings.Repeat("header: ", 8)+key), 76)},
		{"check: base64 in JSON", fmt.Sprintf(`{"echo":%q}`, b64(base64.StdEncoding, `{"key":"`+key+`"}`))},
		{"check: html hex", "sk-abc&#x2F;def&#X2b;ghi&#x3D;0123456789&#x26;xyz"},
		{"check: html named", "sk-abc&sol;def&plus;ghi&equals;0123456789&amp;xyz"},
		{"check: html zero-padded, letters too", "&#0115;&#x006B;-abc/def+ghi=&#48;123456789&amp;xyz"},
		{"check: json \\r\\n and \\t", `sk-abc/def+gh\r\ni=0123\t456789&xyz`},
		{"check: every byte percent-encoded", urlAll(key)},
	}
	for _, f := range forms {
		got := Redact(f.in, key)
		if !strings.Contains(got, "[redacted]") || strings.Contains(got, secret) || strings.Contains(got, "&xyz") {
			t.Errorf("%s: Redact(%q) = %q, want the key redacted", f.name, f.in, got)
		}
		if strings.Contains(decodeAll(got), secret) {
			t.Errorf("%s: Redact(%q) = %q, which still decodes to the key", f.name, f.in, got)
		}
	}
	for _, in := range []string{
		b64(base64.StdEncoding, "sk-abc/def+ghi=0123456780&xyz"), // another key
		"Q&amp;A about sk-abc and 0123456789",
		"plain words 0123456789",
	} {
		if got := Redact(in, key); got != in {
			t.Errorf("Redact(%q) = %q, want it kept", in, got)
		}
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"error":"rejected %s"}`, b64(base64.StdEncoding, r.Header.Get("Authorization")))
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{APIKey: key})
	_, err := o.EmbedDocuments(context.Background(), []string{"a"})
	if err == nil || !strings.Contains(err.Error(), "[redacted]") || strings.Contains(decodeAll(err.Error()), secret) {
		t.Errorf("error = %v, want the key's base64 redacted", err)
	}
}

// urlAll percent-encodes every byte of s.
func urlAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, "%%%02X", s[i])
	}
	return b.String()
}

// decodeAll decodes as base64 (standard or URL alphabet), at every
// start, the longest run of s's characters that decodes (white space
// and \r, \n escapes dropped), and returns the decodings.
func decodeAll(s string) string {
	s = strings.Join(strings.Fields(strings.NewReplacer(`\r`, "", `\n`, "").Replace(s)), "")
	alphabet := "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_"
	var out strings.Builder
	for i := range s {
		j := i
		for j < len(s) && strings.IndexByte(alphabet, s[j]) >= 0 {
			j++
		}
		run := s[i:j]
		for len(run) >= 4 {
			n := len(run) / 4 * 4
			std := strings.NewReplacer("-", "+", "_", "/").Replace(run[:n])
			if b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(std, "=")); err == nil {
				out.Write(b)
				out.WriteByte('\n')
				break
			}
			run = run[:n-1]
		}
	}
	return out.String()
}
