package search

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestKeywordQuery(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"punctuation only", "?! -- ...", ""},
		{"stop words dropped", "What did we decide about the database?", `"decide" OR "database" OR "db"`}, // "db", its short form
		{"only stop words kept", "what is it", `"what" OR "is" OR "it" OR "whatis" OR "whatisit" OR "isit"`},
		{"dedupe case-insensitive", "Cache cache CACHE caching", `"cache" OR "caching"`},
		{"quote neutralised", `foo" OR bar`, `"foo" OR "bar" OR "fooor" OR "fooorbar" OR "orbar"`},
		{"operators neutralised", `NEAR(a b) AND c* ^d col:e`, `"near" OR "b" OR "c" OR "col e" OR "col"`},
		{"NOT is a stop word", "NOT redis", `"redis" OR "notredis"`},
		{"lone operator is a word", "AND", `"and"`},
		{"compound id", "ZEBRA-COMET-2026 status", `"zebra comet 2026" OR "status" OR "zebra" OR "comet" OR "2026" OR "stati"`},
		{"version", "upgrade to v1.2.3", `"upgrade" OR "v1 2 3" OR "1 2 3"`},
		{"error code", "fix ERR_4012", `"fix" OR "err 4012" OR "err" OR "4012"`},
		{"path", "pkg/foo.go panics", `"pkg foo go" OR "panics" OR "pkg" OR "foo"`},
		{"contraction is a stop word", "don't know", `"know"`},
		{"cjk run", "用什么缓存", `"用什 什么 么缓 缓存" OR "用什" OR "什么" OR "么缓" OR "缓存"`},
		{"cjk pair", "Valkey 缓存", `"valkey" OR "缓存"`},
		{"mixed scripts", "Kubernetes集群", `"kubernetes" OR "集群" OR "k8s"`},
		{"version before cjk", "2.0版本", `"2 0" OR "版本"`},
		{"katakana with prolonged mark", "ミーティング", `"ミー ーテ ティ ィン ング" OR "ミー" OR "ーテ" OR "ティ" OR "ィン" OR "ング"`},
		{"thai marks stay with their consonant", "ที่ประชุม", `"ที่ป ปร ระ ะชุ ชุม" OR "ที่ป" OR "ปร" OR "ระ" OR "ะชุ" OR "ชุม"`},
		{"hangul word", "회의", `"회의"`},
		{"accents kept", "Café Zürich", `"café" OR "zürich" OR "cafézürich"`},
		{"cjk lone", "猫 cat", `"猫" * OR "cat"`},
		{"cjk with stop words", "the 猫", `"猫" *`},
		{"number with separators", "12,344 rows", `"12 344" OR "rows"`},
		{"number with a decimal point", "12.344", `"12 344"`},
		{"date", "standup 2026-05-01", `"standup" OR "2026 05 01" OR "may 1 2026" OR "1 may 2026"`},
		{"emoji word", "🚀 launch", "\"\U000FF680\" OR \"launch\""},
		{"emoji only", "✅", "\"\U000F2705\""},
		{"skin tone folds", "👍🏽", "\"\U000FF44D\""},
		{"flag", "the 🇩🇪", "\"\U000FF1E9\U000FF1EA\""},
		{"other symbols stay punctuation", "→ © °", ""},
		{"spaced identifier also joined", "camel case", `"camel" OR "case" OR "camelcase"`},
		{"three words joined", "read all bytes", `"read" OR "bytes" OR "readall" OR "readallbytes" OR "allbytes"`},
		{"number and unit joined", "9 am", `"9" OR "9am"`},
		{"number glued to its unit also apart", "5GB", `"5gb" OR "5 gb"`},
		{"decimal glued to its unit also apart", "3.5GHz", `"3 5ghz" OR "5ghz" OR "3.5g hz" OR "3 5 ghz"`},
		{"decimal and its unit also glued", "3.5 GHz", `"3 5" OR "ghz" OR "3 5ghz" OR "g hz"`},
		{"unit glued in a sentence", "the quota is 5 GB per user", `"quota" OR "5" OR "gb" OR "per" OR "user" OR "5gb"`},
		{"letters then digits stay", "mp3 x86", `"mp3" OR "x86" OR "mp3x86"`},
		{"month name and day also in ISO order", "Dec 3", `"dec" OR "3" OR "dec3" OR "12 03"`},
		{"US date also in ISO order", "12/03/2026", `"12 03 2026" OR "2026 12 03" OR "2026 03 12"`},
		{"numeronym also its word", "k8s upgrade", `"k8s" OR "upgrade" OR "k8supgrade" OR "kubernetes"`},
		{"word also its numeronym", "Internationalization", `"internationalization" OR "i18n" OR "internationalisation"`},
		{"camelCase also its parts", "readAllBytes", `"readallbytes" OR "read all bytes"`},
		{"acronym run is one part", "HTTPServer", `"httpserver" OR "http server"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := KeywordQuery(tt.in)
			if got != tt.want {
				t.Errorf("KeywordQuery(%q) = %s, want %s", tt.in, got, tt.want)
			}
			if err := validateFTS(got); err != nil {
				t.Errorf("KeywordQuery(%q) = %s: %v", tt.in, got, err)
			}
		})
	}
}

// TestQuestionWords checks that the question words are searched unless
// QueryOptions.DropQuestionWords asks to drop them, in the keyword query,
// the phrase query and the highlight terms alike.
func TestQuestionWords(t *testing.T) {
	const q = "Can you remind me what I mentioned about the charity gala two weeks ago?"
	tests := []struct {
		name            string
		opts            QueryOptions
		keyword, phrase string
		terms           []string
	}{
		{"default", QueryOptions{},
			`"remind" OR "mentioned" OR "charity" OR "gala" OR "two" OR "weeks" OR "ago"`,
			`"remind mentioned" OR "mentioned charity" OR "charity gala" OR "gala two" OR "two weeks" OR "weeks ago"`,
			[]string{"remind", "mentioned", "charity", "gala", "two", "weeks", "ago"}},
		{"dropped", QueryOptions{DropQuestionWords: true},
			`"charity" OR "gala" OR "two" OR "weeks"`,
			`"charity gala" OR "gala two" OR "two weeks"`,
			[]string{"charity", "gala", "two", "weeks"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.opts.planQuery(q).keyword; got != tt.keyword {
				t.Errorf("KeywordQuery(%q) = %s, want %s", q, got, tt.keyword)
			}
			if got := tt.opts.planQuery(q).phrase; got != tt.phrase {
				t.Errorf("PhraseQuery(%q) = %s, want %s", q, got, tt.phrase)
			}
			if got := tt.opts.QueryTerms(q); !reflect.DeepEqual(got, tt.terms) {
				t.Errorf("QueryTerms(%q) = %q, want %q", q, got, tt.terms)
			}
		})
	}
	// A query of nothing but stop words keeps them all, question words too.
	only := "what did you remember"
	if got, want := (QueryOptions{DropQuestionWords: true}).planQuery(only).keyword, `"what" OR "did" OR "you" OR "remember"`; got != want {
		t.Errorf("KeywordQuery(%q) = %s, want %s", only, got, want)
	}
}

func TestPhraseQuery(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"one word", "database", ""},
		{"only stop words", "what is it", ""},
		{"pairs", "charity cycling event", `"charity cycling" OR "cycling event"`},
		{"stop words skipped", "How did I raise money for the charity?", `"raise money" OR "money charity"`},
		{"question words kept", "How much did I raise for the charity?", `"much raise" OR "raise charity"`},
		{"compound", "bike-related expenses", `"bike related expenses"`},
		{"exact token alone", "ZEBRA-COMET-2026", ""},
		{"dedupe", "red car red car", `"red car" OR "car red"`},
		{"cjk breaks adjacency", "redis 缓存 valkey", ""},
		{"quote neutralised", `foo" bar`, `"foo bar"`},
		{"quoted phrase keeps stop words", `"on call" rota`, `"on call" OR "call rota"`},
		{"quoted phrase first", `the "read only" replica`, `"read only" OR "read replica"`},
		{"quoted compound", `"single sign-on"`, `"single sign on"`},
		{"curly quotes", "“out of memory”", `"out of memory"`},
		{"quoted one word", `"zeppelin" lease`, `"zeppelin lease"`},
		{"unbalanced quote", `"on call`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PhraseQuery(tt.in)
			if got != tt.want {
				t.Errorf("PhraseQuery(%q) = %s, want %s", tt.in, got, tt.want)
			}
			if err := validateFTS(got); err != nil {
				t.Errorf("PhraseQuery(%q) = %s: %v", tt.in, got, err)
			}
		})
	}
}

func TestKeywordQueryCap(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		fmt.Fprintf(&b, "word%d ", i)
	}
	got := KeywordQuery(b.String())
	if n := strings.Count(got, " OR ") + 1; n != MaxQueryTerms {
		t.Errorf("KeywordQuery(200 words) has %d terms, want %d", n, MaxQueryTerms)
	}
	if !strings.HasPrefix(got, `"word0" OR "word1" OR`) || !strings.HasSuffix(got, `"word63"`) {
		t.Errorf("KeywordQuery(200 words) = %s, want the first %d words", got, MaxQueryTerms)
	}
	if n := len(QueryTerms(b.String())); n != MaxQueryTerms {
		t.Errorf("len(QueryTerms(200 words)) = %d, want %d", n, MaxQueryTerms)
	}
}

func TestQueryTerms(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"the", []string{"the"}},
		{"What about the ZEBRA-COMET-2026 rollout?", []string{"zebra-comet-2026", "zebra", "comet", "2026", "rollout"}},
		{"v1.2.3", []string{"v1.2.3"}},
		{"我们用 Redis", []string{"我们", "们用", "redis"}},
		{"猫", []string{"猫"}},
	}
	for _, tt := range tests {
		if got := QueryTerms(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("QueryTerms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestQuote(t *testing.T) {
	if got, want := quote(`say "hi"`), `"say ""hi"""`; got != want {
		t.Errorf("quote = %s, want %s", got, want)
	}
	if err := validateFTS(`"say ""hi""" OR "x" *`); err != nil {
		t.Errorf("validateFTS rejects an escaped quote: %v", err)
	}
}

func TestValidateFTS(t *testing.T) {
	bad := []string{
		`a`, `"a`, `"a" "b"`, `"a" AND "b"`, `"a" OR`, `"a" OR "b`, `"" OR "a"`,
		`"a" OR ("b")`, `"a"*`, `"a" * *`, `"-" OR "a"`, " \"a\"",
	}
	for _, q := range bad {
		if err := validateFTS(q); err == nil {
			t.Errorf("validateFTS(%s) = nil, want an error", q)
		}
	}
}

// validateFTS checks that q has the only shape KeywordQuery may produce:
// "" or `"t1" OR "t2" * OR ...`, each term a double-quoted string with
// inner quotes doubled and at least one letter or digit, optionally
// followed by " *", at most MaxQueryTerms terms, valid UTF-8 without NUL.
func validateFTS(q string) error {
	if q == "" {
		return nil
	}
	if !utf8.ValidString(q) || strings.ContainsRune(q, 0) {
		return errors.New("invalid UTF-8 or NUL")
	}
	terms := 0
	for i := 0; ; {
		if i >= len(q) || q[i] != '"' {
			return fmt.Errorf("offset %d: want '\"'", i)
		}
		i++
		var content strings.Builder
		for {
			if i >= len(q) {
				return errors.New("unterminated string")
			}
			if q[i] == '"' {
				if i+1 < len(q) && q[i+1] == '"' {
					content.WriteByte('"')
					i += 2
					continue
				}
				i++
				break
			}
			content.WriteByte(q[i])
			i++
		}
		if !searchable(content.String()) {
			return fmt.Errorf("term %q has no letter or digit", content.String())
		}
		terms++
		if strings.HasPrefix(q[i:], " *") {
			i += 2
		}
		if i == len(q) {
			break
		}
		if !strings.HasPrefix(q[i:], " OR ") {
			return fmt.Errorf("offset %d: want \" OR \"", i)
		}
		i += len(" OR ")
	}
	if terms > MaxQueryTerms {
		return fmt.Errorf("%d terms, cap is %d", terms, MaxQueryTerms)
	}
	return nil
}

func FuzzKeywordQuery(f *testing.F) {
	for _, s := range []string{
		"", "what is it", `foo" OR bar`, `NEAR(a b) AND c* ^d col:e`, "zebra-comet-2026",
		"v1.2.3", "我们用什么缓存", "\x00\xff\"", `""""`, "a-\u0301", "-b:c/d.e_f'g",
		"\u0301\u0301", "ǅungla", "İstanbul", "１２３", "ที่ประชุม", "ミーティング", "\u0e34\u0e34", "Kubernetes集群",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		got := KeywordQuery(q)
		if err := validateFTS(got); err != nil {
			t.Fatalf("KeywordQuery(%q) = %s: %v", q, got, err)
		}
		terms := QueryTerms(q)
		if (got == "") != (len(terms) == 0) {
			t.Fatalf("KeywordQuery(%q) = %q but QueryTerms = %q", q, got, terms)
		}
		if p := PhraseQuery(q); validateFTS(p) != nil || strings.Contains(p, "*") || (p != "" && got == "") {
			t.Fatalf("PhraseQuery(%q) = %s, KeywordQuery %s", q, p, got)
		}
	})
}
