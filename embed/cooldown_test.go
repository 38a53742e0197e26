package embed

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// moodyServer is an embedding server whose behaviour a test switches:
// "ok" answers at once, "hang" answers only when the client gives up,
// "503" fails, "slow" answers after delay. queries and batches count
// the requests of one input and of more that a client of the server
// sent (newTestOpenAI counts them as they leave, see moodyServers): a
// probe of 100ms may end before a loaded machine's server sees it.
type moodyServer struct {
	mood             atomic.Value // string
	delay            time.Duration
	queries, batches atomic.Int64
	ok               http.Handler
}

// moodyServers maps the URL of each moodyServer to it, for
// newTestOpenAI to count the requests sent to it.
var moodyServers sync.Map

func newMoodyServer(t *testing.T) (*moodyServer, *httptest.Server) {
	f, _ := newFakeServer(t, 4)
	m := &moodyServer{ok: f}
	m.mood.Store("ok")
	srv := httptest.NewServer(m)
	moodyServers.Store(srv.URL, m)
	t.Cleanup(func() { moodyServers.Delete(srv.URL); srv.Close() })
	return m, srv
}

// sending counts the requests next sends, as the server's queries or
// batches.
func (m *moodyServer) sending(next http.RoundTripper) http.RoundTripper {
	return roundTripFunc(func(r *http.Request) (*http.Response, error) {
		if r.ContentLength < 200 { // one short input
			m.queries.Add(1)
		} else {
			m.batches.Add(1)
		}
		return next.RoundTrip(r)
	})
}

func (m *moodyServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	one := r.ContentLength < 200 // one short input
	switch m.mood.Load().(string) {
	case "hang":
		io.Copy(io.Discard, r.Body) // read: the server then sees the client leave
		<-r.Context().Done()
		return
	case "503":
		http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusServiceUnavailable)
		return
	case "batches fail":
		if !one {
			http.Error(w, `{"error":{"message":"batch too big"}}`, http.StatusInternalServerError)
			return
		}
	case "slow":
		select {
		case <-time.After(m.delay):
		case <-r.Context().Done():
			return
		}
	}
	m.ok.ServeHTTP(w, r)
}

// frozen is a clock a test moves by hand.
type frozen struct {
	mu sync.Mutex
	t  time.Time
}

func (c *frozen) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *frozen) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newFrozen() *frozen { return &frozen{t: time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC)} }

// query runs one EmbedQuery and returns its error and wall time.
func query(o *OpenAI) (error, time.Duration) {
	start := time.Now()
	_, err := o.EmbedQuery(context.Background(), "q")
	return err, time.Since(start)
}

// TestHungQueryServerCoolsDown: once a hung server missed a query's
// full wait, the queries of the cool-down wait a tenth of it with one
// request each and say since when it fails and when it is waited for in
// full again; the full wait after the cool-down that fails doubles it,
// and the first answer ends it.
func TestHungQueryServerCoolsDown(t *testing.T) {
	m, srv := newMoodyServer(t)
	clk := newFrozen()
	const full = 2 * time.Second
	o := newTestOpenAI(t, srv, OpenAIConfig{QueryTimeout: full, Now: clk.now})
	m.mood.Store("hang")

	err, took := query(o)
	if !errors.Is(err, ErrUnavailable) || took < full {
		t.Fatalf("first query = %v after %v, want ErrUnavailable after the full %v", err, took, full)
	}
	if want := "no query vector within 2s: embed: embedder unavailable; searches wait 200ms for it until 10:00:30 UTC (in 30s), then the full 2s again"; !strings.HasSuffix(err.Error(), want) {
		t.Errorf("first query's error = %q, want it to end %q", err, want)
	}
	before := m.queries.Load()
	clk.add(10 * time.Second)
	for i := range 3 {
		err, took = query(o)
		if !errors.Is(err, ErrUnavailable) || took >= full/2 {
			t.Fatalf("query %d in the cool-down = %v after %v, want ErrUnavailable well within %v", i, err, took, full)
		}
	}
	if want := "no query vector within 200ms: embed: embedder unavailable; the server failed 1 full wait since 10:00:00 UTC (last: no query vector within 2s); searches wait 200ms for it until 10:00:30 UTC (in 20s), then the full 2s again"; !strings.HasSuffix(err.Error(), want) {
		t.Errorf("query in the cool-down's error = %q, want it to end %q", err, want)
	}
	if got := m.queries.Load() - before; got != 3 {
		t.Errorf("3 queries in the cool-down sent %d requests, want 3 (one try each)", got)
	}

	clk.add(21 * time.Second) // past the cool-down: the full wait again
	err, took = query(o)
	if took < full || !strings.Contains(err.Error(), "(in 1m0s)") {
		t.Errorf("query after the cool-down = %v after %v, want the full %v and a doubled cool-down", err, took, full)
	}
	clk.add(31 * time.Second)
	if _, took = query(o); took >= full/2 {
		t.Errorf("query 31s into a 1m cool-down took %v, want a probe's wait", took)
	}

	m.mood.Store("ok") // back: the next probe's answer ends the cool-down
	if err, _ := query(o); err != nil {
		t.Fatalf("query to the recovered server: %v", err)
	}
	m.mood.Store("hang")
	if err, took := query(o); took < full || !strings.Contains(err.Error(), "(in 30s)") {
		t.Errorf("query after the recovery = %v after %v, want the full %v and a cool-down of 30s again", err, took, full)
	}
}

// TestRefusedQueryServerCoolsDown: a server refusing connections costs
// the first query its tries and each query of the cool-down one; when it
// listens again, the next query is answered.
func TestRefusedQueryServerCoolsDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:18791")
	if err != nil {
		t.Skipf("port 18791: %v", err)
	}
	addr := ln.Addr().String()
	ln.Close()
	clk := newFrozen()
	o, err := NewOpenAI(OpenAIConfig{BaseURL: "http://" + addr + "/v1", Model: "m", RetryBaseDelay: time.Millisecond, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	if err, _ := query(o); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "(3 tries)") || !strings.Contains(err.Error(), "until 10:00:30 UTC") {
		t.Fatalf("first query to a closed port = %v, want 3 tries and a cool-down", err)
	}
	err, _ = query(o)
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "(1 try)") || !strings.Contains(err.Error(), "the server failed 1 full wait since 10:00:00 UTC") {
		t.Fatalf("query in the cool-down = %v, want one try, naming the earlier failure", err)
	}
	f, _ := newFakeServer(t, 4)
	ln, err = net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("port 18791 again: %v", err)
	}
	srv := &http.Server{Handler: f}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	if v, err := o.EmbedQuery(context.Background(), "q"); err != nil || len(v) != 4 {
		t.Fatalf("query once the server listens = %v, %v; want its vector within the cool-down", v, err)
	}
}

// TestFailingQueryServerCoolsDown: a server answering 503 costs the
// first query MaxTries requests and each query of the cool-down one,
// while a batch in the cool-down keeps its own tries.
func TestFailingQueryServerCoolsDown(t *testing.T) {
	m, srv := newMoodyServer(t)
	clk := newFrozen()
	o := newTestOpenAI(t, srv, OpenAIConfig{Now: clk.now})
	m.mood.Store("503")
	query(o)
	if got := m.queries.Load(); got != 3 {
		t.Errorf("first query sent %d requests, want 3 (MaxTries)", got)
	}
	err, _ := query(o)
	if got := m.queries.Load(); got != 4 || !strings.Contains(err.Error(), "HTTP 503") || !strings.Contains(err.Error(), "last: HTTP 503: overloaded (3 tries)") {
		t.Errorf("query in the cool-down: %d requests in all, error %v; want one more, naming the 503s", got, err)
	}
	if _, err := o.EmbedDocuments(context.Background(), texts(40)); !errors.Is(err, ErrUnavailable) {
		t.Errorf("batch = %v, want ErrUnavailable", err)
	}
	if got := m.batches.Load(); got != 3 {
		t.Errorf("batch in the query cool-down sent %d requests, want its own 3 tries", got)
	}
	clk.add(30 * time.Second)
	query(o)
	if got := m.queries.Load(); got != 7 {
		t.Errorf("query after the cool-down: %d requests in all, want 3 more (the full tries again)", got)
	}
}

// TestSlowQueryServerIsNotCutOff: a server answering within
// QueryTimeout, though slowly, gets every query answered; after one
// miss, the probes of the cool-down cut it off, and the full wait after
// it is answered and ends the cool-down.
func TestSlowQueryServerIsNotCutOff(t *testing.T) {
	m, srv := newMoodyServer(t)
	clk := newFrozen()
	const full = 2 * time.Second
	o := newTestOpenAI(t, srv, OpenAIConfig{QueryTimeout: full, Now: clk.now})
	m.delay = 300 * time.Millisecond
	m.mood.Store("slow")
	for i := range 3 {
		if err, _ := query(o); err != nil {
			t.Fatalf("slow query %d: %v", i, err)
		}
	}
	m.mood.Store("hang")
	query(o)
	m.mood.Store("slow")
	if err, _ := query(o); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "within 200ms") {
		t.Errorf("probe to a server answering in 300ms = %v, want cut off at 200ms", err)
	}
	clk.add(30 * time.Second)
	for i := range 2 {
		if err, _ := query(o); err != nil {
			t.Errorf("slow query %d after the cool-down: %v", i, err)
		}
	}
}

// TestFailingBatchesLeaveQueriesWhole: a server answering queries but
// failing batches fails the index runs only; queries keep their full
// wait and are answered.
func TestFailingBatchesLeaveQueriesWhole(t *testing.T) {
	m, srv := newMoodyServer(t)
	clk := newFrozen()
	o := newTestOpenAI(t, srv, OpenAIConfig{Now: clk.now})
	m.mood.Store("batches fail")
	if _, err := o.EmbedDocuments(context.Background(), texts(40)); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("batch = %v, want ErrUnavailable", err)
	}
	if p := o.health.plan(); p.probe || p.trial {
		t.Errorf("after failed batches a query is planned %+v, want the full wait", p)
	}
	if err, _ := query(o); err != nil {
		t.Errorf("query after failed batches: %v", err)
	}
}

// TestCanceledQueryDoesNotCoolDown: a query whose caller gave up says
// nothing of the server: the next query waits in full.
func TestCanceledQueryDoesNotCoolDown(t *testing.T) {
	m, srv := newMoodyServer(t)
	o := newTestOpenAI(t, srv, OpenAIConfig{Now: newFrozen().now})
	m.mood.Store("hang")
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := o.EmbedQuery(ctx, "q"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("canceled query = %v, want the caller's deadline", err)
	}
	if p := o.health.plan(); p.probe || p.trial {
		t.Errorf("after a canceled query the next is planned %+v, want the full wait", p)
	}
}

// TestConcurrentMissesCountOnce: queries that began together and all
// missed start one cool-down of 30s, not one doubled per query; while a
// full wait after the cool-down runs, other queries probe.
func TestConcurrentMissesCountOnce(t *testing.T) {
	m, srv := newMoodyServer(t)
	clk := newFrozen()
	o := newTestOpenAI(t, srv, OpenAIConfig{QueryTimeout: 500 * time.Millisecond, Now: clk.now})
	m.mood.Store("hang")
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() { query(o) })
	}
	wg.Wait()
	if err, _ := query(o); !strings.Contains(err.Error(), "failed 1 full wait since") || !strings.Contains(err.Error(), "(in 30s)") {
		t.Errorf("after 4 concurrent misses: %v; want one counted, a cool-down of 30s", err)
	}
	clk.add(30 * time.Second)
	if p := o.health.plan(); !p.trial {
		t.Fatalf("first plan after the cool-down = %+v, want the full wait", p)
	}
	if p := o.health.plan(); !p.probe {
		t.Errorf("plan during that full wait = %+v, want a probe", p)
	}
	if err, _ := query(o); !strings.HasSuffix(err.Error(), "searches wait 50ms for it while another search waits the full 500ms") {
		t.Errorf("query during that full wait: %v; want it to say another search waits in full", err)
	}
}

// TestDocumentWaitFollowsCoolDown: a caller's bound on documents'
// vectors is kept while the server is healthy, cut to a query's probe in
// its cool-down, and kept again once the cool-down ended, without
// starting the full wait a query owes the server then.
func TestDocumentWaitFollowsCoolDown(t *testing.T) {
	m, srv := newMoodyServer(t)
	clk := newFrozen()
	const full, note = 2 * time.Second, time.Second
	o := newTestOpenAI(t, srv, OpenAIConfig{QueryTimeout: full, Now: clk.now})
	if got := DocumentWait(o, note); got != note {
		t.Errorf("DocumentWait(%v) of a healthy server = %v, want %v", note, got, note)
	}
	m.mood.Store("hang")
	if err, _ := query(o); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("query to a hung server = %v, want ErrUnavailable", err)
	}
	if got := DocumentWait(o, note); got != full/10 {
		t.Errorf("DocumentWait(%v) in the cool-down = %v, want a probe's %v", note, got, full/10)
	}
	if got := DocumentWait(o, 50*time.Millisecond); got != 50*time.Millisecond {
		t.Errorf("DocumentWait(50ms) in the cool-down = %v, want 50ms", got)
	}
	clk.add(31 * time.Second)
	if got := DocumentWait(o, note); got != note {
		t.Errorf("DocumentWait(%v) after the cool-down = %v, want %v", note, got, note)
	}
	if _, took := query(o); took < full {
		t.Errorf("query after the cool-down took %v, want the full %v (DocumentWait started no trial)", took, full)
	}
	if got := DocumentWait(o, note); got != full/10 {
		t.Errorf("DocumentWait(%v) after a failed full wait = %v, want %v", note, got, full/10)
	}
	if got := DocumentWait(NewHash(8), note); got != note {
		t.Errorf("DocumentWait of an embedder without a cool-down = %v, want %v", got, note)
	}
}
