package reference

import (
	"slices"
	"testing"
)

// Facts and examples stated by the standard, encoding by encoding.

func TestSecurityBackgroundExamples(t *testing.T) {
	requireData(t)
	// Section 2: a Shift_JIS leading byte 0x82 does not mask the trailing 0x22.
	checkDecode(t, "Shift_JIS", []byte{0x82, 0x22}, 0xFFFD, 0x22)
	// No multi-byte decoder masks an ASCII byte after a leading byte...
	for _, c := range []struct {
		name    string
		leading byte
	}{{"Big5", 0x81}, {"EUC-JP", 0xA1}, {"EUC-KR", 0x81}, {"gb18030", 0x81}, {"GBK", 0xFE}, {"Shift_JIS", 0xE0}} {
		checkDecode(t, c.name, []byte{c.leading, 0x22, 0x41}, 0xFFFD, 0x22, 0x41)
	}
	// ...except that gb18030 masks up to one such byte at end-of-queue.
	checkDecode(t, "gb18030", []byte{0x81, 0x30}, 0xFFFD)
	// An unmappable code point in html mode cannot be told from its reference.
	checkEncode(t, "windows-1252", []rune{0x1F4A9}, []byte("&#128169;"))
	checkEncode(t, "windows-1252", []rune("&#128169;"), []byte("&#128169;"))
}

func TestUTF8(t *testing.T) {
	requireData(t)
	checkDecode(t, "UTF-8", []byte{0xF0, 0x9F, 0x92, 0xA9}, 0x1F4A9)
	checkDecode(t, "UTF-8", []byte{0xEF, 0xBB, 0xBF}, 0xFEFF) // the decoder alone keeps a BOM
	// Maximal subparts (Unicode's "Best Practices for Using U+FFFD").
	checkDecode(t, "UTF-8", []byte{0xF0, 0x80, 0x80}, 0xFFFD, 0xFFFD, 0xFFFD)
	checkDecode(t, "UTF-8", []byte{0xED, 0xA0, 0x80}, 0xFFFD, 0xFFFD, 0xFFFD)
	checkDecode(t, "UTF-8", []byte{0xE2, 0x82}, 0xFFFD)
	checkDecode(t, "UTF-8", []byte{0xE2, 0x82, 0x41}, 0xFFFD, 0x41)
	checkDecode(t, "UTF-8", []byte{0xC0, 0x80}, 0xFFFD, 0xFFFD)
	checkDecode(t, "UTF-8", []byte{0xF4, 0x90, 0x80, 0x80}, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD)
	checkDecode(t, "UTF-8", []byte{0xF4, 0x8F, 0xBF, 0xBF}, 0x10FFFF)
	checkDecode(t, "UTF-8", []byte{0xF0, 0x9F, 0x92}, 0xFFFD)
	checkDecode(t, "UTF-8", []byte{0xF0, 0x9F, 0x92, 0x41}, 0xFFFD, 0x41)
	checkDecode(t, "UTF-8", []byte{0x80, 0xBF, 0xFE, 0xFF}, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD)
	checkDecode(t, "UTF-8", []byte{0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64},
		0x61, 0xFFFD, 0xFFFD, 0xFFFD, 0x62, 0xFFFD, 0x63, 0xFFFD, 0xFFFD, 0x64)
	checkDecode(t, "UTF-8", []byte{0xE0, 0x9F, 0x80}, 0xFFFD, 0xFFFD, 0xFFFD)
	checkDecode(t, "UTF-8", []byte{0xE0, 0xA0, 0x80}, 0x800)
	checkDecode(t, "UTF-8", []byte{0xED, 0x9F, 0xBF}, 0xD7FF)
	// Fatal mode: consumed counts the bytes read and not restored.
	for _, c := range []struct {
		in       []byte
		out      []rune
		consumed int
	}{
		{[]byte{0x41, 0xE2, 0x82, 0x41}, []rune{0x41}, 3},
		{[]byte{0x41, 0xE2, 0x82}, []rune{0x41}, 3},
		{[]byte{0xFF, 0x41}, nil, 1},
		{[]byte{0xF0, 0x80}, nil, 1},
	} {
		out, consumed, ok := Decode("UTF-8", c.in, DecodeFatal)
		if ok || consumed != c.consumed || !slices.Equal(out, c.out) {
			t.Errorf("UTF-8 fatal %s: got %s consumed %d ok %v; want %s consumed %d error",
				hexBytes(c.in), codePoints(out), consumed, ok, codePoints(c.out), c.consumed)
		}
	}
	// The encoder.
	checkEncode(t, "UTF-8", []rune{0x41, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF},
		[]byte{0x41, 0xC2, 0x80, 0xDF, 0xBF, 0xE0, 0xA0, 0x80, 0xEF, 0xBF, 0xBF, 0xF0, 0x90, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF})
}

func TestUTF16(t *testing.T) {
	requireData(t)
	checkDecode(t, "UTF-16LE", []byte{0x41, 0x00, 0x3D, 0xD8, 0xA9, 0xDC}, 0x41, 0x1F4A9)
	checkDecode(t, "UTF-16BE", []byte{0x00, 0x41, 0xD8, 0x3D, 0xDC, 0xA9}, 0x41, 0x1F4A9)
	// Lone surrogates.
	checkDecode(t, "UTF-16LE", []byte{0x00, 0xD8, 0x41, 0x00}, 0xFFFD, 0x41)
	checkDecode(t, "UTF-16BE", []byte{0xD8, 0x00, 0x00, 0x41}, 0xFFFD, 0x41)
	checkDecode(t, "UTF-16LE", []byte{0x00, 0xDC, 0x41, 0x00}, 0xFFFD, 0x41)
	checkDecode(t, "UTF-16LE", []byte{0x00, 0xD8}, 0xFFFD)
	checkDecode(t, "UTF-16LE", []byte{0x00, 0xD8, 0x00, 0xD8, 0x00, 0xDC}, 0xFFFD, 0x10000)
	// A leading surrogate and a leading byte at end-of-queue are one error.
	checkDecode(t, "UTF-16BE", []byte{0xD8, 0x00, 0xD8}, 0xFFFD)
	// An odd trailing byte.
	checkDecode(t, "UTF-16LE", []byte{0x41}, 0xFFFD)
	checkDecode(t, "UTF-16BE", []byte{0x00, 0x41, 0x00}, 0x41, 0xFFFD)
	// The decoders keep a BOM; byte order marks are the hooks' business.
	checkDecode(t, "UTF-16LE", []byte{0xFF, 0xFE}, 0xFEFF)
	checkDecode(t, "UTF-16BE", []byte{0xFF, 0xFE}, 0xFFFE)
	// Fatal: the restored code unit is not consumed.
	out, consumed, ok := Decode("UTF-16LE", []byte{0x41, 0x00, 0x00, 0xD8, 0x41, 0x00}, DecodeFatal)
	if ok || consumed != 4 || !slices.Equal(out, []rune{0x41}) {
		t.Errorf("UTF-16LE fatal lone surrogate: got %s consumed %d ok %v", codePoints(out), consumed, ok)
	}
}

func TestSingleByteFacts(t *testing.T) {
	requireData(t)
	checkDecode(t, "windows-1252", []byte{0x80, 0x81, 0xFF}, 0x20AC, 0x81, 0xFF)
	checkDecode(t, "ISO-8859-8-I", []byte{0xE0}, 0x05D0)
	checkDecode(t, "ISO-8859-8", []byte{0xE0}, 0x05D0)
	checkDecode(t, "ISO-8859-3", []byte{0xA5}, 0xFFFD) // unassigned in index ISO-8859-3
	checkDecode(t, "KOI8-U", []byte{0xAE}, 0x045E)
	checkUnencodable(t, "windows-1252", 0x100, 0x100)
	checkUnencodable(t, "ISO-8859-2", 0x1F4A9, 0x1F4A9)
}

func TestGB18030(t *testing.T) {
	requireData(t)
	checkDecode(t, "gb18030", []byte{0x80}, 0x20AC)
	checkDecode(t, "GBK", []byte{0x80}, 0x20AC)
	checkDecode(t, "gb18030", []byte{0xA3, 0xA0}, 0x3000)
	checkDecode(t, "gb18030", []byte{0xFF}, 0xFFFD)
	checkEncode(t, "gb18030", []rune{0x20AC}, []byte{0xA2, 0xE3})
	checkEncode(t, "GBK", []rune{0x20AC}, []byte{0x80})
	checkEncode(t, "gb18030", []rune{0x3000}, []byte{0xA1, 0xA1})
	// U+E5E5 cannot roundtrip: 0xA3 0xA0 is U+3000.
	checkUnencodable(t, "gb18030", 0xE5E5, 0xE5E5)
	checkUnencodable(t, "GBK", 0xE5E5, 0xE5E5)
	// Pointer 7457 is U+E7C7 (0x81 0x35 0xF4 0x37), both ways.
	checkDecode(t, "gb18030", []byte{0x81, 0x35, 0xF4, 0x37}, 0xE7C7)
	checkEncode(t, "gb18030", []rune{0xE7C7}, []byte{0x81, 0x35, 0xF4, 0x37})
	if cp, ok := gb18030RangesCodePoint(7457); !ok || cp != 0xE7C7 {
		t.Errorf("index gb18030 ranges code point(7457) = U+%04X, %v", cp, ok)
	}
	if p := gb18030RangesPointer(0xE7C7); p != 7457 {
		t.Errorf("index gb18030 ranges pointer(U+E7C7) = %d", p)
	}
	// The ranges' limits: pointers 39420 to 188999 and above 1237575 are null.
	checkDecode(t, "gb18030", []byte{0x81, 0x30, 0x81, 0x30}, 0x80)
	checkDecode(t, "gb18030", []byte{0x84, 0x31, 0xA4, 0x39}, 0xFFFF)   // pointer 39419
	checkDecode(t, "gb18030", []byte{0x84, 0x31, 0xA5, 0x30}, 0xFFFD)   // pointer 39420
	checkDecode(t, "gb18030", []byte{0x8F, 0x39, 0xFE, 0x39}, 0xFFFD)   // pointer 188999
	checkDecode(t, "gb18030", []byte{0x90, 0x30, 0x81, 0x30}, 0x10000)  // pointer 189000
	checkDecode(t, "gb18030", []byte{0xE3, 0x32, 0x9A, 0x35}, 0x10FFFF) // pointer 1237575
	checkDecode(t, "gb18030", []byte{0xE3, 0x32, 0x9A, 0x36}, 0xFFFD)   // pointer 1237576
	checkDecode(t, "gb18030", []byte{0xFE, 0x39, 0xFE, 0x39}, 0xFFFD)   // the largest pointer
	checkEncode(t, "gb18030", []rune{0x10000, 0x10FFFF}, []byte{0x90, 0x30, 0x81, 0x30, 0xE3, 0x32, 0x9A, 0x35})
	checkEncode(t, "gb18030", []rune{0xFFFF}, []byte{0x84, 0x31, 0xA4, 0x39})
	checkUnencodable(t, "GBK", 0x10000, 0x10000) // GBK has no four-byte sequences
	// The 18 GB18030-2022 Private Use code points of the encoder's side table.
	side := map[rune][2]byte{
		0xE78D: {0xA6, 0xD9}, 0xE78E: {0xA6, 0xDA}, 0xE78F: {0xA6, 0xDB}, 0xE790: {0xA6, 0xDC},
		0xE791: {0xA6, 0xDD}, 0xE792: {0xA6, 0xDE}, 0xE793: {0xA6, 0xDF}, 0xE794: {0xA6, 0xEC},
		0xE795: {0xA6, 0xED}, 0xE796: {0xA6, 0xF3}, 0xE81E: {0xFE, 0x59}, 0xE826: {0xFE, 0x61},
		0xE82B: {0xFE, 0x66}, 0xE82C: {0xFE, 0x67}, 0xE832: {0xFE, 0x6D}, 0xE843: {0xFE, 0x7E},
		0xE854: {0xFE, 0x90}, 0xE864: {0xFE, 0xA0},
	}
	for cp, b := range side {
		checkEncode(t, "gb18030", []rune{cp}, b[:])
		checkEncode(t, "GBK", []rune{cp}, b[:])
		// The table is asymmetric: index gb18030 maps those bytes to non-PUA code points.
		got, _, _ := Decode("gb18030", b[:], DecodeReplacement)
		if len(got) != 1 || got[0] == cp || (got[0] >= 0xE000 && got[0] <= 0xF8FF) || got[0] == 0xFFFD {
			t.Errorf("gb18030 decoder, %s: got %s, want a standard (non-PUA) code point", hexBytes(b[:]), codePoints(got))
		}
	}
	checkDecode(t, "gb18030", []byte{0xA6, 0xD9}, 0xFE10)
	// Bad fourth byte: « second, third, byte » are restored.
	checkDecode(t, "gb18030", []byte{0x81, 0x30, 0x81, 0x41}, 0xFFFD, 0x30, 0x4E04)
	checkDecode(t, "gb18030", []byte{0x81, 0x30, 0x81, 0x30 - 1}, 0xFFFD, 0x30, 0xFFFD, 0x2F)
	// Bad third byte: « second, byte » are restored.
	checkDecode(t, "gb18030", []byte{0x81, 0x30, 0x41}, 0xFFFD, 0x30, 0x41)
	// Fatal consumed after a restore of three bytes: only the first byte.
	out, consumed, ok := Decode("gb18030", []byte{0x81, 0x30, 0x81, 0x41}, DecodeFatal)
	if ok || consumed != 1 || len(out) != 0 {
		t.Errorf("gb18030 fatal 81 30 81 41: got %s consumed %d ok %v; want error after 1", codePoints(out), consumed, ok)
	}
	// Two-byte error masking a non-ASCII byte but not an ASCII one.
	checkDecode(t, "gb18030", []byte{0x81, 0x7F}, 0xFFFD, 0x7F)
	checkDecode(t, "gb18030", []byte{0x81, 0xFF}, 0xFFFD)
}

func TestBig5(t *testing.T) {
	requireData(t)
	checkDecode(t, "Big5", []byte{0x88, 0x62}, 0x00CA, 0x0304)
	checkDecode(t, "Big5", []byte{0x88, 0x64}, 0x00CA, 0x030C)
	checkDecode(t, "Big5", []byte{0x88, 0xA3}, 0x00EA, 0x0304)
	checkDecode(t, "Big5", []byte{0x88, 0xA5}, 0x00EA, 0x030C)
	checkDecode(t, "Big5", []byte{0x80}, 0xFFFD)
	checkDecode(t, "Big5", []byte{0x81, 0x40}, 0xFFFD, 0x40) // pointer 0 is not in the index; 0x40 is restored
	checkDecode(t, "Big5", []byte{0x81, 0xA1}, 0xFFFD)
	checkDecode(t, "Big5", []byte{0xA4, 0x40}, 0x4E00)
	checkDecode(t, "Big5", []byte{0xA1, 0x41}, 0xFF0C)
	// The six code points whose last pointer is used by the encoder.
	checkEncode(t, "Big5", []rune{0x2550}, []byte{0xF9, 0xF9})
	checkEncode(t, "Big5", []rune{0x255E}, []byte{0xF9, 0xE9})
	checkEncode(t, "Big5", []rune{0x2561}, []byte{0xF9, 0xEB})
	checkEncode(t, "Big5", []rune{0x256A}, []byte{0xF9, 0xEA})
	checkEncode(t, "Big5", []rune{0x5341}, []byte{0xA4, 0x51})
	checkEncode(t, "Big5", []rune{0x5345}, []byte{0xA4, 0xCA})
	// The two-code-point sequences are not encoded as one, and U+00CA is only
	// at an HKSCS pointer (0x88 0x66 is pointer 1137, below 5024).
	checkDecode(t, "Big5", []byte{0x88, 0x66}, 0x00CA)
	checkEncode(t, "Big5", []rune{0x00CA, 0x0304}, []byte("&#202;&#772;"))
	checkUnencodable(t, "Big5", 0x0304, 0x0304)
}

func TestEUCJP(t *testing.T) {
	requireData(t)
	checkEncode(t, "EUC-JP", []rune{0x00A5}, []byte{0x5C})
	checkEncode(t, "EUC-JP", []rune{0x203E}, []byte{0x7E})
	checkEncode(t, "EUC-JP", []rune{0x2212}, []byte{0xA1, 0xDD})
	checkEncode(t, "EUC-JP", []rune{0xFF0D}, []byte{0xA1, 0xDD})
	checkEncode(t, "EUC-JP", []rune{0xFF61, 0xFF9F}, []byte{0x8E, 0xA1, 0x8E, 0xDF})
	checkDecode(t, "EUC-JP", []byte{0x8E, 0xA1, 0x8E, 0xDF}, 0xFF61, 0xFF9F)
	checkDecode(t, "EUC-JP", []byte{0x8E, 0xE0}, 0xFFFD)
	checkDecode(t, "EUC-JP", []byte{0x5C, 0x7E}, 0x5C, 0x7E)
	checkDecode(t, "EUC-JP", []byte{0xA4, 0xA2}, 0x3042)
	checkDecode(t, "EUC-JP", []byte{0x8F, 0xA2, 0xAF}, 0x02D8)
	checkDecode(t, "EUC-JP", []byte{0x8F, 0xA1, 0xA1}, 0xFFFD) // not in index jis0212
	checkDecode(t, "EUC-JP", []byte{0x8F, 0x41}, 0xFFFD, 0x41)
	checkDecode(t, "EUC-JP", []byte{0xA4}, 0xFFFD)
	// index jis0212 is decode-only.
	checkUnencodable(t, "EUC-JP", 0x02D8, 0x02D8)
}

func TestISO2022JP(t *testing.T) {
	requireData(t)
	const esc = 0x1B
	// Two escape sequences in a row: the output flag makes the second an error.
	checkDecode(t, "ISO-2022-JP", []byte{esc, 0x28, 0x42, esc, 0x28, 0x42}, 0xFFFD)
	checkDecode(t, "ISO-2022-JP", []byte{esc, 0x28, 0x42}) // nothing
	checkDecode(t, "ISO-2022-JP", []byte{esc, 0x28, 0x4A, 0x5C, 0x7E, 0x41}, 0xA5, 0x203E, 0x41)
	checkDecode(t, "ISO-2022-JP", []byte{esc, 0x28, 0x49, 0x21, 0x5F}, 0xFF61, 0xFF9F)
	checkDecode(t, "ISO-2022-JP", []byte{esc, 0x24, 0x42, 0x24, 0x22}, 0x3042)
	checkDecode(t, "ISO-2022-JP", []byte{esc, 0x24, 0x40, 0x24, 0x22}, 0x3042)
	// An unknown escape restores its bytes.
	checkDecode(t, "ISO-2022-JP", []byte{esc, 0x28, 0x43}, 0xFFFD, 0x28, 0x43)
	checkDecode(t, "ISO-2022-JP", []byte{esc, 0x41}, 0xFFFD, 0x41)
	checkDecode(t, "ISO-2022-JP", []byte{esc}, 0xFFFD)
	checkDecode(t, "ISO-2022-JP", []byte{esc, 0x24}, 0xFFFD, 0x24)
	checkDecode(t, "ISO-2022-JP", []byte{0x0E, 0x0F, 0x80}, 0xFFFD, 0xFFFD, 0xFFFD)
	// A trailing byte cut by an escape or end-of-queue.
	checkDecode(t, "ISO-2022-JP", []byte{esc, 0x24, 0x42, 0x24, esc, 0x28, 0x42, 0x41}, 0xFFFD, 0x41)
	checkDecode(t, "ISO-2022-JP", []byte{esc, 0x24, 0x42, 0x24}, 0xFFFD)
	// The encoder example of section 12.2.2.
	yen := []byte{esc, 0x28, 0x4A, 0x5C, esc, 0x28, 0x42}
	checkEncode(t, "ISO-2022-JP", []rune{0xA5}, yen)
	checkDecode(t, "ISO-2022-JP", append(slices.Clone(yen), yen...), 0xA5, 0xFFFD, 0xA5)
	// U+000E, U+000F and U+001B are errors "with U+FFFD".
	for _, cp := range []rune{0x0E, 0x0F, 0x1B} {
		checkUnencodable(t, "ISO-2022-JP", cp, 0xFFFD)
		checkEncode(t, "ISO-2022-JP", []rune{0xA5, cp}, []byte("\x1b(J\\&#65533;\x1b(B"))
		// In jis0208 state the encoder first returns to ASCII.
		checkEncode(t, "ISO-2022-JP", []rune{0x3042, cp}, []byte("\x1b$B$\"\x1b(B&#65533;"))
	}
	// Unmappable code points in each state.
	checkEncode(t, "ISO-2022-JP", []rune{0x3042, 0xE9, 0x41}, []byte("\x1b$B$\"\x1b(B&#233;A"))
	checkEncode(t, "ISO-2022-JP", []rune{0xA5, 0xE9, 0x5C}, []byte("\x1b(J\\&#233;\x1b(B\\"))
	out, unmappable, consumed, ok := Encode("ISO-2022-JP", []rune{0x3042, 0xE9, 0x41}, EncodeFatal)
	if ok || unmappable != 0xE9 || consumed != 2 || string(out) != "\x1b$B$\"\x1b(B" {
		t.Errorf("ISO-2022-JP fatal: got %q U+%04X consumed %d ok %v", out, unmappable, consumed, ok)
	}
	// Halfwidth katakana become fullwidth; U+2212 is U+FF0D.
	checkEncode(t, "ISO-2022-JP", []rune{0xFF76}, []byte("\x1b$B%+\x1b(B"))
	checkEncode(t, "ISO-2022-JP", []rune{0x2212}, []byte("\x1b$B!]\x1b(B"))
	checkEncode(t, "ISO-2022-JP", []rune{0x41, 0x7E, 0x5C}, []byte("A~\\"))
}

func TestShiftJIS(t *testing.T) {
	requireData(t)
	checkDecode(t, "Shift_JIS", []byte{0x80, 0x5C, 0x7E}, 0x80, 0x5C, 0x7E)
	checkDecode(t, "Shift_JIS", []byte{0xA1, 0xDF}, 0xFF61, 0xFF9F)
	checkDecode(t, "Shift_JIS", []byte{0x82, 0xA0}, 0x3042)
	// EUDC: pointers 8836 to 10715 are Private Use.
	checkDecode(t, "Shift_JIS", []byte{0xF0, 0x40}, 0xE000)
	checkDecode(t, "Shift_JIS", []byte{0xF9, 0xFC}, 0xE757)
	checkUnencodable(t, "Shift_JIS", 0xE000, 0xE000)
	checkDecode(t, "Shift_JIS", []byte{0xA0, 0xFD, 0xFE, 0xFF}, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD)
	checkEncode(t, "Shift_JIS", []rune{0x80, 0xA5, 0x203E, 0x2212, 0xFF61}, []byte{0x80, 0x5C, 0x7E, 0x81, 0x7C, 0xA1})
	// The NEC selected IBM extensions (pointers 8272 to 8835) are skipped:
	// U+2170 (SMALL ROMAN NUMERAL ONE) encodes to the IBM extension 0xFA 0x40.
	checkEncode(t, "Shift_JIS", []rune{0x2170}, []byte{0xFA, 0x40})
	checkEncode(t, "EUC-JP", []rune{0x2170}, []byte{0xFC, 0xF1})
	checkDecode(t, "Shift_JIS", []byte{0xEE, 0xEF}, 0x2170)
}

func TestEUCKR(t *testing.T) {
	requireData(t)
	checkDecode(t, "EUC-KR", []byte{0xB0, 0xA1}, 0xAC00)
	checkDecode(t, "EUC-KR", []byte{0x81, 0x41}, 0xAC02)
	checkDecode(t, "EUC-KR", []byte{0x81, 0x40}, 0xFFFD, 0x40)
	checkDecode(t, "EUC-KR", []byte{0x80}, 0xFFFD)
	checkEncode(t, "EUC-KR", []rune{0xAC00}, []byte{0xB0, 0xA1})
	checkUnencodable(t, "EUC-KR", 0x20AC+1, 0x20AD)
}

func TestReplacement(t *testing.T) {
	requireData(t)
	checkDecode(t, "replacement", nil)
	checkDecode(t, "replacement", []byte{0x41}, 0xFFFD)
	checkDecode(t, "replacement", []byte("any input at all"), 0xFFFD)
	out, consumed, ok := Decode("replacement", []byte("abc"), DecodeFatal)
	if ok || consumed != 1 || len(out) != 0 {
		t.Errorf("replacement fatal: got %s consumed %d ok %v", codePoints(out), consumed, ok)
	}
	if out, _, ok := Decode("replacement", nil, DecodeFatal); !ok || len(out) != 0 {
		t.Errorf("replacement fatal on empty input: got %s ok %v, want nothing and no error", codePoints(out), ok)
	}
}

func TestXUserDefined(t *testing.T) {
	requireData(t)
	checkDecode(t, "x-user-defined", []byte{0x00, 0x7F, 0x80, 0xFF}, 0x00, 0x7F, 0xF780, 0xF7FF)
	checkEncode(t, "x-user-defined", []rune{0x7F, 0xF780, 0xF7FF}, []byte{0x7F, 0x80, 0xFF})
	checkUnencodable(t, "x-user-defined", 0x80, 0x80)
	checkUnencodable(t, "x-user-defined", 0xF77F, 0xF77F)
	checkUnencodable(t, "x-user-defined", 0xF800, 0xF800)
}

func TestHTMLModeReferencesAreDecimal(t *testing.T) {
	requireData(t)
	checkEncode(t, "EUC-KR", []rune{0x41, 0x10FFFF, 0x42}, []byte("A&#1114111;B"))
	checkEncode(t, "windows-1252", []rune{0x100, 0x101}, []byte("&#256;&#257;"))
}
