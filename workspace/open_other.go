//go:build !unix

package workspace

// openNonblock is 0 where open has no non-blocking flag; the file type is
// still checked after the open.
const openNonblock = 0
