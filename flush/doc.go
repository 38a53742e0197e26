// Package flush saves what a conversation taught an agent before the
// conversation is lost, say when the agent's context is compacted.
//
// A [Client] asks an OpenAI-compatible chat model which durable facts a
// conversation holds and appends the model's answer to the day's dated
// log of a memweave workspace through an [Appender], which
// *memweave.Weave satisfies:
//
//	c, err := flush.New(flush.Config{Model: "gpt-4o-mini", APIKey: key})
//	...
//	path, stored, err := c.Flush(ctx, w, conversation, memweave.InSource("assistant"))
//
// The chat call lives here, outside the root memweave package, so that
// the core carries no chat client.
package flush
