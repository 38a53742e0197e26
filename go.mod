module github.com/memweave/memweave-go

go 1.26.8

require (
	github.com/asg017/sqlite-vec-go-bindings v0.1.6
	github.com/fsnotify/fsnotify v1.10.1
	github.com/gofrs/flock v0.13.2
	github.com/google/jsonschema-go v0.4.3
	github.com/mattn/go-sqlite3 v1.14.53
	github.com/memweave/memweave-go/embed/static v0.0.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/sashabaranov/go-openai v1.43.0
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/segmentio/encoding v0.5.4
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	github.com/yuin/goldmark v1.8.7
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/sync v0.25.0
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.48.0
	golang.org/x/text v0.44.0
)

require (
	github.com/cpuguy83/go-md2man/v2 v2.0.6 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/russross/blackfriday/v2 v2.1.0 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/time v0.15.0 // indirect
)

// The static embedder is a module of its own (embed/static), so that a
// program importing this module does not download its model; cmd/memweave
// links it for --embedder static. Replace directives apply only here, in
// a clone; a release names a tagged version of it instead.
replace github.com/memweave/memweave-go/embed/static => ./embed/static
