package export

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// fontFromCollection returns a font collection's first face as a plain
// TrueType font: fpdf reads .ttf files only, and Debian's CJK fonts come
// as .ttc collections. A plain .ttf comes back unchanged.
func fontFromCollection(b []byte) ([]byte, error) {
	if len(b) < 12 || string(b[:4]) != "ttcf" {
		return b, nil
	}
	if binary.BigEndian.Uint32(b[8:12]) == 0 || len(b) < 16 {
		return nil, errors.New("export: empty font collection")
	}
	face := int(binary.BigEndian.Uint32(b[12:16]))
	if face+12 > len(b) {
		return nil, errors.New("export: font collection offset out of range")
	}
	numTables := int(binary.BigEndian.Uint16(b[face+4 : face+6]))
	dir := face + 12
	if dir+16*numTables > len(b) {
		return nil, errors.New("export: font table directory out of range")
	}
	headerLen := 12 + 16*numTables
	out := make([]byte, headerLen, len(b))
	copy(out, b[face:face+12])
	for i := range numTables {
		rec := b[dir+16*i : dir+16*i+16]
		off := int(binary.BigEndian.Uint32(rec[8:12]))
		n := int(binary.BigEndian.Uint32(rec[12:16]))
		if off+n > len(b) {
			return nil, fmt.Errorf("export: font table %q out of range", rec[:4])
		}
		copy(out[12+16*i:], rec[:8])
		binary.BigEndian.PutUint32(out[12+16*i+8:], uint32(len(out)))
		binary.BigEndian.PutUint32(out[12+16*i+12:], uint32(n))
		out = append(out, b[off:off+n]...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out, nil
}
