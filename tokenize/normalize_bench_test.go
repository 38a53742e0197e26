package tokenize

import (
	"strings"
	"testing"
)

// segmentTexts are chunk-sized texts of the kinds notes hold: plain
// ASCII, English with typographic punctuation, accented Latin, and CJK.
var segmentTexts = map[string]string{
	"ascii":  strings.Repeat("The deploy pipeline runs terraform plan, then apply; logs go to s3://ops-logs/2026. ", 12),
	"quotes": strings.Repeat("She said “we’ll ship it Friday” — and we did, mostly… ", 18),
	"latin":  strings.Repeat("Die Straßenbahn fährt um 8 Uhr; le café près de la gare ouvre à 7h. ", 14),
	"cjk":    strings.Repeat("我们在周五发布了新版本，缓存系统上线后延迟下降。", 20),
}

// BenchmarkSegment measures the text the keyword index is given for a
// chunk, which includes [Normalize].
func BenchmarkSegment(b *testing.B) {
	for _, name := range []string{"ascii", "quotes", "latin", "cjk"} {
		text := segmentTexts[name]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				Segment(text)
			}
		})
	}
}

// BenchmarkWords measures [Words], which the offline embedder, snippets
// and MMR run on every chunk they read.
func BenchmarkWords(b *testing.B) {
	for _, name := range []string{"ascii", "quotes", "latin", "cjk"} {
		text := segmentTexts[name]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				Words(text)
			}
		})
	}
}
