package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	segjson "github.com/segmentio/encoding/json"
)

// envelopeError returns the id, code and text of the error refusing the
// message data (one JSON value) for its envelope, given what
// [probeMessage] read of it, or a zero code: a value that is not an
// object, a jsonrpc other than "2.0", an id that is not a string, a
// number or null, neither a method nor an id, a method that is not a string, a call's params that
// are not an object, a tools/call's name that is not a string. The SDK
// refuses these too, in Go's words ("cannot unmarshal "5" into Go value
// of type jsonrpc2.wireDecode", "invalid ID type map[string]interface
// {}", "unmarshaling "[]" into a *mcp.ListToolsParams"); the text here
// names the member and what it must be. The error goes under the
// message's id when it is a string or a number, else null.
func envelopeError(data []byte, env envelope, ok bool) (json.RawMessage, int, string) {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] != '{' {
		return nil, jsonrpc.CodeInvalidRequest, "invalid request: a message must be a JSON object, got " + rawKind(data)
	}
	if !ok {
		return nil, 0, "" // too deep: the SDK refuses it
	}
	var id json.RawMessage
	switch k := rawKind(env.ID); k {
	case "a string", "a number":
		id = env.ID
	case "", "null":
	default:
		return nil, jsonrpc.CodeInvalidRequest, `invalid request: "id" must be a string or an integer, got ` + k
	}
	var version string
	if json.Unmarshal(env.JSONRPC, &version) != nil || version != "2.0" {
		return id, jsonrpc.CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`
	}
	if len(env.Method) == 0 && len(env.ID) == 0 {
		return nil, jsonrpc.CodeInvalidRequest, "invalid request: a message needs a method (a request or a notification), or an id (a response)"
	}
	if len(env.Method) == 0 {
		return nil, 0, "" // a response, or neither: [noMethodError]
	}
	var method string
	if json.Unmarshal(env.Method, &method) != nil {
		return id, jsonrpc.CodeInvalidRequest, `invalid request: "method" must be a string, got ` + rawKind(env.Method)
	}
	if len(env.ID) == 0 || len(env.Params) == 0 {
		return nil, 0, "" // a notification is not answered
	}
	switch k := rawKind(env.Params); {
	case k != "an object" && k != "null":
		return id, jsonrpc.CodeInvalidParams, fmt.Sprintf("invalid params: the params of %q must be an object, got %s", clip(method, 80), k)
	case k == "an object" && method == "tools/call":
		var call struct {
			Name json.RawMessage `json:"name"`
		}
		const flags = segjson.DontMatchCaseInsensitiveStructFields | segjson.DontCopyRawMessage
		if _, err := segjson.Parse(env.Params, &call, flags); err == nil && len(call.Name) > 0 {
			if k := rawKind(call.Name); k != "a string" {
				return id, jsonrpc.CodeInvalidParams, "invalid params: the name of the tool to call must be a string, got " + k
			}
		}
	}
	return nil, 0, ""
}

// rawKind names the kind of the JSON value raw as [jsonKind] does ("an
// object", "a number", ...), from its first byte; "" when raw is empty.
func rawKind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return ""
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
