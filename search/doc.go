// Package search holds the retrieval logic that does not touch SQLite:
// keyword query planning for FTS5, score normalisation, fusion of keyword
// and vector candidates, and snippet selection. The [Result] type defined
// here is what every post-processing stage and the public API pass around.
package search
