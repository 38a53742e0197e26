package memweave_test

import "strconv"

// itoa and ftoa format numbers for comparable snapshots in tests.
func itoa(n int) string     { return strconv.Itoa(n) }
func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 6, 64) }
