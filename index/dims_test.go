package index

import (
	"testing"

	"github.com/memweave/memweave-go/embed"
)

// TestMaxDimsIsEmbeds: the dimensions an index holds are the ones
// embed.Config.Validate lets a configuration ask for, so that a settings
// file asking for more fails when read, naming its key.
func TestMaxDimsIsEmbeds(t *testing.T) {
	if maxDims != embed.MaxDims {
		t.Errorf("index maxDims = %d, embed.MaxDims = %d; want them equal", maxDims, embed.MaxDims)
	}
}
