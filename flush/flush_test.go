package flush_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/flush"
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
			if sys["role"] != "system" || !strings.Contains(sys["content"].(string), flush.NothingToStore) {
				t.Errorf("system message = %v, want the prompt naming %s", sys, flush.NothingToStore)
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

// config is the flush configuration that talks to s.
func (s *chatServer) config() flush.Config {
	return flush.Config{Model: "chat-test", BaseURL: s.URL + "/v1", APIKey: "sk-test-secret"}
}

// client returns a flush client for cfg.
func client(tb testing.TB, cfg flush.Config) *flush.Client {
	tb.Helper()
	c, err := flush.New(cfg)
	if err != nil {
		tb.Fatalf("New: %v", err)
	}
	return c
}

// open opens the workspace at root with the frozen clock, closing it at
// the end of the test.
func open(tb testing.TB, root string, cfg memweave.Config) *memweave.Weave {
	tb.Helper()
	cfg.Workspace, cfg.Now = root, memweavetest.Clock()
	w, err := memweave.Open(context.Background(), cfg)
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { w.Close() })
	return w
}

const conversation = "user: we moved the session cache to Valkey last week\nassistant: noted, Valkey it is"

func TestFlushStoresFacts(t *testing.T) {
	ctx := context.Background()
	reply := "- The session cache runs on Valkey (moved from Redis).\n- PELICAN-204 is the migration ticket."
	srv := newChatServer(t, "\n"+reply+"\n", 0)
	root := memweavetest.Workspace(t, map[string]string{"memory/stack.md": "# Stack\n"})
	w := open(t, root, memweave.Config{NoSyncOnSearch: true})
	c := client(t, srv.config())
	path, stored, err := c.Flush(ctx, w, conversation)
	if err != nil || !stored || path != "memory/2026-11-30.md" {
		t.Fatalf("Flush = %q, %v, %v; want memory/2026-11-30.md, true, nil", path, stored, err)
	}
	if got := srv.last.Load(); got != conversation {
		t.Errorf("conversation sent = %q", got)
	}
	if got := memweavetest.ReadFile(t, root, path); got != reply+"\n" {
		t.Errorf("dated file = %q, want the reply", got)
	}
	resp, err := w.Search(ctx, "PELICAN-204", memweave.SearchMode(memweave.ModeKeyword))
	if err != nil || len(resp.Results) != 1 || resp.Results[0].Path != path {
		t.Errorf("search after Flush = %+v, %v; want one result in %s", resp, err, path)
	}
	if got := memweavetest.ReadFile(t, root, "memory/stack.md"); got != "# Stack\n" {
		t.Errorf("evergreen file changed: %q", got)
	}
	// A second flush appends, into a namespace when asked.
	if path, stored, err = c.Flush(ctx, w, conversation, memweave.InSource("assistant")); err != nil || !stored || path != "memory/assistant/2026-11-30.md" {
		t.Errorf("Flush with Source = %q, %v, %v", path, stored, err)
	}
}

func TestFlushNothingToStore(t *testing.T) {
	for _, reply := range []string{"NOTHING_TO_STORE", " NOTHING_TO_STORE\n", "`NOTHING_TO_STORE`", "NOTHING_TO_STORE.", "", "  \n"} {
		t.Run(reply, func(t *testing.T) {
			srv := newChatServer(t, reply, 0)
			root := memweavetest.Workspace(t, nil)
			w := open(t, root, memweave.Config{})
			path, stored, err := client(t, srv.config()).Flush(context.Background(), w, conversation)
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
	cfg := srv.config()
	cfg.HTTPClient = &http.Client{} // the caller's client is used
	path, stored, err := client(t, cfg).Flush(context.Background(), w, conversation)
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
	cfg := srv.config()
	cfg.Model = ""
	if _, err := flush.New(cfg); err == nil {
		t.Errorf("New without a model succeeded")
	}
	c := client(t, srv.config())
	if _, _, err := c.Flush(ctx, w, conversation, memweave.InSource("../evil")); !errors.Is(err, memweave.ErrInvalidSource) {
		t.Errorf("Flush with a bad source = %v, want ErrInvalidSource", err)
	}
	if _, _, err := c.Flush(ctx, w, conversation, memweave.Dated(time.Time{})); err == nil {
		t.Errorf("Flush with a zero Dated time succeeded")
	}
	if _, stored, err := c.Flush(ctx, w, " \n ", memweave.InSource("assistant")); err != nil || stored {
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
