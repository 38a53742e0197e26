package static

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"sort"
)

// MaxHeaderBytes bounds the JSON header of a model.safetensors file. A
// static model's header lists at most three tensors and a few metadata
// strings, a few hundred bytes; the format's own limit, 100 MB, is meant
// for models of thousands of tensors and would let a header cost every
// command hundreds of megabytes to parse.
const MaxHeaderBytes = 1 << 20

// tensor is one entry of a safetensors header, its data located in the
// file's bytes.
type tensor struct {
	Name  string
	DType string
	Shape []int
	data  []byte
}

// dtypeSize returns the bytes per element of the dtypes this package reads.
func dtypeSize(dt string) (int, bool) {
	switch dt {
	case "F32", "I32":
		return 4, true
	case "F16", "BF16":
		return 2, true
	case "I64", "F64":
		return 8, true
	case "I8", "U8":
		return 1, true
	}
	return 0, false
}

// parseSafetensors checks the header of a safetensors file held in b and
// returns its tensors by name. It rejects headers that are too large or not
// JSON, unknown dtypes, negative or overflowing shapes, and data offsets
// that fall outside the file, overlap or do not match the shape.
func parseSafetensors(b []byte) (map[string]*tensor, map[string]string, error) {
	if len(b) < 8 {
		return nil, nil, fmt.Errorf("file too short for a safetensors header (%d bytes)", len(b))
	}
	n := binary.LittleEndian.Uint64(b[:8])
	if n > MaxHeaderBytes {
		return nil, nil, fmt.Errorf("header of %d bytes is over the limit of %s", n, sizeName(MaxHeaderBytes))
	}
	if n > uint64(len(b)-8) {
		return nil, nil, fmt.Errorf("header of %d bytes runs past the end of the %d-byte file", n, len(b))
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b[8:8+n], &raw); err != nil {
		return nil, nil, fmt.Errorf("header is not a JSON object: %w", err)
	}
	data := b[8+n:]
	tensors := make(map[string]*tensor, len(raw))
	var meta map[string]string
	type span struct {
		lo, hi uint64
		name   string
	}
	var spans []span
	for name, msg := range raw {
		if name == "__metadata__" {
			if err := json.Unmarshal(msg, &meta); err != nil {
				return nil, nil, fmt.Errorf("__metadata__ is not an object of strings: %w", err)
			}
			continue
		}
		var h struct {
			DType   string   `json:"dtype"`
			Shape   []int64  `json:"shape"`
			Offsets []uint64 `json:"data_offsets"`
		}
		if err := json.Unmarshal(msg, &h); err != nil {
			return nil, nil, fmt.Errorf("tensor %q: %w", name, err)
		}
		size, ok := dtypeSize(h.DType)
		if !ok {
			return nil, nil, fmt.Errorf("tensor %q: unsupported dtype %q", name, h.DType)
		}
		if len(h.Offsets) != 2 || h.Offsets[0] > h.Offsets[1] || h.Offsets[1] > uint64(len(data)) {
			return nil, nil, fmt.Errorf("tensor %q: data_offsets %v outside the %d data bytes", name, h.Offsets, len(data))
		}
		elems := uint64(1)
		shape := make([]int, len(h.Shape))
		for i, d := range h.Shape {
			if d < 0 || d > math.MaxInt32 {
				return nil, nil, fmt.Errorf("tensor %q: bad shape %v", name, h.Shape)
			}
			shape[i] = int(d)
			if d != 0 && elems > math.MaxUint64/uint64(d) {
				return nil, nil, fmt.Errorf("tensor %q: shape %v overflows", name, h.Shape)
			}
			elems *= uint64(d)
		}
		if elems > math.MaxUint64/uint64(size) || elems*uint64(size) != h.Offsets[1]-h.Offsets[0] {
			return nil, nil, fmt.Errorf("tensor %q: shape %v of %s needs %d bytes, data_offsets give %d",
				name, h.Shape, h.DType, elems*uint64(size), h.Offsets[1]-h.Offsets[0])
		}
		tensors[name] = &tensor{Name: name, DType: h.DType, Shape: shape, data: data[h.Offsets[0]:h.Offsets[1]]}
		spans = append(spans, span{h.Offsets[0], h.Offsets[1], name})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].lo < spans[j].lo })
	for i := 1; i < len(spans); i++ {
		if spans[i].lo < spans[i-1].hi {
			return nil, nil, fmt.Errorf("tensors %q and %q overlap", spans[i-1].name, spans[i].name)
		}
	}
	return tensors, meta, nil
}

// WriteSafetensors encodes tensors in the safetensors format: each entry
// of tensors names a dtype ("F32", "F16" or "I32"), a shape and its
// little-endian data, laid out in name order. The metadata holds meta and,
// under [DataSHA256Key], the SHA-256 of the data (see [Fingerprint]). It
// is what cmd/memweave-distill uses to write models.
func WriteSafetensors(tensors []Tensor, meta map[string]string) ([]byte, error) {
	sorted := append([]Tensor(nil), tensors...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	header := make(map[string]any, len(sorted)+1)
	sum := sha256.New()
	for _, t := range sorted {
		sum.Write(t.Data)
	}
	m := map[string]string{DataSHA256Key: hex.EncodeToString(sum.Sum(nil))}
	for k, v := range meta {
		m[k] = v
	}
	header["__metadata__"] = m
	var off uint64
	for _, t := range sorted {
		size, ok := dtypeSize(t.DType)
		if !ok {
			return nil, fmt.Errorf("tensor %q: unsupported dtype %q", t.Name, t.DType)
		}
		elems := 1
		for _, d := range t.Shape {
			elems *= d
		}
		if elems*size != len(t.Data) {
			return nil, fmt.Errorf("tensor %q: shape %v of %s needs %d bytes, got %d", t.Name, t.Shape, t.DType, elems*size, len(t.Data))
		}
		header[t.Name] = map[string]any{"dtype": t.DType, "shape": t.Shape, "data_offsets": []uint64{off, off + uint64(len(t.Data))}}
		off += uint64(len(t.Data))
	}
	h, err := json.Marshal(header)
	if err != nil {
		return nil, err
	}
	for len(h)%8 != 0 { // the format pads the header with spaces to 8 bytes
		h = append(h, ' ')
	}
	out := make([]byte, 8, 8+len(h)+int(off))
	binary.LittleEndian.PutUint64(out, uint64(len(h)))
	out = append(out, h...)
	for _, t := range sorted {
		out = append(out, t.Data...)
	}
	return out, nil
}

// Tensor is one tensor for [WriteSafetensors].
type Tensor struct {
	Name  string
	DType string // "F32", "F16", "I32", "I64"
	Shape []int
	Data  []byte // little-endian elements, row-major
}

// F32Bytes returns v as little-endian float32 bytes.
func F32Bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// F16Bytes returns v rounded to IEEE 754 half precision, as little-endian
// bytes.
func F16Bytes(v []float32) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], f32to16(x))
	}
	return b
}

// f16to32 converts an IEEE 754 half-precision number to float32.
func f16to32(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	frac := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f: // infinity or NaN
		return math.Float32frombits(sign | 0x7f800000 | frac<<13)
	case exp != 0: // normal
		return math.Float32frombits(sign | (exp+112)<<23 | frac<<13)
	case frac == 0:
		return math.Float32frombits(sign)
	}
	// subnormal: frac * 2^-24
	v := float32(frac) * (1.0 / (1 << 24))
	if sign != 0 {
		return -v
	}
	return v
}

// f32to16 rounds a float32 to the nearest half-precision number (ties to
// even), saturating to infinity.
func f32to16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int32(b>>23&0xff) - 127 + 15
	frac := b & 0x7fffff
	switch {
	case b&0x7fffffff > 0x7f800000: // NaN
		return sign | 0x7e00
	case exp >= 0x1f:
		return sign | 0x7c00
	case exp <= 0:
		if exp < -10 {
			return sign
		}
		frac |= 0x800000
		shift := uint32(14 - exp)
		half := frac >> shift
		rem := frac & (1<<shift - 1)
		mid := uint32(1) << (shift - 1)
		if rem > mid || rem == mid && half&1 == 1 {
			half++
		}
		return sign | uint16(half)
	}
	half := uint32(exp)<<10 | frac>>13
	rem := frac & 0x1fff
	if rem > 0x1000 || rem == 0x1000 && half&1 == 1 {
		half++ // may carry into the exponent, which is still correct
	}
	return sign | uint16(half)
}
