package index

import (
	"context"
	"strings"
)

// TermCounts returns, for each FTS5 MATCH expression in matches, the
// number of chunks it matches, in the order of matches: the document
// frequencies the search uses to weigh query terms (see
// [search.KeywordBackend]). An empty expression counts 0. Counts are kept
// until the next write (the index generation changes), so a word already
// asked about costs no query; the others are read in one statement.
func (db *DB) TermCounts(ctx context.Context, matches []string) ([]int, error) {
	out := make([]int, len(matches))
	if len(matches) == 0 {
		return out, nil
	}
	gen, err := db.Generation(ctx)
	if err != nil {
		return nil, err
	}
	var missing []int // indexes into matches
	db.mu.Lock()
	if db.termsGen != gen || db.terms == nil || len(db.terms) > maxCachedTerms {
		db.terms, db.termsGen = make(map[string]int), gen
	}
	for i, m := range matches {
		if n, ok := db.terms[m]; ok || m == "" {
			out[i] = n
		} else {
			missing = append(missing, i)
		}
	}
	db.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	var q strings.Builder
	q.WriteString("SELECT ")
	args := make([]any, 0, len(missing))
	dst := make([]any, len(missing))
	for j, i := range missing {
		if j > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?)")
		args = append(args, matches[i])
		dst[j] = &out[i]
	}
	if err := db.sql.QueryRowContext(ctx, q.String(), args...).Scan(dst...); err != nil {
		return nil, db.wrap("count term matches", err)
	}
	db.mu.Lock()
	if db.termsGen == gen {
		for _, i := range missing {
			db.terms[matches[i]] = out[i]
		}
	}
	db.mu.Unlock()
	return out, nil
}

// maxCachedTerms bounds the term counts TermCounts keeps between writes.
const maxCachedTerms = 4096
