package search

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// numbered returns "line 1 filler text" ... "line n filler text" with line k
// replaced by match.
func numbered(n, k int, match string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteByte('\n')
		}
		if i == k {
			b.WriteString(match)
			continue
		}
		fmt.Fprintf(&b, "line %d filler text", i)
	}
	return b.String()
}

func TestSnippetFits(t *testing.T) {
	for _, text := range []string{"", "short", "  padded \n text  \n", strings.Repeat("x", 700)} {
		if got := Snippet(text, []string{"x"}, 0); got != text {
			t.Errorf("Snippet(%q, 0) = %q, want the text unchanged", text, got)
		}
	}
	if got := Snippet("exactly ten", nil, 11); got != "exactly ten" {
		t.Errorf("Snippet(11 bytes, 11) = %q", got)
	}
}

func TestSnippetCentred(t *testing.T) {
	text := numbered(60, 30, "we deployed zebra-comet-2026 to staging")
	got := Snippet(text, QueryTerms("when was ZEBRA-COMET-2026 deployed?"), 200)
	if len(got) > 200 {
		t.Fatalf("len(Snippet) = %d, want <= 200", len(got))
	}
	for _, want := range []string{"we deployed zebra-comet-2026 to staging", "line 29 filler", "line 31 filler"} {
		if !strings.Contains(got, want) {
			t.Errorf("Snippet = %q, want it to contain %q", got, want)
		}
	}
	if !strings.HasPrefix(got, "…") || !strings.HasSuffix(got, "…") {
		t.Errorf("Snippet = %q, want ellipses on both sides", got)
	}
	// Centred: about as many lines before the match as after it.
	before, after, _ := strings.Cut(got, "we deployed")
	if nb, na := strings.Count(before, "\n"), strings.Count(after, "\n"); nb-na > 1 || na-nb > 1 {
		t.Errorf("Snippet = %q: %d lines before the match, %d after, want balanced", got, nb, na)
	}
}

func TestSnippetBestWindow(t *testing.T) {
	// Line 10 has one term, lines 40-41 have both: the window goes there.
	text := numbered(60, 10, "redis is mentioned here")
	text = strings.Replace(text, "line 40 filler text", "redis cache eviction policy", 1)
	text = strings.Replace(text, "line 41 filler text", "the cache holds sessions", 1)
	got := Snippet(text, []string{"redis", "caching"}, 120)
	if !strings.Contains(got, "redis cache eviction policy\nthe cache holds sessions") {
		t.Errorf("Snippet = %q, want lines 40-41", got)
	}
	if strings.Contains(got, "mentioned") {
		t.Errorf("Snippet = %q, want the denser window", got)
	}
}

func TestSnippetNoHit(t *testing.T) {
	text := "\n\n" + numbered(50, 0, "")
	got := Snippet(text, []string{"absent"}, 100)
	if !strings.HasPrefix(got, "line 1 filler text\nline 2") || !strings.HasSuffix(got, "…") || len(got) > 100 {
		t.Errorf("Snippet(no hit) = %q, want the top of the text and a trailing ellipsis", got)
	}
}

func TestSnippetLongLine(t *testing.T) {
	words := make([]string, 400)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i)
	}
	words[250] = "Needle"
	text := strings.Join(words, " ")
	got := Snippet(text, []string{"needle"}, 100)
	if len(got) > 100 || !strings.Contains(got, "w249 Needle w251") {
		t.Fatalf("Snippet(long line) = %q (%d bytes), want <= 100 bytes around Needle", got, len(got))
	}
	inner := strings.TrimSuffix(strings.TrimPrefix(got, "…"), "…")
	if !strings.HasPrefix(inner, "w") || !strings.Contains(text, " "+inner+" ") {
		t.Errorf("Snippet(long line) = %q, want whole words", got)
	}
}

func TestSnippetCJK(t *testing.T) {
	// No spaces at all: the cut is centred on the match, at rune boundaries.
	text := strings.Repeat("这是一段没有空格的中文文本", 40) + "我们使用Valkey作为缓存" + strings.Repeat("其他无关的内容继续出现", 40)
	got := Snippet(text, QueryTerms("缓存"), 90)
	if len(got) > 90 || !utf8.ValidString(got) || !strings.Contains(got, "缓存") {
		t.Errorf("Snippet(CJK) = %q (%d bytes), want <= 90 valid bytes containing 缓存", got, len(got))
	}
}

// TestSnippetSpaceless checks snippets of long text without spaces: the
// cut is centred on the query word itself, not on a pair of its
// characters seen elsewhere, and never falls between a character and its
// vowel or tone marks.
func TestSnippetSpaceless(t *testing.T) {
	tests := []struct{ name, text, query string }{
		{"chinese", "系统" + strings.Repeat("这是一段没有空格的中文文本", 30) + "上周我们终于把新的支付系统部署到了生产环境" + strings.Repeat("其他无关的内容继续出现", 30), "支付系统"},
		{"japanese", strings.Repeat("今日はとても良い天気でした", 30) + "来週の水曜日にミーティングを予定しています" + strings.Repeat("特に問題はありませんでした", 30), "ミーティング"},
		{"thai", strings.Repeat("ที่บ้านของฉันมีต้นไม้ใหญ่", 30) + "พรุ่งนี้เช้าเราจะมีการประชุมที่สำนักงานใหญ่" + strings.Repeat("ที่บ้านของฉันมีต้นไม้ใหญ่", 30), "ประชุม"},
		{"khmer", strings.Repeat("ខ្ញុំចូលចិត្តផឹកទឹក", 30) + "ខ្ញុំចង់ទៅលេងប្រាសាទអង្គរវត្តនៅខែក្រោយ" + strings.Repeat("ខ្ញុំចូលចិត្តផឹកទឹក", 30), "អង្គរវត្ត"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, max := range []int{40, 61, 90, 150} {
				got := Snippet(tt.text, QueryTerms(tt.query), max)
				inner := strings.TrimSuffix(strings.TrimPrefix(got, ellipsis), ellipsis)
				if len(got) > max || !strings.Contains(inner, tt.query) {
					t.Errorf("Snippet(max %d) = %q (%d bytes), want <= %d bytes holding %q", max, got, len(got), max, tt.query)
				}
				if r, _ := utf8.DecodeRuneInString(inner); isMark(r) {
					t.Errorf("Snippet(max %d) = %q starts with a combining mark", max, got)
				}
				if at := strings.Index(tt.text, inner) + len(inner); at < len(tt.text) {
					if r, _ := utf8.DecodeRuneInString(tt.text[at:]); isMark(r) {
						t.Errorf("Snippet(max %d) = %q cuts a character from its mark %q", max, got, r)
					}
				}
			}
		})
	}
}

func TestSnippetLimits(t *testing.T) {
	text := "Überblick: 日本語のテキスト and ünïcödé words\n" + strings.Repeat("ß漢字 ", 300) + "\nend"
	for max := 1; max < 120; max++ {
		got := Snippet(text, []string{"漢字", "end"}, max)
		if len(got) > max {
			t.Fatalf("Snippet(max %d) = %q, %d bytes", max, got, len(got))
		}
		if !utf8.ValidString(got) {
			t.Fatalf("Snippet(max %d) = %q, splits a rune", max, got)
		}
	}
}

func TestStem(t *testing.T) {
	tests := []struct{ a, b string }{
		{"cache", "caching"}, {"cache", "caches"}, {"cached", "cache"}, {"run", "running"},
		{"policy", "policies"}, {"class", "classes"}, {"deploy", "deployed"},
	}
	for _, tt := range tests {
		if stem(tt.a) != stem(tt.b) {
			t.Errorf("stem(%q) = %q, stem(%q) = %q, want equal", tt.a, stem(tt.a), tt.b, stem(tt.b))
		}
	}
	if stem("v1.2") != "v1.2" || stem("缓存") != "缓存" {
		t.Errorf("stem changed a non-letter word")
	}
}

func FuzzSnippet(f *testing.F) {
	f.Add("hello world\nsecond line with term", "term", 10)
	f.Add(strings.Repeat("长文本没有空格", 30), "空格", 20)
	f.Add("a\xffb\n\n  \n x", "b", 3)
	f.Add(strings.Repeat("word ", 200), "word", 0)
	f.Fuzz(func(t *testing.T, text, term string, max int) {
		max %= 2000
		got := Snippet(text, strings.Fields(term), max)
		limit := max
		if max <= 0 {
			limit = DefaultSnippetMax
		}
		if len(got) > limit {
			t.Fatalf("Snippet(%q, %q, %d) = %q, %d bytes", text, term, max, got, len(got))
		}
		if len(text) <= limit {
			if got != text {
				t.Fatalf("Snippet(%q, %q, %d) = %q, want the whole text", text, term, max, got)
			}
			return
		}
		pre, post := strings.TrimPrefix(got, "…"), strings.TrimSuffix(got, "…")
		both := strings.TrimSuffix(pre, "…")
		if !strings.Contains(text, got) && !strings.Contains(text, pre) && !strings.Contains(text, post) && !strings.Contains(text, both) {
			t.Fatalf("Snippet(%q, %q, %d) = %q, not a part of the text", text, term, max, got)
		}
		if utf8.ValidString(text) && !utf8.ValidString(got) {
			t.Fatalf("Snippet(%q, %q, %d) = %q, splits a rune", text, term, max, got)
		}
	})
}
