package indexes

// Lookups in the multi-byte indexes (section 5, "Indexes").
//
// Every "CodePoint" function is the standard's "index code point": it takes a
// pointer and returns its code point, or 0 for null (no index maps a pointer
// to U+0000). Every "Pointer" function is an "index pointer" (or one of its
// variants): it takes a code point and returns its pointer, or -1 for null.
// Any int or rune is accepted; out-of-range arguments give null.
//
// Decode tables are flat arrays indexed by pointer. Encode tables are
// two-level: <name>Hi[cp>>6] selects a 64-entry block of <name>Lo holding
// pointer+1 (0 = null), where block 0 is all zeros. Every lookup is two or
// three loads, with no search and no allocation. The generated files give
// each table's size; TableBytes is their sum.

// TableBytes is the total size in bytes of this package's index tables.
const TableBytes = singleByteTableBytes + jis0208TableBytes + jis0212TableBytes + iso2022JPKatakanaTableBytes +
	eucKRTableBytes + gb18030TableBytes + big5TableBytes

// JIS0208CodePoint is the index code point for pointer p in index jis0208.
func JIS0208CodePoint(p int) rune {
	if uint(p) >= uint(len(jis0208Decode)) {
		return 0
	}
	return rune(jis0208Decode[p])
}

// JIS0208Pointer is the index pointer for cp in index jis0208 (the first
// pointer wins), as the EUC-JP and ISO-2022-JP encoders use it. A non-null
// result is below 8836.
func JIS0208Pointer(cp rune) int {
	c := uint32(cp)
	if c > 0xFFFF {
		return -1
	}
	return int(jis0208EncodeLo[int(jis0208EncodeHi[c>>6])<<6|int(c&63)]) - 1
}

// ShiftJISPointer is the index Shift_JIS pointer for cp: the index pointer in
// index jis0208 with the entries whose pointer is in 8272 to 8835 excluded.
func ShiftJISPointer(cp rune) int {
	p := JIS0208Pointer(cp)
	if i := uint(p - 8272); i < uint(len(shiftJISAlt)) {
		return int(shiftJISAlt[i]) - 1
	}
	return p
}

// JIS0212CodePoint is the index code point for pointer p in index jis0212.
func JIS0212CodePoint(p int) rune {
	if uint(p) >= uint(len(jis0212Decode)) {
		return 0
	}
	return rune(jis0212Decode[p])
}

// ISO2022JPKatakanaCodePoint is the index code point for pointer p in index
// ISO-2022-JP katakana (p is a half-width katakana code point - 0xFF61).
func ISO2022JPKatakanaCodePoint(p int) rune {
	if uint(p) >= uint(len(iso2022JPKatakana)) {
		return 0
	}
	return rune(iso2022JPKatakana[p])
}

// EUCKRCodePoint is the index code point for pointer p in index EUC-KR.
func EUCKRCodePoint(p int) rune {
	if uint(p) >= uint(len(eucKRDecode)) {
		return 0
	}
	return rune(eucKRDecode[p])
}

// EUCKRPointer is the index pointer for cp in index EUC-KR.
func EUCKRPointer(cp rune) int {
	c := uint32(cp)
	if c > 0xFFFF {
		return -1
	}
	return int(eucKREncodeLo[int(eucKREncodeHi[c>>6])<<6|int(c&63)]) - 1
}

// GB18030CodePoint is the index code point for pointer p in index gb18030.
func GB18030CodePoint(p int) rune {
	if uint(p) >= uint(len(gb18030Decode)) {
		return 0
	}
	return rune(gb18030Decode[p])
}

// GB18030Pointer is the index pointer for cp in index gb18030 (the first
// pointer wins: U+3000 gives 6176, for 0xA1 0xA1, not 6555).
func GB18030Pointer(cp rune) int {
	c := uint32(cp)
	if c > 0xFFFF {
		return -1
	}
	return int(gb18030EncodeLo[int(gb18030EncodeHi[c>>6])<<6|int(c&63)]) - 1
}

// GB18030Range is one entry of index gb18030 ranges: the first pointer of a
// range and its code point.
type GB18030Range struct {
	Pointer   uint32
	CodePoint rune
}

// Big5CodePoint is the index code point for pointer p in index Big5. Code
// points above U+FFFF are all in plane 2: the table holds the low 16 bits and
// a bit set marks the plane 2 entries.
func Big5CodePoint(p int) rune {
	if uint(p) >= uint(len(big5Decode)) {
		return 0
	}
	return rune(big5Decode[p]) | rune(big5Astral[p>>6]>>(p&63)&1)<<17
}

// Big5Pointer is the index Big5 pointer for cp: pointers below
// (0xA1-0x81)×157 (the HKSCS extensions) are excluded, and the last pointer
// wins for U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345, the first for
// every other code point.
func Big5Pointer(cp rune) int {
	c := uint32(cp)
	if c <= 0xFFFF {
		return int(big5EncodeLo[int(big5EncodeHi[c>>6])<<6|int(c&63)]) - 1
	}
	c -= 0x20000
	if c > 0xFFFF {
		return -1
	}
	return int(big5Encode2Lo[int(big5Encode2Hi[c>>6])<<6|int(c&63)]) - 1
}
