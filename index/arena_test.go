package index

import (
	"context"
	"strings"
	"testing"
)

// TestCopyRefusesStrayCalls checks that memweave_copy, which any SQL on
// an index connection could call, writes nowhere but into a registered
// arena and within its bounds: an unknown handle and a blob larger than
// the room left both fail, and a registered arena gets exactly the bytes,
// one blob after another.
func TestCopyRefusesStrayCalls(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	var off int64
	for _, h := range []int64{0, 1, -1, 65, 1 << 40} {
		err := db.sql.QueryRowContext(ctx, `SELECT memweave_copy(x'0102', ?)`, h).Scan(&off)
		if err == nil || !strings.Contains(err.Error(), "no room") {
			t.Errorf("handle %d with no arena registered: %v, want an error", h, err)
		}
	}
	a := newArena(5)
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var offs []int64
	used, err := a.fill(func(h int64) error {
		for _, blob := range []string{"010203", "0405", "06"} {
			var off int64
			err := conn.QueryRowContext(ctx, `SELECT memweave_copy(x'`+blob+`', ?)`, h).Scan(&off)
			if blob == "06" {
				if err == nil {
					t.Error("a blob past the arena's end was copied")
				}
				continue
			}
			if err != nil {
				return err
			}
			offs = append(offs, off)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if used != 5 || string(a.mem) != "\x01\x02\x03\x04\x05" || len(offs) != 2 || offs[0] != 0 || offs[1] != 3 {
		t.Errorf("arena holds %x, %d bytes used, offsets %v; want 0102030405, 5, [0 3]", a.mem, used, offs)
	}
	// An arena for empty blobs (the rows of emptied blocks) takes them.
	empty := newArena(0)
	if used, err := empty.fill(func(h int64) error {
		return conn.QueryRowContext(ctx, `SELECT memweave_copy(x'', ?)`, h).Scan(&off)
	}); err != nil || used != 0 || off != 0 {
		t.Errorf("an empty blob into an empty arena: %d used, offset %d, %v", used, off, err)
	}
	// After fill the handle is gone.
	if err := conn.QueryRowContext(ctx, `SELECT memweave_copy(x'01', 1)`).Scan(&off); err == nil {
		t.Error("a handle stayed registered after fill")
	}
}
