package settings

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/internal/hexdigits"
	"github.com/memweave/memweave-go/internal/valueerr"
	"github.com/memweave/memweave-go/search"
)

// MaxChunkTokens is the largest chunk size, in estimated tokens (32 KiB
// of text): the input limit of common embedding models (8,191 or 8,192
// tokens). A larger one (a cloned memweave.json's 10^9, which needs no
// approval) makes each section of a note one passage, as big as the
// note, that a server refuses to embed and a search returns whole.
const MaxChunkTokens = 8192

// Chunking checks a chunk size and overlap in estimated tokens and fills
// in their defaults: 400, and 80 or a fifth of the size when that is
// less. The size must be in [16, MaxChunkTokens] and the overlap in [0, size/2]:
// each passage moves on by the size less the overlap, so an overlap
// near the size (399 of 400, which a cloned memweave.json may set
// without approval) would index every line hundreds of times; at most
// half indexes the text at most twice. The error is a [*ConfigError]
// naming ChunkTokens or ChunkOverlap.
func Chunking(tokens int, overlap *int) (int, *int, error) {
	switch {
	case tokens == 0:
		tokens = 400
	case tokens < 16:
		return tokens, overlap, &ConfigError{Field: "ChunkTokens", Err: valueerr.New("must be at least 16", tokens)}
	case tokens > MaxChunkTokens:
		return tokens, overlap, &ConfigError{Field: "ChunkTokens", Err: valueerr.New(fmt.Sprintf("must be at most %d", MaxChunkTokens), tokens)}
	}
	switch {
	case overlap == nil:
		overlap = new(min(80, tokens/5))
	case *overlap < 0 || *overlap > tokens/2:
		return tokens, overlap, &ConfigError{Field: "ChunkOverlap",
			Err: valueerr.New(fmt.Sprintf("must be 0 or more and at most half the chunk size (%d of %d tokens)", tokens/2, tokens), *overlap)}
	}
	return tokens, overlap, nil
}

// CheckEmbedder checks c as [embed.Config.Validate] does, filling in the
// default provider; the error is a [*ConfigError] naming the field as
// memweave.Config does ("Embedder.Model").
func CheckEmbedder(c *embed.Config) error {
	var fe *embed.FieldError
	if err := c.Validate(); errors.As(err, &fe) {
		return &ConfigError{Field: "Embedder." + fe.Field, Err: fe.Err}
	}
	return nil
}

// Default fills *v with def when it is zero and refuses a value below
// least, or infinite, with a [*ConfigError] naming field: "must be
// <rule>, got <value>". NaN is refused as below least.
func Default[T int | int64 | float64](field string, v *T, def, least T, rule string) error {
	if *v == 0 {
		*v = def
	}
	if !(*v >= least) || float64(*v) > math.MaxFloat64 {
		return &ConfigError{Field: field, Err: valueerr.New("must be "+rule, *v)}
	}
	return nil
}

// Fraction fills *v with a pointer to def when it is nil and refuses a
// value outside [0,1] with a [*ConfigError] naming field.
func Fraction(field string, v **float64, def float64) error {
	if *v == nil {
		*v = new(def)
	} else if !(**v >= 0 && **v <= 1) {
		return &ConfigError{Field: field, Err: valueerr.New("must be in [0,1]", **v)}
	}
	return nil
}

// CheckFusion checks f as [search.FusionOptions.Validate] does; the
// error is a [*ConfigError] naming Fusion.
func CheckFusion(f search.FusionOptions) error {
	if err := f.Validate(); err != nil {
		return &ConfigError{Field: "Fusion", Err: err}
	}
	return nil
}

// check reports the first invalid setting of f, the file at path, as a
// program that sets nothing itself would meet it; with locate, a value
// out of range is a [*FieldError] naming its key and line.
func (f *File) check(path string, locate bool) error {
	if !locate && f.Fusion != nil {
		// Merge names the file's key; a value judged as a program's
		// names its Config field, as every other value does.
		if err := CheckFusion(search.FusionOptions{Method: f.Fusion.Method}); err != nil {
			return err
		}
	}
	v, filled, err := Merge(File{}, false, f, path)
	if err != nil {
		return err
	}
	if err = checkExtraPaths(v.ExtraPaths); err == nil {
		_, _, err = Chunking(v.ChunkTokens, v.ChunkOverlap)
	}
	if err == nil {
		var e embed.Config
		v.Embedder.ApplyTo(&e)
		if err = CheckEmbedder(&e); err == nil {
			err = CheckBaseURL(e.BaseURL)
		}
	}
	if locate {
		// A program that sets nothing itself took every value from the
		// file or the defaults, and the defaults are valid: a value the
		// file leaves out that another of its values needs (openai
		// without a model) is the file's error too.
		all := Everything()
		all.file, all.path = filled.file, filled.path
		err = all.Locate(err)
	}
	return err
}

// MaxExtraPaths is the most extra paths a settings file may list: each
// is checked for approval and reach at every open, and a cloned file of
// 12,000 made every command take seconds.
const MaxExtraPaths = 256

// checkExtraPaths refuses more than [MaxExtraPaths] extra paths, and
// one that is empty or white space
// (JSON's null in the list decodes to ""), with a [*ConfigError] naming
// ExtraPaths: it names the workspace itself, and a cloned file's was
// shown for approval as "", which no one reads as every Markdown file
// of the workspace.
func checkExtraPaths(paths []string) error {
	if len(paths) > MaxExtraPaths {
		return &ConfigError{Field: "ExtraPaths", Err: fmt.Errorf("%d paths: at most %d", len(paths), MaxExtraPaths)}
	}
	for i, p := range paths {
		if strings.TrimSpace(p) == "" {
			return &ConfigError{Field: "ExtraPaths", Err: fmt.Errorf("entry %d is %q: name a file or folder (\".\" for the whole workspace)", i+1, p)}
		}
	}
	return nil
}

// CheckBaseURL refuses a base URL of the settings file (or of the
// --embedding-url flag, which memweave.json records) with user
// information ("http://localhost:11434@203.0.113.9/v1"): it reads as one
// host and sends to another, and a password in a committed file is no
// secret. The error, a [*ConfigError] naming Embedder.BaseURL, names the
// host the requests would go to. So does a host that is not plain ASCII:
// letters of other scripts look like Latin ones ("lосаlhоst" with
// Cyrillic о, с and а), and the request goes to the DNS name they spell
// (xn--llhst-4ve1hdx), which the user approving the URL never read.
func CheckBaseURL(base string) error {
	u, err := url.Parse(base)
	if err != nil {
		return nil // CheckEmbedder judged it
	}
	if u.User != nil {
		return &ConfigError{Field: "Embedder.BaseURL", Err: fmt.Errorf("user information before '@' is not allowed here: it hides the host the requests go to (%s) and would be committed with the file; the API key goes in $%s", u.Host, embed.EnvKey)}
	}
	if host := u.Hostname(); strings.ContainsFunc(host, func(r rune) bool { return r >= utf8.RuneSelf }) {
		return &ConfigError{Field: "Embedder.BaseURL", Err: fmt.Errorf("host %+q is not plain ASCII: letters of other scripts can look like the host's own (a Cyrillic о in localhost) while the requests go to another; write it as DNS spells it (xn--...)", host)}
	}
	return numericHost(u.Hostname())
}

// numericHost refuses a host that ends in a number but is not an IPv4
// address in dotted decimal: "0x7f.1", "2130706433", "0177.0.0.1",
// "127.1" or "127.0.0.1." are 127.0.0.1 to curl, browsers and the
// system's resolver (getaddrinfo, which Go uses when nsswitch.conf asks
// for more than files and dns), while Go's own resolver looks them up as
// DNS names: the user approving the URL cannot tell where the requests
// and the API key would go. The error names the address the host reads
// as, or says that it reads as none ("1.2.3.256").
func numericHost(host string) error {
	labels := strings.Split(strings.TrimSuffix(host, "."), ".")
	if strings.Contains(host, ":") || !isNumber(labels[len(labels)-1]) {
		return nil // an IPv6 address, or a DNS name
	}
	if ip := net.ParseIP(host); ip != nil && ip.String() == host {
		return nil
	}
	addr, ok := inetAton(labels)
	if !ok {
		return &ConfigError{Field: "Embedder.BaseURL", Err: fmt.Errorf("host %q ends in a number but is no IPv4 address: URL parsers refuse it and Go's resolver looks it up as a DNS name; write an address in dotted decimal (127.0.0.1) or a DNS name", host)}
	}
	return &ConfigError{Field: "Embedder.BaseURL", Err: fmt.Errorf("host %q is the address %s written another way, which some resolvers read as that address and Go's own looks up as a DNS name; write it as %s", host, addr, addr)}
}

// isNumber reports whether a host's label is a number as URL parsers
// read one (WHATWG URL, "ends in a number"): decimal digits, or 0x and
// hexadecimal ones.
func isNumber(label string) bool {
	if h, ok := strings.CutPrefix(strings.ToLower(label), "0x"); ok {
		return hexdigits.Lower(h)
	}
	return label != "" && !strings.ContainsFunc(label, func(r rune) bool { return r < '0' || r > '9' })
}

// inetAton reads the labels of a host as inet_aton(3) does: one to four
// numbers, each decimal, octal (a leading 0) or hexadecimal (0x), the
// last filling the bytes the others leave. It returns the address in
// dotted decimal, and false when they are no address.
func inetAton(labels []string) (netip.Addr, bool) {
	if len(labels) > 4 {
		return netip.Addr{}, false
	}
	var n uint64
	for i, l := range labels {
		v, err := atonNumber(l)
		last := i == len(labels)-1
		if err != nil || !last && v > 255 || last && v >= 1<<(8*(4-i)) {
			return netip.Addr{}, false
		}
		if last {
			n = n<<(8*(4-i)) | v
		} else {
			n = n<<8 | v
		}
	}
	return netip.AddrFrom4([4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}), true
}

// atonNumber reads one label of an address as inet_aton(3) does:
// hexadecimal after 0x ("0x" alone is 0), octal after a leading 0,
// decimal otherwise.
func atonNumber(l string) (uint64, error) {
	switch low := strings.ToLower(l); {
	case !isNumber(l):
		return 0, strconv.ErrSyntax
	case low == "0x":
		return 0, nil
	case strings.HasPrefix(low, "0x"):
		return strconv.ParseUint(l[2:], 16, 32)
	case len(l) > 1 && l[0] == '0':
		return strconv.ParseUint(l[1:], 8, 32)
	}
	return strconv.ParseUint(l, 10, 32)
}

// SameIndex reports whether f and g build the same index: the same
// embedder and the same chunk size and overlap, defaults filled in.
func (f File) SameIndex(g File) bool {
	ft, fo, ferr := Chunking(f.ChunkTokens, f.ChunkOverlap)
	gt, go_, gerr := Chunking(g.ChunkTokens, g.ChunkOverlap)
	return f.Embedder == g.Embedder && ferr == nil && gerr == nil && ft == gt && *fo == *go_
}

// ExtraPathsChanged reports whether the workspace's settings file lists
// other extra paths than started, those of the file a long-lived process
// read at its start (nil for none). False when the file cannot be read
// or is gone.
//
// Deprecated: use [Since], which compares the rest of the file in the
// same read.
func ExtraPathsChanged(ctx context.Context, workspace string, started []string) bool {
	now, err := Read(ctx, workspace)
	return err == nil && now != nil && !slices.Equal(now.ExtraPaths, started)
}

// ErrChanged is wrapped by [Changed]'s and [Since]'s error.
var ErrChanged = errors.New("its embedder or chunk settings changed")

// Changed is [Since] with started's extra paths, without their answer.
func Changed(ctx context.Context, workspace string, started File) (written bool, err error) {
	written, _, err = Since(ctx, workspace, started, started.ExtraPaths)
	return written, err
}

// Since compares the workspace's settings file, read once, with started,
// the settings a long-lived process started with, and extra, the extra
// paths of the file it read at its start (nil for none): an error
// wrapping [ErrChanged] (and the read error, for a file now invalid)
// when the file builds another index ([File.SameIndex]); else written
// true when another process wrote an equivalent file where none was, and
// extraChanged true when it lists other extra paths than extra (another
// process, started since, indexes files this one does not scan). A file
// gone answers neither. Nothing of the file read is returned: a process
// adopts none of it.
func Since(ctx context.Context, workspace string, started File, extra []string) (written, extraChanged bool, err error) {
	now, err := Read(ctx, workspace)
	switch {
	case err != nil:
		return false, false, fmt.Errorf("%w: %w", ErrChanged, err)
	case now == nil:
		return false, false, nil
	case !now.SameIndex(started):
		return false, false, ErrChanged
	}
	return true, !slices.Equal(now.ExtraPaths, extra), nil
}
