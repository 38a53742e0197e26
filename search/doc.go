// Package search holds the retrieval logic that does not touch SQLite:
// keyword query planning for FTS5, score calibration (keyword scores
// against the query's ideal chunk, cosines against the query's similarity
// to a sample of the index), fusion of keyword
// and vector candidates, and snippet selection. The [Result] type defined
// here is what every post-processing stage and the public API pass around.
package search
