package mcpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	segjson "github.com/segmentio/encoding/json"
)

// envelopeError returns the id, code and text of the error refusing the
// message data (one JSON value) for its envelope, given what
// [probeMessage] read of it, or a zero code: a value that is not an
// object, a jsonrpc other than "2.0", an id that is not a string, a
// number or null, neither a method nor an id, a method that is not a
// string, a call's params that are not an object or hold a member of the
// wrong type ([paramsError]). The SDK refuses these too, in Go's words
// ("cannot unmarshal "5" into Go value of type jsonrpc2.wireDecode",
// "invalid ID type map[string]interface {}", "unmarshaling "[]" into a
// *mcp.ListToolsParams"); the text here names the member and what it
// must be. The error goes under the message's id when it is a string or
// a number, else null.
func envelopeError(data []byte, env envelope, ok bool) (json.RawMessage, int, string) {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] != '{' {
		return nil, jsonrpc.CodeInvalidRequest, "invalid request: a message must be a JSON object, got " + rawKind(data)
	}
	if !ok {
		return nil, 0, "" // too deep: [errDeep], given before
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
	if k := rawKind(env.Params); k != "an object" && k != "null" {
		return id, jsonrpc.CodeInvalidParams, fmt.Sprintf("invalid params: the params of %q must be an object, got %s", clip(method, 80), k)
	}
	if text := paramsError(method, env.Params); text != "" {
		return id, jsonrpc.CodeInvalidParams, text
	}
	return nil, 0, ""
}

// paramsTypes are the SDK's types of the params of the requests a server
// serves, by method.
var paramsTypes = map[string]func() any{
	"initialize":               func() any { return new(mcp.InitializeParams) },
	"ping":                     func() any { return new(mcp.PingParams) },
	"tools/list":               func() any { return new(mcp.ListToolsParams) },
	"tools/call":               func() any { return new(mcp.CallToolParamsRaw) },
	"logging/setLevel":         func() any { return new(mcp.SetLoggingLevelParams) },
	"resources/list":           func() any { return new(mcp.ListResourcesParams) },
	"resources/templates/list": func() any { return new(mcp.ListResourceTemplatesParams) },
	"resources/read":           func() any { return new(mcp.ReadResourceParams) },
	"prompts/list":             func() any { return new(mcp.ListPromptsParams) },
	"prompts/get":              func() any { return new(mcp.GetPromptParams) },
}

// paramsError is the text refusing params, an object, of a request for
// method when a member the SDK reads has the wrong type ("invalid params:
// "cursor" of "tools/list" must be a string, got a number"), read as the
// SDK reads it (case-sensitive, without copying raw members such as a
// tool's arguments); "" when none has.
func paramsError(method string, params json.RawMessage) string {
	newParams, ok := paramsTypes[method]
	if !ok {
		return ""
	}
	const flags = segjson.DontMatchCaseInsensitiveStructFields | segjson.DontCopyRawMessage
	_, err := segjson.Parse(params, newParams(), flags)
	var te *segjson.UnmarshalTypeError
	if !errors.As(err, &te) || te.Field == "" || te.Type == nil {
		return ""
	}
	return fmt.Sprintf("invalid params: %q of %q must be %s, got %s", te.Field, method, goKind(te.Type), rawKind([]byte(unquoted(te.Value))))
}

// goKind names the JSON kind a value of Go type t is read from.
func goKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct, reflect.Interface:
		return "an object"
	}
	return "a number"
}

// unquoted is s, the start of a value as a decoding error quotes it,
// without its quotes.
func unquoted(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
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
