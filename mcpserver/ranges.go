package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go/internal/loneescape"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/pack"
)

// maxIntArg bounds every integer argument without a narrower bound: far
// above any count, line or budget a tool takes, and within the int of
// every platform.
const maxIntArg = math.MaxInt32

// intRange is the range of values a tool accepts for an integer
// argument, both bounds included.
type intRange struct{ min, max int }

// intRanges are the ranges of the tools' integer arguments, by tool and
// argument, one place for each bound: [boundIntegers] states each in the
// input schema for the client, and [rangeError] refuses a call with a
// value outside it, so that a handler gets its integers in range. A
// minimum of 0 for a count means "the default".
var intRanges = map[string]map[string]intRange{
	"memory_search":      {"max_results": {0, MaxSearchResults}},
	"memory_get":         {"from": {0, maxIntArg}, "lines": {0, maxIntArg}},
	"memory_pack":        {"budget_tokens": {pack.MinBudget, MaxBudgetTokens}},
	"memory_conflicts":   {"max_results": {0, MaxConflicts}},
	"memory_changes":     {"max_results": {0, MaxChanges}, "offset": {0, maxIntArg}},
	"memory_consolidate": {"max_results": {0, maxGroupsListed}},
	"memory_feedback":    {"line": {memfile.FirstLine, maxIntArg}},
	"memory_resolve": {
		"keep_line":     {memfile.FirstLine, maxIntArg},
		"drop_line":     {memfile.FirstLine, maxIntArg},
		"drop_end_line": {0, maxIntArg},
	},
}

// checkRange returns an error naming tool, arg and r when v, a whole
// number from the JSON of a call (±Inf past float64's range), is outside
// r; the error quotes the number as the client wrote it, lit, which
// float64 would round past 2^53.
func checkRange(tool, arg string, r intRange, v float64, lit string) error {
	switch {
	case v >= float64(r.min) && v <= float64(r.max):
		return nil
	case r.max == maxIntArg:
		return fmt.Errorf("%s: %s must be %d or more, got %s", tool, arg, r.min, lit)
	}
	return fmt.Errorf("%s: %s must be between %d and %d, got %s", tool, arg, r.min, r.max, lit)
}

// boundIntegers gives each integer property of tool's input schema s the
// range [intRanges] holds for it, and panics on one it holds none for.
// The schema's check then refuses a number outside the range, naming the
// argument, before the number reaches Go's JSON decoder, whose error
// named a Go struct field and quoted the rest of the request; and a
// client reads in tools/list what a tool accepts.
func boundIntegers(tool string, s *jsonschema.Schema) {
	for name, p := range s.Properties {
		if p.Type == "integer" || slices.Contains(p.Types, "integer") {
			r, ok := intRanges[tool][name]
			if !ok {
				panic(fmt.Sprintf("mcpserver: %s.%s: an integer argument without a range in intRanges", tool, name))
			}
			p.Minimum = new(float64(r.min))
			p.Maximum = new(float64(r.max))
		}
	}
}

// checkArgs answers a tools/call whose arguments [shapeError],
// [typeError], [rangeError] or [hugeNumber] refuse with a tool error,
// before the SDK's schema check; it decodes the arguments once for all.
// Absent or null arguments are no arguments; arguments that are not JSON
// are left to the SDK.
func (t *tools) checkArgs(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		p, ok := req.GetParams().(*mcp.CallToolParamsRaw)
		if ok && method == "tools/call" && t.inputs[p.Name] == nil {
			if near := t.nearestTool(p.Name); near != "" {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("unknown tool %q; did you mean %q?", p.Name, near)}
			}
		}
		if !ok || method != "tools/call" || t.inputs[p.Name] == nil && intRanges[p.Name] == nil {
			return next(ctx, method, req)
		}
		v, ok := decodeArgs(p.Arguments)
		if !ok && !noArgs(p.Arguments) {
			return next(ctx, method, req)
		}
		if msg := argsError(p.Name, t.inputs[p.Name], v); msg != "" {
			return toolError(msg), nil
		}
		if msg := loneSurrogate(p.Name, p.Arguments); msg != "" {
			return toolError(msg), nil
		}
		return next(ctx, method, req)
	}
}

// loneSurrogate is the error refusing the first argument of tool, in
// data, the arguments as sent, that holds the escape of half a
// surrogate pair alone ("\udc00"); "" when none does. It is no
// character: the decoder reads it as U+FFFD, so a path, a note or a
// query would be another than the one sent.
func loneSurrogate(tool string, data json.RawMessage) string {
	if at, _ := loneescape.Find(data); at < 0 {
		return ""
	}
	var args map[string]json.RawMessage
	if json.Unmarshal(data, &args) != nil {
		return ""
	}
	for _, name := range slices.Sorted(maps.Keys(args)) {
		if _, esc := loneescape.Find(args[name]); esc != "" {
			return fmt.Sprintf("%s: %s holds %s, half of a surrogate pair alone, which is no character (it would be read as U+FFFD): send the text as UTF-8, or a character past U+FFFF as a pair of escapes", tool, name, esc)
		}
	}
	return ""
}

// decodeArgs decodes the arguments of a call, numbers as written
// ([json.Number]), and reports whether they are one JSON value other
// than null.
func decodeArgs(data json.RawMessage) (any, bool) {
	if len(data) == 0 {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil || v == nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false // trailing data: the SDK's error
	}
	return v, true
}

// noArgs reports whether data, the arguments of a call, are absent or
// null: no arguments.
func noArgs(data json.RawMessage) bool {
	t := bytes.TrimSpace(data)
	return len(t) == 0 || string(t) == "null"
}

// argsError is the message of [shapeError], [rangeError], [hugeNumber]
// or [typeError], in this order, refusing arguments v (nil: none) of
// tool, whose input schema is in (nil: only ranges checked); "" when
// none refuses them.
func argsError(tool string, in *jsonschema.Schema, v any) string {
	if v == nil {
		v = map[string]any{}
	}
	if msg := shapeError(tool, in, v); msg != "" {
		return msg
	}
	args, ok := v.(map[string]any)
	if !ok {
		return ""
	}
	if err := rangeError(tool, args); err != nil {
		return err.Error()
	}
	if msg := hugeNumber(tool, args); msg != "" {
		return msg
	}
	if in == nil {
		return ""
	}
	return typeError(tool, in, args)
}

// rangeError is the error, from [checkRange], of the first integer
// argument of tool in args outside its range in [intRanges], by name,
// or nil; the SDK's schema check named the argument but one bound only,
// as a float ("maximum: 51/1 is greater than 50.000000"). A value that
// is not a number, or not a whole one, is left to the schema check; one
// past float64's range is out of every range. It is the one range
// check: the handlers, which only a tools/call reaches, take their
// integers as given.
func rangeError(tool string, args map[string]any) error {
	ranges := intRanges[tool]
	for _, name := range slices.Sorted(maps.Keys(ranges)) {
		n, ok := args[name].(json.Number)
		if !ok {
			continue
		}
		v, err := n.Float64() // ±Inf with an error past float64's range
		if err == nil && v != math.Trunc(v) {
			continue
		}
		if err := checkRange(tool, name, ranges[name], v, n.String()); err != nil {
			return err
		}
	}
	return nil
}

// hugeNumber is the message refusing arguments args of tool that hold
// a number past float64's range (1e400), anywhere in an argument,
// naming the argument and quoting the number; "" when none does. The
// SDK's decoder refused one naming a Go type ("into Go struct field
// map[string]interface {}.min_score of type float64").
func hugeNumber(tool string, args map[string]any) string {
	var huge func(v any) (json.Number, bool)
	huge = func(v any) (json.Number, bool) {
		switch v := v.(type) {
		case json.Number:
			_, err := v.Float64()
			return v, err != nil
		case []any:
			for _, e := range v {
				if n, ok := huge(e); ok {
					return n, true
				}
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				if n, ok := huge(v[k]); ok {
					return n, true
				}
			}
		}
		return "", false
	}
	for _, name := range slices.Sorted(maps.Keys(args)) {
		n, ok := huge(args[name])
		switch {
		case !ok:
			continue
		case args[name] == any(n):
			return fmt.Sprintf("%s: %s is %s, a number too large to read", tool, name, n)
		}
		return fmt.Sprintf("%s: %s holds %s, a number too large to read", tool, name, n)
	}
	return ""
}

// shapeError is the message refusing arguments v of tool, whose input
// schema is in (nil: none checked), that are not an object, or hold
// null for an argument whose schema takes no null, naming the tool and
// the argument in words; "" when neither. The SDK's schema check quoted
// Go ("into Go value of type map[string]interface {}", "<invalid
// reflect.Value>").
func shapeError(tool string, in *jsonschema.Schema, v any) string {
	if in == nil {
		return ""
	}
	args, ok := v.(map[string]any)
	if !ok {
		return fmt.Sprintf("%s: arguments must be a JSON object of named arguments, got %s", tool, jsonKind(v))
	}
	for _, name := range slices.Sorted(maps.Keys(args)) {
		if s := in.Properties[name]; args[name] == nil && s != nil && !slices.Contains(s.Types, "null") {
			return fmt.Sprintf("%s: %s is null: give it a value, or leave it out if it is optional", tool, name)
		}
	}
	return ""
}

// jsonKind names the kind of a decoded JSON value.
func jsonKind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "an object"
	case string:
		return "a string"
	case []any:
		return "an array"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	}
	return "null"
}

// toolError is the result of a tool call refused with msg.
func toolError(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// nearestTool returns the tool a call of the unknown tool name most
// likely meant, "" when none is near: the name trimmed, in lower case,
// with '-', '.' and spaces as '_' and "memory_" put in front when
// missing, or a tool at most two edits away from that. Names over 80
// bytes get no guess (the SDK's refusal quotes them cut).
func (t *tools) nearestTool(name string) string {
	if name == "" || len(name) > 80 {
		return ""
	}
	key := strings.Map(func(r rune) rune {
		if r == '-' || r == '.' || r == ' ' {
			return '_'
		}
		return unicode.ToLower(r)
	}, strings.TrimSpace(name))
	if !strings.HasPrefix(key, "memory_") {
		key = "memory_" + key
	}
	best, bestDist := "", 3
	for tool := range t.inputs {
		if d := editDistance(key, tool); d < bestDist || d == bestDist && tool < best {
			best, bestDist = tool, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
