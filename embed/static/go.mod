module github.com/memweave/memweave-go/embed/static

go 1.26.8

require (
	github.com/memweave/memweave-go v0.0.0
	golang.org/x/sync v0.25.0
	golang.org/x/text v0.44.0
)

require (
	github.com/sashabaranov/go-openai v1.43.0 // indirect
	github.com/yuin/goldmark v1.8.7 // indirect
)

replace github.com/memweave/memweave-go => ../..
