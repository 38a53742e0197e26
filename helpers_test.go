package memweave_test

import "strconv"

func fmtInt(n int) string   { return strconv.Itoa(n) }
func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 6, 64) }
