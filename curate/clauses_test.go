package curate

import "testing"

// TestClauseMoved: a clause opened by a subordinating word moved from
// the start of its sentence to its end is one statement; a clause moved
// into another sentence, a subordinating word moved alone, the clauses'
// words swapped, or a clause that was not set off by a comma is not.
func TestClauseMoved(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"Before the nurse calls the vet, the dog is sedated.", "The dog is sedated before the nurse calls the vet.", true},
		{"The pump stops when the tank is full. Check it daily.", "When the tank is full, the pump stops. Check it daily.", true},
		{"Note: if Dr. Okafor is away, Dr. Mensah takes the calls.", "Note: Dr. Mensah takes the calls if Dr. Okafor is away.", true},
		{"When it rains, close the vents. Open the door.", "Close the vents. Open the door when it rains.", false},
		{"The nurse calls the vet before the dog is sedated.", "Before the nurse calls the vet the dog is sedated.", false},
		{"When the dog is sedated, the nurse calls the vet.", "When the nurse calls the vet, the dog is sedated.", false},
		{"When the tank is full the pump stops.", "The pump stops when the tank is full.", false},
		{"If it rains, close the vents; open the door.", "Close the vents if it rains; open the door.", false},
		{"If the alarm sounds, leave the building, and call the warden.", "Leave the building, and call the warden if the alarm sounds.", false},
		{"Every Monday, the crew checks the ropes.", "The crew checks the ropes every Monday.", false},
		{"The pump stops when the tank is full.", "The pump stops when the tank is full.", false},
	} {
		if got := clauseMoved(c.a, c.b); got != c.want {
			t.Errorf("clauseMoved(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := clauseMoved(c.b, c.a); got != c.want {
			t.Errorf("clauseMoved(%q, %q) = %v, want %v", c.b, c.a, got, c.want)
		}
	}
}
