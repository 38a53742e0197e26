package index

import (
	"context"
	"database/sql"
	"sync"
)

// maxStmts bounds the statements a handle keeps prepared: the reads a
// search runs are a fixed set of texts, and a text past the bound runs
// as a one-off query.
const maxStmts = 32

// stmts holds the statements of the reads every search runs, prepared
// once per handle instead of once per call: SQLite then compiles each
// only on the first connection that runs it, and a search after a pause
// skips the parser and code generator it would run cold (figures in
// docs/performance.md, "Stop 58, cad lane").
type stmts struct {
	// mu guards sdb and byText: the SQL handle the statements were
	// prepared on, and the statements by their text.
	mu     sync.Mutex
	sdb    *sql.DB
	byText map[string]*sql.Stmt
}

// stmt returns the statement of query prepared on sdb, preparing it
// when new; nil (run the query as a one-off) when the cache is full or
// the prepare failed, whose error the query then reports. A new sdb (see
// [DB.handle]) drops the statements of the one before.
func (s *stmts) stmt(ctx context.Context, sdb *sql.DB, query string) *sql.Stmt {
	s.mu.Lock()
	if s.sdb != sdb {
		for _, st := range s.byText {
			st.Close()
		}
		s.sdb, s.byText = sdb, nil
	}
	st := s.byText[query]
	full := len(s.byText) >= maxStmts
	s.mu.Unlock()
	if st != nil || full {
		return st
	}
	st, err := sdb.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sdb != sdb || len(s.byText) >= maxStmts {
		st.Close()
		return nil
	}
	if old := s.byText[query]; old != nil {
		st.Close() // another goroutine prepared it meanwhile
		return old
	}
	if s.byText == nil {
		s.byText = make(map[string]*sql.Stmt)
	}
	s.byText[query] = st
	return st
}

// close closes the statements.
func (s *stmts) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, st := range s.byText {
		st.Close()
	}
	s.sdb, s.byText = nil, nil
}

// prepared runs a search's reads through db's prepared statements (see
// stmts): a query text of its own, not built per call.
type prepared struct {
	db  *DB
	sdb *sql.DB
}

// reads returns the queryer of the reads every search runs.
func (db *DB) reads(ctx context.Context) prepared {
	return prepared{db, db.handle(ctx)}
}

// QueryContext runs query with args.
func (p prepared) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := p.db.stmts.stmt(ctx, p.sdb, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return p.sdb.QueryContext(ctx, query, args...)
}

// QueryRowContext runs query with args for one row.
func (p prepared) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := p.db.stmts.stmt(ctx, p.sdb, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return p.sdb.QueryRowContext(ctx, query, args...)
}
