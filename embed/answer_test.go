package embed

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// badValueCases are answers to two inputs whose second vector, or the
// list around it, is wrong in one place; want is what the error must
// name. The tune part guided the decoder; the check part was written
// with it and never tuned on.
var badValueCases = map[string][]struct {
	name, data, want string
}{
	"tune": {
		{"over", `[1e39,1]`, "data[1].embedding[0]: value \"1e39\" out of range"},
		{"nan", `[1,NaN]`, "data[1]: not JSON (invalid character 'N'"},
		{"string", `[1,"2"]`, "data[1].embedding[1]: \"\\\"2\\\"\" is not a number"},
		{"null", `[1,null]`, "data[1].embedding[1]: \"null\" is not a number"},
		{"base64", `"AAAAAA=="`, "data[1].embedding: \"\\\"AAAAAA==\\\"\" is not an array"},
	},
	"check": {
		{"under", `[2, -3.5e38]`, "data[1].embedding[1]: value \"-3.5e38\" out of range"},
		{"float64over", `[1e400, 2]`, "data[1].embedding[0]: value \"1e400\" out of range"},
		{"infinity", `[Infinity,1]`, "data[1]: not JSON (invalid character 'I'"},
		{"bool", `[1,true]`, "data[1].embedding[1]: \"true\" is not a number"},
		{"plus", `[+1,2]`, "data[1]: not JSON (invalid character '+'"},
		{"hex", `[1,0x10]`, "data[1]: not JSON (invalid character 'x'"},
		{"nested", `[[1,2]]`, "data[1].embedding[0]: \"[1\" is not a number"},
		{"trailingcomma", `[1,2,]`, "data[1]: not JSON (invalid character ']'"},
		{"object", `{"a":1}`, "data[1].embedding: \"{\\\"a\\\":1}\" is not an array"},
		{"null", `null`, "data[1].embedding: missing"},
		{"long", "[" + strings.Repeat("1,", MaxDims) + "1]", "data[1].embedding: 65537 values, more than the 65536 an index holds"},
	},
}

// TestAnswerNamesTheBadValue: a value no float32 holds, or no number at
// all, fails the call once (not retried), naming where it is in the
// answer: before, 1e39 gave "json: cannot unmarshal number 1e39 into Go
// struct field Embedding.data.embedding of type float32".
func TestAnswerNamesTheBadValue(t *testing.T) {
	for part, cases := range badValueCases {
		for _, tt := range cases {
			t.Run(part+"/"+tt.name, func(t *testing.T) {
				body := `{"object":"list","data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":` + tt.data + `}]}`
				checkBadAnswer(t, body, tt.want)
			})
		}
	}
}

// TestAnswerNamesTheBadEntry: the list around the vectors, wrong.
func TestAnswerNamesTheBadEntry(t *testing.T) {
	two := `{"index":0,"embedding":[1,2]},{"index":1,"embedding":[3,4]}`
	tests := []struct{ name, body, want string }{
		{"extra", `{"data":[` + two + `,{"index":2,"embedding":[5,6]}]}`, "data[2]: more vectors than the 2 inputs sent"},
		{"indextext", `{"data":[{"index":"0","embedding":[1,2]},{"index":1,"embedding":[3,4]}]}`, "data[0].index: a JSON string, not a int"},
		{"noembedding", `{"data":[{"index":0},{"index":1,"embedding":[3,4]}]}`, "data[0].embedding: missing"},
		{"dataobject", `{"data":{"index":0}}`, "data: not an array"},
		{"nodata", `{"object":"list"}`, "data: missing"},
		{"twice", `{"data":[` + two + `],"data":[` + two + `]}`, "data: given twice"},
		{"toplist", `[` + two + `]`, "not an object); check the base URL"},
		{"html", `<html>hello</html>`, "not JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkBadAnswer(t, tt.body, tt.want) })
	}
}

// TestAnswerSkipsOtherFields: fields beside data, of any shape, and
// white space anywhere, decode as before.
func TestAnswerSkipsOtherFields(t *testing.T) {
	body := "{\"object\":\"list\",\"usage\":{\"prompt_tokens\":2,\"x\":[[],{}]},\"data\":[\n" +
		" { \"object\":\"embedding\", \"index\" : 1 , \"embedding\" : [ 3 , -4.5e-1 ] } ,\n" +
		"{\"index\":0,\"embedding\":[1e-50,2E+1]}],\"model\":\"m\"}"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, body) }))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{})
	vecs, err := o.EmbedDocuments(context.Background(), []string{"a", "b"})
	if err != nil {
		t.Fatalf("EmbedDocuments: %v", err)
	}
	if got := fmt.Sprint(vecs); got != "[[0 20] [3 -0.45]]" {
		t.Errorf("vectors = %s, want [[0 20] [3 -0.45]]", got)
	}
}

// TestAnswerWithoutIndexKeepsOrder: entries without an index are taken
// in input order (go-openai took each for index 0: "repeated index 0").
func TestAnswerWithoutIndexKeepsOrder(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"data":[{"embedding":[1,2]},{"embedding":[3,4]}]}`)
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{})
	vecs, err := o.EmbedDocuments(context.Background(), []string{"a", "b"})
	if err != nil {
		t.Fatalf("EmbedDocuments: %v", err)
	}
	if got := fmt.Sprint(vecs); got != "[[1 2] [3 4]]" {
		t.Errorf("vectors = %s, want [[1 2] [3 4]]", got)
	}
}

func checkBadAnswer(t *testing.T, body, want string) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		fmt.Fprint(w, body)
	}))
	defer srv.Close()
	o := newTestOpenAI(t, srv, OpenAIConfig{})
	_, err := o.EmbedDocuments(context.Background(), []string{"a", "b"})
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error = %v, want one containing %q", err, want)
	}
	if got := calls.Load(); got != 1 {
		t.Errorf("calls = %d, want 1 (a bad answer is not retried)", got)
	}
}
