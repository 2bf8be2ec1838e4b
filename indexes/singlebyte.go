package indexes

import "unsafe"

// SingleByte is an index single-byte (section 9, its table of encodings):
// 128 entries for the bytes 0x80 to 0xFF, and a reverse table for the
// encoder.
type SingleByte struct {
	// Name is the index's name: its file name without "index-" and ".txt",
	// for example "windows-1252".
	Name string
	// Identifier and Date are the index file's header fields.
	Identifier, Date string
	// CodePoints[i] is the code point for byte 0x80+i (pointer i); 0 means
	// no mapping (U+0000 never occurs in a single-byte index).
	CodePoints [128]uint16

	// rev is the encoder's two-level table. rev.hi[cp>>6] selects a 64-entry
	// block of rev.lo, which holds 0x80+pointer, or 0 for no mapping. Block 0
	// is all zeros and serves every code point the index does not contain.
	rev singleByteRev
}

type singleByteRev struct {
	hi [1024]uint8
	lo []uint8
}

// Byte returns the index pointer for cp plus 0x80 (section 9.2, the
// single-byte encoder, where the first pointer wins), and whether cp is in
// the index. ASCII code points are never in the index; the caller handles
// them. Byte is O(1) and does not allocate.
func (t *SingleByte) Byte(cp rune) (b byte, ok bool) {
	if uint32(cp) > 0xFFFF {
		return 0, false
	}
	b = t.rev.lo[int(t.rev.hi[cp>>6])<<6|int(cp&63)]
	return b, b != 0
}

// ByteBMP is Byte for a code point up to U+FFFF, for the encoders' hot
// loops: the same lookup without the range check and the bounds check on
// the second level (every block rev.hi names lies within rev.lo;
// TestSingleByteRevBlocks checks it for every index). It returns 0 for no
// mapping.
func (t *SingleByte) ByteBMP(cp uint16) byte {
	k := int(t.rev.hi[cp>>6])<<6 | int(cp&63)
	return *(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(t.rev.lo)), k))
}
