package codec

import "testing"

// TestShiftJISSingleBytes: 0x80 is U+0080, 0xA1 to 0xDF are half-width
// katakana, 0xA0 and 0xFD to 0xFF are errors.
func TestShiftJISSingleBytes(t *testing.T) {
	checkDecode(t, ShiftJIS, []byte{0x80, 0xA1, 0xDF}, "\u0080\uFF61\uFF9F")
	checkDecode(t, ShiftJIS, []byte{0xA0, 0xFD, 0xFE, 0xFF}, "\uFFFD\uFFFD\uFFFD\uFFFD")
	checkEncode(t, ShiftJIS, "\u0080\uFF61\uFF9F", []byte{0x80, 0xA1, 0xDF})
	checkEncode(t, ShiftJIS, "\u00A5\u203E", []byte{0x5C, 0x7E})
	checkEncode(t, ShiftJIS, "\u2212", []byte{0x81, 0x7C})
	checkEncode(t, ShiftJIS, "\uFF0D", []byte{0x81, 0x7C})
}

// TestShiftJISEUDC: pointers 8836 to 10715 decode to U+E000 to U+E757,
// which the encoder does not map back.
func TestShiftJISEUDC(t *testing.T) {
	checkDecode(t, ShiftJIS, []byte{0xF0, 0x40}, "\uE000")
	checkDecode(t, ShiftJIS, []byte{0xF9, 0xFC}, "\uE757")
	checkDecode(t, ShiftJIS, []byte{0xEF, 0xFC}, "\uFFFD") // pointer 8835
	checkDecode(t, ShiftJIS, []byte{0xFA, 0x40}, "\u2170") // pointer 10716
	checkEncode(t, ShiftJIS, "\uE000", []byte("&#57344;"))
}

// TestShiftJISEncoderExclusion: index Shift_JIS pointer excludes pointers
// 8272 to 8835, so U+7E8A (pointers 8272 and 10744) is 0xFA 0x5C, where
// EUC-JP uses pointer 8272; both decode either form.
func TestShiftJISEncoderExclusion(t *testing.T) {
	checkEncode(t, ShiftJIS, "\u7E8A", []byte{0xFA, 0x5C})
	checkDecode(t, ShiftJIS, []byte{0xFA, 0x5C}, "\u7E8A")
	checkDecode(t, ShiftJIS, []byte{0xED, 0x40}, "\u7E8A") // pointer 8272
	// More excluded pointers (package indexes checks every code point):
	// U+2170 is at 8634 (excluded) and 10716; U+FFE2 at 137, 8644 and
	// 10736, where the first wins.
	checkEncode(t, ShiftJIS, "\u2170\uFFE2", []byte{0xFA, 0x40, 0x81, 0xCA})
}

// TestShiftJISASCIIAfterLead: 0x82 0x22 is U+FFFD U+0022.
func TestShiftJISASCIIAfterLead(t *testing.T) {
	checkDecode(t, ShiftJIS, []byte{0x82, 0x22}, "\uFFFD\"")
	checkDecode(t, ShiftJIS, []byte{0x82, 0xFD, 'a'}, "\uFFFDa")
	checkDecode(t, ShiftJIS, []byte{0x82, 0xA0}, "\u3042")
	checkDecode(t, ShiftJIS, []byte{'a', 0x82}, "a\uFFFD")
}
