// Package statictest writes tiny Model2Vec-format model folders for tests:
// a safetensors file encoded here, independently of package static, and a
// tokenizer.json given as text.
package statictest

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// Tensor is one tensor of a safetensors file: its dtype ("F32", "F16",
// "I32", "I64"), shape and little-endian data.
type Tensor struct {
	DType string
	Shape []int
	Data  []byte
}

// F32 returns rows as a 2-D F32 tensor.
func F32(rows [][]float32) Tensor {
	var b []byte
	for _, r := range rows {
		for _, x := range r {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
		}
	}
	return Tensor{"F32", []int{len(rows), len(rows[0])}, b}
}

// F16 returns rows as a 2-D F16 tensor. Values must be exactly
// representable in half precision with at most 10 fraction bits and a
// normal exponent (such as 0.5, 1, 3, -2.25), which the tests use.
func F16(rows [][]float32) Tensor {
	var b []byte
	for _, r := range rows {
		for _, x := range r {
			b = binary.LittleEndian.AppendUint16(b, half(x))
		}
	}
	return Tensor{"F16", []int{len(rows), len(rows[0])}, b}
}

// half encodes an exactly representable normal float32 (or zero) as half
// precision by moving its exponent and truncating its fraction.
func half(x float32) uint16 {
	bits := math.Float32bits(x)
	sign := uint16(bits>>16) & 0x8000
	if bits&0x7fffffff == 0 {
		return sign
	}
	exp := int(bits>>23&0xff) - 127 + 15
	return sign | uint16(exp)<<10 | uint16(bits>>13&0x3ff)
}

// Safetensors encodes tensors by name in the safetensors layout: an
// 8-byte little-endian header length, the JSON header, then the data.
func Safetensors(tb testing.TB, tensors map[string]Tensor) []byte {
	tb.Helper()
	names := make([]string, 0, len(tensors))
	for n := range tensors {
		names = append(names, n)
	}
	sort.Strings(names)
	header := map[string]any{"__metadata__": map[string]string{"format": "pt"}}
	off := 0
	for _, n := range names {
		t := tensors[n]
		header[n] = map[string]any{"dtype": t.DType, "shape": t.Shape, "data_offsets": []int{off, off + len(t.Data)}}
		off += len(t.Data)
	}
	h, err := json.Marshal(header)
	if err != nil {
		tb.Fatal(err)
	}
	out := binary.LittleEndian.AppendUint64(nil, uint64(len(h)))
	out = append(out, h...)
	for _, n := range names {
		out = append(out, tensors[n].Data...)
	}
	return out
}

// WriteModel writes a model folder under dir: model.safetensors holding
// tensors, tokenizer.json holding tokenizer and, when config is not
// empty, config.json. It returns dir.
func WriteModel(tb testing.TB, dir string, tensors map[string]Tensor, tokenizer, config string) string {
	tb.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	write("model.safetensors", Safetensors(tb, tensors))
	write("tokenizer.json", []byte(tokenizer))
	if config != "" {
		write("config.json", []byte(config))
	}
	return dir
}

// WordPieceTokenizer is a BERT-style tokenizer.json (BertNormalizer with
// lowercasing and accent stripping, BertPreTokenizer, WordPiece) over
// vocab, whose token ids are the positions in vocab; vocab[0] must be the
// unknown token.
func WordPieceTokenizer(vocab []string) string {
	ids := make(map[string]int, len(vocab))
	for i, v := range vocab {
		ids[v] = i
	}
	doc := map[string]any{
		"version":    "1.0",
		"truncation": nil, "padding": nil, "added_tokens": []any{},
		"normalizer": map[string]any{"type": "BertNormalizer", "clean_text": true,
			"handle_chinese_chars": true, "strip_accents": nil, "lowercase": true},
		"pre_tokenizer":  map[string]any{"type": "BertPreTokenizer"},
		"post_processor": nil, "decoder": nil,
		"model": map[string]any{"type": "WordPiece", "unk_token": vocab[0],
			"continuing_subword_prefix": "##", "max_input_chars_per_word": 100, "vocab": ids},
	}
	b, _ := json.Marshal(doc)
	return string(b)
}

// UnigramTokenizer is a SentencePiece-style tokenizer.json (NFKC and
// lowercase normalizers, WhitespaceSplit then Metaspace, Unigram) over
// pieces with their log-probabilities; pieces[0] is the unknown token.
func UnigramTokenizer(pieces []string, scores []float64) string {
	vocab := make([][2]any, len(pieces))
	for i := range pieces {
		vocab[i] = [2]any{pieces[i], scores[i]}
	}
	doc := map[string]any{
		"version": "1.0",
		"normalizer": map[string]any{"type": "Sequence", "normalizers": []any{
			map[string]any{"type": "NFKC"}, map[string]any{"type": "Lowercase"}}},
		"pre_tokenizer": map[string]any{"type": "Sequence", "pretokenizers": []any{
			map[string]any{"type": "WhitespaceSplit"},
			map[string]any{"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": true}}},
		"model": map[string]any{"type": "Unigram", "unk_id": 0, "vocab": vocab, "byte_fallback": false},
	}
	b, _ := json.Marshal(doc)
	return string(b)
}
