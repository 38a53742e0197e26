package curator

import (
	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/indexer"
)

// ConflictsResponse is what the root package's Weave.Conflicts returns:
// the [conflict.Result] (Truncated: others may be missing, Note says why
// and how to narrow the search), and the warnings of the search's
// refresh.
type ConflictsResponse struct {
	conflict.Result
	Warnings []indexer.Warning `json:"warnings"`
}
