package index

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// shipped are the SHA-256 sums of the migrations that have shipped. A
// database at version i ran migrations[:i] as they were, so their text
// never changes: append a migration, never edit one (a moved constant
// must keep every byte).
var shipped = []string{
	"be22d848ba9d5bcf1004a511d4a1a48c9f5992ead2134551b22b7f2a37238c4e", // 1
	"985de04f0f8f4e82364339ace54cabc7ca6258f44c6062091af0e1c437bc8d81", // 2
	"b0bcf4e46d851fe4b48ca863f3e8e7ee0edce74e38bcd4e2d79c72fa60eb3b06", // 3
	"c7b7c77843ce06bb1a57ebbb0acd0adf414840cc6261d4a9c561c225236fba04", // 4
	"3655ea0a3da4aa4d09400fd2301bebd290c10ed22920b300f4c852e1aed81fbb", // 5
	"6750a2417c384d9c0433d4b1debd165942bc3e0b8bcd8f0be820c9250c95daf8", // 6
	"9574daf5eb25e446b47e258e4711c0484ed2c5a56a858594322895d70511b2ab", // 7
}

func TestShippedMigrationsUnchanged(t *testing.T) {
	for i, want := range shipped {
		sum := sha256.Sum256([]byte(migrations[i]))
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("migration %d (to version %d) has SHA-256 %s, want %s: a shipped migration was edited", i, i+1, got, want)
		}
	}
}
