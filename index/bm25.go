package index

/*
#include "bm25.h"
*/
import "C"

// registerBM25 makes every SQLite connection the process opens from now
// on have the FTS5 ranking function mw_bm25, the keyword search's rank:
// bm25() with the lengths of the rows it scored kept per connection until
// the index generation changes (see bm25.c). bm25() reads each matching
// row's length with a statement of its own, about two thirds of its cost.
func registerBM25() { C.mw_register_bm25() }

// rankSQL is the keyword search's rank of a chunks_fts row in a query
// over chunks_fts: bm25(chunks_fts), the same doubles, computed by
// mw_bm25 with the generation read in the same statement.
const rankSQL = `mw_bm25(chunks_fts, (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'generation'))`
