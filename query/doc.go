// Package query runs a search of a workspace's index from end to end,
// as the root package's Weave.Search wires it: the freshness check
// before it (through the watcher, or a diff read beside the search and
// a second read when the diff found changes), the filters
// ([indexer.Scope]), the retrieval and fusion (package search), the
// post-processing stages (package postprocess), the counts of what the
// filters left out ([Hidden]), and each result's snippet and file hash.
//
// Package query sits above indexer, index, search and postprocess, and
// below the root package; nothing but the root imports it.
package query
