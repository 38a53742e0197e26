package index

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/store"
)

// scriptChunks are one chunk per script, each with a word in the middle
// of a sentence that the keyword index must find.
var scriptChunks = []struct{ text, word string }{
	{"上周我们终于把新的支付系统部署到了生产环境。", "支付系统"},
	{"来週の水曜日にミーティングを予定しています。", "ミーティング"},
	{"다음 주 화요일에 예산 회의가 있습니다.", "회의"},
	{"พรุ่งนี้เช้าเราจะมีการประชุมที่สำนักงานใหญ่", "ประชุม"},
	{"ມື້ນີ້ຂ້ອຍໄປຕະຫຼາດເຊົ້າເພື່ອຊື້ຜັກ", "ຕະຫຼາດ"},
	{"ខ្ញុំចង់ទៅលេងប្រាសាទអង្គរវត្តនៅខែក្រោយ", "អង្គរវត្ត"},
	{"ဒီနှစ် မိုးရာသီမှာ ရန်ကုန်မြို့ထဲ ရေကြီးခဲ့တယ်", "ရန်ကုန်"},
	{"हमारी टीम अगले हफ्ते नई परियोजना शुरू करेगी", "परियोजना"},
	{"Die Konferenz findet wieder in Zürich statt.", "zurich"},
	{"运维组明天会把Kubernetes集群升级到新的版本。", "集群"},
	{"产品经理确认2.0版本下个月发布。", "2.0版本"},
}

// keywordTexts returns the texts of the chunks the planned keyword
// query of q matches.
func keywordTexts(tb testing.TB, db *DB, q string) []string {
	tb.Helper()
	ctx := context.Background()
	hits, err := db.Keyword(ctx, search.KeywordQuery(q), 20, store.Filter{})
	if err != nil {
		tb.Fatalf("Keyword(%q): %v", q, err)
	}
	ids := make([]int64, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	cs, err := db.Chunks(ctx, ids)
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, id := range ids {
		c, ok := cs[id]
		if !ok {
			tb.Errorf("Keyword(%q) returned chunk %d, which is gone", q, id)
			continue
		}
		out = append(out, c.Text)
	}
	return out
}

// TestKeywordEveryScript checks that the keyword index finds a word in
// the middle of a sentence in every script, that a replaced chunk's
// words are gone from it (the delete is given the segmented text the
// insert was), and that the index passes its check afterwards.
func TestKeywordEveryScript(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	var chunks []Chunk
	for i, c := range scriptChunks {
		chunks = append(chunks, chunk("memory/a.md", i, c.text, nil))
	}
	if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h1"}, Chunks: chunks}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range scriptChunks {
		if got := keywordTexts(t, db, c.word); len(got) == 0 || got[0] != c.text {
			t.Errorf("Keyword(%q) = %q, want %q first", c.word, got, c.text)
		}
	}
	// Replace the file with one English chunk: every word above is gone.
	if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h2"},
		Chunks: []Chunk{chunk("memory/a.md", 0, "nothing but English now", nil)}}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range scriptChunks {
		if got := keywordTexts(t, db, c.word); len(got) != 0 {
			t.Errorf("Keyword(%q) after the chunk was replaced = %q, want none", c.word, got)
		}
	}
	if r, err := db.Check(ctx); err != nil || !r.OK() {
		t.Errorf("Check after replacing = %+v, %v; want OK", r, err)
	}
}

// TestMigrateSegmentsKeywordIndex opens a version 5 index, whose keyword
// index holds the chunks' text as written (a Chinese clause one token),
// and checks that Open rebuilds it so that a word in the middle of the
// clause is found, English words still are, and the chunks can be
// replaced cleanly.
func TestMigrateSegmentsKeywordIndex(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	sdb := openRaw(t, path)
	if err := migrate(ctx, sdb, migrations[:5]); err != nil {
		t.Fatalf("migrate to version 5: %v", err)
	}
	texts := []string{"上周我们终于把新的支付系统部署到了生产环境。", "valkey replaces redis for caching"}
	for i, text := range texts {
		k := embedcache.KeyOf("Notes\n" + text) // as the indexer makes it, and Check verifies
		if _, err := sdb.Exec(`INSERT INTO chunks (id, uid, path, source, seq, start_line, end_line, headings, prefix, hash, text)
			VALUES (?, ?, 'memory/a.md', 'memory', ?, 1, 1, '', ?, ?, ?)`, i+1, i+1, i, "Notes\n", k[:], text); err != nil {
			t.Fatal(err)
		}
		// What a version 5 binary wrote: the text itself.
		if _, err := sdb.Exec(`INSERT INTO chunks_fts (rowid, text) VALUES (?, ?)`, i+1, "Notes\n"+text); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := sdb.Exec(`INSERT INTO files (path, source, hash, mtime, size, chunks) VALUES ('memory/a.md', 'memory', 'h', 1, 1, 2)`); err != nil {
		t.Fatal(err)
	}
	if got := countMatches(t, sdb, search.KeywordQuery("支付系统")); got != 0 {
		t.Fatalf("version 5 index matches 支付系统 in %d chunks, want 0 (the clause is one token)", got)
	}
	sdb.Close()

	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open(version 5) = %v", err)
	}
	defer db.Close()
	for _, q := range []struct{ q, want string }{{"支付系统", texts[0]}, {"支付", texts[0]}, {"caching", texts[1]}, {"notes", ""}} {
		got := keywordTexts(t, db, q.q)
		if q.want == "" {
			if len(got) != 2 {
				t.Errorf("Keyword(%q) after migration = %q, want both chunks (the prefix is indexed)", q.q, got)
			}
			continue
		}
		if len(got) != 1 || got[0] != q.want {
			t.Errorf("Keyword(%q) after migration = %q, want [%q]", q.q, got, q.want)
		}
	}
	var rows int
	if err := db.SQL().QueryRow(`SELECT count(*) FROM chunks_fts`).Scan(&rows); err != nil || rows != 2 {
		t.Errorf("keyword rows after migration = %d, %v; want 2", rows, err)
	}
	if r, err := db.Check(ctx); err != nil || !r.OK() {
		t.Errorf("Check after migration = %+v, %v; want OK", r, err)
	}
	if _, err := db.Apply(ctx, nil, []string{"memory/a.md"}, nil); err != nil {
		t.Fatal(err)
	}
	if got := keywordTexts(t, db, "支付系统"); len(got) != 0 {
		t.Errorf("Keyword(支付系统) after deleting the file = %q, want none", got)
	}
	if n := countMatches(t, db.SQL(), `"支付"`); n != 0 {
		t.Errorf("keyword rows matching 支付 after the delete = %d, want 0", n)
	}
}

// countMatches returns how many rows of chunks_fts match.
func countMatches(tb testing.TB, sdb *sql.DB, match string) int {
	tb.Helper()
	var n int
	if err := sdb.QueryRow(`SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?`, match).Scan(&n); err != nil {
		tb.Fatal(err)
	}
	return n
}
