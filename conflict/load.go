package conflict

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/memweave/memweave-go/workspace"
)

// Scope limits which chunks [Load] reads. The zero value reads every
// chunk.
type Scope struct {
	// Sources, when not empty, allows only chunks of these namespaces.
	Sources []string
	// Paths, when not nil, allows only chunks of these files.
	Paths []string
	// Max caps the chunks read; more make Load report truncated.
	// Default 100,000.
	Max int
}

// Load reads the chunks of a memweave index through database/sql, as
// the embedding cache does, so this package builds without cgo. Chunks
// come in path and sequence order, each with its file's modification
// time and, for a dated file, its date. It reports whether it stopped at
// sc.Max.
func Load(ctx context.Context, db *sql.DB, sc Scope) (chunks []Chunk, truncated bool, err error) {
	if sc.Max <= 0 {
		sc.Max = 100_000
	}
	var where []string
	var args []any
	if len(sc.Sources) > 0 {
		where = append(where, `c.source IN (SELECT value FROM json_each(?))`)
		b, _ := json.Marshal(sc.Sources)
		args = append(args, string(b))
	}
	if sc.Paths != nil {
		where = append(where, `c.path IN (SELECT value FROM json_each(?))`)
		b, _ := json.Marshal(sc.Paths)
		args = append(args, string(b))
	}
	q := `SELECT c.path, c.start_line, c.end_line, c.text, f.mtime FROM chunks c JOIN files f ON f.path = c.path`
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, ` AND `)
	}
	q += ` ORDER BY c.path, c.seq LIMIT ?`
	args = append(args, sc.Max+1)
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, false, fmt.Errorf("conflict: load chunks: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c Chunk
		var mtime int64
		if err := rows.Scan(&c.Path, &c.StartLine, &c.EndLine, &c.Text, &mtime); err != nil {
			return nil, false, fmt.Errorf("conflict: load chunks: %w", err)
		}
		if len(chunks) == sc.Max {
			return chunks, true, nil
		}
		if mtime > 0 {
			c.MTime = time.Unix(0, mtime).UTC()
		}
		if d, ok := workspace.DateOf(c.Path); ok {
			c.Date = d
		}
		chunks = append(chunks, c)
	}
	if err := rows.Err(); err != nil {
		return nil, false, fmt.Errorf("conflict: load chunks: %w", err)
	}
	return chunks, false, nil
}

// Find is [Load] then [Detect]. The result is truncated, too, when Load
// stopped at sc.Max.
func Find(ctx context.Context, db *sql.DB, sc Scope, opts Options) (*Result, error) {
	chunks, cut, err := Load(ctx, db, sc)
	if err != nil {
		return nil, err
	}
	res, err := Detect(ctx, chunks, opts)
	if err != nil {
		return nil, err
	}
	if cut {
		res.Truncated = true
		res.Note = strings.TrimSuffix(fmt.Sprintf("only the first %d chunks were compared; %s", len(chunks), res.Note), "; ")
	}
	return res, nil
}
