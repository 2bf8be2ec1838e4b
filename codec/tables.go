package codec

import (
	"unicode/utf16"
	"unicode/utf8"
)

// The tables the C library answers small calls with (capi/registry.h,
// capi/handles.go), each made from this package's own decoders and
// encoders run on every input it covers, so that they cannot disagree
// with them.

// ByteDecodeTable returns, for an encoding whose decoder maps every byte on
// its own (the single-byte encodings and x-user-defined), what it decodes
// each byte to: a code point, or -1 where the decoder reports an error. ok
// is false for the other encodings. The C library answers small calls
// with it (capi/registry.h); it comes from e's decoder itself.
func (e *Encoding) ByteDecodeTable() (t [256]rune, ok bool) {
	if !e.IsSingleByte() && e != XUserDefined {
		return t, false
	}
	var out [2]uint16
	for b := range t {
		d := e.NewDecoder(KeepBOM, Fatal)
		if r := d.DecodeToUTF16([]byte{byte(b)}, out[:], true); r.Status != InputEmpty || r.Written != 1 {
			t[b] = -1
		} else {
			t[b] = rune(out[0])
		}
	}
	return t, true
}

// PairDecodeTable returns, for the double-byte encodings (gb18030, GBK,
// Big5, EUC-JP, Shift_JIS, EUC-KR), what their decoder makes of each pair
// of bytes lead, trail with lead 0x80 or above, between characters:
// t[lead-0x80][trail] is the one code point the pair decodes to, or -1
// where it is not exactly one code point from exactly those two bytes (an
// error, a lead that needs more bytes, a byte that is a character on its
// own, Big5's pairs that decode to two code points). ok is false for the
// other encodings. The C library answers small calls with it
// (capi/registry.h); it comes from e's decoder itself.
func (e *Encoding) PairDecodeTable() (t *[128][256]rune, ok bool) {
	switch e.family {
	case familyGB18030, familyGBK, familyBig5, familyEUCJP, familyShiftJIS, familyEUCKR:
	default:
		return nil, false
	}
	t = new([128][256]rune)
	d := e.NewDecoder(KeepBOM, Fatal)
	var pair [2]byte
	var out [4]uint16
	for lead := range t {
		pair[0] = byte(0x80 + lead)
		for trail := range t[lead] {
			pair[1] = byte(trail)
			d.Reset()
			r := d.DecodeToUTF16(pair[:], out[:], true)
			t[lead][trail] = -1
			if r.Status != InputEmpty || r.Read != 2 {
				continue
			}
			switch {
			case r.Written == 1 && !utf16.IsSurrogate(rune(out[0])):
				t[lead][trail] = rune(out[0])
			case r.Written == 2 && utf16.IsSurrogate(rune(out[0])):
				if c := utf16.DecodeRune(rune(out[0]), rune(out[1])); c != utf8.RuneError {
					t[lead][trail] = c
				}
			}
		}
	}
	return t, true
}

// GB18030FourByteBMPPointers is the number of four-byte gb18030 pointers
// whose code points are in the BMP: pointers 0 to 39419 (section 5, index
// gb18030 ranges code point); the others that decode, 189000 to 1237575,
// are U+10000 onwards in order.
const GB18030FourByteBMPPointers = 39420

// FourByteDecodeTable returns, for gb18030 and GBK (whose decoder is
// gb18030's), what their decoder makes of each four-byte sequence whose
// pointer is below GB18030FourByteBMPPointers, between characters: t[p] is
// the code point the sequence with pointer p decodes to, or -1 where it is
// an error. ok is false for the other encodings. The C library answers
// small calls with it (capi/registry.h); it comes from e's decoder itself.
func (e *Encoding) FourByteDecodeTable() (t *[GB18030FourByteBMPPointers]rune, ok bool) {
	if e.family != familyGB18030 && e.family != familyGBK {
		return nil, false
	}
	t = new([GB18030FourByteBMPPointers]rune)
	d := e.NewDecoder(KeepBOM, Fatal)
	var out [4]uint16
	for p := range t {
		seq := gb18030FourByteSequence(p)
		d.Reset()
		r := d.DecodeToUTF16(seq[:], out[:], true)
		t[p] = -1
		if r.Status == InputEmpty && r.Read == 4 && r.Written == 1 && !utf16.IsSurrogate(rune(out[0])) {
			t[p] = rune(out[0])
		}
	}
	return t, true
}

// EncodesSupplementaryAsFourBytes reports whether e's encoder writes every
// code point past U+FFFF as the four-byte gb18030 sequence of pointer
// 189000 + (code point - 0x10000) (index gb18030 ranges pointer, section
// 5, whose last range starts there, as the gb18030 encoder uses it: section
// 10.2.2, step 9): gb18030's encoder does, GBK's
// does not (they are errors). The C library answers small calls with it
// (capi/registry.h).
func (e *Encoding) EncodesSupplementaryAsFourBytes() bool {
	return e.family == familyGB18030
}

// EncodesNoSupplementary reports whether e's encoder has no code point
// past U+FFFF (each is unmappable): true for the single-byte encodings,
// x-user-defined, GBK, EUC-JP, ISO-2022-JP, Shift_JIS and EUC-KR, whose
// indexes are of the BMP only; false for gb18030 (four bytes each), Big5
// (index Big5 has code points past U+FFFF), UTF-8, UTF-16BE and UTF-16LE
// and replacement (no encoder). The C library answers small calls with it
// (capi/registry.h).
func (e *Encoding) EncodesNoSupplementary() bool {
	switch e.family {
	case familySingleByte, familyXUserDefined, familyGBK, familyEUCJP, familyISO2022JP, familyShiftJIS, familyEUCKR:
		return true
	}
	return false
}

// BMPFourBytePointers returns, for gb18030, the pointer of the four-byte
// sequence its encoder writes for each code point U+0080 to U+FFFF that
// index gb18030 lacks (index gb18030 ranges pointer, section 5, as section
// 10.2.2 step 9 uses it), or
// -1 where it writes one or two bytes or nothing (U+E5E5 is an error; the
// surrogates and ASCII are -1 too). ok is false for the other encodings
// (GBK's encoder writes no four-byte sequence). The C library answers small
// calls with it (capi/registry.h); it comes from e's encoder itself.
func (e *Encoding) BMPFourBytePointers() (t *[0x10000]int32, ok bool) {
	if e.family != familyGB18030 {
		return nil, false
	}
	t = new([0x10000]int32)
	for c := range t {
		t[c] = -1
	}
	e.encodeEachBMPCodePoint(func(c int, b []byte) {
		if len(b) == 4 {
			t[c] = int32(gb18030FourBytePointer(b[0], b[1], b[2], b[3]))
		}
	})
	return t, true
}

// BMPEncodeTable returns, for the encodings whose encoder writes each
// character on its own in one or two bytes (the single-byte encodings,
// x-user-defined, gb18030, GBK, Big5, EUC-JP, Shift_JIS, EUC-KR), what their
// encoder makes of each code point U+0080 to U+FFFF other than surrogates:
// the byte b as b, the two bytes lead, trail as lead<<8 | trail (lead is
// 0x81 or above), or 0 where the code point is unmappable or takes more
// bytes (gb18030's four-byte sequences). Entries below U+0080 and for
// surrogates are 0. For ISO-2022-JP, whose encoder switches states with
// escape sequences: the pair of bytes its jis0208 state writes, with 0x80
// added to both (as EUC-JP's), and for U+00A5 and U+203E the byte its Roman
// state writes. ok is false for the other encodings. The C library answers
// small calls with it (capi/registry.h); it comes from e's encoder itself.
func (e *Encoding) BMPEncodeTable() (t *[0x10000]uint16, ok bool) {
	entry := bytesEntry
	switch e.family {
	case familySingleByte, familyXUserDefined, familyGB18030, familyGBK, familyBig5, familyEUCJP, familyShiftJIS, familyEUCKR:
	case familyISO2022JP:
		entry = iso2022JPEntry
	default:
		return nil, false
	}
	t = new([0x10000]uint16)
	e.encodeEachBMPCodePoint(func(c int, b []byte) { t[c] = entry(b) })
	return t, true
}

// encodeEachBMPCodePoint calls f with each code point U+0080 to U+FFFF other
// than surrogates that e's encoder encodes without an error, alone, as the
// last input, and the bytes it writes (valid until f returns): the tables
// the C library answers small calls with come from the encoder itself.
func (e *Encoding) encodeEachBMPCodePoint(f func(c int, b []byte)) {
	enc := e.NewEncoder(Fatal)
	var in [1]uint16
	var out [8]byte
	for c := 0x80; c < 0x10000; c++ {
		if utf16.IsSurrogate(rune(c)) {
			continue
		}
		in[0] = uint16(c)
		enc.Reset()
		r := enc.EncodeFromUTF16(in[:], out[:], true)
		if r.Status == InputEmpty && r.Read == 1 {
			f(c, out[:r.Written])
		}
	}
}

// bytesEntry is BMPEncodeTable's entry for the bytes b an encoder wrote for
// a code point: b[0] for one byte, b[0]<<8 | b[1] for two, else 0.
func bytesEntry(b []byte) uint16 {
	switch len(b) {
	case 1:
		return uint16(b[0])
	case 2:
		return uint16(b[0])<<8 | uint16(b[1])
	}
	return 0
}

// iso2022JPEntry is BMPEncodeTable's entry for what ISO-2022-JP's encoder
// wrote from its ASCII state for a code point as the last input: for ESC $
// B, a pair, ESC ( B the pair with 0x80 added to both bytes; for ESC ( J, a
// byte, ESC ( B the byte.
func iso2022JPEntry(b []byte) uint16 {
	switch {
	case len(b) == 8 && [3]byte(b[:3]) == escJIS0208 && [3]byte(b[5:]) == escASCII:
		return uint16(b[3]|0x80)<<8 | uint16(b[4]|0x80)
	case len(b) == 7 && [3]byte(b[:3]) == escRoman && [3]byte(b[4:]) == escASCII:
		return uint16(b[3])
	}
	return 0
}
