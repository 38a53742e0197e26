package tokenize

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

func TestWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"Hello, World!", []string{"hello", "world"}},
		{"ZEBRA-COMET-2026 is set", []string{"zebra-comet-2026", "is", "set"}},
		{"upgrade to v1.2.3.", []string{"upgrade", "to", "v1.2.3"}},
		{"see pkg/foo.go and E1234", []string{"see", "pkg/foo.go", "and", "e1234"}},
		{"trailing- dash", []string{"trailing", "dash"}},
		{"café naïve", []string{"café", "naïve"}},
		{"我们使用Valkey", []string{"我", "们", "使", "用", "valkey"}},
		{"Kubernetes集群", []string{"kubernetes", "集", "群"}},
		{"2.0版本", []string{"2.0", "版", "本"}},
		{"ミーティング", []string{"ミ", "ー", "テ", "ィ", "ン", "グ"}},
		// A Thai, Khmer or Myanmar character keeps its vowel and tone
		// marks; so does a Devanagari word.
		{"ที่ประชุม", []string{"ที่", "ป", "ร", "ะ", "ชุ", "ม"}},
		{"ខ្មែរ", []string{"ខ្", "មែ", "រ"}},
		{"हिन्दी भाषा", []string{"हिन्दी", "भाषा"}},
		// An emoji is a word of its own; a skin tone folds away, a flag is
		// one word of its two letters, a joined sequence its pictographs.
		{"deploy🚀rollback 👍🏽 🇩🇪🇫🇷 ☕x", []string{"deploy", "🚀", "rollback", "👍", "🇩🇪", "🇫🇷", "☕", "x"}},
		{"👩\u200d💻 ❤\ufe0f ⭐", []string{"👩", "💻", "❤", "⭐"}},
		// A comma between digits joins them as a dot does: "1,000" is one
		// number; elsewhere it ends a word.
		{"1,000 users 12,345.67 a,b 1, 2 x,1", []string{"1,000", "users", "12,345.67", "a", "b", "1", "2", "x", "1"}},
		// Other symbols stay punctuation.
		{"a → b © 25°C ─┼─", []string{"a", "b", "25", "c"}},
		{"café", []string{"café"}},
	}
	for _, tt := range tests {
		if got := Words(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Words(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestBigrams(t *testing.T) {
	got := Bigrams("我们使用 Valkey 缓存")
	want := []string{"我们", "们使", "使用", "valkey", "缓存"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Bigrams = %q, want %q", got, want)
	}
	if got := Bigrams("猫 dog"); !reflect.DeepEqual(got, []string{"猫", "dog"}) {
		t.Errorf("Bigrams(lone) = %q", got)
	}
}

func TestBigramsSpaceless(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"水曜日の会議", []string{"水曜", "曜日", "日の", "の会", "会議"}},
		{"ภาษาไทย", []string{"ภา", "าษ", "ษา", "าไ", "ไท", "ทย"}},
		{"ລາວ", []string{"ລາ", "າວ"}},
		{"회의는 내일", []string{"회의", "의는", "내일"}},
		{"Kubernetes集群", []string{"kubernetes", "集群"}},
	}
	for _, tt := range tests {
		if got := Bigrams(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Bigrams(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSegment(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain English, v1.2.3", "plain English, v1.2.3"},
		{"我们的支付系统上线了", " 我们 们的 的支 支付 付系 系统 统上 上线 线了 了 "},
		{"猫", " 猫 "},
		{"Kubernetes集群 (2.0版本)", "Kubernetes 集群 群  (2.0 版本 本 )"},
		{"ที่ประชุม", " ที่ป ปร ระ ะชุ ชุม ม "},
		{"会议。明天", " 会议 议 。 明天 天 "},
		// An emoji as the private-use character the keyword index's
		// tokenizer keeps as a word (IndexForm), a flag as one word.
		{"ship🚀it 🇩🇪 ☕", "ship \U000FF680 it  \U000FF1E9\U000FF1EA   \U000F2615 "},
		{"👍🏽 → ©", " \U000FF44D \U0001F3FD → ©"},
	}
	for _, tt := range tests {
		if got := Segment(tt.in); got != tt.want {
			t.Errorf("Segment(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// The pairs of a word are a run of the segmented text's words.
	for _, c := range []struct{ text, word string }{
		{"我们的支付系统上线了", "支付系统"},
		{"来週の水曜日にミーティングがあります", "ミーティング"},
		{"พรุ่งนี้มีการประชุมที่สำนักงาน", "การประชุม"},
	} {
		seg := strings.Fields(Segment(c.text))
		pairs := Bigrams(c.word)
		found := false
		for i := 0; i+len(pairs) <= len(seg); i++ {
			if reflect.DeepEqual(seg[i:i+len(pairs)], pairs) {
				found = true
			}
		}
		if !found {
			t.Errorf("Segment(%q) = %q, lacks the pairs %q of %q", c.text, seg, pairs, c.word)
		}
	}
}

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"cafe", "cafe"},
		{"café", "cafe"},
		{"zürich", "zurich"},
		{"café", "cafe"},
		{"việt", "viet"},
		{"ærø", "aero"},
		{"þórður", "thordur"},
		{"πότε", "ποτε"},
		{"ε\u0301να", "ενα"},
		{"всё", "все"},
		{"عَلِمَ", "علم"},
		{"đường", "duong"},
		{"straße", "straße"},
		{"йогурт", "йогурт"},
		{"が", "が"},
		{"한국어", "한국어"},
		{"ที่", "ที่"},
	}
	for _, tt := range tests {
		if got := Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { Fold("plain ascii words") }); n != 0 {
		t.Errorf("Fold of ASCII allocates %v times, want 0", n)
	}
}

func TestParts(t *testing.T) {
	if got := Parts("zebra-comet-2026"); !reflect.DeepEqual(got, []string{"zebra", "comet", "2026"}) {
		t.Errorf("Parts = %q", got)
	}
}

func TestStopWords(t *testing.T) {
	tests := []struct {
		w              string
		stop, function bool
	}{
		{"the", true, true},
		{"it's", true, true},
		{"what", true, true},
		{"remember", true, false},
		{"don't", true, false},
		{"don", true, false},
		{"many", true, false},
		{"redis", false, false},
		{"The", false, false}, // tokens are lower case
		{"", false, false},
	}
	for _, tt := range tests {
		if got := IsStopWord(tt.w); got != tt.stop {
			t.Errorf("IsStopWord(%q) = %v, want %v", tt.w, got, tt.stop)
		}
		if got := slices.Contains(FunctionWords(), tt.w); got != tt.function {
			t.Errorf("FunctionWords() holds %q = %v, want %v", tt.w, got, tt.function)
		}
	}
}

func TestQuestionWords(t *testing.T) {
	n := 0
	for w := range stopWords() {
		if IsQuestionWord(w) {
			n++
		}
	}
	if n != 12 {
		t.Errorf("%d stop words are question words, want 12: every question word must be on the stop list", n)
	}
	for _, w := range []string{"remind", "remember", "mentioned", "ago", "previously", "many"} {
		if !IsQuestionWord(w) || !IsStopWord(w) {
			t.Errorf("IsQuestionWord(%q), IsStopWord(%q) = %v, %v, want true, true", w, w, IsQuestionWord(w), IsStopWord(w))
		}
	}
	for _, w := range []string{"the", "what", "did", "redis", "Remind"} {
		if IsQuestionWord(w) {
			t.Errorf("IsQuestionWord(%q) = true, want false", w)
		}
	}
}

func TestFunctionWords(t *testing.T) {
	fw := FunctionWords()
	if len(fw) != 67 {
		t.Errorf("len(FunctionWords()) = %d, want 67", len(fw))
	}
	seen := make(map[string]bool)
	for _, w := range fw {
		if seen[w] {
			t.Errorf("FunctionWords() lists %q twice", w)
		}
		seen[w] = true
		if !IsStopWord(w) {
			t.Errorf("IsStopWord(%q) = false, want true for a function word", w)
		}
		if got := Words(w); len(got) != 1 || got[0] != w {
			t.Errorf("Words(%q) = %q, want the word itself", w, got)
		}
	}
	if n, want := len(stopWords()), len(strings.Fields(otherStopWords))+len(fw); n != want {
		t.Errorf("stop list has %d words, want %d: a word is listed as both a function word and another stop word", n, want)
	}
	if n := len(stopWords()); n != 233 {
		t.Errorf("stop list has %d words, want 233", n)
	}
	fw[0] = "changed"
	if got := FunctionWords()[0]; got != "a" {
		t.Errorf("FunctionWords()[0] = %q after changing a returned slice, want %q", got, "a")
	}
}

// TestSpacelessFastPaths checks the ranges IsSpaceless and isMark answer
// without the Unicode tables against the tables, for every assigned code
// point.
func TestSpacelessFastPaths(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z) {
			continue // unassigned, a control, a surrogate or private use
		}
		want := r == 0x30FC || r == 0xFF70 || unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
			unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
		if got := IsSpaceless(r); got != want {
			t.Errorf("IsSpaceless(%U) = %v, want %v", r, got, want)
		}
		if got, want := isMark(r), unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me); got != want {
			t.Errorf("isMark(%U) = %v, want %v", r, got, want)
		}
	}
}

// TestIsCompoundIsParts checks that IsCompound reports exactly the words
// Parts splits.
func TestIsCompoundIsParts(t *testing.T) {
	for r := rune(0); r < 0x3000; r++ {
		w := "a" + string(r) + "b"
		if split, compound := len(Parts(w)) > 1, IsCompound(w); split != compound {
			t.Errorf("Parts(%q) splits: %v; IsCompound: %v", w, split, compound)
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"café — “quoted” ’s", "café — “quoted” ’s"},
		{"ﬁnance ﬀ ﬂ ﬃ ﬄ ﬅ ﬆ", "finance ff fl ffi ffl st st"},
		{"ＡＰＩ！～ｚ", "API!~z"},
		{"rein\u00addeer quarter\u200bback lime\u2060stone \ufeffx", "reindeer quarterback limestone x"},
		{"kuber\u200dnetes deploy\u200cment var\ufe0fnish ng\u034finx a\u202eb", "kubernetes deployment varnish nginx ab"},
		{"\U0001D433\U0001D41E\U0001D429 \U0001D45E\U0001D462", "zep qu"},
		{"Straße GROẞ ΚΟΣΜΟΣ κόσμος", "Strasse GROss ΚΟΣΜΟΣ κοσμοσ"},
		{"cafe\u0301 İzmir Diyarbakır", "café izmir Diyarbakir"},
		{"Ĳssel ǆ H₂O 10⁶ Ⅻ ｶﾀｶﾅ ｶﾞ ㎏", "IJssel dž H₂O 10⁶ XII カタカナ ガ  kg "},
		{"Acme™ №5 ½", "Acme TM   No 5 ½"},
		{"\u0430pple \u0455cala t\u03bfy\u03bft\u03b1", "\u0430pple \u0455cala t\u03bfy\u03bft\u03b1"},
		{"\uff00\uff5f\ufb07\u00ac\u200a", "\uff00\uff5f\ufb07\u00ac\u200a"},
		{"\xef\xbc", "\xef\xbc"},
		{"Αθήνα Ευβοϊκός ἄνθρωπος ᾠδή ᾼ", "Αθηνα Ευβοικοσ ανθρωποσ ωδη Α"},
		{"ёлка Ёжик ѝ мой їжак ўсход", "елка ежик и мой їжак ўсход"},
		{"שָׁלוֹם كِتَابٌ كـتـاب أحمد إسلام القُرْآن على", "שלום كتاب كتاب احمد اسلام القران على"},
		{"کتاب\u200cها می\u200cخواهم", "کتاب ها می خواهم"},
		{"đường Sørensen Łódź Ǿ", "dường Sorensen lódź ó"},
		{"Þór þing Guðmundur Ðað Ægir Cæsar Œuvre œil Ħamrun ħajja Ŧeavdnu ŧ Ǣ ǽ", "thór thing Gudmundur dad aegir Caesar oeuvre oeil hamrun hajja teavdnu t aē aé"},
		{"c\u0337o\u0337nfig моло\u0301ко n\u0308 ø\u0301 Ω\u0361", "config молоко n o Ω"},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := Normalize(tt.want); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want it unchanged (idempotent)", tt.want, got)
		}
	}
}

// TestNormalizeEveryRune checks, for every assigned code point between
// two letters, that [Normalize] gives the words (as [Words] and as the
// keyword index's tokenizer split them, lower-cased) of NFKC_Casefold
// as written out here with the unicode and x/text tables: default-
// ignorable code points removed, "ı" as "i", a symbol whose form holds
// letters or digits as a word of its own, then NFKC, full case folding
// and NFKC again; before and after all that, the letters searchers of a
// script type plainly (refScriptFold).
func TestNormalizeEveryRune(t *testing.T) {
	fold := cases.Fold()
	ref := func(s string) string {
		var b strings.Builder
		for _, r := range refScriptFold(s) {
			switch {
			case unicode.Is(defaultIgnorable, r):
			case r == 0xAA || r == 0xBA || unicode.In(r, unicode.No, unicode.Lm) && (r < 0xFF00 || r > 0xFFEF):
				return s // kept as written
			case r == 'ı':
				b.WriteByte('i')
			case unicode.IsSymbol(r) && strings.IndexFunc(norm.NFKC.String(string(r)), func(c rune) bool {
				return unicode.IsLetter(c) || unicode.IsDigit(c)
			}) >= 0:
				b.WriteString(" " + string(r) + " ")
			default:
				b.WriteRune(r)
			}
		}
		return refScriptFold(strings.ReplaceAll(norm.NFKC.String(fold.String(norm.NFKC.String(b.String()))), "ı", "i"))
	}
	ftsWords := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
			return !unicode.In(r, unicode.L, unicode.N, unicode.Co, unicode.M)
		})
	}
	for r := rune(0x80); r <= 0xE0FFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF || r >= 0x323B0 && r < 0xE0000 {
			continue // surrogates; nothing is assigned up to the tags
		}
		s := "a" + string(r) + "b"
		got, want := Normalize(s), ref(s)
		if g, w := ftsWords(got), ftsWords(want); !slices.Equal(g, w) {
			t.Fatalf("Normalize(%q) = %q, words %q; NFKC_Casefold %q, words %q", s, got, g, want, w)
		}
		if g, w := Words(got), Words(want); !slices.Equal(g, w) {
			t.Fatalf("Words(Normalize(%q)) = %q, of NFKC_Casefold %q", s, g, w)
		}
		if g := Normalize(got); g != got {
			t.Fatalf("Normalize(%q) = %q, then %q: not idempotent", s, got, g)
		}
	}
}

// refScriptFold is tokenize's script folds (foldLetter) written out
// again from the decompositions and scripts: s in NFD without the iota
// subscript, the marks after a Greek letter, the grave and diaeresis
// after Cyrillic "е" and the grave after "и" (not the breve of "й", the
// diaeresis of "ӥ" nor the marks of "ї", "ў"), the Hebrew marks, the Arabic marks but the hamza and madda (which
// after an alef are removed too) and the tatweel; "ٱ" as "ا", "đ", "ø",
// "ł", "ð", "ħ", "ŧ" as "d", "o", "l", "d", "h", "t", "þ", "æ", "œ" as "th",
// "ae", "oe"; the rest as it was, composed again, without the combining
// diacritical marks left uncomposed.
func refScriptFold(s string) string {
	var b strings.Builder
	last := rune(0) // the last character that is no mark
	for _, r := range norm.NFD.String(s) {
		isMark := unicode.Is(unicode.Mn, r)
		switch {
		case r == 0x345,
			isMark && unicode.Is(unicode.Greek, last) && unicode.IsLetter(last),
			(r == 0x300 || r == 0x308) && strings.ContainsRune("еЕ", last),
			r == 0x300 && strings.ContainsRune("иИ", last),
			isMark && unicode.Is(unicode.Hebrew, r),
			isMark && unicode.Is(unicode.Arabic, r) && (r < 0x653 || r > 0x655),
			r >= 0x653 && r <= 0x655 && last == 'ا',
			r >= 0x64B && r <= 0x652 || r >= 0x656 && r <= 0x65F || r == 0x670, // harakat, of script Inherited
			r == 0x640:
			continue
		case r == 0x671:
			r = 'ا'
		case strings.ContainsRune("đĐ", r):
			r = 'd'
		case strings.ContainsRune("øØ", r):
			r = 'o'
		case strings.ContainsRune("łŁ", r):
			r = 'l'
		case strings.ContainsRune("ðÐ", r):
			r = 'd'
		case strings.ContainsRune("ħĦ", r):
			r = 'h'
		case strings.ContainsRune("ŧŦ", r):
			r = 't'
		case strings.ContainsRune("þÞæÆœŒ", r):
			b.WriteString(map[rune]string{'þ': "th", 'Þ': "th", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe"}[r])
			last = 'e'
			continue
		}
		if !isMark {
			last = r
		}
		b.WriteRune(r)
	}
	// The marks of Combining Diacritical Marks no letter composes with.
	return strings.Map(func(r rune) rune {
		if r >= 0x300 && r <= 0x36F {
			return -1
		}
		return r
	}, norm.NFC.String(b.String()))
}

// defaultIgnorable is Default_Ignorable_Code_Point as
// DerivedCoreProperties.txt of Unicode 15 lists it.
var defaultIgnorable = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x00AD, 0x00AD, 1}, {0x034F, 0x034F, 1}, {0x061C, 0x061C, 1},
		{0x115F, 0x1160, 1}, {0x17B4, 0x17B5, 1}, {0x180B, 0x180F, 1},
		{0x200B, 0x200F, 1}, {0x202A, 0x202E, 1}, {0x2060, 0x206F, 1},
		{0x3164, 0x3164, 1}, {0xFE00, 0xFE0F, 1}, {0xFEFF, 0xFEFF, 1},
		{0xFFA0, 0xFFA0, 1}, {0xFFF0, 0xFFF8, 1},
	},
	R32: []unicode.Range32{
		{0x1BCA0, 0x1BCA3, 1}, {0x1D173, 0x1D17A, 1}, {0xE0000, 0xE0FFF, 1},
	},
}

// TestFoldsApart derives foldsApart from the Unicode tables: the
// characters in NFKC, not default-ignorable, whose full case folding is
// not their lower case; and holds foldRune to that folding.
func TestFoldsApart(t *testing.T) {
	fold := cases.Fold()
	for r := rune(0x80); r < 0x323B0; r++ { // nothing above is a letter
		s := string(r)
		if r >= 0xD800 && r <= 0xDFFF || !norm.NFKC.IsNormalString(s) || ignorable(r) {
			continue
		}
		folded := norm.NFKC.String(fold.String(s))
		want := strings.ToLower(folded) != strings.ToLower(s)
		if got := unicode.Is(foldsApart, r); got != want {
			t.Errorf("foldsApart holds %U = %v, want %v", r, got, want)
		}
		if want && foldRune(r) != folded {
			t.Errorf("foldRune(%U) = %q, want %q", r, foldRune(r), folded)
		}
	}
}

// TestIgnorable holds ignorable to Default_Ignorable_Code_Point as
// DerivedCoreProperties.txt of Unicode 15 lists it, and keptSymbol's
// shortcut (no such symbol below U+20A8) to its definition.
func TestIgnorable(t *testing.T) {
	di := defaultIgnorable
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got, want := ignorable(r), unicode.Is(di, r); got != want {
			t.Errorf("ignorable(%U) = %v, want %v", r, got, want)
		}
		if unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) && !ignorable(r) {
			t.Errorf("ignorable(%U) = false, but it is Other_Default_Ignorable_Code_Point", r)
		}
		if got, want := foldApart(r), unicode.Is(foldsApart, r); got != want {
			t.Errorf("foldApart(%U) = %v, want %v", r, got, want)
		}
	}
	for r := rune(0x80); r < 0x20A8; r++ {
		if !unicode.IsSymbol(r) {
			continue
		}
		for _, c := range norm.NFKC.String(string(r)) {
			if unicode.IsLetter(c) || unicode.IsDigit(c) {
				t.Errorf("%U is a symbol whose NFKC holds %q: keptSymbol must not skip it", r, c)
			}
		}
	}
}

// TestClass checks class's shortcuts against its general rule.
func TestClass(t *testing.T) {
	for r := rune(0x80); r < 0x10000; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		c := string(r)
		want := stable
		if ignorable(r) || r == 'ı' || foldApart(r) || folds(r) || r >= 0x300 && r <= 0x36F {
			want = changes
		} else if keptForm(r) {
			want = stable
		} else if p := norm.NFKC.PropertiesString(c); !p.BoundaryBefore() || !norm.NFKC.IsNormalString(c) && wordly([]byte(norm.NFKC.String(c))) {
			want = maybe
		}
		if got := class(r, c); got != want {
			t.Errorf("class(%U) = %d, want %d", r, got, want)
		}
	}
}
