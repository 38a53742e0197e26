package curator

import (
	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/indexer"
)

// ConflictsResponse is what the root package's Weave.Conflicts returns:
// the fields of [conflict.Result] (Truncated: others may be missing,
// Note says why and how to narrow the search), and the warnings of the
// search's refresh.
type ConflictsResponse struct {
	Conflicts []conflict.Conflict `json:"conflicts"`
	Total     int                 `json:"total"`
	Truncated bool                `json:"truncated"`
	Note      string              `json:"note,omitempty"`
	Warnings  []indexer.Warning   `json:"warnings"`
}
