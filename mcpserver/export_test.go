package mcpserver

// SetAcquiredHook makes every admitted HTTP request send its body size on
// the returned channel (buffered; a full channel drops the event) until
// restore is called. Tests using it must not run in parallel: the hook
// sees every server of the process.
func SetAcquiredHook() (admitted <-chan int64, restore func()) {
	ch := make(chan int64, 64)
	testHookAcquired = func(n int64) {
		select {
		case ch <- n:
		default:
		}
	}
	return ch, func() { testHookAcquired = nil }
}
