package static

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// member is one member of a JSON object: its key and its value, raw.
type member struct {
	key   string
	value json.RawMessage
}

// objectMembers splits the JSON object b into its members, in order,
// without decoding their values: a tokenizer.json is mostly its
// vocabulary, which encoding/json would scan twice (to validate, then to
// skip) for each object it sits in. The split checks the object's own
// syntax and finds where each value ends by its strings and brackets;
// values the caller uses are decoded with encoding/json (or scanVocab),
// which checks them, and the others are not checked further.
func objectMembers(b []byte) ([]member, error) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, errors.New("not a JSON object")
	}
	var out []member
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return out, trailing(b, i+1)
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return nil, fmt.Errorf("want a key at offset %d", i)
		}
		end, err := skipString(b, i)
		if err != nil {
			return nil, err
		}
		var key string
		if raw := b[i+1 : end-1]; bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
			key = string(raw)
		} else if err := json.Unmarshal(b[i:end], &key); err != nil {
			return nil, err
		}
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return nil, fmt.Errorf("want ':' at offset %d", i)
		}
		start := skipSpace(b, i+1)
		if end, err = skipValue(b, start); err != nil {
			return nil, err
		}
		out = append(out, member{key, b[start:end]})
		i = skipSpace(b, end)
		switch {
		case i < len(b) && b[i] == ',':
			i = skipSpace(b, i+1)
		case i < len(b) && b[i] == '}':
			return out, trailing(b, i+1)
		default:
			return nil, fmt.Errorf("want ',' or '}' at offset %d", i)
		}
	}
}

// lookup returns the value of the last member whose key is name, matched
// without regard to case as encoding/json matches struct fields, or nil.
func lookup(ms []member, name string) json.RawMessage {
	var v json.RawMessage
	for _, m := range ms {
		if m.key == name || bytes.EqualFold([]byte(m.key), []byte(name)) {
			v = m.value
		}
	}
	return v
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' || b[i] == '\r') {
		i++
	}
	return i
}

func trailing(b []byte, i int) error {
	if i = skipSpace(b, i); i < len(b) {
		return fmt.Errorf("data after the object at offset %d", i)
	}
	return nil
}

// skipString returns the offset after the string starting at b[i].
func skipString(b []byte, i int) (int, error) {
	for i++; i < len(b); {
		j := bytes.IndexByte(b[i:], '"')
		if j < 0 {
			break
		}
		// The quote ends the string unless an odd number of
		// backslashes escapes it.
		k := i + j
		n := 0
		for k-n-1 >= i && b[k-n-1] == '\\' {
			n++
		}
		if n%2 == 0 {
			return k + 1, nil
		}
		i = k + 1
	}
	return 0, errors.New("unterminated string")
}

// skipValue returns the offset after the value starting at b[i]: a
// string, an object or array (to its matching bracket), or a literal or
// number (to the next delimiter).
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, errors.New("unexpected end of JSON")
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				end, err := skipString(b, i)
				if err != nil {
					return 0, err
				}
				i = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1, nil
				}
			}
		}
		return 0, errors.New("unexpected end of JSON")
	case ',', '}', ']', ':':
		return 0, fmt.Errorf("want a value at offset %d", i)
	}
	start := i
	for i < len(b) && bytes.IndexByte([]byte(",}] \t\n\r"), b[i]) < 0 {
		i++
	}
	if !json.Valid(b[start:i]) {
		return 0, fmt.Errorf("invalid value %q at offset %d", b[start:i], start)
	}
	return i, nil
}
