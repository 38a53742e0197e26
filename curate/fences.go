package curate

import "strings"

// Fences follows the fenced code blocks of a document, line by line, as
// supersession markers read them: a fence of three or more backticks or
// tildes (after any indentation, or a list item's marker) opens a block that a fence of the same character, at least as
// long, closes; a fence in an indented code block is code, not a fence.
// Its zero value stands before the document's first line.
type Fences struct{ f fence }

// Next reads the document's next line, with or without its line ending.
func (fs *Fences) Next(line string) { fs.f.code(line) }

// Open returns the line, as given to Next, that opened the fenced block
// the lines read so far leave open, or "" when none is open.
func (fs *Fences) Open() string {
	if fs.f.char == 0 {
		return ""
	}
	return fs.f.open
}

// Closer returns the line that closes the fenced block left open (the
// opening fence's characters at its column, past a list item's marker
// when the fence opened on the item's line, without its info string or
// line ending), or "" when none is open.
func (fs *Fences) Closer() string {
	open := fs.Open()
	if open == "" {
		return ""
	}
	return indentOf(open) + strings.Repeat(string(fs.f.char), fs.f.n)
}
