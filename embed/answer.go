package embed

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	openai "github.com/sashabaranov/go-openai"
)

// answerKey is the context key of where [capped] decodes the successful
// answer of an /embeddings request (an *answer). The client library's
// own decoder would buffer the whole answer (tens of megabytes for a
// batch of long vectors) and then grow each vector by appending;
// decoding it as it is read holds one vector's text at a time, and the
// vectors asked for.
type answerKey struct{}

// answer is where [capped] puts a decoded /embeddings answer to want
// inputs: its vectors, or why it is not one. done is set once decoded.
type answer struct {
	want int
	data []openai.Embedding
	err  error
	done bool
}

// answerError is the error of an answer that is not an embeddings list,
// naming the field that is wrong ("data[3].embedding[17]").
type answerError struct {
	field, msg string
	notJSON    bool // not JSON at all, or not an object: a wrong base URL?
}

func (e *answerError) Error() string {
	if e.field == "" {
		return e.msg
	}
	return e.field + ": " + e.msg
}

// decodeAnswer decodes the embeddings list r holds, as it reads it, into
// at most want vectors: a longer list fails at its first extra entry.
// Fields other than data are skipped. A read error (a body over its
// limit, a connection lost) is returned as it is; an answer that is not
// an embeddings list gives an *answerError.
func decodeAnswer(r io.Reader, want int) ([]openai.Embedding, error) {
	dec := json.NewDecoder(r)
	if err := openDelim(dec, '{', ""); err != nil {
		return nil, err
	}
	var data []openai.Embedding
	seen := false
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, syntaxOf(err, "")
		}
		if key, _ := tok.(string); key != "data" {
			if err := skipValue(dec); err != nil {
				return nil, syntaxOf(err, key)
			}
			continue
		}
		if seen {
			return nil, &answerError{field: "data", msg: "given twice"}
		}
		seen = true
		if data, err = decodeData(dec, want); err != nil {
			return nil, err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, syntaxOf(err, "")
	}
	if !seen {
		return nil, &answerError{field: "data", msg: "missing"}
	}
	return data, nil
}

// decodeData decodes the data array of an answer, one entry at a time.
func decodeData(dec *json.Decoder, want int) ([]openai.Embedding, error) {
	if err := openDelim(dec, '[', "data"); err != nil {
		return nil, err
	}
	data := make([]openai.Embedding, 0, want)
	for i := 0; dec.More(); i++ {
		field := fmt.Sprintf("data[%d]", i)
		if i >= want {
			return nil, &answerError{field: field, msg: fmt.Sprintf("more vectors than the %d inputs sent", want)}
		}
		var entry struct {
			Index     *int    `json:"index"`
			Embedding *vector `json:"embedding"`
		}
		if err := dec.Decode(&entry); err != nil {
			var bad *answerError
			if errors.As(err, &bad) {
				bad.field = field + "." + bad.field
				return nil, bad
			}
			return nil, syntaxOf(err, field)
		}
		index := i // a server that leaves it out lists in input order
		if entry.Index != nil {
			index = *entry.Index
		}
		if entry.Embedding == nil || *entry.Embedding == nil {
			return nil, &answerError{field: field + ".embedding", msg: "missing"}
		}
		data = append(data, openai.Embedding{Index: index, Embedding: *entry.Embedding})
	}
	if _, err := dec.Token(); err != nil { // the closing bracket
		return nil, syntaxOf(err, "data")
	}
	return data, nil
}

// vector is the embedding of a data entry, parsed by its UnmarshalJSON
// from the decoder's own buffer, not a copy.
type vector []float32

// UnmarshalJSON parses raw, a JSON array of numbers, as
// [parseVector] does, with an error naming "embedding".
func (v *vector) UnmarshalJSON(raw []byte) error {
	if string(trimSpace(raw)) == "null" {
		return nil
	}
	vec, err := parseVector(raw, "embedding")
	if err != nil {
		return err
	}
	*v = vec
	return nil
}

// parseVector parses raw, a JSON array of numbers, into float32s, naming
// field and the position of a value that is not a number or that
// float32 cannot hold (1e39). Its length is counted first, so that the
// vector is allocated once, and one longer than an index holds
// ([MaxDims]) is refused unparsed.
func parseVector(raw []byte, field string) ([]float32, error) {
	body, ok := arrayBody(raw)
	if !ok {
		return nil, &answerError{field: field, msg: fmt.Sprintf("%s is not an array of numbers", clip(raw))}
	}
	if len(trimSpace(body)) == 0 {
		return []float32{}, nil
	}
	n := 1 + bytes.Count(body, []byte{','})
	if n > MaxDims {
		return nil, &answerError{field: field, msg: fmt.Sprintf("%d values, more than the %d an index holds", n, MaxDims)}
	}
	vec := make([]float32, 0, n)
	for j := 0; ; j++ {
		end := 0
		for end < len(body) && body[end] != ',' {
			end++
		}
		num := trimSpace(body[:end])
		at := func() string { return fmt.Sprintf("%s[%d]", field, j) }
		if !isJSONNumber(num) {
			return nil, &answerError{field: at(), msg: fmt.Sprintf("%s is not a number", clip(num))}
		}
		f, err := strconv.ParseFloat(string(num), 32)
		if err != nil || math.IsInf(f, 0) {
			return nil, &answerError{field: at(), msg: fmt.Sprintf("value %s out of range of a float32 (at most %g)", clip(num), math.MaxFloat32)}
		}
		vec = append(vec, float32(f))
		if end == len(body) {
			break
		}
		body = body[end+1:]
	}
	return vec, nil
}

// arrayBody returns what stands between the brackets of raw, a JSON
// array, and whether raw is one.
func arrayBody(raw []byte) ([]byte, bool) {
	raw = trimSpace(raw)
	if len(raw) < 2 || raw[0] != '[' || raw[len(raw)-1] != ']' {
		return nil, false
	}
	return raw[1 : len(raw)-1], true
}

// trimSpace removes JSON's white space around b.
func trimSpace(b []byte) []byte {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// isJSONNumber reports whether b is a number as JSON writes one:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?. strconv takes more
// (Inf, NaN, hex, a leading +).
func isJSONNumber(b []byte) bool {
	digits := func(i int) int {
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i
	}
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && '1' <= b[i] && b[i] <= '9':
		i = digits(i)
	default:
		return false
	}
	if i < len(b) && b[i] == '.' {
		if j := digits(i + 1); j > i+1 {
			i = j
		} else {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(i)
		if j == i {
			return false
		}
		i = j
	}
	return i == len(b)
}

// clip returns b quoted, cut to 40 bytes: the server's text, in an
// error.
func clip(b []byte) string {
	const most = 40
	if len(b) > most {
		return strconv.Quote(string(b[:most])) + "..."
	}
	return strconv.Quote(string(b))
}

// openDelim reads the token that opens field's value, which must be
// delim.
func openDelim(dec *json.Decoder, delim json.Delim, field string) error {
	tok, err := dec.Token()
	if err != nil {
		return syntaxOf(err, field)
	}
	if d, ok := tok.(json.Delim); !ok || d != delim {
		kind := "an object"
		if delim == '[' {
			kind = "an array"
		}
		return &answerError{field: field, msg: fmt.Sprintf("not %s", kind), notJSON: field == ""}
	}
	return nil
}

// skipValue reads past the next value of dec, token by token.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// syntaxOf returns err, an error of the JSON decoder at field, as an
// *answerError when the text is at fault; a read error stays as it is.
func syntaxOf(err error, field string) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return &answerError{field: field, msg: fmt.Sprintf("not JSON (%v at byte %d)", syn, syn.Offset), notJSON: field == ""}
	case errors.As(err, &typ):
		f := field
		if typ.Field != "" {
			f += "." + typ.Field
		}
		return &answerError{field: f, msg: fmt.Sprintf("a JSON %s, not a %s", typ.Value, typ.Type)}
	case errors.Is(err, io.EOF):
		return io.ErrUnexpectedEOF
	}
	return err
}
