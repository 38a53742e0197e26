package index

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sqlText matches a string literal that opens with an SQL statement,
// written in capitals as this module writes SQL.
var sqlText = regexp.MustCompile(`^[\x60"]\s*(SELECT|INSERT\s|REPLACE\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s|DROP\s|ALTER\s+TABLE|PRAGMA\s|WITH\s+\w+\s+AS)`)

// sqlElsewhere are the files outside index allowed to hold SQL, each
// with why.
var sqlElsewhere = map[string]string{
	// A benchmark's reference: a bare sqlite-vec KNN query on a scratch
	// database of its own, not the index's schema.
	"cmd/memweave-bench/loop.go": "sqlite-vec reference",
}

// TestOnlyIndexHoldsSQL keeps the schema in one package: no non-test
// file of the module outside index holds a string literal that opens
// with an SQL statement, so that conflict, embedcache and the rest read
// and write through index's methods.
func TestOnlyIndexHoldsSQL(t *testing.T) {
	root := ".."
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "index" || rel != "." && strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || sqlElsewhere[rel] != "" {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && sqlText.MatchString(lit.Value) {
				t.Errorf("%s: SQL outside package index: %.60s", fset.Position(lit.Pos()), lit.Value)
			}
			return true
		})
		files++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read %d files of the module, want the whole module", files)
	}
}
