package curate

import "strings"

// Fences follows the blocks of a document, line by line, whose lines
// mean what they do only inside them: fenced code blocks, as
// supersession markers read them (a fence of three or more backticks or
// tildes, after any indentation or a list item's marker, opens a block
// that a fence of the same character, at least as long, closes; a fence
// in an indented code block is code, not a fence), and tables (a row
// holding "|" followed by a delimiter row, as [BlockChanged] reads them,
// and the rows after them holding "|"). Its zero value stands before the
// document's first line.
type Fences struct {
	f fence
	// prev is the last line read when it may be a table's header;
	// head and delim are the header and delimiter rows of the table
	// whose body the lines read so far are in.
	prev, head, delim string
}

// Next reads the document's next line, with or without its line ending.
func (fs *Fences) Next(line string) {
	if fs.f.code(line) {
		fs.prev, fs.head, fs.delim = "", "", ""
		return
	}
	switch {
	case fs.head != "" && strings.Contains(line, "|"):
		return // a row of the table
	case fs.prev != "" && delimiterRow(line):
		fs.head, fs.delim, fs.prev = fs.prev, line, ""
		return
	}
	fs.prev, fs.head, fs.delim = "", "", ""
	if strings.Contains(line, "|") {
		fs.prev = line
	}
}

// Open returns the line, as given to Next, that opened the fenced block
// the lines read so far leave open, or "" when none is open.
func (fs *Fences) Open() string {
	if fs.f.char == 0 {
		return ""
	}
	return fs.f.open
}

// State returns the lines that, read by a zero Fences, leave it in the
// block these lines left open, as far as Lead and Closer read it: the
// fence that opened a fenced block, the header and delimiter rows of a
// table, a row that may be a table's header; nil for none.
func (fs *Fences) State() []string {
	switch {
	case fs.Open() != "":
		return []string{fs.Open()}
	case fs.head != "":
		return []string{fs.head, fs.delim}
	case fs.prev != "":
		return []string{fs.prev}
	}
	return nil
}

// Lead returns the lines, as given to Next, that must come before next,
// the line after those read so far, for it to mean what it does in the
// document when it is quoted from there on: the opening line of the
// fenced block it is in (unless it closes that block), the header and
// delimiter rows of the table whose body it continues, or the header of
// the table whose delimiter row it is; nil when it needs none.
func (fs *Fences) Lead(next string) []string {
	if open := fs.Open(); open != "" {
		g := fs.f
		if g.code(next); g.char == 0 {
			return nil // next closes the block: none of it follows
		}
		return []string{open}
	}
	if fs.head != "" && strings.Contains(next, "|") {
		return []string{fs.head, fs.delim}
	}
	if fs.prev != "" && delimiterRow(next) {
		return []string{fs.prev}
	}
	return nil
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
