package memweave_test

// The static embedder is a module of its own: linking it here gives these
// tests provider "static" over model folders (trust_test.go, bench_test.go),
// as cmd/memweave links it for --embedder static.
import _ "github.com/memweave/memweave-go/embed/static"
