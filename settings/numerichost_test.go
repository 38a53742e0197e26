package settings

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestReadRefusesAnAddressInAnotherForm: a base_url whose host is an IPv4
// address written otherwise than in dotted decimal ("0x7f.1",
// "2130706433", "0177.0.0.1", "127.1") is read by curl, browsers and the
// system's resolver (glibc's getaddrinfo, which Go uses when
// nsswitch.conf asks for more than files and dns, and always on macOS)
// as an address, 127.0.0.1 here, and by Go's own resolver as a DNS name.
// The user asked to approve it cannot tell where the key would go: the
// file's error names embedder.base_url, its line and the address, in
// dotted decimal, that the host reads as. A host ending in a number that
// is no address ("1.2.3.256", "example.123") is refused likewise, and
// dotted decimal and DNS names are taken.
func TestReadRefusesAnAddressInAnotherForm(t *testing.T) {
	refused := []struct{ host, reads string }{
		{"0x7f.1", "127.0.0.1"},
		{"2130706433", "127.0.0.1"},
		{"0177.0.0.1", "127.0.0.1"},
		{"127.1", "127.0.0.1"},
		{"127.0.0.1.", "127.0.0.1"},
		{"0x7f000001", "127.0.0.1"},
		{"010.0.0.1", "8.0.0.1"},
		{"1.2.3.256", ""},
		{"example.123", ""},
		{"0x", "0.0.0.0"},
	}
	for _, c := range refused {
		t.Run(c.host, func(t *testing.T) {
			data := fmt.Sprintf("{\n  \"embedder\": {\n    \"provider\": \"openai\",\n    \"model\": \"m\",\n    \"base_url\": %q\n  }\n}\n", "http://"+c.host+":8080/v1")
			_, s, err := readData(t, data)
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Setting != "embedder.base_url" || fe.Line != 5 || !strings.Contains(err.Error(), c.reads) {
				t.Fatalf("Read(host %s) = %+v, %v; want a FieldError on embedder.base_url at line 5 naming %q", c.host, s, err, c.reads)
			}
		})
	}
	for _, host := range []string{"127.0.0.1", "10.1.2.3", "[::1]", "[::ffff:127.0.0.1]", "localhost", "api.openai.com", "embed-1.example", "1password.example", "x0x7f.example", "0x7f.example"} {
		t.Run(host, func(t *testing.T) {
			data := fmt.Sprintf("{\n  \"embedder\": {\n    \"provider\": \"openai\",\n    \"model\": \"m\",\n    \"base_url\": %q\n  }\n}\n", "http://"+host+":8080/v1")
			if _, _, err := readData(t, data); err != nil {
				t.Fatalf("Read(host %s) = %v, want it taken", host, err)
			}
		})
	}
}

// TestNumericHostCheck is the check part of the family above, written
// with it and never tuned on: other spellings of private addresses, and
// hosts to take.
func TestNumericHostCheck(t *testing.T) {
	cases := []struct{ host, reads string }{
		{"0300.0250.0.1", "192.168.0.1"}, {"3232235521", "192.168.0.1"}, {"0xC0.0xA8.1", "192.168.0.1"},
		{"192.168.1.010", "192.168.1.8"}, {"127.0.0.01", "127.0.0.1"}, {"0XA9.254.169.254", "169.254.169.254"},
		{"1.2.3.4.5", "no IPv4 address"}, {"0x100000000", "no IPv4 address"}, {"1..2", "no IPv4 address"},
		{"0.0.0.0", ""}, {"255.255.255.255", ""}, {"169.254.169.254", ""}, {"host.0x", "no IPv4 address"},
	}
	for _, c := range cases {
		t.Run(c.host, func(t *testing.T) {
			err := numericHost(c.host)
			if c.reads == "" && err != nil || c.reads != "" && (err == nil || !strings.Contains(err.Error(), c.reads)) {
				t.Errorf("numericHost(%q) = %v, want %q", c.host, err, c.reads)
			}
		})
	}
}
