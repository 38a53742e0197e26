// mw_bm25: FTS5's built-in bm25() ranking with each row's length in
// tokens kept per connection between queries, instead of read from the
// table's %_docsize shadow table for every matching row. That read (a
// prepared statement run once per row) is most of what bm25() costs
// (docs/performance.md has the measurement), and bm25() is computed for
// every row a keyword query matches before its LIMIT. Everything else is the arithmetic of
// fts5Bm25Function and fts5Bm25GetData in SQLite's ext/fts5/fts5_aux.c
// (public domain), in the same order, so the scores are the same doubles.
//
// SQL: mw_bm25(<fts5 table>, <generation> [, <hits>, <hits generation>]).
// The optional hits are the number of rows each phrase of the query
// matches, in order, as decimal numbers separated by spaces, counted at
// <hits generation>: bm25() counts them for every query with a scan of
// each phrase's matches (its IDF), and a caller that keeps them between
// queries passes them instead. They are used only when they are of the
// statement's generation and one per phrase; otherwise the scan runs.
//
// The second argument is the
// index generation read in the same statement (and so the same snapshot):
// rowids are reused, so the lengths kept are dropped when it changes,
// which it does on every committed write, or when the table's row count
// or total length does (a change made behind the generation's back).
// They are used only outside explicit transactions, where a statement
// reads one committed snapshot whose generation says what it holds.
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <sqlite3.h>

#include "bm25.h"

// mwLens holds one connection's row lengths: an open-addressing hash
// table from rowid to length + 1 (0 marks an empty slot).
typedef struct mwLens {
	sqlite3 *db;
	// The generation, row count and total length of the table the
	// lengths are of; gen is -1 when there are none.
	sqlite3_int64 gen, nRow, nToken;
	sqlite3_int64 *keys;
	uint32_t *vals;
	int bits; // the table has 1 << bits slots; 0 when not allocated
	int n;    // slots in use
} mwLens;

// mwMaxRows bounds the lengths one connection keeps (a table of at most
// 6 MiB); rows past it are read from %_docsize as bm25() reads them.
#define mwMaxRows (1 << 18)

static uint32_t mwSlot(sqlite3_int64 rowid, int bits) {
	return (uint32_t)(((uint64_t)rowid * 0x9E3779B97F4A7C15ull) >> (64 - bits));
}

static void mwReset(mwLens *c, sqlite3_int64 gen, sqlite3_int64 nRow, sqlite3_int64 nToken) {
	if (c->bits > 0) {
		memset(c->vals, 0, sizeof(uint32_t) << c->bits);
	}
	c->n = 0;
	c->gen = gen;
	c->nRow = nRow;
	c->nToken = nToken;
}

// mwGet returns the length + 1 of rowid, 0 when not kept.
static uint32_t mwGet(const mwLens *c, sqlite3_int64 rowid) {
	if (c->bits == 0) {
		return 0;
	}
	uint32_t mask = (1u << c->bits) - 1;
	for (uint32_t i = mwSlot(rowid, c->bits);; i = (i + 1) & mask) {
		if (c->vals[i] == 0) {
			return 0;
		}
		if (c->keys[i] == rowid) {
			return c->vals[i];
		}
	}
}

static void mwInsert(sqlite3_int64 *keys, uint32_t *vals, int bits, sqlite3_int64 rowid, uint32_t v) {
	uint32_t mask = (1u << bits) - 1;
	uint32_t i = mwSlot(rowid, bits);
	while (vals[i] != 0 && keys[i] != rowid) {
		i = (i + 1) & mask;
	}
	keys[i] = rowid;
	vals[i] = v;
}

// mwPut keeps the length of rowid, growing the table to stay at most half
// full; it keeps nothing when memory is short or the table is at its bound.
static void mwPut(mwLens *c, sqlite3_int64 rowid, int len) {
	if (len < 0 || (uint32_t)len >= UINT32_MAX || c->n >= mwMaxRows) {
		return;
	}
	if (2 * (c->n + 1) > (c->bits ? 1 << c->bits : 0)) {
		int bits = c->bits ? c->bits + 1 : 10;
		sqlite3_int64 *keys = sqlite3_malloc64(sizeof(sqlite3_int64) << bits);
		uint32_t *vals = sqlite3_malloc64(sizeof(uint32_t) << bits);
		if (keys == 0 || vals == 0) {
			sqlite3_free(keys);
			sqlite3_free(vals);
			return;
		}
		memset(vals, 0, sizeof(uint32_t) << bits);
		for (int i = 0; c->bits && i < 1 << c->bits; i++) {
			if (c->vals[i] != 0) {
				mwInsert(keys, vals, bits, c->keys[i], c->vals[i]);
			}
		}
		sqlite3_free(c->keys);
		sqlite3_free(c->vals);
		c->keys = keys;
		c->vals = vals;
		c->bits = bits;
	}
	mwInsert(c->keys, c->vals, c->bits, rowid, (uint32_t)len + 1);
	c->n++;
}

static void mwFree(void *p) {
	mwLens *c = p;
	sqlite3_free(c->keys);
	sqlite3_free(c->vals);
	sqlite3_free(c);
}

// mwData is fts5_aux.c's Fts5Bm25Data, what a query computes once, with
// the table's row count and total length it is computed from.
typedef struct mwData {
	sqlite3_int64 nRow, nToken;
	int nPhrase;
	double avgdl;
	double *aIDF;
	double *aFreq;
} mwData;

static int mwCount(const Fts5ExtensionApi *pApi, Fts5Context *pFts, void *pUserData) {
	(void)pApi;
	(void)pFts;
	(*(sqlite3_int64 *)pUserData)++;
	return SQLITE_OK;
}

// mwHits parses hits, the rows each of n phrases matches (see the top of
// the file), into out; it returns 0 when hits is not n such numbers.
static int mwHits(const unsigned char *hits, int n, sqlite3_int64 *out) {
	const unsigned char *p = hits;
	for (int i = 0; i < n; i++) {
		if (p == 0 || *p < '0' || *p > '9') {
			return 0;
		}
		sqlite3_int64 v = 0;
		for (; *p >= '0' && *p <= '9'; p++) {
			if (v > (INT64_MAX - 9) / 10) {
				return 0;
			}
			v = v * 10 + (*p - '0');
		}
		out[i] = v;
		if (*p == ' ') {
			p++;
		}
	}
	return p != 0 && *p == 0;
}

// mwGetData is fts5Bm25GetData, with the rows each phrase matches taken
// from hits when it holds them (see mwHits).
static int mwGetData(const Fts5ExtensionApi *pApi, Fts5Context *pFts, const unsigned char *hits, mwData **ppData) {
	int rc = SQLITE_OK;
	mwData *p = (mwData *)pApi->xGetAuxdata(pFts, 0);
	if (p == 0) {
		sqlite3_int64 nRow = 0, nToken = 0;
		int nPhrase = pApi->xPhraseCount(pFts);
		sqlite3_int64 nByte = sizeof(mwData) + nPhrase * 2 * sizeof(double);
		p = (mwData *)sqlite3_malloc64(nByte);
		if (p == 0) {
			rc = SQLITE_NOMEM;
		} else {
			memset(p, 0, (size_t)nByte);
			p->nPhrase = nPhrase;
			p->aIDF = (double *)&p[1];
			p->aFreq = &p->aIDF[nPhrase];
		}
		if (rc == SQLITE_OK) rc = pApi->xRowCount(pFts, &nRow);
		if (rc == SQLITE_OK) rc = pApi->xColumnTotalSize(pFts, -1, &nToken);
		if (rc == SQLITE_OK) {
			p->avgdl = (double)nToken / (double)nRow;
			p->nRow = nRow;
			p->nToken = nToken;
		}
		sqlite3_int64 *given = 0;
		if (rc == SQLITE_OK && hits != 0 && nPhrase > 0) {
			given = sqlite3_malloc64(nPhrase * sizeof(sqlite3_int64));
			if (given != 0 && !mwHits(hits, nPhrase, given)) {
				sqlite3_free(given);
				given = 0;
			}
		}
		for (int i = 0; rc == SQLITE_OK && i < nPhrase; i++) {
			sqlite3_int64 nHit = 0;
			if (given != 0) {
				nHit = given[i];
			} else {
				rc = pApi->xQueryPhrase(pFts, i, (void *)&nHit, mwCount);
			}
			if (rc == SQLITE_OK) {
				double idf = log((nRow - nHit + 0.5) / (nHit + 0.5));
				if (idf <= 0.0) idf = 1e-6;
				p->aIDF[i] = idf;
			}
		}
		sqlite3_free(given);
		if (rc != SQLITE_OK) {
			sqlite3_free(p);
		} else {
			rc = pApi->xSetAuxdata(pFts, p, sqlite3_free);
		}
		if (rc != SQLITE_OK) p = 0;
	}
	*ppData = p;
	return rc;
}

// mwRowLength is xColumnSize(-1) of the current row, from c when it has
// it for generation gen and the table d describes.
static int mwRowLength(const Fts5ExtensionApi *pApi, Fts5Context *pFts, mwLens *c, const mwData *d, sqlite3_value *gen, int *nTok) {
	int cache = c != 0 && sqlite3_value_type(gen) == SQLITE_INTEGER && sqlite3_get_autocommit(c->db);
	sqlite3_int64 rowid = pApi->xRowid(pFts);
	if (cache) {
		sqlite3_int64 g = sqlite3_value_int64(gen);
		if (c->gen != g || c->nRow != d->nRow || c->nToken != d->nToken) {
			mwReset(c, g, d->nRow, d->nToken);
		}
		uint32_t v = mwGet(c, rowid);
		if (v != 0) {
			*nTok = (int)(v - 1);
			return SQLITE_OK;
		}
	}
	int rc = pApi->xColumnSize(pFts, -1, nTok);
	if (rc == SQLITE_OK && cache) {
		mwPut(c, rowid, *nTok);
	}
	return rc;
}

// mwBm25 is fts5Bm25Function without column weights, its row length from
// mwRowLength.
static void mwBm25(const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal, sqlite3_value **apVal) {
	const double k1 = 1.2;
	const double b = 0.75;
	double score = 0.0, D = 0.0, *aFreq = 0;
	int nInst = 0;
	mwData *pData;
	if (nVal != 1 && nVal != 3) {
		sqlite3_result_error(pCtx, "mw_bm25: wrong number of arguments: want the index generation, then optionally the phrases' hits and their generation", -1);
		return;
	}
	const unsigned char *hits = 0;
	if (nVal == 3 && sqlite3_value_type(apVal[0]) == SQLITE_INTEGER && sqlite3_value_type(apVal[2]) == SQLITE_INTEGER &&
	    sqlite3_value_int64(apVal[0]) == sqlite3_value_int64(apVal[2])) {
		hits = sqlite3_value_text(apVal[1]);
	}
	int rc = mwGetData(pApi, pFts, hits, &pData);
	if (rc == SQLITE_OK) {
		aFreq = pData->aFreq;
		memset(aFreq, 0, sizeof(double) * pData->nPhrase);
		rc = pApi->xInstCount(pFts, &nInst);
	}
	for (int i = 0; rc == SQLITE_OK && i < nInst; i++) {
		int ip, ic, io;
		rc = pApi->xInst(pFts, i, &ip, &ic, &io);
		if (rc == SQLITE_OK) {
			aFreq[ip] += 1.0;
		}
	}
	if (rc == SQLITE_OK) {
		int nTok = 0;
		rc = mwRowLength(pApi, pFts, (mwLens *)pApi->xUserData(pFts), pData, apVal[0], &nTok);
		D = (double)nTok;
	}
	if (rc != SQLITE_OK) {
		sqlite3_result_error_code(pCtx, rc);
		return;
	}
	for (int i = 0; i < pData->nPhrase; i++) {
		score += pData->aIDF[i] * ((aFreq[i] * (k1 + 1.0)) / (aFreq[i] + k1 * (1 - b + b * D / pData->avgdl)));
	}
	sqlite3_result_double(pCtx, -1.0 * score);
}

// mwRegister is the SQL function mw_register_bm25(): it registers mw_bm25
// on the connection that calls it, which must have FTS5. It runs as a
// statement of that connection, after the connection is open and has its
// busy timeout: getting the FTS5 API takes a statement, which reads the
// schema and so may wait for another process's lock, and an extension
// entry point that fails makes sqlite3_open fail.
static void mwRegister(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
	(void)argc;
	(void)argv;
	// A SQLite built without FTS5 (a build without -tags sqlite_fts5)
	// registers nothing and is no error here, so that the open's FTS5
	// check can name the missing build tag.
	if (!sqlite3_compileoption_used("ENABLE_FTS5")) {
		sqlite3_result_int(ctx, 0);
		return;
	}
	sqlite3 *db = sqlite3_context_db_handle(ctx);
	fts5_api *api = 0;
	sqlite3_stmt *s = 0;
	int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &s, 0);
	if (rc == SQLITE_OK) {
		sqlite3_bind_pointer(s, 1, (void *)&api, "fts5_api_ptr", 0);
		sqlite3_step(s);
		rc = sqlite3_finalize(s);
	}
	if (rc != SQLITE_OK) {
		sqlite3_result_error_code(ctx, rc);
		return;
	}
	if (api == 0 || api->iVersion < 2) {
		sqlite3_result_error(ctx, "mw_register_bm25: the connection has no FTS5", -1);
		return;
	}
	mwLens *c = sqlite3_malloc(sizeof *c);
	if (c == 0) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	memset(c, 0, sizeof *c);
	c->db = db;
	c->gen = -1;
	if ((rc = api->xCreateFunction(api, "mw_bm25", c, mwBm25, mwFree)) != SQLITE_OK) {
		sqlite3_result_error_code(ctx, rc);
		return;
	}
	sqlite3_result_int(ctx, 1);
}

// mwInit gives a new connection the function mw_register_bm25; creating
// a function takes no lock.
//
// It also turns on the query planner stability guarantee (QPSG): without
// it SQLite re-prepares a statement whenever a parameter compared with =
// is rebound after holding 0 or 1, and FTS5's own segment seek
// ("SELECT pgno FROM %_idx WHERE segid=? AND term<=? ...", prepared once
// per connection) rebinds segid, which is 1 in a one-segment index, at
// every term's seek, so a keyword search re-prepared it once per term
// (docs/performance.md, stop 41). The guarantee keeps each statement's
// first plan, the plan SQLite makes before any value is bound, so no
// result changes.
static int mwInit(sqlite3 *db, char **pzErrMsg, const void *pThunk) {
	(void)pzErrMsg;
	(void)pThunk;
	int rc = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_QPSG, 1, (int *)0);
	if (rc != SQLITE_OK) {
		return rc;
	}
	return sqlite3_create_function_v2(db, "mw_register_bm25", 0, SQLITE_UTF8 | SQLITE_DIRECTONLY, 0, mwRegister, 0, 0, 0);
}

void mw_register_bm25(void) {
	sqlite3_auto_extension((void (*)(void))mwInit);
}
