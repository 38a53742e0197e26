package embed

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// TestTooSlowForABatchTriesHalves: a server that embeds text by text (a
// local model on a slow machine) and so cannot answer a whole batch
// within Timeout got the same batch sent again at each try, and no text
// was ever embedded: `memweave index` against one taking 1.5 s a text
// failed the batch of 64 after 3 minutes at every run, advising a smaller
// BatchSize that neither the command nor memweave.json sets. A batch that
// gets no answer in time is sent again as two halves, within the same
// bound (MaxTries times the request's).
func TestTooSlowForABatchTriesHalves(t *testing.T) {
	var sizes [3]atomic.Int32 // requests of 32, 16 and fewer inputs
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		switch n := len(req.Input); {
		case n > 16:
			sizes[0].Add(1)
			<-r.Context().Done() // too slow: the client gives up first
			return
		case n == 16:
			sizes[1].Add(1)
		default:
			sizes[2].Add(1)
		}
		data := make([]map[string]any, len(req.Input))
		for i, text := range req.Input {
			data[i] = map[string]any{"object": "embedding", "index": i, "embedding": []float32{float32(len(text)), 1}}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": "m"})
	}))
	t.Cleanup(srv.Close)
	o := newTestOpenAI(t, srv, OpenAIConfig{BatchSize: 32, MaxInFlight: 1, MaxTries: 3, Timeout: time.Second})
	in := texts(32)
	vecs, err := o.EmbedDocuments(context.Background(), in)
	if err != nil {
		t.Fatalf("EmbedDocuments of 32 texts on a server that answers at most 16 in time: %v", err)
	}
	checkOrder(t, in, vecs, "")
	if a, b := sizes[0].Load(), sizes[1].Load(); a != 1 || b != 2 {
		t.Errorf("requests of 32 inputs: %d, of 16: %d; want the batch once, then its two halves", a, b)
	}
}
