package memfile

import "context"

// AppendDated is appendNote without a size limit, for the test of its
// refusal of an evergreen name, which AppendWith never asks for.
func AppendDated(root, rel, text string) error {
	return appendNote(context.Background(), root, rel, text, 0)
}

// ReservePerm is the mode of the empty file that reserves an aside name.
var ReservePerm = reservePerm

// TempLeftovers lists the temporary files TempDir holds.
var TempLeftovers = tempLeftovers
