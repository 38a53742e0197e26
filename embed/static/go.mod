module github.com/memweave/memweave-go/embed/static

go 1.26.8

require (
	github.com/memweave/memweave-go v0.0.0
	golang.org/x/sync v0.25.0
	golang.org/x/text v0.44.0
)

require (
	github.com/asg017/sqlite-vec-go-bindings v0.1.6 // indirect
	github.com/fsnotify/fsnotify v1.10.1 // indirect
	github.com/gofrs/flock v0.13.2 // indirect
	github.com/mattn/go-sqlite3 v1.14.53 // indirect
	github.com/sashabaranov/go-openai v1.43.0 // indirect
	github.com/yuin/goldmark v1.8.7 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace github.com/memweave/memweave-go => ../..
