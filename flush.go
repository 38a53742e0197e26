package memweave

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// NothingToStore is the whole reply with which the model tells
// [Weave.Flush] that a conversation holds nothing worth remembering.
const NothingToStore = "NOTHING_TO_STORE"

// DefaultFlushPrompt is the system prompt [Weave.Flush] uses when
// FlushOptions.Prompt is empty.
const DefaultFlushPrompt = `You maintain the long-term memory of an AI assistant. Read the conversation and extract only durable facts worth remembering in later, unrelated sessions: decisions made, preferences and standing instructions, facts about people, projects, systems and their configuration, commitments and deadlines, lessons learned.

Leave out small talk, greetings, transient task state, anything already implied by general knowledge, and anything said only hypothetically. Never include secrets such as passwords, API keys or tokens.

Answer with a Markdown bullet list, one self-contained fact per bullet, written so that it makes sense without the conversation (name the subject instead of saying "it" or "they"). Do not add a heading or any other text.

If nothing in the conversation is worth remembering, answer exactly ` + NothingToStore + ` and nothing else.`

// FlushOptions configure [Weave.Flush].
type FlushOptions struct {
	// Model is the chat model to ask. Required.
	Model string
	// BaseURL is the OpenAI-compatible endpoint, without the
	// /chat/completions suffix. Default https://api.openai.com/v1.
	BaseURL string
	// APIKey authenticates with the endpoint; it is sent as a bearer
	// token and never included in errors.
	APIKey string
	// Source is the namespace to append to, as in [AppendOptions].
	// Default "": memory/YYYY-MM-DD.md.
	Source string
	// Prompt is the system prompt. Default [DefaultFlushPrompt]. A custom
	// prompt should still ask for [NothingToStore] when there is nothing
	// to keep.
	Prompt string
	// HTTPClient makes the request. Default: a client with a two-minute
	// timeout.
	HTTPClient *http.Client
	// Now is the time whose date names the file, as in [AppendOptions].
	// Default: Config.Now().
	Now time.Time
}

// flushTimeout is the request timeout of the default HTTP client.
const flushTimeout = 2 * time.Minute

// Flush asks a chat model which durable facts a conversation holds and
// appends its answer to the day's dated log with [Weave.Append], before
// the conversation is lost (say, when an agent's context is compacted).
// It returns the file's workspace-relative path and whether anything was
// stored.
//
// The model is called once, at temperature 0, with opts.Prompt as the
// system message and conversation as the user message. An empty reply or
// the reply [NothingToStore] stores nothing and returns stored == false
// with a nil error; so does a blank conversation, without calling the
// model. A failed call stores nothing and returns its error. Flush never
// writes an evergreen file.
func (w *Weave) Flush(ctx context.Context, conversation string, opts FlushOptions) (path string, stored bool, err error) {
	if err := w.checkOpen(); err != nil {
		return "", false, err
	}
	if opts.Model == "" {
		return "", false, errors.New("memweave: flush: FlushOptions.Model is required")
	}
	// Fail before paying for a call whose answer could not be stored.
	if err := checkSource(opts.Source); err != nil {
		return "", false, err
	}
	if strings.TrimSpace(conversation) == "" {
		return "", false, nil
	}
	if opts.Prompt == "" {
		opts.Prompt = DefaultFlushPrompt
	}
	cfg := openai.DefaultConfig(opts.APIKey)
	if opts.BaseURL != "" {
		cfg.BaseURL = strings.TrimRight(opts.BaseURL, "/")
	}
	if opts.HTTPClient != nil {
		cfg.HTTPClient = opts.HTTPClient
	} else {
		cfg.HTTPClient = &http.Client{Timeout: flushTimeout}
	}
	client := openai.NewClientWithConfig(cfg)
	resp, err := client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{
		Model: opts.Model,
		// go-openai omits a zero temperature from the request, which
		// leaves the server's default (usually 1); the smallest positive
		// float32 is sent and means 0.
		Temperature: math.SmallestNonzeroFloat32,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: opts.Prompt},
			{Role: openai.ChatMessageRoleUser, Content: conversation},
		},
	})
	if err != nil {
		if ctx.Err() != nil {
			return "", false, ctx.Err()
		}
		if opts.APIKey != "" && strings.Contains(err.Error(), opts.APIKey) {
			err = errors.New(strings.ReplaceAll(err.Error(), opts.APIKey, "[redacted]"))
		}
		return "", false, fmt.Errorf("memweave: flush: chat completion with %s: %w", opts.Model, err)
	}
	if len(resp.Choices) == 0 {
		return "", false, fmt.Errorf("memweave: flush: chat completion with %s: no choices in the reply", opts.Model)
	}
	reply := strings.TrimSpace(resp.Choices[0].Message.Content)
	if reply == "" || isNothingToStore(reply) {
		return "", false, nil
	}
	path, err = w.Append(ctx, reply, AppendOptions{Source: opts.Source, Now: opts.Now})
	if err != nil {
		return path, path != "", err
	}
	return path, true, nil
}

// isNothingToStore reports whether reply is [NothingToStore], allowing for
// the quotes, code marks and final full stop models sometimes add.
func isNothingToStore(reply string) bool {
	reply = strings.Trim(reply, " \t\r\n`\"'*.")
	return reply == NothingToStore
}
