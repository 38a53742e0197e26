package memweave_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// rareWords are the one-word queries of issue 13: names, products and an
// identifier, each appearing verbatim in one note.
var rareWords = []string{"Marcus", "Dana", "Valkey", "Stripe", "PXK42QZ"}

// fillerVocab is the everyday vocabulary of the filler notes.
var fillerVocab = strings.Fields(`team meeting project deadline review plan budget release bug fix deploy
server database query latency cache user login page design feedback sprint ticket owner backlog
decision note follow up call email report metric dashboard alert incident rollback config build
test staging production customer support invoice payment schedule holiday travel lunch office
weekly monthly goal risk issue priority scope estimate draft document spec api endpoint service
queue worker job cron backup restore migration index schema table column field value error log`)

// calibrationWorkspace writes n notes: filler notes of everyday words, and
// one longer note per rare word holding it once (all in one note when
// n = 2). It returns the workspace and the note holding each word.
func calibrationWorkspace(tb testing.TB, n int) (string, map[string]string) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(13, uint64(n)))
	sentence := func(words int) string {
		w := make([]string, words)
		for i := range w {
			w[i] = fillerVocab[rng.IntN(len(fillerVocab))]
		}
		return strings.ToUpper(w[0][:1]) + w[0][1:] + " " + strings.Join(w[1:], " ") + "."
	}
	files := make(map[string]string, n)
	holder := make(map[string]string, len(rareWords))
	targets := min(len(rareWords), n-1)
	for i := range n {
		name := fmt.Sprintf("memory/note-%04d.md", i)
		var b strings.Builder
		fmt.Fprintf(&b, "# Note %d\n\n", i)
		if i < targets {
			// A long note: the rare word once among 150 filler words.
			for j, w := range rareWords {
				if j%targets != i {
					continue
				}
				holder[w] = name
				fmt.Fprintf(&b, "%s %s mentioned it %s\n\n", sentence(12), w, sentence(8))
			}
			for range 10 {
				b.WriteString(sentence(14) + "\n")
			}
		} else {
			b.WriteString(sentence(10) + " " + sentence(10) + "\n")
		}
		files[name] = b.String()
	}
	return memweavetest.Workspace(tb, files), holder
}

// TestExactWordPassesThreshold checks issue 13's guarantee: in a
// workspace of any size, a one-word query for a word that appears
// verbatim in one note returns that note first at the default
// min_score, with the hash embedder and with an embedder whose
// unrelated texts sit at cosine 0.5, as a sentence encoder's do; and a
// query sharing no word with the workspace returns nothing with either.
func TestExactWordPassesThreshold(t *testing.T) {
	sizes := []int{2, 10, 16, 30, 100, 1000}
	if !memweavetest.LongEnabled() {
		sizes = sizes[:4]
	}
	for _, emb := range []string{"hash", "encoder-like"} {
		for _, n := range sizes {
			t.Run(fmt.Sprintf("%s/%d", emb, n), func(t *testing.T) {
				root, holder := calibrationWorkspace(t, n)
				cfg := memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")}
				if emb != "hash" {
					// 384 dimensions, as the hash embedder's default: at
					// 64, bucket collisions scatter unrelated texts as no
					// sentence encoder does, and one of ten notes can
					// stand out of the background as a paraphrase would.
					srv := memweavetest.NewEmbedServer(t, 384)
					srv.Baseline = 0.5
					cfg.Embedder = memweave.EmbedderConfig{Provider: "openai", Model: "test-embed", BaseURL: srv.BaseURL(), Dims: 384}
				}
				w := open(t, root, cfg)
				mustIndex(t, w)
				for _, word := range rareWords {
					resp := mustSearch(t, w, word)
					if resp.Mode != memweave.ModeHybrid {
						t.Fatalf("Search(%q).Mode = %s, want hybrid (warnings %v)", word, resp.Mode, resp.Warnings)
					}
					if len(resp.Results) == 0 {
						t.Errorf("Search(%q) in %d notes = no results (%d below threshold, best %.3f), want %s first",
							word, n, resp.FilteredBelowThreshold, resp.BestFilteredScore, holder[word])
						continue
					}
					if got := resp.Results[0]; got.Path != holder[word] {
						t.Errorf("Search(%q) in %d notes: first = %s (%.3f), want %s", word, n, got.Path, got.Score, holder[word])
					}
				}
				if resp := mustSearch(t, w, "zygomorphic quasar"); len(resp.Results) != 0 {
					t.Errorf("Search(unrelated) in %d notes = %v (first %.3f), want no results", n, locs(resp.Results), resp.Results[0].Score)
				}
			})
		}
	}
}

// TestThresholdReport checks that a response says what min_score cut.
func TestThresholdReport(t *testing.T) {
	root, holder := calibrationWorkspace(t, 16)
	w := open(t, root, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	mustIndex(t, w)
	all := mustSearch(t, w, "Valkey deploy", memweave.MinScore(0))
	if len(all.Results) < 2 || all.FilteredBelowThreshold != 0 || all.BestFilteredScore != 0 {
		t.Fatalf("Search(MinScore(0)) = %d results, filtered %d (best %v), want >= 2 and nothing filtered",
			len(all.Results), all.FilteredBelowThreshold, all.BestFilteredScore)
	}
	if all.Results[0].Path != holder["Valkey"] {
		t.Errorf("Search(%q) first = %s, want %s", "Valkey deploy", all.Results[0].Path, holder["Valkey"])
	}
	cut := all.Results[1].Score + 1e-9
	resp := mustSearch(t, w, "Valkey deploy", memweave.MinScore(cut))
	if len(resp.Results) != 1 || resp.FilteredBelowThreshold == 0 || resp.BestFilteredScore != all.Results[1].Score {
		t.Errorf("Search(MinScore(%v)) = %d results, filtered %d (best %v), want 1, > 0, %v",
			cut, len(resp.Results), resp.FilteredBelowThreshold, resp.BestFilteredScore, all.Results[1].Score)
	}
}

// TestExactWordAt100kChunks checks the same guarantee in a synthetic
// workspace of 100,000 chunks (memweavetest.Synth) plus one note holding
// the rare words; it is a long test (memweavetest.Long). Under the race
// detector, which made it the package's longest test (its indexing is Go
// code), it indexes 10,000 chunks; .ci/run runs it at full size without.
func TestExactWordAt100kChunks(t *testing.T) {
	memweavetest.Long(t, "100,000 chunks")
	files := 10000
	if raceEnabled {
		files = 1000
	}
	root := t.TempDir()
	if _, err := memweavetest.Synth(root, memweavetest.SynthOptions{Files: files, ChunksPerFile: 10}); err != nil {
		t.Fatal(err)
	}
	const note = "memory/vendors.md"
	memweavetest.WriteFile(t, root, note, "# Vendors\n\nMarcus and Dana moved billing to Stripe; the cache is Valkey. Ticket PXK42QZ tracks it.\n")
	w := open(t, root, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	mustIndex(t, w)
	for _, word := range rareWords {
		resp := mustSearch(t, w, word)
		if len(resp.Results) == 0 || resp.Results[0].Path != note {
			t.Errorf("Search(%q) in %d chunks = %v (%d below threshold, best %.3f), want %s first",
				word, files*10, locs(resp.Results), resp.FilteredBelowThreshold, resp.BestFilteredScore, note)
		}
	}
}
