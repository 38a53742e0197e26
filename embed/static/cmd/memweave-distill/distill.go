package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/embed/static"
)

const (
	unkToken = "[UNK]"
	contPre  = "##"
	sifA     = 1e-4 // the smooth-inverse-frequency constant Model2Vec uses
)

// result is what distill reports on stdout.
type result struct {
	Out          string  `json:"out"`
	Tokens       int     `json:"tokens"`
	Pieces       int     `json:"subword_pieces"`
	Words        int     `json:"words"`
	EncoderDims  int     `json:"encoder_dims"`
	Dims         int     `json:"dims"`
	VarianceKept float64 `json:"pca_variance_kept"`
	Weights      string  `json:"weights"`
	ModelBytes   int     `json:"model_bytes"`
	Seconds      float64 `json:"seconds"`
}

// token is one vocabulary entry: its tokenizer form ("word" or "##piece"),
// the text the encoder embeds for it and its log-probability (NaN when
// unknown).
type token struct {
	form    string
	text    string
	logp    float64
	isPiece bool
}

// normalizeWord lowercases w and strips its accents, as the model's
// BertNormalizer does to text.
func normalizeWord(w string) string {
	w = strings.ToLower(w)
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, norm.NFD.String(w))
}

func allLetters(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// subwords reads the encoder's subword vocabulary: a vocab.json of
// [piece, logprob] pairs (SentencePiece, "▁" marking a word start) or a
// vocab.txt of WordPiece tokens ("##" marking a continuation). Pieces are
// normalized; pieces that differ only in case merge, their probabilities
// added. Special tokens (<s>, [CLS], ...) are dropped.
func subwords(path string) (pieces []token, scored bool, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	type raw struct {
		piece string
		logp  float64
	}
	var rows []raw
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '[' {
		var pairs [][2]json.RawMessage
		if err := json.Unmarshal(b, &pairs); err != nil {
			return nil, false, fmt.Errorf("%s: want a JSON list of [piece, logprob] pairs: %w", path, err)
		}
		for i, p := range pairs {
			var r raw
			if err := json.Unmarshal(p[0], &r.piece); err != nil {
				return nil, false, fmt.Errorf("%s: entry %d: %w", path, i, err)
			}
			if err := json.Unmarshal(p[1], &r.logp); err != nil {
				return nil, false, fmt.Errorf("%s: entry %d: %w", path, i, err)
			}
			if r.logp >= 0 { // SentencePiece gives control and unused pieces score 0
				continue
			}
			rows = append(rows, r)
		}
		scored = true
	} else {
		for line := range strings.SplitSeq(string(b), "\n") {
			line = strings.TrimRight(line, "\r")
			if line == "" || strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
				continue
			}
			if rest, ok := strings.CutPrefix(line, contPre); ok {
				rows = append(rows, raw{rest, math.NaN()})
			} else {
				rows = append(rows, raw{"▁" + line, math.NaN()})
			}
		}
	}
	index := map[string]int{}
	for _, r := range rows {
		start := strings.HasPrefix(r.piece, "▁")
		text := normalizeWord(strings.TrimPrefix(r.piece, "▁"))
		// Special tokens (<s>, <unk>) and pieces without a letter or digit
		// (punctuation, which would only add noise to a mean) are left out.
		if strings.HasPrefix(text, "<") && strings.HasSuffix(text, ">") || strings.ContainsRune(text, utf8.RuneError) ||
			strings.IndexFunc(text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
			continue
		}
		form := text
		if !start {
			form = contPre + text
		}
		if i, ok := index[form]; ok {
			pieces[i].logp = logAdd(pieces[i].logp, r.logp)
			continue
		}
		index[form] = len(pieces)
		pieces = append(pieces, token{form: form, text: text, logp: r.logp, isPiece: true})
	}
	return pieces, scored, nil
}

func logAdd(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	if a < b {
		a, b = b, a
	}
	return a + math.Log1p(math.Exp(b-a))
}

// segmentScore returns the log-probability of the best segmentation of
// word into pieces (the word-initial piece first), or -Inf when it has
// none: a unigram model's estimate of the word's log-probability.
func segmentScore(word string, start, cont map[string]float64, maxLen int) float64 {
	best := make([]float64, len(word)+1)
	for i := 1; i <= len(word); i++ {
		best[i] = math.Inf(-1)
	}
	for i := 0; i < len(word); i++ {
		if math.IsInf(best[i], -1) || !utf8.RuneStart(word[i]) {
			continue
		}
		table := cont
		if i == 0 {
			table = start
		}
		for j := i + 1; j <= len(word) && j-i <= maxLen; j++ {
			if lp, ok := table[word[i:j]]; ok && best[i]+lp > best[j] {
				best[j] = best[i] + lp
			}
		}
	}
	return best[len(word)]
}

// readWords returns the normalized, letters-only words of the list at
// path, each once, in list order.
func readWords(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := normalizeWord(strings.TrimSpace(sc.Text()))
		if !allLetters(w) || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// vocabulary assembles the tokens: the subword pieces, every ASCII letter
// and digit alone and as a continuation (so that any word can be spelled),
// then the most probable words until size tokens.
func vocabulary(pieces []token, scored, ranked bool, words []string, size int) ([]token, string) {
	start, cont := map[string]float64{}, map[string]float64{}
	maxLen := 0
	for _, p := range pieces {
		if !scored {
			break
		}
		if rest, ok := strings.CutPrefix(p.form, contPre); ok {
			cont[rest] = p.logp
		} else {
			start[p.form] = p.logp
		}
		maxLen = max(maxLen, len(p.text))
	}
	if scored {
		// A letter the pieces lack scores below every piece, so that any
		// word of letters has a segmentation, however improbable.
		floor := math.Inf(1)
		for _, p := range pieces {
			floor = min(floor, p.logp)
		}
		for c := 'a'; c <= 'z'; c++ {
			l := string(c)
			if _, ok := start[l]; !ok {
				start[l] = floor - 1
			}
			if _, ok := cont[l]; !ok {
				cont[l] = floor - 1
			}
		}
		maxLen = max(maxLen, 1)
	}
	var toks []token
	seen := map[string]bool{}
	add := func(t token) {
		if !seen[t.form] && len(toks) < size {
			seen[t.form] = true
			toks = append(toks, t)
		}
	}
	if scored {
		sort.SliceStable(pieces, func(i, j int) bool { return pieces[i].logp > pieces[j].logp })
	}
	for _, p := range pieces {
		add(p)
	}
	for _, c := range "abcdefghijklmnopqrstuvwxyz0123456789" {
		add(token{form: string(c), text: string(c), logp: math.NaN()})
		add(token{form: contPre + string(c), text: string(c), logp: math.NaN()})
	}
	ws := make([]token, 0, len(words))
	for _, w := range words {
		lp := math.NaN()
		if scored {
			lp = segmentScore(w, start, cont, maxLen)
			if math.IsInf(lp, -1) {
				continue
			}
		}
		ws = append(ws, token{form: w, text: w, logp: lp})
	}
	method := "zipf"
	switch {
	case scored:
		method = "unigram"
		sort.SliceStable(ws, func(i, j int) bool { return ws[i].logp > ws[j].logp })
	case !ranked:
		// An unranked list (a dictionary in alphabetical order) says
		// nothing of frequency: shorter words, which are more common
		// (Zipf's law of abbreviation), come first, and weights are equal.
		method = "uniform"
		sort.SliceStable(ws, func(i, j int) bool { return len(ws[i].text) < len(ws[j].text) })
	}
	for _, w := range ws {
		add(w)
	}
	return toks, method
}

// loadable fails, wrapping [static.ErrVocabTooLarge], when the tokens
// with [unkToken] hold more text than [static.MaxVocabBytes]: the loader
// would refuse the model, so no token is encoded for it.
func loadable(toks []token) error {
	n := len(unkToken)
	for _, t := range toks {
		n += len(t.form)
	}
	if n > static.MaxVocabBytes {
		return fmt.Errorf("vocabulary: %d tokens of %d bytes of text: %w: memweave loads at most %d MiB; lower --vocab-size or use shorter words",
			len(toks)+1, n, static.ErrVocabTooLarge, static.MaxVocabBytes>>20)
	}
	return nil
}

// weights returns the smooth-inverse-frequency weight of each token:
// a / (a + p), p from the encoder's unigram model when known, else from
// a Zipf prior over the token's rank.
func weights(toks []token, method string) []float32 {
	var h float64 // harmonic number: the Zipf normalizer
	for r := range toks {
		h += 1 / float64(r+1)
	}
	out := make([]float32, len(toks))
	for r, t := range toks {
		p := math.Exp(t.logp)
		switch {
		case method == "uniform":
			out[r] = 1
			continue
		case math.IsNaN(t.logp):
			p = 1 / (float64(r+1) * h)
		}
		out[r] = float32(sifA / (sifA + p))
	}
	return out
}

func distill(ctx context.Context, o options, progress func(string, ...any)) (result, error) {
	began := time.Now()
	var pieces []token
	scored := false
	if o.subwords != "" {
		var err error
		if pieces, scored, err = subwords(o.subwords); err != nil {
			return result{}, fmt.Errorf("subwords: %w", err)
		}
	}
	words, err := readWords(o.words)
	if err != nil {
		return result{}, fmt.Errorf("words: %w", err)
	}
	toks, method := vocabulary(pieces, scored, o.ranked, words, o.vocabSize-1)
	if err := loadable(toks); err != nil {
		return result{}, err
	}
	nPieces := 0
	for _, t := range toks {
		if t.isPiece {
			nPieces++
		}
	}
	progress("vocabulary: %d subword pieces, %d tokens in all", nPieces, len(toks))

	enc, err := embed.NewOpenAI(embed.OpenAIConfig{BaseURL: o.url, Model: o.model, APIKey: o.key,
		BatchSize: o.batch, MaxInFlight: o.inFlight, Timeout: o.timeout})
	if err != nil {
		return result{}, err
	}
	// Each distinct text is embedded once ("ing" and "##ing" share one).
	textIndex := map[string]int{}
	var texts []string
	for _, t := range toks {
		if _, ok := textIndex[t.text]; !ok {
			textIndex[t.text] = len(texts)
			texts = append(texts, t.text)
		}
	}
	vecs := make([][]float32, 0, len(texts))
	const step = 2048
	for lo := 0; lo < len(texts); lo += step {
		v, err := enc.EmbedDocuments(ctx, texts[lo:min(lo+step, len(texts))])
		if err != nil {
			return result{}, fmt.Errorf("embed tokens: %w", err)
		}
		vecs = append(vecs, v...)
		progress("embedded %d of %d texts (%.0fs)", len(vecs), len(texts), time.Since(began).Seconds())
	}
	encDims := len(vecs[0])
	for i, v := range vecs {
		if len(v) != encDims {
			return result{}, fmt.Errorf("embed tokens: %q has %d dimensions, the first had %d", texts[i], len(v), encDims)
		}
	}
	if o.dims > encDims {
		return result{}, usageErr("invalid --dims %d: the encoder has only %d", o.dims, encDims)
	}
	rows := make([][]float32, len(toks))
	for i, t := range toks {
		rows[i] = vecs[textIndex[t.text]]
	}
	progress("PCA %d -> %d dimensions over %d tokens", encDims, o.dims, len(rows))
	reduced, kept := pca(rows, o.dims)
	w := weights(toks, method)
	table := make([]float32, 0, (len(toks)+1)*o.dims)
	table = append(table, make([]float32, o.dims)...) // [UNK]: never averaged
	for i, r := range reduced {
		for _, x := range r {
			table = append(table, float32(float64(x)*float64(w[i])))
		}
	}
	if err := write(o, toks, table, method); err != nil {
		return result{}, err
	}
	fi, err := os.Stat(filepath.Join(o.out, static.ModelFile))
	if err != nil {
		return result{}, err
	}
	return result{Out: o.out, Tokens: len(toks) + 1, Pieces: nPieces, Words: len(toks) - nPieces,
		EncoderDims: encDims, Dims: o.dims, VarianceKept: math.Round(kept*1e4) / 1e4, Weights: method,
		ModelBytes: int(fi.Size()), Seconds: math.Round(time.Since(began).Seconds()*10) / 10}, nil
}

// write stores the model folder.
func write(o options, toks []token, table []float32, method string) error {
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	dtype, data := "F16", static.F16Bytes(table)
	if o.dtype == "f32" {
		dtype, data = "F32", static.F32Bytes(table)
	}
	st, err := static.WriteSafetensors([]static.Tensor{{Name: "embeddings", DType: dtype, Shape: []int{len(toks) + 1, o.dims}, Data: data}},
		map[string]string{"format": "model2vec", "source_model": o.model, "weights": method})
	if err != nil {
		return err
	}
	vocab := make(map[string]int, len(toks)+1)
	vocab[unkToken] = 0
	for i, t := range toks {
		vocab[t.form] = i + 1
	}
	tok := map[string]any{
		"version": "1.0", "truncation": nil, "padding": nil,
		"added_tokens": []any{map[string]any{"id": 0, "content": unkToken, "single_word": false, "lstrip": false,
			"rstrip": false, "normalized": false, "special": true}},
		"normalizer": map[string]any{"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true,
			"strip_accents": nil, "lowercase": true},
		"pre_tokenizer":  map[string]any{"type": "BertPreTokenizer"},
		"post_processor": nil,
		"decoder":        map[string]any{"type": "WordPiece", "prefix": contPre, "cleanup": true},
		"model": map[string]any{"type": "WordPiece", "unk_token": unkToken, "continuing_subword_prefix": contPre,
			"max_input_chars_per_word": 100, "vocab": vocab},
	}
	tj, err := json.Marshal(tok)
	if err != nil {
		return err
	}
	cfg, err := json.MarshalIndent(map[string]any{
		"model_type": "model2vec", "architectures": []string{"StaticModel"}, "hidden_dim": o.dims,
		"apply_pca": o.dims, "normalize": true, "embedding_dtype": map[string]string{"f16": "float16", "f32": "float32"}[o.dtype],
		"source_model": o.model, "sif_coefficient": sifA, "token_weights": method,
	}, "", "  ")
	if err != nil {
		return err
	}
	files := map[string][]byte{static.ModelFile: st, static.TokenizerFile: tj, static.ConfigFile: append(cfg, '\n')}
	var attached []string
	for _, a := range o.attach {
		b, err := os.ReadFile(a)
		if err != nil {
			return fmt.Errorf("--attach: %w", err)
		}
		name := attachName(a)
		if _, dup := files[name]; dup || name == "NOTICE" {
			return usageErr("--attach %s: a file named %s is already in the output", a, name)
		}
		files[name] = b
		attached = append(attached, name)
	}
	files["NOTICE"] = []byte(notice(o, toks, method, attached))
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(o.out, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func notice(o options, toks []token, method string, attached []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "This static embedding model was made by memweave-distill (github.com/memweave/memweave-go)\n")
	fmt.Fprintf(&b, "from the embedding model %q, by embedding each of its %d tokens alone,\n", o.model, len(toks)+1)
	fmt.Fprintf(&b, "reducing the vectors to %d dimensions by PCA and weighting them by smooth inverse\n", o.dims)
	fmt.Fprintf(&b, "frequency (the Model2Vec method). Its vectors derive from that model's outputs, whose\n")
	fmt.Fprintf(&b, "licence and notices apply to them.\n\n")
	if o.subwords != "" {
		fmt.Fprintf(&b, "Subword vocabulary: %s (the encoder's own).\n", filepath.Base(o.subwords))
	}
	fmt.Fprintf(&b, "Word list: %s.\n", filepath.Base(o.words))
	switch method {
	case "unigram":
		fmt.Fprintf(&b, "Token weights: from the encoder's unigram log-probabilities.\n")
	case "uniform":
		fmt.Fprintf(&b, "Token weights: equal.\n")
	default:
		fmt.Fprintf(&b, "Token weights: a Zipf prior over the order of the vocabulary.\n")
	}
	if len(o.credits) > 0 {
		b.WriteString("\n")
		for _, c := range o.credits {
			b.WriteString(c + "\n")
		}
	}
	if len(attached) > 0 {
		fmt.Fprintf(&b, "\nAttached licences and notices:\n")
		for _, a := range attached {
			fmt.Fprintf(&b, "  %s\n", a)
		}
	}
	return b.String()
}
