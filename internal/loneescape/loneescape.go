// Package loneescape finds the JSON escapes of half a surrogate pair
// that stand alone ("\udc00"): JSON text can hold them, but they are no
// character, and Go's decoders read each as U+FFFD, so a name or a text
// would be used as another than the one written.
package loneescape

// Find returns the offset in data, JSON text, of the first \uXXXX
// escape of a surrogate (D800 to DFFF) that is not a high one followed
// by a low one, and that escape as written; -1 and "" when there is
// none. Escapes stand only inside strings, so data is read as a whole.
func Find(data []byte) (at int, esc string) {
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		u, ok := unit(data, i)
		if !ok {
			i++ // \" \\ \n ...: the next byte is no escape's start
			continue
		}
		switch {
		case u < 0xd800 || u > 0xdfff:
		case u <= 0xdbff:
			if low, ok := unit(data, i+6); ok && low >= 0xdc00 && low <= 0xdfff {
				i += 6 // the pair's second half
				break
			}
			return i, string(data[i : i+6])
		default:
			return i, string(data[i : i+6])
		}
		i += 5
	}
	return -1, ""
}

// unit returns the code unit of the \uXXXX escape at data[i:], and
// whether there is one.
func unit(data []byte, i int) (rune, bool) {
	if i+6 > len(data) || data[i] != '\\' || data[i+1] != 'u' {
		return 0, false
	}
	var u rune
	for _, c := range data[i+2 : i+6] {
		switch {
		case '0' <= c && c <= '9':
			u = u<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			u = u<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			u = u<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return u, true
}
