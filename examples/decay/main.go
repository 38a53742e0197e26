// Decay shows temporal decay on a decision log: eighteen months of dated
// notes, memory/decisions/YYYY-MM-DD.md, in which the team changed its mind
// about the primary database three times, plus an evergreen architecture
// page. Asked for the latest decision, plain relevance ranks an old note
// first (it says "primary database" more often); with decay on, today's
// note wins, and the evergreen page keeps its score.
//
// It runs offline, with "today" frozen at 2026-11-30 so the output does
// not change from day to day:
//
//	go run -tags sqlite_fts5 ./examples/decay
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/workspace"
)

// today is the frozen "now" of the demo.
var today = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// decisions is the log, one note a month from June 2025.
var decisions = map[string]string{
	"2025-06-02": "We decided on MySQL 8 as the primary database. The primary database runs on a managed instance; primary database backups are nightly.",
	"2025-07-07": "We decided to put Redis in front of the catalog API as a read-through cache.",
	"2025-08-04": "We decided on GitHub Actions for CI; self-hosted runners for the integration tests.",
	"2025-09-01": "We decided to run background jobs on RabbitMQ with two consumers per queue.",
	"2025-10-06": "We decided to keep deploys on Fridays frozen after 14:00.",
	"2025-11-03": "We decided to move the primary database to Postgres 16 for its JSON support and better tooling.",
	"2025-12-01": "We decided to adopt OpenTelemetry for traces; metrics stay on Prometheus.",
	"2026-01-05": "We decided to replace RabbitMQ with NATS JetStream for background jobs.",
	"2026-02-02": "We decided on Valkey instead of Redis after the licence change.",
	"2026-03-02": "We decided to split the monolith's billing module into its own service.",
	"2026-04-06": "We decided to try CockroachDB as the primary database for multi-region writes.",
	"2026-05-04": "We decided to require two reviewers for changes to the payments service.",
	"2026-06-01": "We decided on Terraform for all cloud resources; no more console changes.",
	"2026-07-06": "We decided to drop the mobile beta and focus on the web app.",
	"2026-08-03": "We decided on weekly dependency updates with Renovate.",
	"2026-09-07": "We decided to move object storage from S3 to R2 to cut egress costs.",
	"2026-10-05": "We decided to publish an on-call handbook for new engineers.",
	"2026-11-30": "We decided: back to Postgres as the primary database; CockroachDB latency was too high for us.",
}

const architecture = `# Architecture

The web app talks to the API service; the API owns the primary database and
a Valkey cache. Background jobs run on NATS JetStream. See the decision log
under memory/decisions/ for why each piece was chosen.
`

func main() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "memweave-decay-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	for date, text := range decisions {
		write(dir, "memory/decisions/"+date+".md", "# Decision "+date+"\n\n"+text+"\n")
	}
	write(dir, "memory/architecture.md", architecture)

	w, err := memweave.Open(ctx, memweave.Config{
		Workspace: dir,
		Now:       func() time.Time { return today },
	})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	res, err := w.Index(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("indexed %d files (%d chunks); today is %s\n\n", res.FilesIndexed, res.ChunksCreated, today.Format(time.DateOnly))

	const question = "what is our latest decision on the primary database?"
	fmt.Printf("question: %s\n", question)
	show(ctx, w, "without decay (relevance only)", question)
	show(ctx, w, "with decay, 30-day half-life", question, memweave.Decay(30))
}

// show prints the ranking of one search.
func show(ctx context.Context, w *memweave.Weave, title, question string, opts ...memweave.SearchOption) {
	// MinScore(0) keeps decayed results visible; by default a result must
	// pass 0.35 before decay, and decay may then lower it further.
	opts = append(opts, memweave.MinScore(0), memweave.MaxResults(5))
	resp, err := w.Search(ctx, question, opts...)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\n%s:\n", title)
	for i, r := range resp.Results {
		note := "evergreen"
		if r.Explain.FileDate != "" {
			note = fmt.Sprintf("dated %s, decay x%.3f", r.Explain.FileDate, *r.Explain.Decay)
		} else if d, ok := workspace.DateOf(r.Path); ok {
			note = "dated " + d.Format(time.DateOnly)
		}
		fmt.Printf("  %d. %.3f (relevance %.3f) %-36s %s\n", i+1, r.Score, r.Explain.Fused, r.Path, note)
	}
	if len(resp.Results) > 0 {
		fmt.Printf("  answer: %s\n", firstLine(resp.Results[0].Text))
	}
}

// firstLine returns the first line of a chunk that is neither a heading
// nor blank.
func firstLine(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			return line
		}
	}
	return ""
}

func write(root, rel, content string) {
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		log.Fatal(err)
	}
}
