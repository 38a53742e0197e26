package flush

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/embed"
)

// NothingToStore is the whole reply with which the model tells
// [Client.Flush] that a conversation holds nothing worth remembering.
const NothingToStore = "NOTHING_TO_STORE"

// DefaultPrompt is the system prompt of a [Client] whose Config.Prompt is
// empty.
const DefaultPrompt = `You maintain the long-term memory of an AI assistant. Read the conversation and extract only durable facts worth remembering in later, unrelated sessions: decisions made, preferences and standing instructions, facts about people, projects, systems and their configuration, commitments and deadlines, lessons learned.

Leave out small talk, greetings, transient task state, anything already implied by general knowledge, and anything said only hypothetically. Never include secrets such as passwords, API keys or tokens.

Answer with a Markdown bullet list, one self-contained fact per bullet, written so that it makes sense without the conversation (name the subject instead of saying "it" or "they"). Do not add a heading or any other text.

If nothing in the conversation is worth remembering, answer exactly ` + NothingToStore + ` and nothing else.`

// Config configures [New]. The zero value of each field but Model means
// its default.
type Config struct {
	// Model is the chat model to ask. Required.
	Model string
	// BaseURL is the OpenAI-compatible endpoint, without the
	// /chat/completions suffix. Default https://api.openai.com/v1.
	BaseURL string
	// APIKey authenticates with the endpoint; it is sent as a bearer
	// token and never included in errors.
	APIKey string
	// HTTPClient makes the requests. Default: a client with a two-minute
	// timeout. Either way a redirect to another origin (scheme, host or
	// port) than BaseURL's is not followed (see [embed.SameOrigin]):
	// neither the key nor the conversation is sent there.
	HTTPClient *http.Client
	// Prompt is the system prompt. Default [DefaultPrompt]. A custom
	// prompt should still ask for [NothingToStore] when there is nothing
	// to keep.
	Prompt string
}

// defaultTimeout is the request timeout of the default HTTP client.
const defaultTimeout = 2 * time.Minute

// Appender stores a note in a workspace's dated log;
// *memweave.Weave is one (see [memweave.Weave.Append]).
type Appender interface {
	Append(ctx context.Context, text string, opts ...memweave.AppendOption) (path string, err error)
}

// Client flushes conversations into memory. A Client is safe for
// concurrent use by multiple goroutines.
type Client struct {
	chat   *openai.Client
	model  string
	apiKey string
	prompt string
}

// New returns a Client that asks the chat model cfg.Model. A missing
// Model is an error.
func New(cfg Config) (*Client, error) {
	if cfg.Model == "" {
		return nil, errors.New("flush: Config.Model is required")
	}
	if cfg.Prompt == "" {
		cfg.Prompt = DefaultPrompt
	}
	oc := openai.DefaultConfig(cfg.APIKey)
	if cfg.BaseURL != "" {
		oc.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	}
	hc := &http.Client{Timeout: defaultTimeout}
	if cfg.HTTPClient != nil {
		cp := *cfg.HTTPClient
		hc = &cp
	}
	// The key and the conversation go to the base URL's origin only, and
	// the answer is read up to MaxReplyBytes, as the embedder's are.
	hc.CheckRedirect = embed.SameOrigin(oc.BaseURL, hc.CheckRedirect)
	hc.Transport = embed.LimitResponses(hc.Transport, MaxReplyBytes, "a reply may take (flush.MaxReplyBytes)")
	oc.HTTPClient = hc
	return &Client{chat: openai.NewClientWithConfig(oc), model: cfg.Model, apiKey: cfg.APIKey, prompt: cfg.Prompt}, nil
}

// Flush asks the chat model which durable facts conversation holds and
// appends its answer to the day's dated log with w.Append and opts (such
// as [memweave.InSource] or [memweave.Dated]). It returns the file's
// workspace-relative path and whether anything was stored.
//
// The model is called once, at temperature 0, with the prompt as the
// system message and conversation as the user message. An empty reply or
// the reply [NothingToStore] stores nothing and returns stored == false
// with a nil error; so does a blank conversation, without calling the
// model. Invalid opts fail before the call, and a failed call stores
// nothing and returns its error. Flush never writes an evergreen file.
func (c *Client) Flush(ctx context.Context, w Appender, conversation string, opts ...memweave.AppendOption) (path string, stored bool, err error) {
	// Fail before paying for a call whose answer could not be stored.
	if err := memweave.CheckAppendOptions(opts...); err != nil {
		return "", false, err
	}
	if strings.TrimSpace(conversation) == "" {
		return "", false, nil
	}
	reply, err := c.ask(ctx, conversation)
	if err != nil {
		return "", false, err
	}
	if reply == "" || isNothingToStore(reply) {
		return "", false, nil
	}
	path, err = w.Append(ctx, reply, opts...)
	if err != nil {
		return path, path != "", err
	}
	return path, true, nil
}

// ask returns the model's reply to conversation, trimmed.
func (c *Client) ask(ctx context.Context, conversation string) (string, error) {
	resp, err := c.chat.CreateChatCompletion(ctx, openai.ChatCompletionRequest{
		Model: c.model,
		// go-openai omits a zero temperature from the request, which
		// leaves the server's default (usually 1); the smallest positive
		// float32 is sent and means 0.
		Temperature: math.SmallestNonzeroFloat32,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: c.prompt},
			{Role: openai.ChatMessageRoleUser, Content: conversation},
		},
	})
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", c.callError(err)
	}
	if len(resp.Choices) == 0 {
		return "", fmt.Errorf("flush: chat completion with %s: no choices in the reply", c.model)
	}
	return strings.TrimSpace(resp.Choices[0].Message.Content), nil
}

// callError returns the error of a failed chat completion, quoting the
// server's text as the embedder does ([embed.ServerText]: the API key
// left out, also spaced or wrapped, and cut short), and on 401 or 403,
// whose text may quote a part of the key, not at all.
func (c *Client) callError(err error) error {
	prefix := "flush: chat completion with " + c.model
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	status, msg := 0, ""
	switch {
	case errors.As(err, &apiErr):
		status, msg = apiErr.HTTPStatusCode, apiErr.Message
	case errors.As(err, &reqErr):
		status, msg = reqErr.HTTPStatusCode, string(reqErr.Body)
	default:
		if text := embed.ServerText(err.Error(), c.apiKey); text != strings.TrimSpace(err.Error()) {
			return fmt.Errorf("%s: %s", prefix, text)
		}
		return fmt.Errorf("%s: %w", prefix, err)
	}
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return fmt.Errorf("%s: HTTP %d: check the API key (the server's text is left out: it may quote a part of the key)", prefix, status)
	case status == 0:
		return fmt.Errorf("%s: %s", prefix, embed.ServerText(err.Error(), c.apiKey))
	}
	desc := fmt.Sprintf("%s: HTTP %d", prefix, status)
	if msg = embed.ServerText(msg, c.apiKey); msg != "" {
		desc += ": " + msg
	}
	return errors.New(desc)
}

// isNothingToStore reports whether reply is [NothingToStore], allowing for
// the quotes, code marks and final full stop models sometimes add.
func isNothingToStore(reply string) bool {
	reply = strings.Trim(reply, " \t\r\n`\"'*.")
	return reply == NothingToStore
}

// MaxReplyBytes bounds the chat server's answer read by [Client.Flush]:
// three times the 16 MiB a note may hold by default, for a reply whose
// every character the server escapes in JSON.
const MaxReplyBytes = 48 << 20
