package index

import (
	"context"
	"strings"
)

// TermCounts returns, for each FTS5 MATCH expression in matches, the
// number of chunks it matches, in the order of matches: the document
// frequencies the search uses to weigh query terms (see
// [search.KeywordBackend]). An empty expression counts 0. All counts are
// read in one statement.
func (db *DB) TermCounts(ctx context.Context, matches []string) ([]int, error) {
	out := make([]int, len(matches))
	if len(matches) == 0 {
		return out, nil
	}
	var q strings.Builder
	q.WriteString("SELECT ")
	args := make([]any, 0, len(matches))
	for i, m := range matches {
		if i > 0 {
			q.WriteString(", ")
		}
		if m == "" {
			q.WriteString("0")
			continue
		}
		q.WriteString("(SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?)")
		args = append(args, m)
	}
	dst := make([]any, len(out))
	for i := range out {
		dst[i] = &out[i]
	}
	if err := db.sql.QueryRowContext(ctx, q.String(), args...).Scan(dst...); err != nil {
		return nil, db.wrap("count term matches", err)
	}
	return out, nil
}
