package chunker

// Version identifies the chunking algorithm. It is part of the index
// identity: when it changes, indexes built with an older version re-chunk.
// Bump it whenever Split's output changes for some input.
const Version = 8

// Defaults for [Options] fields left at zero, in estimated tokens.
const (
	DefaultMaxTokens = 400
	DefaultOverlap   = 80
)

// Options control [Split]. The zero value means the defaults.
type Options struct {
	// MaxTokens is the hard cap on a chunk's size in estimated tokens
	// (see EstimateTokens). Default 400.
	MaxTokens int
	// Overlap is the most estimated tokens of trailing whole lines from a
	// chunk to repeat at the start of the next chunk of the same section,
	// when they fit within MaxTokens. Default (nil) 80; new(0) disables
	// overlap, as does a negative value.
	Overlap *int
	// DropFrontMatter leaves a YAML front matter block ("---" ... "---"
	// at the top) out of every chunk, as the indexer does for a valid one
	// (package frontmatter reads its fields). The chunks' line numbers
	// stay the document's. By default the block is a section of its own.
	DropFrontMatter bool
	// Apart are line ranges each kept in chunks of their own: no chunk
	// holds lines both inside and outside one, and no overlap crosses
	// its ends, except that a section's heading with nothing else before
	// a range joins the range's first chunk rather than stand alone.
	// Ranges that overlap one before them are ignored. The
	// curate package keeps a superseded run of lines apart this way.
	// Default none.
	Apart []Span
}

// Span is a range of lines, 1-based and inclusive.
type Span struct {
	Start, End int
}

// Chunk is one piece of a Markdown document.
type Chunk struct {
	// Text is the chunk's source lines joined by "\n" (CRLF and CR line
	// endings normalised to LF), with no leading or trailing blank line.
	// A line is cut only when it alone exceeds the budget; a chunk then
	// starts or ends inside that line.
	Text string
	// StartLine and EndLine are the 1-based, inclusive source lines covered.
	StartLine, EndLine int
	// Headings is the path of top-level headings in effect at the chunk's
	// first line, outermost first, as plain text without markup, e.g.
	// ["Stack", "Caching"]. Nil before any heading and in front matter.
	// It holds the innermost 3 headings at most, each cut to 200 bytes
	// (at a rune boundary, then "…"), so a path is at most 609 bytes.
	Headings []string
}

// EstimateTokens returns the estimated token count of s: ceil(len(s)/4),
// one token per four bytes of UTF-8.
func EstimateTokens(s string) int { return (len(s) + 3) / 4 }

// CountLines returns the number of lines in s as Split numbers them: LF,
// CRLF and a lone CR each end a line, and a last line without an ending
// still counts. An empty string has no lines.
func CountLines(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			n++
		case '\n':
			n++
		}
	}
	if len(s) > 0 && s[len(s)-1] != '\n' && s[len(s)-1] != '\r' {
		n++
	}
	return n
}
