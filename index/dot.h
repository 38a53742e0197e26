#include <stdint.h>

// mw_dots sets out[i] to the dot product of the int16 query q with the
// i-th of n int8 codes of dims bytes each, stride bytes apart (see dot.c).
void mw_dots(const int16_t *q, const int8_t *codes, int n, int dims, int stride, int64_t *out);

// mw_fdots sets out[i] to the float32 dot product of p with the i-th of
// n vectors of dims values stored one after the other (see dot.c).
void mw_fdots(const float *p, const float *vs, int n, int dims, double *out);

// mw_register_code_dots gives every new SQLite connection of the process
// the SQL function mw_code_dots (see dot.c).
void mw_register_code_dots(void);
