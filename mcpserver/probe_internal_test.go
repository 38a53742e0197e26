package mcpserver

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzProbeMessageValid checks what lets the stdio transport skip
// [json.Valid] after [probeMessage]: of a line trimmed as [conn.decode]
// trims it, a value probeMessage reads with nothing after it is valid
// JSON, and one with something after it is not, so its answer alone
// tells valid JSON from a parse error. (Untrimmed, "{}\v" is a value
// with nothing but white space after it to bytes.TrimSpace, yet not
// JSON: JSON's white space is four bytes.)
func FuzzProbeMessageValid(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"method":"ping"} {}`,
		`{"jsonrpc":"2.0","id":1,"method":"ping"}x`,
		`{"id":"\xff","x":[1,2,{"y":null}]}`,
		`{"id":1,"x":tru}`,
		`{"id":1,"x":"\u12"}`,
		`{"id":1,"x":01}`,
		`{"id":1,"x":1e}`,
		`{"id":1,"params":{"a":[}}`,
		`{"id":1,,"method":"x"}`,
		`{"method":"a","method":"b"}`,
		`"str"`, `[1,2]`, `null`, `1`, `{}`, `{"x":"a` + "\x01" + `"}`, "{}\v", "{}\u00a0{}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		data = bytes.Trim(data, " \t\r\n") // as decode trims a line
		_, trailing, ok := probeMessage(data)
		if !ok {
			return
		}
		if valid := json.Valid(data); valid == (len(trailing) > 0) {
			t.Errorf("probeMessage(%q): trailing %q, but json.Valid = %v", data, trailing, valid)
		}
	})
}
