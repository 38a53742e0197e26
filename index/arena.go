package index

/*
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

// The few SQLite entry points used here, declared rather than included:
// mattn/go-sqlite3 compiles SQLite into the same binary, and its header
// is not on the include path.
typedef struct sqlite3 sqlite3;
typedef struct sqlite3_context sqlite3_context;
typedef struct sqlite3_value sqlite3_value;
extern int sqlite3_auto_extension(void (*)(void));
extern int sqlite3_create_function_v2(sqlite3 *, const char *, int, int, void *,
	void (*)(sqlite3_context *, int, sqlite3_value **),
	void (*)(sqlite3_context *, int, sqlite3_value **),
	void (*)(sqlite3_context *), void (*)(void *));
extern const void *sqlite3_value_blob(sqlite3_value *);
extern int sqlite3_value_bytes(sqlite3_value *);
extern long long sqlite3_value_int64(sqlite3_value *);
extern void sqlite3_result_int64(sqlite3_context *, long long);
extern void sqlite3_result_error(sqlite3_context *, const char *, int);

#define MW_SQLITE_UTF8 1
#define MW_SQLITE_DIRECTONLY 0x000080000
#define MW_ARENAS 64

// An arena is a pinned Go buffer that mw_copy fills, blob after blob.
// Go registers it for the duration of one query.
typedef struct { char *base; long long cap, used; } mw_arena;
static mw_arena mw_arenas[MW_ARENAS];
static pthread_mutex_t mw_mu = PTHREAD_MUTEX_INITIALIZER;

// mw_arena_open registers base[0:cap], which Go has pinned, and returns
// its handle, 0 when every slot is taken.
static int mw_arena_open(void *base, long long cap) {
	int h = 0;
	pthread_mutex_lock(&mw_mu);
	for (int i = 0; i < MW_ARENAS; i++) {
		if (mw_arenas[i].base == NULL) {
			mw_arenas[i].base = base;
			mw_arenas[i].cap = cap;
			mw_arenas[i].used = 0;
			h = i + 1;
			break;
		}
	}
	pthread_mutex_unlock(&mw_mu);
	return h;
}

// mw_arena_close unregisters arena h and returns the bytes written to it.
static long long mw_arena_close(int h) {
	long long used = 0;
	pthread_mutex_lock(&mw_mu);
	if (h >= 1 && h <= MW_ARENAS) {
		used = mw_arenas[h - 1].used;
		memset(&mw_arenas[h - 1], 0, sizeof(mw_arena));
	}
	pthread_mutex_unlock(&mw_mu);
	return used;
}

// mw_copy is the SQL function memweave_copy(blob, arena): it appends blob
// to the arena and returns the offset it was written at. It checks the
// handle and the arena's bounds, so SQL can never write elsewhere.
static void mw_copy(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
	const void *p = sqlite3_value_blob(argv[0]);
	long long n = sqlite3_value_bytes(argv[0]);
	long long h = sqlite3_value_int64(argv[1]);
	long long off = -1;
	pthread_mutex_lock(&mw_mu);
	if (h >= 1 && h <= MW_ARENAS && mw_arenas[h - 1].base != NULL) {
		mw_arena *a = &mw_arenas[h - 1];
		if (a->used + n <= a->cap) {
			if (n > 0) memcpy(a->base + a->used, p, (size_t)n);
			off = a->used;
			a->used += n;
		}
	}
	pthread_mutex_unlock(&mw_mu);
	if (off < 0) {
		sqlite3_result_error(ctx, "memweave_copy: no room in the arena", -1);
		return;
	}
	sqlite3_result_int64(ctx, off);
}

static int mw_init(sqlite3 *db, char **err, const void *api) {
	return sqlite3_create_function_v2(db, "memweave_copy", 2, MW_SQLITE_UTF8 | MW_SQLITE_DIRECTONLY,
		NULL, mw_copy, NULL, NULL, NULL);
}

static void mw_register(void) { sqlite3_auto_extension((void (*)(void))mw_init); }
*/
import "C"

import (
	"errors"
	"runtime"
	"unsafe"
)

// An arena is the buffer a load of code blocks fills. A fresh search
// process reads every block once; copied by the driver, each blob lands
// in new Go memory that costs a page fault every 4 KiB, which on a
// 2-core virtual machine was half of the whole search. SQLite copies
// each blob straight into an arena instead (the SQL function
// memweave_copy), and the arena asks for huge pages (see hugeBuffer)
// before anything touches it. The arena is an ordinary Go slice, which
// the blocks keep alive, and which the garbage collector counts: the
// codes are most of a search process's live heap, and outside it the
// collector would run twice as often.
type arena struct {
	mem []byte
}

// registerCopy makes memweave_copy available to every new connection.
func registerCopy() { C.mw_register() }

// newArena returns an arena of n bytes. Its buffer has room for one
// byte more than n, so that even an arena for empty blobs (the rows of
// emptied blocks) has an address to register.
func newArena(n int) *arena {
	return &arena{mem: hugeBuffer(n + 1)[:n]}
}

// fill registers a with SQLite for the duration of fn, which runs the
// query that calls memweave_copy(blob, handle), and returns the number
// of bytes written.
func (a *arena) fill(fn func(handle int64) error) (int, error) {
	base := &a.mem[:1][0]
	var pin runtime.Pinner
	pin.Pin(base)
	defer pin.Unpin()
	h := C.mw_arena_open(unsafe.Pointer(base), C.longlong(len(a.mem)))
	if h == 0 {
		return 0, errors.New("too many vector loads at once")
	}
	err := fn(int64(h))
	used := int(C.mw_arena_close(h))
	return used, err
}
