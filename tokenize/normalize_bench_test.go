package tokenize

import (
	"strings"
	"testing"
)

// segmentTexts are chunk-sized texts of the kinds notes hold: plain
// ASCII, English with typographic punctuation, accented Latin, CJK,
// and the scripts whose letters Normalize folds: Russian with "ё", Greek
// with tonos, Arabic with and without vowel marks, Persian with
// non-joiners.
var segmentTexts = map[string]string{
	"ascii":   strings.Repeat("The deploy pipeline runs terraform plan, then apply; logs go to s3://ops-logs/2026. ", 12),
	"quotes":  strings.Repeat("She said “we’ll ship it Friday” — and we did, mostly… ", 18),
	"latin":   strings.Repeat("Die Straßenbahn fährt um 8 Uhr; le café près de la gare ouvre à 7h. ", 14),
	"cjk":     strings.Repeat("我们在周五发布了新版本，缓存系统上线后延迟下降。", 20),
	"russian": strings.Repeat("Ёлка стоит в зале, всё готово к релизу; мы проверили кэш. ", 12),
	"greek":   strings.Repeat("Η ανάπτυξη του συστήματος ολοκληρώθηκε την Παρασκευή στην Αθήνα. ", 10),
	"arabic":  strings.Repeat("أطلقنا الإصدار الجديد يوم الجمعة، وكِتَابُ التشغيل مُحَدَّث. ", 12),
	"persian": strings.Repeat("می‌خواهم کتاب‌ها را در خانه‌ام بخوانم و نسخه‌ی جدید را ببینم. ", 10),
}

// benchNames are the texts of segmentTexts in the order benchmarks run.
var benchNames = []string{"ascii", "quotes", "latin", "cjk", "russian", "greek", "arabic", "persian"}

// BenchmarkSegment measures the text the keyword index is given for a
// chunk, which includes [Normalize].
func BenchmarkSegment(b *testing.B) {
	for _, name := range benchNames {
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
	for _, name := range benchNames {
		text := segmentTexts[name]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				Words(text)
			}
		})
	}
}
