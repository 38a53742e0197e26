package index

import (
	"context"
	"database/sql"
	"strings"
	"testing"
)

// TestConnectionsKeepFirstPlan checks that every connection keeps a
// statement's first plan when its parameters are rebound (the query
// planner stability guarantee, set in mwInit): FTS5's segment seek rebinds
// segid=1 at every term, and without the guarantee SQLite re-prepared it
// each time. The probe is the partial index files_expires (on the rows
// whose expires is not empty): only a planner that looks at the bound
// value, which the guarantee forbids, uses it for "expires != ?" bound to
// the empty string. Several
// connections are held at once, so that each one, not just the first, is
// checked.
func TestConnectionsKeepFirstPlan(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	var conns []*sql.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := 0; i < 3; i++ {
		c, err := db.SQL().Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		var plan []string
		if err := scanRows(ctx, c, `EXPLAIN QUERY PLAN SELECT path FROM files WHERE expires != ?`, func(rows *sql.Rows) error {
			var id, parent, notused int
			var detail string
			if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
				return err
			}
			plan = append(plan, detail)
			return nil
		}, ""); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(plan, "; "); strings.Contains(got, "files_expires") {
			t.Errorf("connection %d planned with the bound value: %s", i, got)
		}
	}
}
