package main

import (
	"encoding/json"
	"math"
	"slices"
	"testing"
)

func TestMetrics(t *testing.T) {
	abcde := []string{"a", "b", "c", "d", "e"}
	be := judgments{"b": 1, "e": 1}
	// Hand-computed: 1/log2(3) = 0.630930, 1/log2(4) = 0.5,
	// 1/log2(6) = 0.386853, 2/log2(3) = 1.261860.
	tests := []struct {
		name   string
		fn     func([]string, judgments, int) float64
		ranked []string
		gold   judgments
		k      int
		want   float64
	}{
		{"recallAny miss at 1", recallAny, abcde, be, 1, 0},
		{"recallAny hit at 2", recallAny, abcde, be, 2, 1},
		{"recallAny no gold", recallAny, abcde, judgments{}, 5, 0},
		{"recallAny grade 0 is not relevant", recallAny, abcde, judgments{"a": 0}, 5, 0},
		{"recallAll one of two", recallAll, abcde, be, 2, 0},
		{"recallAll both", recallAll, abcde, be, 5, 1},
		{"recallAll k past the end", recallAll, abcde, be, 50, 1},
		{"recallAll no gold", recallAll, abcde, judgments{}, 5, 0},
		{"recallAll gold not ranked", recallAll, abcde, judgments{"b": 1, "z": 1}, 5, 0},
		{"recallFrac half", recallFrac, abcde, be, 2, 0.5},
		{"recallFrac all", recallFrac, abcde, be, 5, 1},
		{"recallFrac one of three", recallFrac, abcde, judgments{"a": 1, "y": 1, "z": 1}, 5, 1.0 / 3},
		{"recallFrac no gold", recallFrac, abcde, judgments{}, 5, 0},
		// DCG = 1/log2(3) + 1/log2(6) = 1.017783; IDCG = 1 + 1/log2(3) = 1.630930.
		{"ndcg binary at 5", ndcg, abcde, be, 5, 1.017783 / 1.630930},
		// Only b counts: 0.630930 / 1.630930.
		{"ndcg binary at 3", ndcg, abcde, be, 3, 0.630930 / 1.630930},
		{"ndcg perfect", ndcg, []string{"b", "e", "a"}, be, 10, 1},
		{"ndcg nothing found", ndcg, []string{"a", "c"}, be, 10, 0},
		{"ndcg no gold", ndcg, abcde, judgments{}, 10, 0},
		// One gold document: its rank r gives 1/log2(r+1).
		{"ndcg single gold at rank 4", ndcg, abcde, judgments{"d": 1}, 10, 1 / math.Log2(5)},
		// Graded: DCG = 1 + 2/log2(3) = 2.261860; the ideal ranks z (3)
		// then y (2): 3 + 2/log2(3) = 4.261860.
		{"ndcg graded", ndcg, []string{"x", "y"}, judgments{"x": 1, "y": 2, "z": 3}, 2, 2.261860 / 4.261860},
		// The ideal is cut at k too: DCG = 2, IDCG = 3.
		{"ndcg graded ideal cut at k", ndcg, []string{"y", "x"}, judgments{"x": 1, "y": 2, "z": 3}, 1, 2.0 / 3},
		// A repeated document gains once: 1 + 0 + 1/log2(4) = 1.5.
		{"ndcg repeat gains once", ndcg, []string{"b", "b", "e"}, be, 3, 1.5 / 1.630930},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.fn(tt.ranked, tt.gold, tt.k); math.Abs(got-tt.want) > 1e-6 {
				t.Errorf("%s(%v, %v, %d) = %.6f, want %.6f", tt.name, tt.ranked, tt.gold, tt.k, got, tt.want)
			}
		})
	}
}

func TestDedupe(t *testing.T) {
	got := dedupe([]string{"s1", "s2", "s1", "s3", "s2"})
	if want := []string{"s1", "s2", "s3"}; !slices.Equal(got, want) {
		t.Errorf("dedupe = %v, want %v", got, want)
	}
}

func TestMeanSkipsUndefined(t *testing.T) {
	metrics := []metric{
		definedIfRelevant("recall_any@1", recallAny, 1),
		recallFracOr1("recall_frac@1", 1),
	}
	g := newGroupedMean(metrics)
	g.add("a", measure(metrics, []string{"x"}, judgments{"x": 1})) // 1, 1
	g.add("a", measure(metrics, []string{"x"}, judgments{"y": 1})) // 0, 0
	g.add("b", measure(metrics, []string{"x"}, judgments{}))       // undefined, 1
	if v, ok := g.all.value(0); !ok || v != 0.5 {
		t.Errorf("mean recall_any@1 = %v, %v; want 0.5 over the two questions with gold", v, ok)
	}
	if v, ok := g.all.value(1); !ok || math.Abs(v-2.0/3) > 1e-9 {
		t.Errorf("mean recall_frac@1 = %v, %v; want 2/3 over all three questions", v, ok)
	}
	b, err := json.Marshal(g.byGroup())
	if err != nil {
		t.Fatal(err)
	}
	want := `{"a":{"recall_any@1":0.5,"recall_frac@1":0.5,"count":2},"b":{"recall_any@1":null,"recall_frac@1":1,"count":1}}`
	if string(b) != want {
		t.Errorf("byGroup = %s, want %s", b, want)
	}
}

func TestObjectKeepsOrder(t *testing.T) {
	o := object{}.add("z", 1).add("a", "x<y").add("m", object{}.add("k", nil))
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"z":1,"a":"x\u003cy","m":{"k":null}}`; string(b) != want {
		t.Errorf("Marshal = %s, want %s", b, want)
	}
}

func TestFileNames(t *testing.T) {
	docs := []doc{{id: "sharegpt_kT6YLtX_0"}, {id: "a/b"}, {id: ".hidden"}, {id: "doc-0"}, {id: "x.swp"}, {id: "31715818"}}
	got, err := fileNames(docs)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"sharegpt_kT6YLtX_0.md", "doc-1.md", "doc-2.md", "doc-3.md", "x.swp.md", "31715818.md"}
	if !slices.Equal(got, want) {
		t.Errorf("fileNames = %v, want %v", got, want)
	}
	if _, err := fileNames([]doc{{id: "a"}, {id: "a"}}); err == nil {
		t.Error("fileNames with a repeated id: no error")
	}
}
