package static

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/unicode/norm"
)

// Tokenizer splits text into token ids the way a Hugging Face
// tokenizer.json describes: a normalizer, a pre-tokenizer and a WordPiece,
// Unigram or WordLevel model. Special tokens are never added, as
// Model2Vec encodes without them. A Tokenizer is safe for concurrent use.
type Tokenizer struct {
	normalize step[string]
	split     step[[]string]
	model     tokenModel
	size      int // one more than the largest id
}

// tokenModel turns one pre-token into ids; an id of -1 marks a part it
// could not represent.
type tokenModel interface {
	tokenize(word string, ids []int) []int
}

// ParseTokenizer reads a Hugging Face tokenizer.json. It supports the
// pieces Model2Vec models use: the BertNormalizer, Lowercase, NFD/NFC/
// NFKD/NFKC, StripAccents, Strip, Replace, Prepend and Precompiled
// normalizers (Precompiled, SentencePiece's compiled character map, is
// approximated by NFKC); the BertPreTokenizer, Whitespace,
// WhitespaceSplit, Punctuation, Digits and Metaspace pre-tokenizers; and
// the WordPiece, Unigram and WordLevel models. Anything else (a BPE model,
// the ByteLevel pre-tokenizer) is an error naming it, and so is a
// normalizer or pre-tokenizer whose configured strings could make a text
// more than maxGrowth times longer, or more than maxGrowthExtra bytes
// longer (a chain of Replace steps that each double it): the error names
// the step.
func ParseTokenizer(b []byte) (*Tokenizer, error) {
	doc, err := objectMembers(b)
	if err != nil {
		return nil, fmt.Errorf("not a tokenizer.json: %w", err)
	}
	t := &Tokenizer{}
	if t.normalize, err = parseNormalizer(lookup(doc, "normalizer")); err == nil {
		err = checkGrowth(t.normalize.name, none, t.normalize.growth)
	}
	if err != nil {
		return nil, fmt.Errorf("normalizer: %w", err)
	}
	if t.split, err = parsePreTokenizer(lookup(doc, "pre_tokenizer")); err == nil {
		err = checkGrowth(t.split.name, none, t.split.growth)
	}
	if err != nil {
		return nil, fmt.Errorf("pre_tokenizer: %w", err)
	}
	if t.model, t.size, err = parseModel(lookup(doc, "model")); err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}
	return t, nil
}

// Tokenize appends the ids of text to ids and returns them, with -1 for
// each pre-token the model could not represent; unknown receives each such
// pre-token (after normalization). The output of every normalizer step is
// cut to maxGrowth times the length of text plus maxGrowthExtra bytes, and
// that of every pre-tokenizer step to as much of the normalized text: a
// step whose growth depends on the text's own characters, such as NFKC's
// expansions, cannot multiply it either.
func (t *Tokenizer) Tokenize(text string, ids []int, unknown func(word string)) []int {
	limit := limitOf(len(text))
	norm := cutString(t.normalize.run(text, limit), limit)
	limit = limitOf(len(norm))
	words := cutPieces(t.split.run([]string{norm}, limit), limit)
	for _, w := range words {
		if w == "" {
			continue
		}
		n := len(ids)
		ids = t.model.tokenize(w, ids)
		for _, id := range ids[n:] {
			if id < 0 {
				if unknown != nil {
					unknown(w)
				}
				break
			}
		}
	}
	return ids
}

// Size returns one more than the largest token id.
func (t *Tokenizer) Size() int { return t.size }

type typed struct {
	Type string `json:"type"`
}

func isNull(raw json.RawMessage) bool {
	s := bytes.TrimSpace(raw) // not a string: the model member is the whole vocabulary
	return len(s) == 0 || string(s) == "null"
}

// step is a normalizer or pre-tokenizer step.
type step[T any] struct {
	// run transforms its input; a sequence cuts what each of its steps
	// outputs to limit bytes.
	run func(v T, limit int) T
	// growth bounds how much longer run makes its input.
	growth growth
	// name describes the step in errors.
	name string
}

// leaf returns the step of name that runs f and adds at most g.
func leaf[T any](name string, f func(T) T, g growth) step[T] {
	return step[T]{run: func(v T, _ int) T { return f(v) }, growth: g, name: name}
}

// sequence parses the "Sequence" raw, whose steps are under key, with
// parse, into one step that runs them in order, cutting the output of
// each with cut. A step that could make the text too long, with the steps
// before it, is refused by its index and name.
func sequence[T any](raw json.RawMessage, key string, parse func(json.RawMessage, *int) (step[T], error), cut func(T, int) T, left *int) (step[T], error) {
	var seq map[string]json.RawMessage
	if err := json.Unmarshal(raw, &seq); err != nil {
		return step[T]{}, err
	}
	var steps []json.RawMessage
	if r, ok := seq[key]; ok {
		if err := json.Unmarshal(r, &steps); err != nil {
			return step[T]{}, fmt.Errorf("%s: %w", key, err)
		}
	}
	if len(steps) > *left {
		return step[T]{}, fmt.Errorf("%s: %w", key, errTooManySteps)
	}
	fs := make([]func(T, int) T, len(steps))
	total := none
	for i, r := range steps {
		f, err := parse(r, left)
		if err == nil {
			err = checkGrowth(f.name, total, f.growth)
		}
		if err != nil {
			return step[T]{}, fmt.Errorf("%s[%d]: %w", key, i, err)
		}
		fs[i], total = f.run, total.then(f.growth)
	}
	run := func(v T, limit int) T {
		for _, f := range fs {
			v = cut(f(v, limit), limit)
		}
		return v
	}
	return step[T]{run: run, growth: total, name: "Sequence"}, nil
}

// errTooManySteps is the error of a normalizer or pre-tokenizer of more
// than MaxTokenizerSteps steps.
var errTooManySteps = fmt.Errorf("more than %d steps", MaxTokenizerSteps)

// takeStep counts one more step against left, failing past
// MaxTokenizerSteps: the steps are counted as they are parsed, so that
// neither many steps nor Sequences nested deep are parsed before the
// refusal.
func takeStep(left *int) error {
	if *left--; *left < 0 {
		return errTooManySteps
	}
	return nil
}

func parseNormalizer(raw json.RawMessage) (step[string], error) {
	left := MaxTokenizerSteps
	return normalizerIn(raw, &left)
}

func normalizerIn(raw json.RawMessage, left *int) (step[string], error) {
	if isNull(raw) {
		return leaf("no normalizer", func(s string) string { return s }, none), nil
	}
	if err := takeStep(left); err != nil {
		return step[string]{}, err
	}
	var ty typed
	if err := json.Unmarshal(raw, &ty); err != nil {
		return step[string]{}, err
	}
	f, g, err := normalizerStep(ty.Type, raw)
	if err != nil {
		return step[string]{}, err
	}
	if f == nil {
		return sequence(raw, "normalizers", normalizerIn, cutString, left)
	}
	name := ty.Type
	if ty.Type == "Replace" || ty.Type == "Prepend" {
		name = ty.Type + " " + stepName(raw)
	}
	return leaf(name, f, g), nil
}

// stepName describes the step raw configures in an error: its JSON, cut
// to a line.
func stepName(raw json.RawMessage) string {
	const most = 160
	if len(raw) <= most {
		return string(raw)
	}
	return cutString(string(raw), most) + "…"
}

// normalizerStep returns the normalizer of type ty that raw configures
// and its growth, or a nil function for a Sequence.
func normalizerStep(ty string, raw json.RawMessage) (func(string) string, growth, error) {
	switch ty {
	case "Sequence":
		return nil, none, nil
	case "BertNormalizer":
		f, err := bertNormalizer(raw)
		return f, none, err
	case "Lowercase":
		return strings.ToLower, none, nil
	case "StripAccents":
		return stripAccents, none, nil
	case "NFD":
		return norm.NFD.String, none, nil
	case "NFKD":
		return norm.NFKD.String, none, nil
	case "NFC":
		return norm.NFC.String, none, nil
	case "NFKC", "Precompiled":
		return norm.NFKC.String, none, nil
	case "Strip":
		var c struct {
			Left  bool `json:"strip_left"`
			Right bool `json:"strip_right"`
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, none, err
		}
		return func(s string) string {
			if c.Left {
				s = strings.TrimLeftFunc(s, unicode.IsSpace)
			}
			if c.Right {
				s = strings.TrimRightFunc(s, unicode.IsSpace)
			}
			return s
		}, none, nil
	case "Prepend":
		var c struct {
			Prepend string `json:"prepend"`
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, none, err
		}
		return func(s string) string {
			if s == "" {
				return s
			}
			return c.Prepend + s
		}, growth{factor: 1, extra: float64(len(c.Prepend))}, nil
	case "Replace":
		return replaceNormalizer(raw)
	}
	return nil, none, fmt.Errorf("unsupported normalizer type %q", ty)
}

// bertNormalizer returns the BertNormalizer raw configures: its options
// default as in BERT, strip_accents following lowercase when unset.
func bertNormalizer(raw json.RawMessage) (func(string) string, error) {
	var c struct {
		CleanText    *bool `json:"clean_text"`
		ChineseChars *bool `json:"handle_chinese_chars"`
		StripAccents *bool `json:"strip_accents"`
		Lowercase    *bool `json:"lowercase"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, err
	}
	on := func(p *bool, def bool) bool {
		if p == nil {
			return def
		}
		return *p
	}
	clean, cjk, lower := on(c.CleanText, true), on(c.ChineseChars, true), on(c.Lowercase, true)
	strip := on(c.StripAccents, lower) // unset: follows lowercase, as in BERT
	return func(s string) string {
		if clean && cjk && lower && isASCII(s) {
			return cleanLowerASCII(s) // nothing to pad or strip
		}
		if clean {
			s = cleanText(s)
		}
		if cjk {
			s = spaceChinese(s)
		}
		if strip {
			s = stripAccents(s)
		}
		if lower {
			s = strings.ToLower(s)
		}
		return s
	}, nil
}

// replaceNormalizer returns the Replace normalizer raw configures, with a
// literal or a regular-expression pattern, and its growth.
func replaceNormalizer(raw json.RawMessage) (func(string) string, growth, error) {
	var c struct {
		Pattern struct {
			String *string `json:"String"`
			Regex  *string `json:"Regex"`
		} `json:"pattern"`
		Content string `json:"content"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, none, err
	}
	switch {
	case c.Pattern.String != nil:
		old := *c.Pattern.String
		return func(s string) string { return strings.ReplaceAll(s, old, c.Content) }, replaceGrowth(len(old), c.Content), nil
	case c.Pattern.Regex != nil:
		re, err := regexp.Compile(*c.Pattern.Regex)
		if err != nil {
			return nil, none, fmt.Errorf("Replace pattern: %w", err)
		}
		// regexp.Compile parsed it already.
		syn, err := syntax.Parse(*c.Pattern.Regex, syntax.Perl)
		if err != nil {
			return nil, none, fmt.Errorf("Replace pattern: %w", err)
		}
		return func(s string) string { return re.ReplaceAllLiteralString(s, c.Content) }, replaceGrowth(minMatch(syn.Simplify()), c.Content), nil
	}
	return nil, none, fmt.Errorf("Replace without a pattern")
}

// cleanText drops control characters and the replacement character and
// turns every whitespace character into a space, as BERT's normalizer does.
func cleanText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == 0 || r == utf8.RuneError:
			return -1
		case r == '\t' || r == '\n' || r == '\r' || unicode.IsSpace(r):
			return ' '
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// cleanLowerASCII is cleanText then strings.ToLower for ASCII text, in one
// pass: controls other than tab, newline and carriage return dropped,
// whitespace made spaces, letters lowered.
func cleanLowerASCII(s string) string {
	b := make([]byte, len(s))
	n := 0
	for i := 0; i < len(s); i++ {
		c := cleanLower[s[i]&0x7f] // s is ASCII
		b[n] = c
		n += int(c>>7 ^ 1) // a dropped character is overwritten next
	}
	return unsafe.String(unsafe.SliceData(b), n) // b is not written again
}

// cleanLower maps each ASCII character to what cleanLowerASCII makes of
// it, 0x80 for one it drops.
var cleanLower = func() (t [utf8.RuneSelf]byte) {
	for c := range t {
		switch {
		case c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			t[c] = ' '
		case c < 0x20 || c == 0x7f:
			t[c] = 0x80
		case 'A' <= c && c <= 'Z':
			t[c] = byte(c) + 'a' - 'A'
		default:
			t[c] = byte(c)
		}
	}
	return t
}()

// isChinese reports whether r is a CJK ideograph, in the ranges BERT pads
// with spaces.
func isChinese(r rune) bool {
	return r >= 0x4E00 && r <= 0x9FFF || r >= 0x3400 && r <= 0x4DBF || r >= 0x20000 && r <= 0x2A6DF ||
		r >= 0x2A700 && r <= 0x2CEAF || r >= 0xF900 && r <= 0xFAFF || r >= 0x2F800 && r <= 0x2FA1F
}

func spaceChinese(s string) string {
	var b strings.Builder
	for i, r := range s {
		if isChinese(r) {
			if b.Len() == 0 {
				b.Grow(len(s) + 16)
				b.WriteString(s[:i])
			}
			b.WriteByte(' ')
			b.WriteRune(r)
			b.WriteByte(' ')
		} else if b.Len() > 0 {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return s
	}
	return b.String()
}

// stripAccents removes combining marks after canonical decomposition:
// "café" becomes "cafe".
func stripAccents(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, norm.NFD.String(s))
}

func parsePreTokenizer(raw json.RawMessage) (step[[]string], error) {
	left := MaxTokenizerSteps
	return preTokenizerIn(raw, &left)
}

func preTokenizerIn(raw json.RawMessage, left *int) (step[[]string], error) {
	if isNull(raw) {
		return leaf("no pre-tokenizer", func(s []string) []string { return s }, none), nil
	}
	if err := takeStep(left); err != nil {
		return step[[]string]{}, err
	}
	var ty typed
	if err := json.Unmarshal(raw, &ty); err != nil {
		return step[[]string]{}, err
	}
	f, g, err := preTokenizerStep(ty.Type, raw)
	if err != nil {
		return step[[]string]{}, err
	}
	if f == nil {
		return sequence(raw, "pretokenizers", preTokenizerIn, cutPieces, left)
	}
	name := ty.Type
	if ty.Type == "Metaspace" {
		name = ty.Type + " " + stepName(raw)
	}
	return leaf(name, f, g), nil
}

// preTokenizerStep returns the pre-tokenizer of type ty that raw
// configures and its growth, or a nil function for a Sequence.
func preTokenizerStep(ty string, raw json.RawMessage) (func([]string) []string, growth, error) {
	switch ty {
	case "Sequence":
		return nil, none, nil
	case "BertPreTokenizer":
		return splitEach(newClasses(bertClass)), none, nil
	case "Whitespace":
		return splitEach(newClasses(wordClass)), none, nil
	case "WhitespaceSplit":
		return eachPiece(func(s string, out []string) []string { return append(out, strings.Fields(s)...) }), none, nil
	case "Punctuation":
		return splitEach(newClasses(punctClass)), none, nil
	case "Digits":
		return digitsPreTokenizer(raw)
	case "Metaspace":
		return metaspacePreTokenizer(raw)
	}
	return nil, none, fmt.Errorf("unsupported pre-tokenizer type %q", ty)
}

// digitsPreTokenizer returns the Digits pre-tokenizer raw configures: runs
// of digits split from the rest, or each digit alone with
// individual_digits.
func digitsPreTokenizer(raw json.RawMessage) (func([]string) []string, growth, error) {
	var c struct {
		Individual bool `json:"individual_digits"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, none, err
	}
	return splitEach(newClasses(func(r rune) int {
		switch {
		case !unicode.IsDigit(r):
			return classRun
		case c.Individual:
			return classAlone
		}
		return classRun + 1
	})), none, nil
}

// metaspacePreTokenizer returns the Metaspace pre-tokenizer raw
// configures and its growth: each space becomes the replacement, and each
// piece may start with one more.
func metaspacePreTokenizer(raw json.RawMessage) (func([]string) []string, growth, error) {
	var c struct {
		Replacement    string  `json:"replacement"`
		AddPrefixSpace *bool   `json:"add_prefix_space"`
		PrependScheme  *string `json:"prepend_scheme"`
		Split          *bool   `json:"split"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, none, err
	}
	if c.Replacement == "" {
		c.Replacement = "▁"
	}
	scheme := "always"
	if c.PrependScheme != nil {
		scheme = *c.PrependScheme
	} else if c.AddPrefixSpace != nil && !*c.AddPrefixSpace {
		scheme = "never"
	}
	split := c.Split == nil || *c.Split
	rep := c.Replacement
	n := float64(len(rep))
	g := growth{factor: max(1, n) + n}
	return func(pieces []string) []string {
		out := make([]string, 0, len(pieces)*2)
		for i, s := range pieces {
			s = strings.ReplaceAll(s, " ", rep)
			if (scheme == "always" || scheme == "first" && i == 0) && !strings.HasPrefix(s, rep) && s != "" {
				s = rep + s
			}
			if !split {
				out = append(out, s)
				continue
			}
			out = splitBefore(out, s, rep)
		}
		return out
	}, g, nil
}

// splitBefore appends to out the pieces of s cut before each rep that
// does not start s.
func splitBefore(out []string, s, rep string) []string {
	for s != "" {
		k := 0
		if strings.HasPrefix(s, rep) {
			k = len(rep)
		}
		j := strings.Index(s[k:], rep)
		if j < 0 {
			return append(out, s)
		}
		out = append(out, s[:k+j])
		s = s[k+j:]
	}
	return out
}

func eachPiece(f func(s string, out []string) []string) func([]string) []string {
	return func(pieces []string) []string {
		n := 0
		for _, s := range pieces {
			n += len(s)
		}
		// Words and punctuation average more than four bytes with the
		// spaces between them, so out rarely grows.
		out := make([]string, 0, n/4+4)
		for _, s := range pieces {
			out = f(s, out)
		}
		return out
	}
}

// splitEach is the pre-tokenizer that splits each piece by the classes
// c, with splitClasses.
func splitEach(c *classes) func([]string) []string {
	return eachPiece(func(s string, out []string) []string { return splitClasses(s, out, c) })
}

// Character classes for splitClasses: spaces separate and are dropped,
// characters of classAlone stand alone, and runs of one class >= classRun
// stay together.
const (
	classSpace = iota
	classAlone
	classRun
)

// classes gives the class of every character for splitClasses: spaces
// are classSpace, the others the class of a function, looked up in a
// table for ASCII characters.
type classes struct {
	ascii [utf8.RuneSelf]int8
	other func(rune) int
}

func newClasses(class func(rune) int) *classes {
	c := &classes{other: class}
	for r := range rune(utf8.RuneSelf) {
		c.ascii[r] = int8(c.slow(r))
	}
	return c
}

func (c *classes) slow(r rune) int {
	if unicode.IsSpace(r) {
		return classSpace
	}
	return c.other(r)
}

// splitClasses appends the pieces of s to out: maximal runs of characters
// of the same class, spaces dropped, class-alone characters one by one.
// Invalid UTF-8 reads as utf8.RuneError, one byte at a time.
func splitClasses(s string, out []string, class *classes) []string {
	start, cur := -1, classSpace
	for i, size := 0, 0; i < len(s); i += size {
		var c int
		if b := s[i]; b < utf8.RuneSelf {
			c, size = int(class.ascii[b]), 1
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			c = class.slow(r)
		}
		if c == cur && c >= classRun {
			continue
		}
		if start >= 0 {
			out = append(out, s[start:i])
			start = -1
		}
		cur = c
		if c != classSpace {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// isBertPunct reports the characters BERT splits off: ASCII symbols and
// punctuation, and Unicode punctuation.
func isBertPunct(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 33 && r <= 47 || r >= 58 && r <= 64 || r >= 91 && r <= 96 || r >= 123 && r <= 126
	}
	return unicode.IsPunct(r)
}

func bertClass(r rune) int {
	if isBertPunct(r) {
		return classAlone
	}
	return classRun
}

func punctClass(r rune) int { return bertClass(r) }

// wordClass groups like the regular expression \w+|[^\w\s]+.
func wordClass(r rune) int {
	if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) {
		return classRun
	}
	return classRun + 1
}

// modelConfig is the "model" member of tokenizer.json, its vocabulary
// left raw.
type modelConfig struct {
	Type       string
	Vocab      json.RawMessage
	UnkToken   *string
	UnkID      *int
	Prefix     *string
	MaxChars   int
	ByteFallbk bool
}

func parseModel(raw json.RawMessage) (tokenModel, int, error) {
	if isNull(raw) {
		return nil, 0, fmt.Errorf("missing")
	}
	var m modelConfig
	// The members are decoded one by one, so that the vocabulary is
	// scanned once, by parseVocab or scanVocabEntries.
	ms, err := objectMembers(raw)
	if err != nil {
		return nil, 0, err
	}
	m.Vocab = lookup(ms, "vocab")
	for _, f := range []struct {
		name string
		v    any
	}{{"type", &m.Type}, {"unk_token", &m.UnkToken}, {"unk_id", &m.UnkID}, {"continuing_subword_prefix", &m.Prefix},
		{"max_input_chars_per_word", &m.MaxChars}, {"byte_fallback", &m.ByteFallbk}} {
		if v := lookup(ms, f.name); v != nil {
			if err := json.Unmarshal(v, f.v); err != nil {
				return nil, 0, fmt.Errorf("%s: %w", f.name, err)
			}
		}
	}
	if m.Type == "" && m.Prefix != nil {
		m.Type = "WordPiece"
	}
	switch m.Type {
	case "WordLevel":
		return parseWordLevel(m)
	case "WordPiece":
		return parseWordPiece(m)
	case "Unigram":
		return parseUnigram(m)
	}
	return nil, 0, fmt.Errorf("unsupported model type %q (want WordPiece, Unigram or WordLevel)", m.Type)
}

// parseWordLevel returns the WordLevel model m describes and its
// vocabulary size.
func parseWordLevel(m modelConfig) (tokenModel, int, error) {
	vocab, err := parseVocab(m.Vocab)
	if err != nil {
		return nil, 0, fmt.Errorf("WordLevel vocab: %w", err)
	}
	size := 0
	for tok, id := range vocab {
		if err := checkID(tok, id); err != nil {
			return nil, 0, fmt.Errorf("WordLevel vocab: %w", err)
		}
		size = max(size, id+1)
	}
	return &wordLevel{vocab: vocab}, size, nil
}

// parseWordPiece returns the WordPiece model m describes and its
// vocabulary size.
func parseWordPiece(m modelConfig) (tokenModel, int, error) {
	vocab, err := vocabEntries(m.Vocab)
	if err != nil {
		return nil, 0, fmt.Errorf("WordPiece vocab: %w", err)
	}
	size := 0
	for _, e := range vocab {
		if err := checkID(e.key, e.id); err != nil {
			return nil, 0, fmt.Errorf("WordPiece vocab: %w", err)
		}
		size = max(size, e.id+1)
	}
	unk := -1
	if m.UnkToken != nil {
		if k, ok := slices.BinarySearchFunc(vocab, *m.UnkToken, func(e vocabEntry, t string) int { return strings.Compare(e.key, t) }); ok {
			unk = vocab[k].id
		}
	}
	prefix := "##"
	if m.Prefix != nil {
		prefix = *m.Prefix
	}
	return newWordPiece(vocab, prefix, m.MaxChars, unk), size, nil
}

// parseUnigram returns the Unigram model m describes and its vocabulary
// size.
func parseUnigram(m modelConfig) (tokenModel, int, error) {
	u := &unigram{unk: -1}
	entries, err := unigramRows(m.Vocab, u)
	if err != nil {
		return nil, 0, err
	}
	minScore := math.Inf(1)
	for _, sc := range u.scores {
		minScore = min(minScore, sc)
	}
	// The first of a piece given twice counts.
	slices.SortStableFunc(entries, func(a, b vocabEntry) int { return strings.Compare(a.key, b.key) })
	entries = slices.CompactFunc(entries, func(a, b vocabEntry) bool { return a.key == b.key })
	u.pieces = newTrie(entries)
	if m.UnkID != nil && *m.UnkID >= 0 && *m.UnkID < len(u.scores) {
		u.unk = *m.UnkID
	}
	u.unkScore = minScore - 10
	if m.ByteFallbk {
		u.bytes = make([]int, 256)
		for b := range u.bytes {
			u.bytes[b] = int(u.pieces.find(fmt.Sprintf("<0x%02X>", b)))
		}
	}
	return u, len(u.scores), nil
}

// unigramRows reads a Unigram vocabulary, [[piece, score], ...], into
// u.scores and returns its pieces of at most MaxTokenBytes with their
// ids (the row numbers), in order. Rows are scanned by hand, a row that
// does not scan (an exponent, an escape) decoded by encoding/json: a
// slice of all rows decoded at once cost about 400 bytes a piece, and
// decoding each with encoding/json about 9 us.
func unigramRows(b []byte, u *unigram) ([]vocabEntry, error) {
	bad := func(err error) error { return fmt.Errorf("Unigram vocab: want [[piece, score], ...]: %w", err) }
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return nil, bad(errors.New("not an array"))
	}
	// A row takes 8 bytes at least: one slice, not append's growth of
	// five times its size.
	entries := make([]vocabEntry, 0, min(len(b)/8, MaxVocabTokens+1))
	u.scores = make([]float64, 0, cap(entries))
	var budget vocabBudget
	i = skipSpace(b, i+1)
	for id := 0; i >= len(b) || b[i] != ']'; id++ {
		end, err := skipValue(b, i)
		if err != nil {
			return nil, bad(err)
		}
		piece, score, ok := scanUnigramRow(b[i:end])
		if !ok {
			var r [2]json.RawMessage
			if err := json.Unmarshal(b[i:end], &r); err != nil {
				return nil, bad(err)
			}
			if err := json.Unmarshal(r[0], &piece); err != nil {
				return nil, fmt.Errorf("Unigram vocab entry %d: %w", id, err)
			}
			if err := json.Unmarshal(r[1], &score); err != nil {
				return nil, fmt.Errorf("Unigram vocab entry %d: %w", id, err)
			}
		}
		if err := budget.add(piece); err != nil {
			return nil, fmt.Errorf("Unigram vocab: %w", err)
		}
		if len(piece) <= MaxTokenBytes {
			entries = append(entries, vocabEntry{piece, id}) // the trie copies it
		}
		u.scores = append(u.scores, score)
		if i = skipSpace(b, end); i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		} else if i >= len(b) || b[i] != ']' {
			return nil, bad(fmt.Errorf("no comma after row %d", id))
		}
	}
	return entries, nil
}

// scanUnigramRow scans row, ["piece", score], without escapes or
// exponents; the piece aliases row. It reports false for anything else.
func scanUnigramRow(row []byte) (string, float64, bool) {
	if len(row) < 2 || row[0] != '[' || row[len(row)-1] != ']' {
		return "", 0, false
	}
	i := skipSpace(row, 1)
	if i >= len(row) || row[i] != '"' {
		return "", 0, false
	}
	q := bytes.IndexByte(row[i+1:], '"')
	if q < 0 {
		return "", 0, false
	}
	p := row[i+1 : i+1+q]
	if bytes.IndexByte(p, '\\') >= 0 || !utf8.Valid(p) || bytes.ContainsFunc(p, func(r rune) bool { return r < 0x20 }) {
		return "", 0, false
	}
	i = skipSpace(row, i+2+q)
	if i >= len(row) || row[i] != ',' {
		return "", 0, false
	}
	num := bytes.TrimRight(row[skipSpace(row, i+1):len(row)-1], " \t\n\r")
	if !plainNumber(num) {
		return "", 0, false
	}
	score, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(num), len(num)), 64)
	if err != nil {
		return "", 0, false
	}
	return unsafe.String(unsafe.SliceData(p), len(p)), score, true
}

// plainNumber reports whether b is a JSON number without an exponent:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?.
func plainNumber(b []byte) bool {
	if len(b) > 0 && b[0] == '-' {
		b = b[1:]
	}
	digits := func() int {
		n := 0
		for n < len(b) && b[n] >= '0' && b[n] <= '9' {
			n++
		}
		d := n
		b = b[n:]
		return d
	}
	lead := len(b) > 0 && b[0] == '0'
	if n := digits(); n == 0 || lead && n > 1 {
		return false
	}
	if len(b) > 0 && b[0] == '.' {
		b = b[1:]
		if digits() == 0 {
			return false
		}
	}
	return len(b) == 0
}

// wordLevel maps each pre-token to its id.
type wordLevel struct{ vocab map[string]int }

func (m *wordLevel) tokenize(w string, ids []int) []int {
	if id, ok := m.vocab[w]; ok {
		return append(ids, id)
	}
	return append(ids, -1)
}

// wordPiece splits a pre-token greedily into the longest pieces of its
// vocabulary, the first as is and the others with the continuing-subword
// prefix; a word that cannot be split whole is unknown.
type wordPiece struct {
	first    *trie // the tokens
	cont     *trie // the tokens with the prefix, without it
	maxChars int
	unk      int
}

// newWordPiece returns the WordPiece model of vocab, sorted by token and
// distinct, with the continuing-subword prefix and the longest word in
// characters (100 when not positive); a token (after the prefix, for a
// continuing one) over MaxTokenBytes is left out.
func newWordPiece(vocab []vocabEntry, prefix string, maxChars, unk int) *wordPiece {
	// The tokens with the prefix are a run of the sorted vocabulary,
	// still sorted without it.
	lo, _ := slices.BinarySearchFunc(vocab, prefix, func(e vocabEntry, t string) int { return strings.Compare(e.key, t) })
	hi := lo
	for hi < len(vocab) && strings.HasPrefix(vocab[hi].key, prefix) {
		hi++
	}
	cont := make([]vocabEntry, 0, hi-lo)
	for _, e := range vocab[lo:hi] {
		if k := e.key[len(prefix):]; len(k) <= MaxTokenBytes {
			cont = append(cont, vocabEntry{k, e.id})
		}
	}
	if maxChars <= 0 {
		maxChars = 100
	}
	first := slices.DeleteFunc(slices.Clone(vocab), func(e vocabEntry) bool { return len(e.key) > MaxTokenBytes })
	return &wordPiece{first: newTrie(first), cont: newTrie(cont), maxChars: maxChars, unk: unk}
}

func (m *wordPiece) tokenize(w string, ids []int) []int {
	if utf8.RuneCountInString(w) > m.maxChars {
		return append(ids, -1)
	}
	n := len(ids)
	for start := 0; start < len(w); {
		t := m.first
		if start > 0 {
			t = m.cont
		}
		// The longest token that w[start:] starts with and that ends
		// where a character of w does.
		found, end := int32(-1), start
		for i, p := start, int32(0); i < len(w); i++ {
			if p = t.child(p, w[i]); p < 0 {
				break
			}
			if id := t.id[p]; id >= 0 && (i+1 == len(w) || utf8.RuneStart(w[i+1])) {
				found, end = id, i+1
			}
		}
		if found < 0 {
			return append(ids[:n], -1)
		}
		ids = append(ids, int(found))
		start = end
	}
	return ids
}

// unigram segments a pre-token into the pieces of highest total score
// (Viterbi), as SentencePiece's unigram model does. A character no piece
// covers becomes unknown (or its UTF-8 bytes, with byte fallback).
type unigram struct {
	pieces   *trie // pieces of at most MaxTokenBytes
	scores   []float64
	unk      int
	unkScore float64
	bytes    []int // byte-fallback piece ids, or nil
}

func (m *unigram) tokenize(w string, ids []int) []int {
	type cell struct {
		score float64
		from  int
		id    int
	}
	best := make([]cell, len(w)+1)
	for i := 1; i <= len(w); i++ {
		best[i].score = math.Inf(-1)
	}
	for i := 0; i < len(w); {
		_, size := utf8.DecodeRuneInString(w[i:])
		if !math.IsInf(best[i].score, -1) {
			// The pieces w[i:] starts with, in one walk of the trie: at
			// most MaxTokenBytes steps.
			covered := false
			for j, p := i, int32(0); j < len(w); {
				if p = m.pieces.child(p, w[j]); p < 0 {
					break
				}
				j++
				if id := int(m.pieces.id[p]); id >= 0 && (j == len(w) || utf8.RuneStart(w[j])) {
					if s := best[i].score + m.scores[id]; s > best[j].score {
						best[j] = cell{s, i, id}
					}
					if j == i+size {
						covered = true
					}
				}
			}
			if !covered {
				if s := best[i].score + m.unkScore; s > best[i+size].score {
					best[i+size] = cell{s, i, -1}
				}
			}
		}
		i += size
	}
	type span struct{ from, to, id int }
	var segs []span
	for j := len(w); j > 0; j = best[j].from {
		segs = append(segs, span{best[j].from, j, best[j].id})
	}
	for k := len(segs) - 1; k >= 0; k-- {
		sp := segs[k]
		switch {
		case sp.id >= 0:
			ids = append(ids, sp.id)
		case m.bytes != nil:
			// Byte fallback: spell the character in byte pieces.
			for b := sp.from; b < sp.to; b++ {
				ids = append(ids, m.bytes[w[b]])
			}
		case len(ids) > 0 && k < len(segs)-1 && segs[k+1].id < 0:
			// A run of unknown characters is one unknown, as in SentencePiece.
		default:
			ids = append(ids, -1)
		}
	}
	return ids
}

// checkID reports a token id that is negative or does not fit in an int32.
func checkID(tok string, id int) error {
	if id < 0 {
		return fmt.Errorf("token %q has negative id %d", tok, id)
	}
	if id > math.MaxInt32 {
		return fmt.Errorf("token %q has id %d, above 2^31-1", tok, id)
	}
	return nil
}

// vocabBudget counts a vocabulary's tokens and their bytes as it is
// read, against MaxVocabTokens and MaxVocabBytes.
type vocabBudget struct{ tokens, bytes int }

func (v *vocabBudget) add(tok string) error {
	v.tokens++
	v.bytes += len(tok)
	switch {
	case v.tokens > MaxVocabTokens:
		return fmt.Errorf("%w: over %d tokens", ErrVocabTooLarge, MaxVocabTokens)
	case v.bytes > MaxVocabBytes:
		return fmt.Errorf("%w: tokens of over %s of text", ErrVocabTooLarge, sizeName(MaxVocabBytes))
	}
	return nil
}

// vocabEntry is a token of a vocabulary and its id.
type vocabEntry struct {
	key string
	id  int
}

// vocabEntries decodes a JSON object of token ids, {"token": id, ...},
// into its entries sorted by token, one per token; the keys may alias b
// and must not outlive it. A vocabulary written with its keys in order
// (as cmd/memweave-distill writes it) needs no sorting.
func vocabEntries(b []byte) ([]vocabEntry, error) {
	cmp := func(a, b vocabEntry) int { return strings.Compare(a.key, b.key) }
	out, ok, err := scanVocabEntries(b)
	if err != nil {
		return nil, err
	}
	if ok {
		if !slices.IsSortedFunc(out, cmp) {
			slices.SortFunc(out, cmp)
		}
		unique := true
		for i := 1; i < len(out) && unique; i++ {
			unique = out[i].key != out[i-1].key
		}
		if unique {
			return out, nil
		}
	}
	vocab, err := parseVocab(b) // encoding/json decides about duplicates
	if err != nil {
		return nil, err
	}
	out = make([]vocabEntry, 0, len(vocab))
	for k, id := range vocab {
		out = append(out, vocabEntry{k, id})
	}
	slices.SortFunc(out, cmp)
	return out, nil
}

// parseVocab decodes a JSON object of token ids, {"token": id, ...}. It
// scans the object itself, which is several times faster than
// encoding/json's reflection for the tens of thousands of entries of a
// vocabulary; a token with escapes is unquoted by encoding/json, and
// anything it does not expect makes it fall back to encoding/json.
func parseVocab(b []byte) (map[string]int, error) {
	out, ok, err := scanVocab(b)
	if err != nil || ok {
		return out, err
	}
	out = nil
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	var budget vocabBudget
	for k := range out {
		if err := budget.add(k); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func scanVocab(b []byte) (map[string]int, bool, error) {
	entries, ok, err := scanVocabEntries(b)
	if !ok {
		return nil, false, err
	}
	out := make(map[string]int, len(entries))
	for _, e := range entries {
		if _, dup := out[e.key]; dup {
			return nil, false, nil // encoding/json keeps the last; let it decide
		}
		out[strings.Clone(e.key)] = e.id
	}
	return out, true, nil
}

// scanVocabEntries scans a JSON object of token ids into its entries, in
// the order of the object; keys without escapes alias b. It reports false
// for anything it does not expect: a negative, fractional or huge id,
// invalid UTF-8, malformed JSON; and an error wrapping ErrVocabTooLarge
// as soon as the entries pass MaxVocabTokens or MaxVocabBytes.
func scanVocabEntries(b []byte) ([]vocabEntry, bool, error) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, false, nil
	}
	out := make([]vocabEntry, 0, min(len(b)/12, MaxVocabTokens+1))
	if i = skipSpace(b, i+1); i < len(b) && b[i] == '}' {
		return out, skipSpace(b, i+1) == len(b), nil
	}
	var budget vocabBudget
	for {
		key, next, ok := scanVocabKey(b, i)
		if !ok {
			return nil, false, nil
		}
		if err := budget.add(key); err != nil {
			return nil, false, err
		}
		if i = skipSpace(b, next); i >= len(b) || b[i] != ':' {
			return nil, false, nil
		}
		id, next, ok := scanVocabID(b, skipSpace(b, i+1))
		if !ok {
			return nil, false, nil
		}
		out = append(out, vocabEntry{key, id})
		if i = skipSpace(b, next); i >= len(b) {
			return nil, false, nil
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return out, skipSpace(b, i+1) == len(b), nil
		default:
			return nil, false, nil
		}
	}
}

// scanVocabKey scans the JSON string at b[i] and returns it and the
// offset after it; without escapes it aliases b. It reports false for a
// control character, invalid UTF-8 or an unterminated string.
func scanVocabKey(b []byte, i int) (string, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return "", 0, false
	}
	start, escaped := i, false
	for i++; i < len(b) && b[i] != '"'; i++ {
		if b[i] == '\\' {
			escaped = true
			i++
		} else if b[i] < 0x20 {
			return "", 0, false
		}
	}
	if i >= len(b) {
		return "", 0, false
	}
	i++
	if escaped {
		var k string // on the heap only for the rare escaped key
		if err := json.Unmarshal(b[start:i], &k); err != nil {
			return "", 0, false
		}
		return k, i, true
	}
	key := unsafe.String(unsafe.SliceData(b[start+1:i]), i-1-(start+1))
	return key, i, utf8.ValidString(key)
}

// scanVocabID scans the token id at b[i], a non-negative integer of at
// most nine digits without a leading zero, and returns it and the offset
// after it.
func scanVocabID(b []byte, i int) (int, int, bool) {
	n, digits := 0, 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		if digits++; digits > 9 {
			return 0, 0, false
		}
		n = n*10 + int(b[i]-'0')
	}
	if digits == 0 || digits > 1 && b[i-digits] == '0' {
		return 0, 0, false
	}
	return n, i, true
}
