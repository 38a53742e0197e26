package static_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/memweave/memweave-go/embed/static"
	"github.com/memweave/memweave-go/embed/static/statictest"
)

// claimModel writes a model folder whose model.safetensors holds v as a
// 2x2 table under a header recording the data's SHA-256, then lets edit
// change the file's bytes. It returns the folder.
func claimModel(t *testing.T, v []float32, edit func(st []byte) []byte) string {
	t.Helper()
	st, err := static.WriteSafetensors([]static.Tensor{{Name: "embeddings", DType: "F32", Shape: []int{2, 2}, Data: static.F32Bytes(v)}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		st = edit(st)
	}
	dir := t.TempDir()
	for name, b := range map[string][]byte{"model.safetensors": st, "tokenizer.json": []byte(statictest.WordPieceTokenizer([]string{"[UNK]", "b"}))} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// withClaim returns st with its header's data_sha256 replaced by claim,
// the header keeping its length (claim must be 64 bytes).
func withClaim(t *testing.T, st []byte, claim string) []byte {
	t.Helper()
	n := binary.LittleEndian.Uint64(st[:8])
	var h map[string]json.RawMessage
	if err := json.Unmarshal(st[8:8+n], &h); err != nil {
		t.Fatal(err)
	}
	var meta map[string]string
	if err := json.Unmarshal(h["__metadata__"], &meta); err != nil {
		t.Fatal(err)
	}
	old := meta[static.DataSHA256Key]
	if len(claim) != len(old) {
		t.Fatalf("claim %q is not %d bytes", claim, len(old))
	}
	out := append([]byte(nil), st...)
	i := strings.Index(string(out[8:8+n]), old)
	copy(out[8+i:], claim)
	return out
}

// TestDataHashClaimIsChecked: a model folder's header may record the
// SHA-256 of its data so that its identity need not hash the data; a
// folder whose record does not match its data (another model's record
// copied in, metadata kept by a tool that rewrote the rows) would share
// that model's identity, and vectors of both would be mixed in one index
// and cache. It must be refused, naming model.safetensors.
func TestDataHashClaimIsChecked(t *testing.T) {
	good := []float32{1, 2, 3, 4}
	genuine := static.New(claimModel(t, good, nil))
	want := genuine.Identity()
	if want.Dims != 2 {
		t.Fatalf("genuine model: identity %+v", want)
	}
	flip := func(st []byte) []byte { st[len(st)-1] ^= 0x40; return st }
	cases := []struct {
		name string
		dir  string
	}{
		{"one byte of data changed, record kept", claimModel(t, good, flip)},
		{"other rows, the genuine model's record copied in", claimModel(t, []float32{4, 3, 2, 1}, func(st []byte) []byte {
			g, _ := static.WriteSafetensors([]static.Tensor{{Name: "embeddings", DType: "F32", Shape: []int{2, 2}, Data: static.F32Bytes(good)}}, nil)
			n := binary.LittleEndian.Uint64(g[:8])
			return append(g[:8+n:8+n], st[8+n:]...)
		})},
		{"record not hex", claimModel(t, []float32{4, 3, 2, 1}, func(st []byte) []byte { return withClaim(t, st, strings.Repeat("z", 64)) })},
		{"record of zeros", claimModel(t, []float32{4, 3, 2, 1}, func(st []byte) []byte { return withClaim(t, st, strings.Repeat("0", 64)) })},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := static.New(c.dir)
			id := e.Identity()
			_, err := e.EmbedDocuments(context.Background(), []string{"b"})
			p := filepath.Join(c.dir, "model.safetensors")
			if err == nil || !errors.Is(err, static.ErrFormat) || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), static.DataSHA256Key) {
				t.Errorf("EmbedDocuments = %v (identity %+v, genuine %+v), want ErrFormat naming %s and %s", err, id, want, p, static.DataSHA256Key)
			}
			if id == want {
				t.Errorf("identity %+v is the genuine model's", id)
			}
		})
	}
}

// TestDataHashClaimHonest: a record that matches the data, in either case
// of hex, loads; a model compiled into the program (NewFiles) is trusted
// as it is.
func TestDataHashClaimHonest(t *testing.T) {
	v := []float32{1, 2, 3, 4}
	upper := claimModel(t, v, func(st []byte) []byte {
		sum := sha256.Sum256(static.F32Bytes(v))
		return withClaim(t, st, strings.ToUpper(hex.EncodeToString(sum[:])))
	})
	for _, dir := range []string{claimModel(t, v, nil), upper} {
		if _, err := static.New(dir).EmbedDocuments(context.Background(), []string{"b"}); err != nil {
			t.Errorf("EmbedDocuments(%s) = %v", dir, err)
		}
	}
	fsys := fstest.MapFS{}
	for _, name := range []string{"model.safetensors", "tokenizer.json"} {
		b, err := os.ReadFile(filepath.Join(upper, name))
		if err != nil {
			t.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: b}
	}
	if _, err := static.NewFS("fs", fsys).EmbedDocuments(context.Background(), []string{"b"}); err != nil {
		t.Errorf("NewFS EmbedDocuments = %v", err)
	}
}
