// Package embedflags checks the embedding flags the memweave and
// memweave-bench commands share (--embedder, --embedding-dims,
// --embedding-url), so that both refuse the same values with the same
// messages, and neither prints a secret an endpoint URL holds.
package embedflags

import (
	"net/url"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/internal/exitstatus"
)

// Check returns a usage error ([exitstatus.UsageError]) naming the first
// flag whose value is refused: an embedder other than "" (the library's
// default), hash, openai, static or none; negative dimensions; an
// endpoint that is not an http or https URL with a host. The URL the
// error shows is redacted ([embed.RedactURL]): its user information
// and query values are often an API key.
func Check(embedder string, dims int, rawURL string) error {
	switch embedder {
	case "", "hash", "openai", "static", "none":
	default:
		return exitstatus.Usagef("invalid --embedder %q: want hash, openai, static or none", embedder)
	}
	if dims < 0 {
		return exitstatus.Usagef("invalid --embedding-dims %d: must not be negative", dims)
	}
	if rawURL != "" {
		u, err := url.Parse(rawURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return exitstatus.Usagef("invalid --embedding-url %q: want an http or https URL", embed.RedactURL(rawURL))
		}
	}
	return nil
}
