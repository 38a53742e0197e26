// Package tablecheck holds the checks, for tests, of a package whose
// word tables are built on first use by a loadTables (a sync.OnceFunc)
// rather than at package initialisation, which every command of the CLI
// would pay for: that nothing reads a table before loadTables fills it
// ([InitOrder]) and that loadTables fills each ([Filled]). The conflict
// and curate packages use it.
package tablecheck

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	gotoken "go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// tableGraph is a package's source, type-checked: which package-level
// objects each function, method and initialiser names.
type tableGraph struct {
	pkg   *types.Package
	fset  *gotoken.FileSet
	refs  map[types.Object][]types.Object // objects named by a body or initialiser
	inits map[*types.Var]ast.Expr         // initialisers of package-level variables
	order []*types.Var                    // the tables loadTables assigns, in order
	rhs   map[*types.Var]ast.Expr         // what loadTables assigns each
	info  *types.Info
	inFns []*types.Func // the package's init functions
}

// stdOnly imports the standard library from source and refuses the
// rest: the graph needs only this package's own names.
type stdOnly struct{ src types.Importer }

func (i stdOnly) Import(path string) (*types.Package, error) {
	if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
		return nil, fmt.Errorf("not needed: %s", path)
	}
	return i.src.Import(path)
}

// loadGraph parses and type-checks the non-test files of the package in
// the current folder (a test's), named pkgName.
func loadGraph(t *testing.T, pkgName string) *tableGraph {
	t.Helper()
	fset := gotoken.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: stdOnly{importer.ForCompiler(fset, "source", nil)}, Error: func(error) {}}
	pkg, _ := conf.Check(pkgName, fset, files, info)
	g := &tableGraph{pkg: pkg, fset: fset, refs: map[types.Object][]types.Object{},
		inits: map[*types.Var]ast.Expr{}, rhs: map[*types.Var]ast.Expr{}, info: info}
	ours := g.names
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Body != nil {
					g.refs[info.Defs[d.Name]] = ours(d.Body)
				}
				if d.Name.Name == "init" && d.Recv == nil {
					g.inFns = append(g.inFns, info.Defs[d.Name].(*types.Func))
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok || d.Tok != gotoken.VAR {
						continue
					}
					for i, n := range vs.Names {
						v := info.Defs[n].(*types.Var)
						if len(vs.Values) == len(vs.Names) {
							g.inits[v] = vs.Values[i]
							g.refs[v] = ours(vs.Values[i])
						} else if len(vs.Values) > 0 {
							t.Fatalf("%s: one initialiser for several variables", fset.Position(n.Pos()))
						}
					}
				}
			}
		}
	}
	// A value of a type may have its methods called through an
	// interface (fmt calls String): naming the type names them.
	for _, name := range pkg.Scope().Names() {
		if tn, ok := pkg.Scope().Lookup(name).(*types.TypeName); ok {
			if named, ok := tn.Type().(*types.Named); ok {
				for m := range named.Methods() {
					g.refs[tn] = append(g.refs[tn], m)
				}
			}
		}
	}
	g.readLoadTables(t, info)
	return g
}

// names returns the package-level objects n names.
func (g *tableGraph) names(n ast.Node) []types.Object {
	var out []types.Object
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if o := g.info.Uses[id]; o != nil && g.packageLevel(o) {
				out = append(out, o)
			}
		}
		return true
	})
	return out
}

// packageLevel reports whether o is a variable, function or method of
// this package at package level (not a local, a field or a parameter),
// or a type declared there.
func (g *tableGraph) packageLevel(o types.Object) bool {
	if o.Pkg() != g.pkg {
		return false
	}
	if f, ok := o.(*types.Func); ok {
		return f.Type().(*types.Signature).Recv() != nil || o.Parent() == g.pkg.Scope()
	}
	switch o.(type) {
	case *types.Var, *types.TypeName:
		return o.Parent() == g.pkg.Scope()
	}
	return false
}

// readLoadTables lists the assignments of loadTables' function literal.
func (g *tableGraph) readLoadTables(t *testing.T, info *types.Info) {
	t.Helper()
	lt, ok := g.pkg.Scope().Lookup("loadTables").(*types.Var)
	if !ok || g.inits[lt] == nil {
		t.Fatal("no package variable loadTables with an initialiser")
	}
	var lit *ast.FuncLit
	ast.Inspect(g.inits[lt], func(n ast.Node) bool {
		if f, ok := n.(*ast.FuncLit); ok && lit == nil {
			lit = f
		}
		return lit == nil
	})
	if lit == nil {
		t.Fatal("loadTables is not built from a function literal")
	}
	for _, st := range lit.Body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != gotoken.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			t.Fatalf("%s: loadTables holds only statements \"table = expression\"", g.fset.Position(st.Pos()))
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		v, isVar := info.Uses[id].(*types.Var)
		if !ok || !isVar || !g.packageLevel(v) {
			t.Fatalf("%s: loadTables assigns something not a package variable", g.fset.Position(st.Pos()))
		}
		if g.rhs[v] != nil {
			t.Fatalf("%s: loadTables assigns %s twice", g.fset.Position(st.Pos()), v.Name())
		}
		if g.inits[v] != nil {
			t.Fatalf("%s: %s has an initialiser and is assigned by loadTables", g.fset.Position(v.Pos()), v.Name())
		}
		g.order = append(g.order, v)
		g.rhs[v] = as.Rhs[0]
	}
	// loadTables' own initialiser names every table: as a node of the
	// graph it stands for them, so leave its body out.
	g.refs[lt] = nil
}

// reach returns the package-level objects that running what roots name
// may read, with for each the object it was reached from. It follows
// function bodies, methods, the methods of a type named (an interface
// may call them) and the initialisers of variables (a sync.OnceValue's
// function runs when called); it stops at the tables
// loadTables builds, which it reports.
func (g *tableGraph) reach(roots []types.Object) map[types.Object]types.Object {
	from := map[types.Object]types.Object{}
	queue := slices.Clone(roots)
	for _, r := range roots {
		from[r] = nil
	}
	for len(queue) > 0 {
		o := queue[0]
		queue = queue[1:]
		if v, ok := o.(*types.Var); ok && g.rhs[v] != nil {
			continue
		}
		for _, n := range g.refs[o] {
			if _, seen := from[n]; !seen {
				from[n] = o
				queue = append(queue, n)
			}
		}
	}
	return from
}

// path names the chain by which reach got to o.
func path(from map[types.Object]types.Object, o types.Object) string {
	var names []string
	for ; o != nil; o = from[o] {
		names = append(names, o.Name())
	}
	slices.Reverse(names)
	return strings.Join(names, " -> ")
}

// InitOrder guards the loadTables of the package pkgName in the current
// folder (a test's), which builds the package's word tables on first use
// instead of at package initialisation, against the three ways a table
// could silently be read empty (nil), as Go's own initialisation order
// would never allow:
//   - a package-level initialiser left eager, or an init function, that
//     reads, through any function, method or variable it names, a table
//     loadTables builds (it would run before loadTables and read nil). An
//     eager initialiser may name, of the package, only constants, types
//     and functions that reach no package variable: setOf of a literal, a
//     composite literal, or a sync.OnceValue of a regexp;
//   - a table in loadTables built from one assigned after it;
//   - an exported function or method that reaches a table without
//     reaching loadTables first.
//
// loadTables must be a package variable initialised with
// sync.OnceFunc(func() { table = expression; ... }). reader and table
// name a function of the package and a table it reads: a self-check that
// the type check saw the package's names.
func InitOrder(t *testing.T, pkgName, reader, table string) {
	t.Helper()
	g := loadGraph(t, pkgName)
	lt := g.pkg.Scope().Lookup("loadTables")
	if from := g.reach([]types.Object{g.pkg.Scope().Lookup(reader)}); from[g.pkg.Scope().Lookup(table)] == nil {
		t.Fatalf("the graph does not see that %s reads %s: the type check lost this package's names", reader, table)
	}
	for v, e := range g.inits {
		if v == lt {
			continue
		}
		from := g.reach(g.refs[v])
		for o := range from {
			if _, isVar := o.(*types.Var); isVar || o == lt {
				t.Errorf("%s: the initialiser of %s reads the package variable %s (%s): build it in loadTables, "+
					"or keep it a literal that reads no table",
					g.fset.Position(e.Pos()), v.Name(), o.Name(), path(from, o))
			}
		}
	}
	for _, f := range g.inFns {
		from := g.reach(g.refs[f])
		for o := range from {
			if _, isVar := o.(*types.Var); isVar || o == lt {
				t.Errorf("%s: an init function reads the package variable %s (%s): read tables after loadTables",
					g.fset.Position(f.Pos()), o.Name(), path(from, o))
			}
		}
	}
	for i, v := range g.order {
		from := g.reach(g.names(g.rhs[v]))
		for _, later := range g.order[i:] {
			if _, ok := from[later]; ok {
				t.Errorf("%s: loadTables builds %s from %s, which it assigns later or is itself (%s): "+
					"move %s before it", g.fset.Position(g.rhs[v].Pos()), v.Name(), later.Name(), path(from, later), later.Name())
			}
		}
	}
	for _, name := range g.pkg.Scope().Names() {
		g.checkEntry(t, g.pkg.Scope().Lookup(name), lt)
		if tn, ok := g.pkg.Scope().Lookup(name).(*types.TypeName); ok {
			if named, ok := tn.Type().(*types.Named); ok {
				for m := range named.Methods() {
					g.checkEntry(t, m, lt)
				}
			}
		}
	}
}

// checkEntry fails t when o is an exported function or method that
// reaches a table but not loadTables.
func (g *tableGraph) checkEntry(t *testing.T, o types.Object, lt types.Object) {
	t.Helper()
	if _, ok := o.(*types.Func); !ok || !o.Exported() {
		return
	}
	from := g.reach([]types.Object{o})
	if _, ok := from[lt]; ok {
		return
	}
	for _, v := range g.order {
		if _, ok := from[v]; ok {
			t.Errorf("%s: the exported %s reads the table %s (%s) and never calls loadTables first",
				g.fset.Position(o.Pos()), o.Name(), v.Name(), path(from, v))
			return
		}
	}
}

// Filled checks that the loadTables of the package pkgName in the
// current folder, which the caller has run, filled every table it
// assigns: tables maps each table's name to its value, none nil, empty
// or zero, and must name exactly the tables loadTables assigns, so that
// a table added there is checked too.
func Filled(t *testing.T, pkgName string, tables map[string]any) {
	t.Helper()
	g := loadGraph(t, pkgName)
	var assigned []string
	for _, v := range g.order {
		assigned = append(assigned, v.Name())
	}
	listed := slices.Sorted(func(yield func(string) bool) {
		for k := range tables {
			if !yield(k) {
				return
			}
		}
	})
	slices.Sort(assigned)
	if !slices.Equal(listed, assigned) {
		t.Fatalf("the test lists %v\nloadTables assigns %v", listed, assigned)
	}
	for _, name := range listed {
		v := reflect.ValueOf(tables[name])
		switch {
		case v.Kind() == reflect.Map && v.Len() == 0:
			t.Errorf("loadTables left %s empty (nil: %v)", name, v.IsNil())
		case v.Kind() != reflect.Map && v.IsZero():
			t.Errorf("loadTables left %s zero", name)
		}
	}
}
