// The int8 code scan's kernel, called from Go on the codes a long-lived
// handle keeps in memory (blockDots in dot.go), and the SQL function
// mw_code_dots, which runs it on a code block as SQLite reads it, for a
// handle that serves one search and keeps no codes (see readBlocks).
#include <stdint.h>
#include <string.h>
#include <sqlite3.h>

#include "dot.h"

// mw_dots sets out[i] to the dot product of the int16 query q with the
// i-th of n int8 codes of dims bytes each, stride bytes apart.
// Products are below 2^22 in magnitude, so an int32 sum of 256 of them
// cannot overflow; the sums are widened every 256 dimensions. Written
// so that the compiler vectorizes the inner loop.
void mw_dots(const int16_t *q, const int8_t *codes, int n, int dims, int stride, int64_t *out) {
	for (int i = 0; i < n; i++) {
		const int8_t *c = codes + (long)i * stride;
		int64_t total = 0;
		for (int lo = 0; lo < dims; lo += 256) {
			int hi = lo + 256 < dims ? lo + 256 : dims;
			int32_t s = 0;
			for (int j = lo; j < hi; j++) {
				s += (int32_t)q[j] * (int32_t)c[j];
			}
			total += s;
		}
		out[i] = total;
	}
}

// mw_fdots sets out[i] to the float32 dot product of p with the i-th of
// n vectors of dims values, stored one after the other, summed in eight
// interleaved partial sums with the rest of the length added to the
// first, and the sums added in the order of search's dot in Go, so that
// both give the same bits: a product and its sum stay two roundings,
// never one fused instruction (the attribute and pragma below, for
// builds whose CFLAGS allow FMA). The eight sums are what the compiler
// vectorizes.
#if defined(__clang__)
#pragma clang fp contract(off)
#endif
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("fp-contract=off")))
#endif
void mw_fdots(const float *p, const float *vs, int n, int dims, double *out) {
	for (int i = 0; i < n; i++) {
		const float *b = vs + (long)i * dims;
		float s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
		int j = 0;
		for (; j + 8 <= dims; j += 8) {
			for (int l = 0; l < 8; l++) {
				s[l] += p[j + l] * b[j + l];
			}
		}
		for (; j < dims; j++) {
			s[0] += p[j] * b[j];
		}
		out[i] = (double)((((s[0] + s[1]) + (s[2] + s[3])) + (s[4] + s[5])) + (s[6] + s[7]));
	}
}

// mwEntryHeader is the size of a code entry's id and scale (entryHeader
// in codes.go); mwDotEntry that of an entry of mw_code_dots's result.
#define mwEntryHeader 12
#define mwDotEntry (mwEntryHeader + 8)

// mwCodeDots is mw_code_dots(codes, q). codes is a code block's blob: for
// each entry, its id and scale (12 bytes), then its code of dims int8
// values. q is the int16 query code, dims values little-endian. The
// result holds, for each entry, its 12 bytes of id and scale followed
// by its dot product with q as a little-endian int64: what blockDots
// computes, read from SQLite's buffer instead of a copy of the block.
// The query is decoded once per statement (SQLite keeps it as the
// argument's auxiliary data).
static void mwCodeDots(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
	(void)argc;
	int qn = sqlite3_value_bytes(argv[1]);
	int cn = sqlite3_value_bytes(argv[0]);
	int dims = qn / 2;
	if (sqlite3_value_type(argv[0]) != SQLITE_BLOB || sqlite3_value_type(argv[1]) != SQLITE_BLOB ||
	    dims <= 0 || qn % 2 != 0 || cn % (mwEntryHeader + dims) != 0) {
		sqlite3_result_error(ctx, "mw_code_dots: codes are not whole entries of the query's dimensions", -1);
		return;
	}
	int n = cn / (mwEntryHeader + dims);
	int16_t *q = sqlite3_get_auxdata(ctx, 1), *own = 0;
	if (q == 0) {
		const unsigned char *b = sqlite3_value_blob(argv[1]);
		if ((q = own = sqlite3_malloc64((sqlite3_uint64)dims * sizeof *q)) == 0) {
			sqlite3_result_error_nomem(ctx);
			return;
		}
		for (int i = 0; i < dims; i++) {
			q[i] = (int16_t)(uint16_t)(b[2 * i] | b[2 * i + 1] << 8);
		}
	}
	const unsigned char *codes = sqlite3_value_blob(argv[0]);
	unsigned char *out = sqlite3_malloc64((sqlite3_uint64)n * mwDotEntry + 1);
	int64_t *dots = sqlite3_malloc64((sqlite3_uint64)n * sizeof *dots + 1);
	if (out == 0 || dots == 0 || (n > 0 && codes == 0)) {
		sqlite3_free(out);
		sqlite3_free(dots);
		sqlite3_free(own);
		sqlite3_result_error_nomem(ctx);
		return;
	}
	if (n > 0) {
		mw_dots(q, (const int8_t *)codes + mwEntryHeader, n, dims, mwEntryHeader + dims, dots);
	}
	for (int i = 0; i < n; i++) {
		unsigned char *e = out + (long)i * mwDotEntry;
		memcpy(e, codes + (long)i * (mwEntryHeader + dims), mwEntryHeader);
		uint64_t d = (uint64_t)dots[i];
		for (int j = 0; j < 8; j++) {
			e[mwEntryHeader + j] = (unsigned char)(d >> (8 * j));
		}
	}
	sqlite3_free(dots);
	if (own != 0) {
		// SQLite frees it now if it cannot keep it for the next row.
		sqlite3_set_auxdata(ctx, 1, own, sqlite3_free);
	}
	sqlite3_result_blob64(ctx, out, (sqlite3_uint64)n * mwDotEntry, sqlite3_free);
}

// mwCodeDotsInit gives a new connection mw_code_dots; creating a
// function takes no lock.
static int mwCodeDotsInit(sqlite3 *db, char **pzErrMsg, const void *pThunk) {
	(void)pzErrMsg;
	(void)pThunk;
	return sqlite3_create_function_v2(db, "mw_code_dots", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, 0, mwCodeDots, 0, 0, 0);
}

void mw_register_code_dots(void) {
	sqlite3_auto_extension((void (*)(void))mwCodeDotsInit);
}
