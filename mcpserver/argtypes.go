package mcpserver

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/memweave/memweave-go/memfile"
)

// typeError is the message refusing arguments args of tool, whose input
// schema is in: an argument in doesn't name, one whose value (or list
// item) is not of the JSON type in gives it, an expect_hash that is no
// hash (memfile.ValidHash), or a required one missing,
// naming the tool and the argument ("memory_search: max_results must be
// an integer, got a string"); "" when there is none. The SDK's schema
// check said the same without the tool, partly in Go ("validating root:
// validating /properties/tags/items: type: <invalid reflect.Value> has
// type \"null\"").
func typeError(tool string, in *jsonschema.Schema, args map[string]any) string {
	for _, name := range slices.Sorted(maps.Keys(args)) {
		s := in.Properties[name]
		if s == nil {
			if in.AdditionalProperties != nil && in.AdditionalProperties.Not != nil {
				return fmt.Sprintf("%s: unknown argument %q; %s", tool, clip(name, 80), takes(tool, in))
			}
			continue
		}
		if msg := valueTypeError(name, s, args[name]); msg != "" {
			return tool + ": " + msg
		}
		if h, ok := args[name].(string); ok && name == "expect_hash" && h != "" && !memfile.ValidHash(h) {
			return fmt.Sprintf("%s: expect_hash %q must be the 64 hex digits of the file's SHA-256, the hash memory_get returns", tool, clip(h, 80))
		}
	}
	var missing []string
	for _, name := range in.Required {
		if _, ok := args[name]; !ok {
			missing = append(missing, name)
		}
	}
	switch len(missing) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("%s: %s is required", tool, missing[0])
	}
	return fmt.Sprintf("%s: %s and %s are required", tool, strings.Join(missing[:len(missing)-1], ", "), missing[len(missing)-1])
}

// takes says which arguments tool, whose input schema is in, takes.
func takes(tool string, in *jsonschema.Schema) string {
	if len(in.Properties) == 0 {
		return tool + " takes no arguments"
	}
	return tool + " takes " + strings.Join(slices.Sorted(maps.Keys(in.Properties)), ", ")
}

// valueTypeError is the message, naming name, refusing v when it is not
// of a JSON type s allows, or is a list holding an item not of the type
// s's items allow, or is a string shorter than s's minimum length
// (expect_hash's, 1); "" when it is. A null where s takes none is
// [shapeError]'s to refuse.
func valueTypeError(name string, s *jsonschema.Schema, v any) string {
	types := s.Types
	if s.Type != "" {
		types = []string{s.Type}
	}
	if v == nil || len(types) == 0 {
		return ""
	}
	if !slices.ContainsFunc(types, func(t string) bool { return isJSONType(v, t) }) {
		want := slices.DeleteFunc(slices.Clone(types), func(t string) bool { return t == "null" })
		return fmt.Sprintf("%s must be %s, got %s", name, orList(want), jsonKind(v))
	}
	if str, ok := v.(string); ok && s.MinLength != nil && utf8.RuneCountInString(str) < *s.MinLength {
		return fmt.Sprintf("%s is empty: give it a value, or leave it out", name)
	}
	items, ok := v.([]any)
	if !ok || s.Items == nil {
		return ""
	}
	for i, item := range items {
		if item == nil && !allowsNull(s.Items) {
			return fmt.Sprintf("%s[%d] must be %s, got null", name, i, orList(itemTypes(s.Items)))
		}
		if msg := valueTypeError(fmt.Sprintf("%s[%d]", name, i), s.Items, item); msg != "" {
			return msg
		}
	}
	return ""
}

// allowsNull reports whether schema s takes null.
func allowsNull(s *jsonschema.Schema) bool {
	return s.Type == "null" || slices.Contains(s.Types, "null")
}

// itemTypes are the JSON types schema s names.
func itemTypes(s *jsonschema.Schema) []string {
	if s.Type != "" {
		return []string{s.Type}
	}
	return s.Types
}

// isJSONType reports whether decoded JSON value v is of JSON schema type t
// ("integer": a number without a fraction).
func isJSONType(v any, t string) bool {
	switch t {
	case "null":
		return v == nil
	case "integer":
		n, ok := v.(json.Number)
		f, err := n.Float64() // ±Inf past float64's range: [hugeNumber]'s to refuse
		return ok && (err != nil || f == math.Trunc(f))
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	}
	return false
}

// orList writes JSON schema types as words: "an integer", "a string or
// an array".
func orList(types []string) string {
	words := make([]string, len(types))
	for i, t := range types {
		switch t {
		case "integer", "array", "object":
			words[i] = "an " + t
		default:
			words[i] = "a " + t
		}
	}
	return strings.Join(words, " or ")
}

// clip shortens s to at most n bytes, marking a cut with "...".
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "..."
}

// expectHash is the expect_hash argument of the tools that take one, for
// [toolMessage].
func (in writeInput) expectHash() string    { return in.ExpectHash }
func (in deleteInput) expectHash() string   { return in.ExpectHash }
func (in feedbackInput) expectHash() string { return in.ExpectHash }
func (in resolveInput) expectHash() string  { return in.ExpectHash }
