package index

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
)

// TermCounts returns, for each FTS5 MATCH expression in matches, the
// number of chunks it matches, in the order of matches: the document
// frequencies the search uses to weigh query terms (see
// [search.KeywordBackend]). An empty expression counts 0. Counts are kept
// until the next write (the index generation changes), so a word already
// asked about costs no query; the others are read in one statement.
func (db *DB) TermCounts(ctx context.Context, matches []string) ([]int, error) {
	out, _, err := db.termCounts(ctx, matches)
	return out, err
}

// termCounts is TermCounts, with the generation the counts are of: -1
// when a write committed while they were read, so that some are of the
// generation before and others of the one after.
func (db *DB) termCounts(ctx context.Context, matches []string) ([]int, int64, error) {
	out := make([]int, len(matches))
	if len(matches) == 0 {
		return out, -1, nil
	}
	gen, err := db.Generation(ctx)
	if err != nil {
		return nil, 0, err
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
		return out, gen, nil
	}
	// The generation is read in the same statement as the counts, so it
	// says which one they are of.
	var q strings.Builder
	q.WriteString("SELECT " + generationSQL)
	args := make([]any, 0, len(missing))
	var read int64
	dst := append(make([]any, 0, len(missing)+1), &read)
	for _, i := range missing {
		q.WriteString(", (SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?)")
		args = append(args, matches[i])
		dst = append(dst, &out[i])
	}
	if err := db.sql.QueryRowContext(ctx, q.String(), args...).Scan(dst...); err != nil {
		return nil, 0, db.wrap("count term matches", err)
	}
	if read != gen {
		return out, -1, nil
	}
	db.mu.Lock()
	if db.termsGen == gen {
		for _, i := range missing {
			db.terms[matches[i]] = out[i]
		}
	}
	db.mu.Unlock()
	return out, gen, nil
}

// maxCachedTerms bounds the term counts TermCounts keeps between writes.
const maxCachedTerms = 4096

// generationSQL reads the index generation in a statement (see
// [DB.Generation]).
const generationSQL = `(SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'generation')`

// orPhrases splits a MATCH expression of the form the search plans,
//
//	"a" OR "b c" OR "d" *
//
// (see [search.KeywordQuery]) into its phrases, `"a"`, `"b c"` and
// `"d" *`, in order: FTS5 numbers a query's phrases so. It returns nil
// for an expression of any other form.
func orPhrases(match string) []string {
	var out []string
	for rest := match; ; {
		if !strings.HasPrefix(rest, `"`) {
			return nil
		}
		end := 1 // past the closing quote
		for {
			i := strings.IndexByte(rest[end:], '"')
			if i < 0 {
				return nil
			}
			end += i + 1
			if !strings.HasPrefix(rest[end:], `"`) {
				break
			}
			end++ // a doubled quote inside the string
		}
		if strings.HasPrefix(rest[end:], " *") {
			end += 2
		}
		out = append(out, rest[:end])
		if rest = rest[end:]; rest == "" {
			return out
		}
		if !strings.HasPrefix(rest, " OR ") {
			return nil
		}
		rest = rest[len(" OR "):]
	}
}

// maxPatchedTerms bounds the cached term counts a write of this handle
// patches (see termPatch); a larger cache is dropped instead, as any
// other write drops it.
const maxPatchedTerms = 256

// termPatch carries the cached term counts across a write of this
// handle: the matches of each cached expression among the chunks of the
// written paths, counted in the write transaction before and after the
// write, give the change of its count exactly.
type termPatch struct {
	gen    int64 // generation the transaction started from
	terms  []string
	before []int
	after  []int
}

// startTermPatch counts, in tx before it writes, the matches of the
// cached expressions among the chunks of paths. It returns nil (nothing
// to patch; the cache is dropped at the next read) when the cache is not
// of tx's generation or is too large.
func (db *DB) startTermPatch(ctx context.Context, tx *sql.Tx, paths []string) (*termPatch, error) {
	var gen int64
	if err := tx.QueryRowContext(ctx, `SELECT `+generationSQL).Scan(&gen); err != nil {
		return nil, err
	}
	db.mu.Lock()
	var terms []string
	if db.terms != nil && db.termsGen == gen && len(db.terms) <= maxPatchedTerms {
		for m := range db.terms {
			terms = append(terms, m)
		}
	}
	db.mu.Unlock()
	if len(terms) == 0 {
		return nil, nil
	}
	p := &termPatch{gen: gen, terms: terms}
	var err error
	p.before, err = countAmong(ctx, tx, terms, paths)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// finish counts the matches again, after the write, in the same
// transaction.
func (p *termPatch) finish(ctx context.Context, tx *sql.Tx, paths []string) error {
	if p == nil {
		return nil
	}
	var err error
	p.after, err = countAmong(ctx, tx, p.terms, paths)
	return err
}

// countAmong counts, for each expression in terms, its matches among
// the chunks of paths, in one statement.
func countAmong(ctx context.Context, tx *sql.Tx, terms, paths []string) ([]int, error) {
	list, err := json.Marshal(paths)
	if err != nil {
		return nil, err
	}
	var q strings.Builder
	q.WriteString("SELECT 0")
	args := make([]any, 0, len(terms)+1)
	args = append(args, string(list))
	out := make([]int, len(terms))
	dst := make([]any, 0, len(terms)+1)
	var zero int
	dst = append(dst, &zero)
	for i, m := range terms {
		// CROSS JOIN keeps the written chunks the outer loop: FTS5 then
		// seeks each one's rowid in the expression's doclist instead of
		// reading the whole doclist.
		fmt.Fprintf(&q, ", (SELECT count(*) FROM json_each(?1) AS j CROSS JOIN chunks AS c ON c.path = j.value CROSS JOIN chunks_fts AS f ON f.rowid = c.id WHERE chunks_fts MATCH ?%d)", i+2)
		args = append(args, m)
		dst = append(dst, &out[i])
	}
	if err := tx.QueryRowContext(ctx, q.String(), args...).Scan(dst...); err != nil {
		return nil, fmt.Errorf("count term matches: %w", err)
	}
	return out, nil
}

// patchTerms brings the cached term counts of generation p.gen to the
// next one, after the write p counted committed. Expressions cached
// meanwhile (by a read of generation p.gen) were not counted and are
// dropped.
func (db *DB) patchTerms(p *termPatch) {
	if p == nil || p.after == nil {
		return
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.terms == nil || db.termsGen != p.gen {
		return
	}
	next := make(map[string]int, len(p.terms))
	for i, m := range p.terms {
		if n, ok := db.terms[m]; ok {
			next[m] = n - p.before[i] + p.after[i]
		}
	}
	db.terms, db.termsGen = next, p.gen+1
}
