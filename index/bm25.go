package index

/*
#include "bm25.h"
*/
import "C"

import (
	"context"
	"strconv"
)

// registerBM25 makes every SQLite connection the process opens from now
// on able to register the FTS5 ranking function mw_bm25, the keyword
// search's rank, with the statement registerBM25SQL (driverName's
// connections run it when they open): bm25() with the lengths of the rows
// it scored kept per connection until the index generation changes (see
// bm25.c). bm25() reads each matching row's length with a statement of
// its own, about two thirds of its cost.
func registerBM25() { C.mw_register_bm25() }

// registerBM25SQL registers mw_bm25 on the connection that runs it.
const registerBM25SQL = `SELECT mw_register_bm25()`

// rankSQL is the keyword search's rank of a chunks_fts row in a query
// over chunks_fts: bm25(chunks_fts), the same doubles, computed by
// mw_bm25 with the generation read in the same statement. Its two
// parameters are the rows each phrase of the query matches and the
// generation they are of ([DB.phraseHits]).
const rankSQL = `mw_bm25(chunks_fts, ` + generationSQL + `, ?, ?)`

// phraseHits returns what rankSQL's parameters are for the MATCH
// expression match: the number of rows each of its phrases matches, as
// mw_bm25 reads them, and the generation they are of, from the counts
// TermCounts keeps; nil and -1 (mw_bm25 counts them itself) for an
// expression that is not of the form the search plans. none reports
// that every phrase matches no row in that generation, so that match,
// their OR, matches none either.
func (db *DB) phraseHits(ctx context.Context, match string) (hits any, gen int64, none bool, err error) {
	phrases := orPhrases(match)
	if phrases == nil {
		return nil, -1, false, nil
	}
	counts, gen, err := db.termCounts(ctx, phrases)
	if err != nil {
		return nil, 0, false, err
	}
	none = gen >= 0
	b := make([]byte, 0, 8*len(counts))
	for i, n := range counts {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(n), 10)
		none = none && n == 0
	}
	return string(b), gen, none, nil
}
