package memweavetest

import (
	"fmt"
	"strings"
)

// HostileShapes names the Markdown inputs that made the chunker's parser
// super-linear or the index many times bigger than its text; see
// [Hostile].
func HostileShapes() []string {
	return []string{"markers", "links", "indent", "longline", "headings", "sections", "linkrefs"}
}

// Hostile returns a Markdown document of about size bytes of the given
// shape (one of [HostileShapes]):
//
//   - markers: one line of nested list markers, "- - - ... x";
//   - links: a heading of "[a](" repeated;
//   - indent: a list nested one level deeper on every line;
//   - longline: one line of words;
//   - headings: six nested headings of 20 KB each over paragraphs;
//   - sections: tiny sections, "# 1\nb\n" repeated;
//   - linkrefs: one paragraph of link reference definitions,
//     "[l1]: https://example.com/1 \"t\"" and so on.
//
// It panics on an unknown shape.
func Hostile(shape string, size int) []byte {
	var b strings.Builder
	b.Grow(size + 64)
	switch shape {
	case "markers":
		b.WriteString(strings.Repeat("- ", size/2) + "x\n")
	case "links":
		b.WriteString("# " + strings.Repeat("[a](", size/4) + "\n")
	case "indent":
		for k := 0; b.Len() < size; k++ {
			b.WriteString(strings.Repeat("  ", k) + "- x\n")
		}
	case "longline":
		for b.Len() < size {
			b.WriteString("cache index vector ")
		}
		b.WriteString("\n")
	case "headings":
		para := "The cache holds the index and the vectors for a day.\n"
		for h := 1; h <= 6; h++ {
			fmt.Fprintf(&b, "%s H%d %s\n\n", strings.Repeat("#", h), h, strings.Repeat("w", 20<<10))
			for n := 0; n < size/6/len(para); n++ {
				b.WriteString(para)
				if n%4 == 3 {
					b.WriteString("\n")
				}
			}
		}
	case "sections":
		for n := 0; b.Len() < size; n++ {
			fmt.Fprintf(&b, "# %d\nb\n", n%10)
		}
	case "linkrefs":
		for n := 0; b.Len() < size; n++ {
			fmt.Fprintf(&b, "[l%d]: https://example.com/%d \"t\"\n", n, n)
		}
	default:
		panic("memweavetest: unknown hostile shape " + shape)
	}
	return []byte(b.String())
}
