package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// dataFile returns the path of a file of the development data, found
// under $MEMWEAVE_BENCH_DATA (default /work/shared/data), and skips the
// test when it is absent or long tests are off (memweavetest.Long).
func dataFile(t *testing.T, rel string) string {
	t.Helper()
	memweavetest.Long(t, "real data")
	root := os.Getenv("MEMWEAVE_BENCH_DATA")
	if root == "" {
		root = "/work/shared/data"
	}
	p := filepath.Join(root, filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		t.Skipf("real data: %v", err)
	}
	return p
}

// TestRealDataSmoke runs the first few questions of the development data
// through longmemeval and locomo, checking the report's shape, not its
// figures (RESULTS.md holds those).
func TestRealDataSmoke(t *testing.T) {
	t.Run("longmemeval", func(t *testing.T) {
		data := dataFile(t, "longmemeval/longmemeval_s_dev50.jsonl.gz")
		report := bench(t, "longmemeval", "--data", data, "--limit", "2")
		checkFields(t, report, map[string]any{"questions": 2, "mode": "hybrid", "truncated": 0})
		checkUnit(t, report, "recall_any@1", "recall_any@10", "recall_all@10", "ndcg@10")
	})
	t.Run("locomo", func(t *testing.T) {
		data := dataFile(t, "locomo/locomo_dev5.json")
		report := bench(t, "locomo", "--data", data, "--limit", "20")
		checkFields(t, report, map[string]any{"questions": 20, "conversations": 1, "truncated": 0})
		checkUnit(t, report, "recall_any@5", "recall_frac@10", "ndcg@10")
	})
}

// checkUnit checks that the named report fields are numbers in [0,1].
func checkUnit(t *testing.T, report map[string]any, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if v, ok := report[k].(float64); !ok || v < 0 || v > 1 {
			t.Errorf("report[%q] = %v, want a number in [0,1]", k, report[k])
		}
	}
}
