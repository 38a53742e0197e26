package mcpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	segjson "github.com/segmentio/encoding/json"
)

// envelopeError returns the id, code and text of the error refusing the
// message data (one JSON value) for its envelope, given what
// [probeMessage] read of it, or a zero code: a value that is not an
// object, a jsonrpc other than "2.0", an id that is not a string, a
// number or null or is a number past a float64, a response's error the
// SDK cannot read ([responseError]), neither a method nor an id, a method that is not a
// string, a call's params that are not an object or hold a member of the
// wrong type ([paramsError]), a method over 80 bytes, a tools/call
// without a tool name, a tool, prompt or resource named in over 80 bytes
// ([echoError]), a logging level MCP does not name ([levelError]). The
// SDK refuses most of these too, in Go's words ("cannot unmarshal "5"
// into Go value of type jsonrpc2.wireDecode", "invalid ID type
// map[string]interface {}", "unmarshaling "[]" into a
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
	case "a string":
		id = env.ID
	case "a number":
		id = env.ID
		if _, err := strconv.ParseFloat(string(bytes.TrimSpace(env.ID)), 64); err != nil {
			return id, jsonrpc.CodeInvalidRequest, fmt.Sprintf(`invalid request: "id" %s is past what a number can hold; use a string, or an integer up to 2^53`, clip(string(env.ID), 80))
		}
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
		code, text := responseError(env.Error) // a response, or neither: [noMethodError]
		return id, code, text
	}
	var method string
	if json.Unmarshal(env.Method, &method) != nil {
		return id, jsonrpc.CodeInvalidRequest, `invalid request: "method" must be a string, got ` + rawKind(env.Method)
	}
	if len(env.ID) > 0 && len(method) > 80 { // no method is; the SDK quoted it whole
		return id, jsonrpc.CodeMethodNotFound, fmt.Sprintf("method not found: %q (%d bytes)", clip(method, 80), len(method))
	}
	if len(env.ID) == 0 || len(env.Params) == 0 {
		return nil, 0, "" // a notification is not answered
	}
	if k := rawKind(env.Params); k != "an object" && k != "null" {
		return id, jsonrpc.CodeInvalidParams, fmt.Sprintf("invalid params: the params of %q must be an object, got %s", clip(method, 80), k)
	}
	p, text := paramsError(method, env.Params)
	if text != "" {
		return id, jsonrpc.CodeInvalidParams, text
	}
	if code, text := echoError(method, env.Params, p); code != 0 {
		return id, code, text
	}
	if text := levelError(p); text != "" {
		return id, jsonrpc.CodeInvalidParams, text
	}
	if text := cursorError(method, p); text != "" {
		return id, jsonrpc.CodeInvalidParams, text
	}
	return nil, 0, ""
}

// cursorError is the text refusing the params p ([paramsError]'s) of a
// list request whose "cursor" is not empty, "" for any other request.
// A cursor continues a list from a previous answer's "nextCursor", and
// this server gives none: each list fits one page (the SDK's default of
// 1,000 items). The SDK answered any cursor it could not decode with a
// bare "invalid params".
func cursorError(method string, p any) string {
	var cursor string
	switch p := p.(type) {
	case *mcp.ListToolsParams:
		cursor = p.Cursor
	case *mcp.ListPromptsParams:
		cursor = p.Cursor
	case *mcp.ListResourcesParams:
		cursor = p.Cursor
	case *mcp.ListResourceTemplatesParams:
		cursor = p.Cursor
	}
	if cursor == "" {
		return ""
	}
	return fmt.Sprintf(`invalid params: "cursor" of %q is %q, which this server never gave: each list fits one answer (no "nextCursor"); call it without a cursor`,
		method, clip(cursor, 40))
}

// responseError returns the code and text refusing a response whose
// "error" member the SDK cannot read (not an object with an integer
// "code" and a string "message"), or a zero code.
func responseError(raw json.RawMessage) (int, string) {
	if k := rawKind(raw); k == "" || k == "null" {
		return 0, ""
	} else if k != "an object" {
		return jsonrpc.CodeInvalidRequest, `invalid request: "error" must be an object, got ` + k
	}
	var e struct {
		Code    json.RawMessage `json:"code"`
		Message json.RawMessage `json:"message"`
	}
	if json.Unmarshal(raw, &e) != nil {
		return jsonrpc.CodeInvalidRequest, `invalid request: "error" must be an object`
	}
	if k := rawKind(e.Code); k != "" && k != "null" {
		if _, err := strconv.ParseInt(string(bytes.TrimSpace(e.Code)), 10, 64); err != nil {
			return jsonrpc.CodeInvalidRequest, `invalid request: "code" of "error" must be an integer, got ` + clip(string(e.Code), 80)
		}
	}
	if k := rawKind(e.Message); k != "" && k != "null" && k != "a string" {
		return jsonrpc.CodeInvalidRequest, `invalid request: "message" of "error" must be a string, got ` + k
	}
	return 0, ""
}

// logLevels are the levels of logging/setLevel, as MCP names them
// (RFC 5424's severities).
var logLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// levelError is the text refusing the params p ([paramsError]'s) of a
// logging/setLevel whose level is none of [logLevels], missing or not,
// "" for any other request. The SDK accepted any string and logged at
// debug for it; MCP answers an invalid level with -32602.
func levelError(p any) string {
	lp, ok := p.(*mcp.SetLoggingLevelParams)
	if !ok || slices.Contains(logLevels, string(lp.Level)) {
		return ""
	}
	last := len(logLevels) - 1
	return fmt.Sprintf(`invalid params: "level" of "logging/setLevel" must be one of %s or %s, got %q`,
		strings.Join(logLevels[:last], ", "), logLevels[last], clip(string(lp.Level), 80))
}

// echoError returns the code and text refusing the params of a request
// for method for the member the SDK quotes whole in its refusal (a
// tools/call's or a prompts/get's name, a resources/read's uri), read
// from p, the params as [paramsError] read them, or a zero code: null
// params of a tools/call (the SDK said "handling 'tools/call': invalid
// request: ..."), a tool name missing, null or empty (the SDK said
// `unknown tool ""`), or a value longer than 80 bytes, which no tool,
// prompt or resource has and which the SDK quoted whole (a 2 MiB name, a
// 2 MiB error); it is quoted cut.
func echoError(method string, params json.RawMessage, p any) (int, string) {
	if rawKind(params) == "null" && method == "tools/call" {
		return jsonrpc.CodeInvalidRequest, `invalid request: missing required "params"`
	}
	var value, words string
	switch p := p.(type) {
	case *mcp.CallToolParamsRaw:
		value, words = p.Name, "unknown tool"
	case *mcp.GetPromptParams:
		value, words = p.Name, "unknown prompt"
	case *mcp.ReadResourceParams:
		value, words = p.URI, "resource not found:"
	default:
		return 0, "" // another request, or params the SDK refuses
	}
	switch {
	case method == "tools/call" && value == "":
		return jsonrpc.CodeInvalidParams, `invalid params: "name" of "tools/call" is required: the tool to call, such as memory_search`
	case len(value) > 80:
		return jsonrpc.CodeInvalidParams, fmt.Sprintf("%s %q (%d bytes)", words, clip(value, 80), len(value))
	}
	return 0, ""
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
// tool's arguments); "" when none has. It returns the params read, for
// the checks after it, nil for a method it does not know or params it
// could not read.
func paramsError(method string, params json.RawMessage) (any, string) {
	newParams, ok := paramsTypes[method]
	if !ok {
		return nil, ""
	}
	const flags = segjson.DontMatchCaseInsensitiveStructFields | segjson.DontCopyRawMessage
	p := newParams()
	_, err := segjson.Parse(params, p, flags)
	if err == nil {
		return p, ""
	}
	var te *segjson.UnmarshalTypeError
	if !errors.As(err, &te) || te.Field == "" || te.Type == nil {
		return nil, ""
	}
	return nil, fmt.Sprintf("invalid params: %q of %q must be %s, got %s", te.Field, method, goKind(te.Type), rawKind([]byte(unquoted(te.Value))))
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
