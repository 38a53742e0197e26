package index

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"
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
		c, err := db.sql.Conn(ctx)
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

// TestOneShotConnections checks that a one-shot handle opens at most
// oneShotConns connections (each new one costs a fresh process its
// schema parse, page cache and a thread), and that a long-lived handle
// is not held to that.
func TestOneShotConnections(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	one, err := Open(ctx, db.Path(), Options{OneShot: true})
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	hold := func(h *DB, n int) []*sql.Conn {
		t.Helper()
		var cs []*sql.Conn
		for i := 0; i < n; i++ {
			c, err := h.sql.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			cs = append(cs, c)
		}
		return cs
	}
	held := hold(one, oneShotConns)
	wait, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if c, err := one.sql.Conn(wait); err == nil {
		c.Close()
		t.Errorf("a one-shot handle opened connection %d", oneShotConns+1)
	} else if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("waiting for a connection: %v, want the deadline", err)
	}
	held[0].Close()
	if c, err := one.sql.Conn(ctx); err != nil {
		t.Errorf("a connection given back is not handed out again: %v", err)
	} else {
		c.Close()
	}
	for _, c := range held[1:] {
		c.Close()
	}
	for _, c := range hold(db, oneShotConns+2) {
		c.Close()
	}
}
