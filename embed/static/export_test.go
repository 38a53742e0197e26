package static

import "time"

// SetRacyWindow sets how long after its last change a mapped model file's
// content is compared, and returns a function that restores it.
func SetRacyWindow(d time.Duration) (restore func()) {
	old := racyWindow
	racyWindow = d
	return func() { racyWindow = old }
}

// DataHashes returns how many times a model's whole data was hashed by
// CheckDataSHA256.
func DataHashes() int64 { return dataHashes.Load() }
