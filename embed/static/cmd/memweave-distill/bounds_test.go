package main

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embed/static"
)

// TestDistillRefusesAVocabularyTheLoaderRefuses: the static loader
// refuses a tokenizer.json of more than static.MaxVocabTokens tokens
// (ErrVocabTooLarge), but --vocab-size took any number: a distillation
// asked for more encoded every token (hours against a real encoder) and
// wrote a model no memweave could load. The flag is now checked first, a
// usage error naming the bound, and nothing is sent to the encoder.
func TestDistillRefusesAVocabularyTheLoaderRefuses(t *testing.T) {
	srv, texts := fakeServer(t)
	for _, n := range []int{static.MaxVocabTokens + 1, 1 << 40} {
		args := append(distillArgs(t, srv.URL, filepath.Join(t.TempDir(), "m")), "--vocab-size", strconv.Itoa(n))
		before := texts.Load()
		err := run(context.Background(), args, &bytes.Buffer{}, &bytes.Buffer{})
		var ue *usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), strconv.Itoa(static.MaxVocabTokens)) {
			t.Errorf("--vocab-size %d: run = %v, want a usage error naming the loader's bound %d", n, err, static.MaxVocabTokens)
		}
		if sent := texts.Load() - before; sent != 0 {
			t.Errorf("--vocab-size %d: %d texts sent to the encoder before the refusal", n, sent)
		}
	}
}

// TestDistillRefusesVocabularyTextTheLoaderRefuses: within the token
// bound, a word list of long words can still pass the loader's
// static.MaxVocabBytes of token text; distill now counts the assembled
// vocabulary's text and fails naming the bound before it encodes a token
// (the encoder here answers every request with an error, so a run that
// reaches it fails otherwise).
func TestDistillRefusesVocabularyTextTheLoaderRefuses(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "the encoder must not be asked", http.StatusBadRequest)
	}))
	t.Cleanup(srv.Close)
	const wordLen = 90
	var b strings.Builder
	word := make([]byte, wordLen)
	for i := 0; i*wordLen <= static.MaxVocabBytes; i++ { // words over the bound alone
		for j, k := 0, i; j < wordLen; j, k = j+1, k/26 {
			word[wordLen-1-j] = byte('a' + k%26)
		}
		b.Write(word)
		b.WriteByte('\n')
	}
	words := filepath.Join(t.TempDir(), "words")
	if err := os.WriteFile(words, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"--url", srv.URL + "/v1", "--model", "m", "--out", filepath.Join(t.TempDir(), "m"), "--words", words,
		"--vocab-size", strconv.Itoa(static.MaxVocabTokens), "--dims", "8"}
	err := run(context.Background(), args, &bytes.Buffer{}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "16 MiB") || !errors.Is(err, static.ErrVocabTooLarge) {
		t.Errorf("run with %d bytes of %d-letter words = %v, want an error wrapping static.ErrVocabTooLarge naming 16 MiB", b.Len(), wordLen, err)
	}
}
