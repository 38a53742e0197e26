// Package embedflags checks the embedding flags the memweave and
// memweave-bench commands share (--embedder, --embedding-dims,
// --embedding-url), so that both refuse the same values with the same
// messages, and neither prints a secret an endpoint URL holds.
package embedflags

import (
	"errors"
	"net/url"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/internal/exitstatus"
	"github.com/memweave/memweave-go/settings"
)

// Check returns a usage error ([exitstatus.UsageError]) naming the first
// flag whose value is refused: an embedder other than "" (the library's
// default), hash, openai, static or none; dimensions outside
// [0, embed.MaxDims]; an
// endpoint that is not an http or https URL with a host, or one a
// settings file may not hold ([settings.CheckBaseURL]). The URL the
// error shows is redacted ([embed.RedactURL]): its user information
// and query values are often an API key.
func Check(embedder string, dims int, rawURL string) error {
	switch embedder {
	case "", "hash", "openai", "static", "none":
	default:
		return exitstatus.Usagef("invalid --embedder %q: want hash, openai, static or none", embedder)
	}
	if dims < 0 || dims > embed.MaxDims {
		return exitstatus.Usagef("invalid --embedding-dims %d: must be in [0, %d]", dims, embed.MaxDims)
	}
	if rawURL != "" {
		u, err := url.Parse(rawURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return exitstatus.Usagef("invalid --embedding-url %q: want an http or https URL", embed.RedactURL(rawURL))
		}
		// What memweave.json may not hold, the flag, which the first
		// index records there, may not either: every command refuses it.
		var ce *settings.ConfigError
		if err := settings.CheckBaseURL(rawURL); errors.As(err, &ce) {
			return exitstatus.Usagef("invalid --embedding-url %q: %v", embed.RedactURL(rawURL), ce.Err)
		} else if err != nil {
			return exitstatus.Usagef("invalid --embedding-url %q: %v", embed.RedactURL(rawURL), err)
		}
	}
	return nil
}
