package query

import (
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/search"
)

// Response is what a search returns.
type Response struct {
	Query string `json:"query"`
	// Mode is the mode actually used: a hybrid search that could not
	// embed the query reports "keyword".
	Mode search.Mode `json:"mode" jsonschema:"retrieval used: hybrid, keyword or vector"`
	// Warnings explain degraded results, e.g. an unreachable embedder
	// (errors.Is(w, embed.ErrUnavailable)) or files that could not be
	// refreshed. Never nil.
	Warnings []indexer.Warning `json:"warnings" jsonschema:"why results may be degraded"`
	// Results are ordered by descending score. Never nil.
	Results []search.Result `json:"results"`
	// At is the full commit id a search at a git revision searched
	// (Weave.SearchAt), "" otherwise.
	At string `json:"at,omitempty" jsonschema:"the full commit id searched"`
	// EmbeddingsComputed is how many chunks a search at a git revision
	// embedded to index the revision (the cache had the rest); nil
	// otherwise.
	EmbeddingsComputed *int `json:"embeddings_computed,omitempty" jsonschema:"embeddings computed to index that revision"`
	// FilteredBelowThreshold counts the candidates min_score dropped that scored above 0 (a 0 matched nothing); BestFilteredScore is the best of their scores (0: none).
	FilteredBelowThreshold int     `json:"filtered_below_threshold" jsonschema:"how many more candidates scored below min_score and were dropped"`
	BestFilteredScore      float64 `json:"best_filtered_score" jsonschema:"the best score among the dropped candidates (0 when none): lower min_score to at most this to see them"`
	// Hidden counts what the search's filters left out, each with the
	// option that shows it.
	Hidden Hidden `json:"hidden" jsonschema:"what the filters left out: below_threshold (lower min_score), expired (include_expired), superseded (superseded: mark)"`
}

// Hidden counts what a search's filters left out of its results.
type Hidden struct {
	// BelowThreshold is FilteredBelowThreshold: candidates scoring under
	// the minimum score; a lower MinScore shows them.
	BelowThreshold int `json:"below_threshold"`
	// Expired counts passages of notes past their expiry date that match
	// the query by keyword (by vector in ModeVector), at most MaxResults;
	// IncludeExpired shows them.
	Expired int `json:"expired"`
	// Superseded counts the passages a resolution supersedes that
	// Superseded("hide") left out of the results; Superseded("mark")
	// shows them.
	Superseded int `json:"superseded"`
}

// Any reports whether the filters left anything out.
func (h Hidden) Any() bool { return h.BelowThreshold+h.Expired+h.Superseded > 0 }
