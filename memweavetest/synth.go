package memweavetest

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// SynthOptions describe a synthetic workspace. Zero fields take defaults.
type SynthOptions struct {
	// Files is the number of Markdown files. Default 1000.
	Files int
	// ChunksPerFile is roughly how many 400-token chunks each file yields.
	// Default 10.
	ChunksPerFile int
	// Seed makes the output deterministic. Default 1.
	Seed uint64
	// Namespaces is the number of agent folders under memory/. Default 4.
	Namespaces int
	// Chinese writes the text in Chinese: the words are one to three Han
	// characters, as Zipf-distributed as the Latin ones, and sentences
	// have no spaces. Headings and code take the same words.
	Chinese bool
}

// SynthQueries is a fixed query set for benchmarks over synthetic
// workspaces: natural questions, exact identifiers and short keywords.
var SynthQueries = []string{
	"what did we decide about the cache eviction policy",
	"deployment rollback procedure for the payments service",
	"ERR-4821 timeout",
	"latency budget p99 target",
	"who owns the ingestion pipeline",
	"database migration plan",
	"v2.3.1 release notes",
	"how do we rotate credentials",
	"incident review action items",
	"vector index quantization",
	"meeting notes about hiring",
	"kubernetes autoscaling limits",
}

// Synth writes a deterministic synthetic workspace under root: realistic
// Markdown (headings, bullets, code fences), dated and evergreen files in
// several namespaces, words drawn from a Zipf-distributed vocabulary. It
// returns the number of bytes written. Files and folders get a modification
// time an hour old, as in a workspace written before the session.
func Synth(root string, opts SynthOptions) (int64, error) {
	if opts.Files <= 0 {
		opts.Files = 1000
	}
	if opts.ChunksPerFile <= 0 {
		opts.ChunksPerFile = 10
	}
	if opts.Seed == 0 {
		opts.Seed = 1
	}
	if opts.Namespaces <= 0 {
		opts.Namespaces = 4
	}
	rng := rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15))
	vocab := synthVocab(rng, 20000)
	if opts.Chinese {
		vocab = hanVocab(rng, len(vocab))
	}
	zipf := rand.NewZipf(rand.New(rand.NewPCG(opts.Seed+1, 7)), 1.1, 2, uint64(len(vocab)-1))
	word := func() string { return vocab[zipf.Uint64()] }
	sentence := func(n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = word()
		}
		if opts.Chinese {
			return strings.Join(ws, "") + "。"
		}
		s := strings.Join(ws, " ")
		return strings.ToUpper(s[:1]) + s[1:] + "."
	}
	base := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var total int64
	var b strings.Builder
	for f := 0; f < opts.Files; f++ {
		b.Reset()
		ns := fmt.Sprintf("agent_%d", f%opts.Namespaces)
		var rel string
		if f%3 == 0 {
			rel = fmt.Sprintf("memory/%s/%s.md", ns, base.AddDate(0, 0, f%700).Format(time.DateOnly))
			if f >= 2100 { // keep dated names unique
				rel = fmt.Sprintf("memory/%s/log-%05d/%s.md", ns, f, base.AddDate(0, 0, f%700).Format(time.DateOnly))
			}
		} else {
			rel = fmt.Sprintf("memory/%s/topic-%05d.md", ns, f)
		}
		fmt.Fprintf(&b, "# %s %s\n\n", word(), word())
		for c := 0; c < opts.ChunksPerFile; c++ {
			fmt.Fprintf(&b, "## %s %s\n\n", word(), word())
			for p := 0; p < 3; p++ {
				for s := 0; s < 3; s++ {
					b.WriteString(sentence(8 + rng.IntN(8)))
					b.WriteByte(' ')
				}
				b.WriteString("\n\n")
			}
			for i := 0; i < 3; i++ {
				fmt.Fprintf(&b, "- %s\n", sentence(5+rng.IntN(5)))
			}
			b.WriteString("\n")
			if rng.IntN(4) == 0 {
				fmt.Fprintf(&b, "```go\nfunc %s() error { return %s(%q) }\n```\n\n", word(), word(), fmt.Sprintf("ERR-%04d", rng.IntN(10000)))
			}
		}
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return total, err
		}
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			return total, err
		}
		total += int64(b.Len())
	}
	return total, age(filepath.Join(root, "memory"), time.Now().Add(-time.Hour))
}

// age sets the modification time of every file and folder under dir to
// t: a synthetic workspace looks like one written before the session, so
// no file is within the index's racy-timestamp window, where a freshness
// check must read a file to trust it. Benchmarks then measure what a real
// workspace costs.
func age(dir string, t time.Time) error {
	var dirs []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			dirs = append(dirs, p) // after their files, below
			return nil
		}
		return os.Chtimes(p, t, t)
	})
	if err != nil {
		return err
	}
	for _, d := range dirs {
		if err := os.Chtimes(d, t, t); err != nil {
			return err
		}
	}
	return nil
}

// synthVocab returns n distinct pronounceable words, including the domain
// words of SynthQueries so that the fixed queries find something.
// hanVocab returns n distinct words of one to three characters (mostly
// two, as Chinese words are) drawn from the first 3,000 code points of
// the CJK Unified Ideographs block.
func hanVocab(rng *rand.Rand, n int) []string {
	seen := make(map[string]bool, n)
	out := make([]string, 0, n)
	for len(out) < n {
		l := 2
		switch rng.IntN(6) {
		case 0:
			l = 1
		case 1:
			l = 3
		}
		rs := make([]rune, l)
		for i := range rs {
			rs[i] = 0x4E00 + rune(rng.IntN(3000))
		}
		if w := string(rs); !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

func synthVocab(rng *rand.Rand, n int) []string {
	seed := strings.Fields(`the cache eviction policy deployment rollback procedure payments service
timeout latency budget p99 target owns ingestion pipeline database migration plan release notes
rotate credentials incident review action items vector index quantization meeting hiring kubernetes
autoscaling limits decided team agent memory search query embedding storage cluster queue worker`)
	seen := make(map[string]bool, n)
	out := make([]string, 0, n)
	for _, w := range seed {
		seen[w] = true
	}
	cons, vows := "bcdfghklmnprstvz", "aeiou"
	for len(out) < n-len(seed) {
		var sb strings.Builder
		syl := 1 + rng.IntN(3)
		for i := 0; i < syl; i++ {
			sb.WriteByte(cons[rng.IntN(len(cons))])
			sb.WriteByte(vows[rng.IntN(len(vows))])
			if rng.IntN(3) == 0 {
				sb.WriteByte(cons[rng.IntN(len(cons))])
			}
		}
		w := sb.String()
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	// Domain words take mid-frequency ranks (100 to ~3,000), as topic
	// words do in real notes; the most frequent ranks are filler.
	for i, w := range seed {
		at := 100 + i*i*3
		out = append(out[:at], append([]string{w}, out[at:]...)...)
	}
	return out
}
