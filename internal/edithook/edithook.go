// Package edithook lets a test run code inside the window of an in-place
// edit: after the edit has read the file and computed the new content,
// and before it checks that the file is unchanged and renames the new
// content over it. Tests use it to land "another editor's save" exactly
// there, which is how the lost-update guard of [memfile.Edit] is shown to
// work. [WithGroup] does the same for the window of a consolidation
// between its check of a group under the lock and its first edit.
//
// The hook travels in the context of the call, so it touches only the
// edit the test makes, and no process-wide state changes. The package is
// internal: programs outside the module cannot set it.
//
// [memfile.Edit]: https://pkg.go.dev/github.com/memweave/memweave-go/memfile#Edit
package edithook

import "context"

// key is the context key of the hook.
type key struct{}

// Func is called with the absolute path of the file being edited, once
// per attempt, between the edit's read and its check before the rename:
// with the workspace's write lock held, except on the first attempt of
// an optimistic edit, which takes it after the hook.
type Func func(abs string)

// With returns ctx carrying fn as the before-commit hook.
func With(ctx context.Context, fn Func) context.Context {
	return context.WithValue(ctx, key{}, fn)
}

// Run calls the hook ctx carries, if any, with abs.
func Run(ctx context.Context, abs string) {
	if fn, ok := ctx.Value(key{}).(Func); ok && fn != nil {
		fn(abs)
	}
}

// groupKey is the context key of the group hook.
type groupKey struct{}

// GroupFunc is called with a consolidation group's id after the group's
// passages were checked under the write lock and before anything is
// changed: the window in which another writer may still change them.
type GroupFunc func(id string)

// WithGroup returns ctx carrying fn as the group hook.
func WithGroup(ctx context.Context, fn GroupFunc) context.Context {
	return context.WithValue(ctx, groupKey{}, fn)
}

// RunGroup calls the group hook ctx carries, if any, with id.
func RunGroup(ctx context.Context, id string) {
	if fn, ok := ctx.Value(groupKey{}).(GroupFunc); ok && fn != nil {
		fn(id)
	}
}

// asideKey is the context key of the aside hook.
type asideKey struct{}

// WithAside returns ctx carrying fn as the aside hook: it is called with
// the absolute path of a note a removal has just moved aside, before the
// removal reads it there. A test ends the goroutine there to leave the
// note aside, as a process killed at that moment would.
func WithAside(ctx context.Context, fn Func) context.Context {
	return context.WithValue(ctx, asideKey{}, fn)
}

// RunAside calls the aside hook ctx carries, if any, with abs.
func RunAside(ctx context.Context, abs string) {
	if fn, ok := ctx.Value(asideKey{}).(Func); ok && fn != nil {
		fn(abs)
	}
}

// checkedKey is the context key of the checked hook.
type checkedKey struct{}

// WithChecked returns ctx carrying fn as the checked hook: it is called
// with the absolute path of a file an in-place edit is replacing, after
// the edit compared the file's content with the one it read, and before
// the new content takes its place: the last moment an editor's save can
// land.
func WithChecked(ctx context.Context, fn Func) context.Context {
	return context.WithValue(ctx, checkedKey{}, fn)
}

// RunChecked calls the checked hook ctx carries, if any, with abs.
func RunChecked(ctx context.Context, abs string) {
	if fn, ok := ctx.Value(checkedKey{}).(Func); ok && fn != nil {
		fn(abs)
	}
}

// stepKey is the context key of the step hook.
type stepKey struct{}

// StepFunc is called with the name of a step a write has just made
// durable (a file created, a journal written, a link made), before the
// next. A test's helper process kills itself there, to leave what a
// process killed at that moment leaves.
type StepFunc func(step string)

// WithStep returns ctx carrying fn as the step hook.
func WithStep(ctx context.Context, fn StepFunc) context.Context {
	return context.WithValue(ctx, stepKey{}, fn)
}

// Step calls the step hook ctx carries, if any, with step.
func Step(ctx context.Context, step string) {
	if fn, ok := ctx.Value(stepKey{}).(StepFunc); ok && fn != nil {
		fn(step)
	}
}
