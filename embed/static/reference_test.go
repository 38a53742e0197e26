package static

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memweave/memweave-go/embed/static/statictest"
)

// refWordPiece is the greedy longest-match WordPiece written with map
// lookups, one per candidate length, as this package first did it: the
// reference the trie must agree with.
func refWordPiece(vocab map[string]int, prefix string, maxChars int, w string, ids []int) []int {
	cont := map[string]int{}
	maxLen := 0
	for tok, id := range vocab {
		if rest, ok := strings.CutPrefix(tok, prefix); ok && rest != "" {
			cont[rest] = id
		}
		maxLen = max(maxLen, len(tok))
	}
	if utf8.RuneCountInString(w) > maxChars {
		return append(ids, -1)
	}
	n := len(ids)
	for start := 0; start < len(w); {
		table := vocab
		if start > 0 {
			table = cont
		}
		found, end := -1, min(len(w), start+maxLen)
		for ; end > start; end-- {
			if end < len(w) && !utf8.RuneStart(w[end]) {
				continue
			}
			if id, ok := table[w[start:end]]; ok {
				found = id
				break
			}
		}
		if found < 0 {
			return append(ids[:n], -1)
		}
		ids = append(ids, found)
		start = end
	}
	return ids
}

// refVocab is a vocabulary with shared prefixes, continuation pieces,
// multi-byte characters, a piece equal to the prefix and an empty one.
var refVocab = []string{"", "##", "a", "ab", "abc", "abcd", "b", "bc", "##a", "##b", "##bc", "##bcd", "##d",
	"é", "éa", "##é", "東", "東京", "##京", "\xe6", "##\x9d", "x", "##x", "##xx", "xyz", "##yz", "un", "##aff", "##able"}

// FuzzWordPieceTrie checks the trie's WordPiece against the map-based
// reference on any word, with "##" and with an empty prefix.
func FuzzWordPieceTrie(f *testing.F) {
	for _, s := range []string{"abcd", "abcbcd", "unaffable", "東京京", "éaé", "xxxxyz", "abq", "\xe6\x9d\xb1", "\xe6\x9d", "ab\xff", ""} {
		f.Add(s)
	}
	vocab := map[string]int{}
	var entries []vocabEntry
	for i, v := range refVocab {
		vocab[v] = i
		entries = append(entries, vocabEntry{v, i})
	}
	slices.SortFunc(entries, func(a, b vocabEntry) int { return strings.Compare(a.key, b.key) })
	var wps []*wordPiece
	prefixes := []string{"##", ""}
	for _, prefix := range prefixes {
		wps = append(wps, newWordPiece(entries, prefix, 8, 0))
	}
	f.Fuzz(func(t *testing.T, w string) {
		for i, wp := range wps {
			got := wp.tokenize(w, []int{7})
			want := refWordPiece(vocab, prefixes[i], 8, w, []int{7})
			if !reflect.DeepEqual(got, want) {
				t.Errorf("tokenize(%q) with prefix %q = %v, want %v", w, prefixes[i], got, want)
			}
		}
	})
}

// refEmbed is Model.Embed as this package first wrote it: ids sorted,
// each distinct row added to the sum in turn, element by element.
func refEmbed(m *Model, dst []float32, text string) int {
	ids := m.tok.Tokenize(text, nil, nil)
	acc := make([]float32, m.dims)
	slices.Sort(ids)
	n := 0
	for i := 0; i < len(ids); {
		id, j := ids[i], i+1
		for j < len(ids) && ids[j] == id {
			j++
		}
		count := j - i
		i = j
		if id < 0 {
			continue
		}
		row := id
		if m.mapping != nil {
			row = int(m.mapping[id])
		}
		w := float32(count)
		if m.weights != nil {
			w = float32(w * m.weights[id])
		}
		n += count
		for k := range acc {
			var x float32
			if m.dtype == "F16" {
				x = f16to32(binary.LittleEndian.Uint16(m.table[2*(row*m.dims+k):]))
			} else {
				x = math.Float32frombits(binary.LittleEndian.Uint32(m.table[4*(row*m.dims+k):]))
			}
			if w == 1 {
				acc[k] += x
			} else {
				acc[k] += float32(w * x)
			}
		}
	}
	clear(dst)
	if n == 0 {
		return 0
	}
	var sum float64
	for _, x := range acc {
		sum += float64(float64(x) * float64(x))
	}
	if sum == 0 {
		return n
	}
	inv := 1 / math.Sqrt(sum)
	for i, x := range acc {
		dst[i] = float32(float64(x) * inv)
	}
	return n
}

// TestEmbedMatchesReference checks that Embed gives the reference's
// vectors bit for bit, for F16 and F32 tables, with and without weights
// and a mapping, at dimensions that are and are not multiples of eight.
func TestEmbedMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	words := []string{"[UNK]", "the", "cat", "sat", "on", "mat", "dark", "mode", "##s", "##ing", "run", "a", "b", "c", ".", ","}
	tok, err := ParseTokenizer([]byte(statictest.WordPieceTokenizer(words)))
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for range 50 {
		var b strings.Builder
		for range rng.IntN(40) {
			w := words[1+rng.IntN(len(words)-1)]
			b.WriteString(strings.TrimPrefix(w, "##"))
			b.WriteString([]string{" ", "", ". "}[rng.IntN(3)])
		}
		texts = append(texts, b.String())
	}
	for _, dims := range []int{1, 7, 8, 19, 64} {
		rows := make([][]float32, len(words)+3)
		for i := range rows {
			rows[i] = make([]float32, dims)
			for j := range rows[i] {
				rows[i][j] = float32(rng.IntN(2049)-1024) / 256 // exact in half precision
			}
		}
		for _, tensor := range []statictest.Tensor{statictest.F16(rows), statictest.F32(rows)} {
			for _, extra := range []bool{false, true} {
				m := &Model{tok: tok, dims: dims, rows: len(rows), dtype: tensor.DType, table: tensor.Data}
				if tensor.DType == "F16" {
					m.half = halfTable()
				}
				if extra {
					m.weights = make([]float32, len(words))
					m.mapping = make([]int32, len(words))
					for i := range m.weights {
						m.weights[i] = rng.Float32() * 3
						m.mapping[i] = int32(rng.IntN(len(rows)))
					}
				}
				got, want := make([]float32, dims), make([]float32, dims)
				var s Scratch
				for _, text := range texts {
					gn, wn := m.Embed(got, text, &s, nil), refEmbed(m, want, text)
					for k := range got {
						if gn != wn || math.Float32bits(got[k]) != math.Float32bits(want[k]) {
							t.Fatalf("%s, %d dims, weights and mapping %v: Embed(%q) = %v (%d tokens), want %v (%d)",
								tensor.DType, dims, extra, text, got, gn, want, wn)
						}
					}
				}
			}
		}
	}
}
