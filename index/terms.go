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
	if err := db.handle(ctx).QueryRowContext(ctx, q.String(), args...).Scan(dst...); err != nil {
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
