package chunker

// SplitInParts is Split with a document of more than most bytes cut into
// parts of at most most bytes, as Split cuts one too long for a line
// table.
func SplitInParts(src []byte, opts Options, most int) []Chunk {
	return splitWith(string(src), opts, most)
}
