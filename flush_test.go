package memweave_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// chatServer is an OpenAI-compatible /v1/chat/completions endpoint that
// answers every request with reply, or fails with status.
type chatServer struct {
	*httptest.Server
	calls  atomic.Int64
	reply  string
	status int
	// last is the conversation of the last request.
	last atomic.Value
}

func newChatServer(t *testing.T, reply string, status int) *chatServer {
	s := &chatServer{reply: reply, status: status}
	s.Server = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		s.calls.Add(1)
		if r.URL.Path != "/v1/chat/completions" {
			t.Errorf("request to %s, want /v1/chat/completions", r.URL.Path)
		}
		if got := r.Header.Get("Authorization"); got != "Bearer sk-test-secret" {
			t.Errorf("Authorization = %q", got)
		}
		var req map[string]any
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			t.Errorf("request body: %v", err)
			return
		}
		if req["model"] != "chat-test" {
			t.Errorf("model = %v, want chat-test", req["model"])
		}
		if temp, ok := req["temperature"].(float64); !ok || temp > 1e-6 {
			t.Errorf("temperature = %v, want 0 sent explicitly", req["temperature"])
		}
		msgs, _ := req["messages"].([]any)
		if len(msgs) != 2 {
			t.Errorf("%d messages, want system and user", len(msgs))
		} else {
			sys, _ := msgs[0].(map[string]any)
			user, _ := msgs[1].(map[string]any)
			if sys["role"] != "system" || !strings.Contains(sys["content"].(string), memweave.NothingToStore) {
				t.Errorf("system message = %v, want the prompt naming %s", sys, memweave.NothingToStore)
			}
			if user["role"] != "user" {
				t.Errorf("second message role = %v, want user", user["role"])
			}
			s.last.Store(user["content"])
		}
		if s.status != 0 {
			http.Error(rw, `{"error":{"message":"model overloaded; key sk-test-secret","type":"server_error"}}`, s.status)
			return
		}
		rw.Header().Set("Content-Type", "application/json")
		json.NewEncoder(rw).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "model": "chat-test",
			"choices": []any{map[string]any{
				"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": s.reply},
			}},
		})
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *chatServer) options() memweave.FlushOptions {
	return memweave.FlushOptions{Model: "chat-test", BaseURL: s.URL + "/v1", APIKey: "sk-test-secret"}
}

const conversation = "user: we moved the session cache to Valkey last week\nassistant: noted, Valkey it is"

func TestFlushStoresFacts(t *testing.T) {
	ctx := context.Background()
	reply := "- The session cache runs on Valkey (moved from Redis).\n- PELICAN-204 is the migration ticket."
	srv := newChatServer(t, "\n"+reply+"\n", 0)
	root := memweavetest.Workspace(t, map[string]string{"memory/stack.md": "# Stack\n"})
	w := open(t, root, memweave.Config{NoSyncOnSearch: true})
	path, stored, err := w.Flush(ctx, conversation, srv.options())
	if err != nil || !stored || path != "memory/2026-11-30.md" {
		t.Fatalf("Flush = %q, %v, %v; want memory/2026-11-30.md, true, nil", path, stored, err)
	}
	if got := srv.last.Load(); got != conversation {
		t.Errorf("conversation sent = %q", got)
	}
	if got := readWS(t, root, path); got != reply+"\n" {
		t.Errorf("dated file = %q, want the reply", got)
	}
	if got := searchPaths(t, w, "PELICAN-204"); !slices.Equal(got, []string{path}) {
		t.Errorf("search after Flush = %q", got)
	}
	if got := readWS(t, root, "memory/stack.md"); got != "# Stack\n" {
		t.Errorf("evergreen file changed: %q", got)
	}
	// A second flush appends, into a namespace when asked.
	opts := srv.options()
	opts.Source = "assistant"
	if path, stored, err = w.Flush(ctx, conversation, opts); err != nil || !stored || path != "memory/assistant/2026-11-30.md" {
		t.Errorf("Flush with Source = %q, %v, %v", path, stored, err)
	}
}

func TestFlushNothingToStore(t *testing.T) {
	for _, reply := range []string{"NOTHING_TO_STORE", " NOTHING_TO_STORE\n", "`NOTHING_TO_STORE`", "NOTHING_TO_STORE.", "", "  \n"} {
		t.Run(reply, func(t *testing.T) {
			srv := newChatServer(t, reply, 0)
			root := memweavetest.Workspace(t, nil)
			w := open(t, root, memweave.Config{})
			path, stored, err := w.Flush(context.Background(), conversation, srv.options())
			if err != nil || stored || path != "" {
				t.Errorf("Flush with reply %q = %q, %v, %v; want nothing stored", reply, path, stored, err)
			}
			if srv.calls.Load() != 1 {
				t.Errorf("%d calls, want 1", srv.calls.Load())
			}
			checkNoMemory(t, root)
		})
	}
}

func TestFlushFailedCallWritesNothing(t *testing.T) {
	srv := newChatServer(t, "- a fact", http.StatusInternalServerError)
	root := memweavetest.Workspace(t, nil)
	w := open(t, root, memweave.Config{})
	opts := srv.options()
	opts.HTTPClient = &http.Client{} // the caller's client is used
	path, stored, err := w.Flush(context.Background(), conversation, opts)
	if err == nil || stored || path != "" {
		t.Fatalf("Flush against a failing server = %q, %v, %v; want an error", path, stored, err)
	}
	if strings.Contains(err.Error(), "sk-test-secret") {
		t.Errorf("error leaks the API key: %v", err)
	}
	if !strings.Contains(err.Error(), "chat completion") {
		t.Errorf("error = %v, want it to name the chat completion", err)
	}
	checkNoMemory(t, root)
}

func TestFlushRefusesBeforeCalling(t *testing.T) {
	srv := newChatServer(t, "- a fact", 0)
	root := memweavetest.Workspace(t, nil)
	w := open(t, root, memweave.Config{})
	ctx := context.Background()
	opts := srv.options()
	opts.Model = ""
	if _, _, err := w.Flush(ctx, conversation, opts); err == nil {
		t.Errorf("Flush without a model succeeded")
	}
	opts = srv.options()
	opts.Source = "../evil"
	if _, _, err := w.Flush(ctx, conversation, opts); !errors.Is(err, memweave.ErrInvalidSource) {
		t.Errorf("Flush with a bad source = %v, want ErrInvalidSource", err)
	}
	if _, stored, err := w.Flush(ctx, " \n ", srv.options()); err != nil || stored {
		t.Errorf("Flush of a blank conversation = %v, %v; want nothing stored, no error", stored, err)
	}
	if n := srv.calls.Load(); n != 0 {
		t.Errorf("the model was called %d times, want 0", n)
	}
	checkNoMemory(t, root)
}

// checkNoMemory fails if root has a memory folder with anything in it.
func checkNoMemory(tb testing.TB, root string) {
	tb.Helper()
	entries, err := os.ReadDir(filepath.Join(root, "memory"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		tb.Fatal(err)
	}
	for _, e := range entries {
		tb.Errorf("memory/%s was written", e.Name())
	}
}
