package settings

import (
	"fmt"
	"strings"
)

// Foreign is what an index run does with an index whose vectors are of
// the embedder foreign while the workspace's is current: it re-embeds
// every chunk, with the warning Foreign returns. When the index's
// embedder is unknown (known is false: no settings file names it and the
// caller named none), it fails instead with an error wrapping
// [ErrMismatch], unless both are the offline hash embedder (an older
// version of it, say), whose vectors cost nothing to compute again.
func Foreign(foreign, current string, known bool) (warn, err error) {
	if !known && !(strings.HasPrefix(foreign, "hash/") && strings.HasPrefix(current, "hash/")) {
		return nil, fmt.Errorf("memweave: index: the index was built with embedder %s, and the workspace has no %s saying so; name that embedder once (memweave config), or name another to re-embed with it: %w",
			foreign, FileName, ErrMismatch)
	}
	return fmt.Errorf("re-embedding every chunk: the index was built with embedder %s, the workspace's is %s", foreign, current), nil
}
