package chunker

// Version identifies the chunking algorithm. It is part of the index
// identity: when it changes, indexes built with an older version re-chunk.
const Version = 1

// Defaults for [Options] fields left at zero.
const (
	DefaultMaxTokens = 400
	DefaultOverlap   = 80
)

// Options control [Split]. The zero value means the defaults.
type Options struct {
	// MaxTokens is the hard cap on a chunk's size in estimated tokens
	// (see EstimateTokens). Default 400.
	MaxTokens int
	// Overlap is how many estimated tokens of trailing whole lines from a
	// chunk are repeated at the start of the next chunk of the same
	// section. Default 80; a negative value disables overlap.
	Overlap int
}

// Chunk is one piece of a Markdown document.
type Chunk struct {
	// Text is the chunk's source lines joined by "\n" (CRLF normalised to LF).
	Text string
	// StartLine and EndLine are the 1-based, inclusive source lines covered.
	StartLine, EndLine int
	// Headings is the heading path in effect at the chunk's first line,
	// outermost first, e.g. ["Stack", "Caching"]. Nil before any heading.
	Headings []string
}

// EstimateTokens returns the estimated token count of s: ceil(len(s)/4),
// one token per four bytes of UTF-8.
func EstimateTokens(s string) int { return (len(s) + 3) / 4 }
