package codec

import "testing"

// TestEUCKRFullIndex: the whole index EUC-KR, with the Unified Hangul Code
// extensions: U+AC02 is pointer 0 (0x81 0x41), every Hangul syllable
// round-trips (see also TestCJKRoundTripIndexes).
func TestEUCKRFullIndex(t *testing.T) {
	checkDecode(t, EUCKR, []byte{0x81, 0x41}, "\uAC02")
	checkEncode(t, EUCKR, "\uAC02", []byte{0x81, 0x41})
	checkDecode(t, EUCKR, []byte{0xB0, 0xA1}, "\uAC00")
	checkEncode(t, EUCKR, "\uAC00\uD7A3", []byte{0xB0, 0xA1, 0xC6, 0x52}) // U+D7A3 is a UHC extension
	checkDecode(t, EUCKR, []byte{0xFE, 0xFE}, "\uFFFD")
	enc := EUCKR.NewEncoder(Fatal)
	dst := make([]byte, 4)
	for c := rune(0xAC00); c <= 0xD7A3; c++ {
		if r := enc.EncodeFromUTF8([]byte(string(c)), dst, true); r.Status != InputEmpty || r.Written != 2 {
			t.Fatalf("EUC-KR encoder: U+%04X: %+v", c, r)
		}
	}
}

// TestEUCKRASCIIAfterLead: an ASCII byte after a leading byte that does not
// make a sequence is not swallowed.
func TestEUCKRASCIIAfterLead(t *testing.T) {
	checkDecode(t, EUCKR, []byte{0x81, 0x22}, "\uFFFD\"")
	checkDecode(t, EUCKR, []byte{0x81, 0x40}, "\uFFFD@")
	checkDecode(t, EUCKR, []byte{0x80, 'a', 0xFF, 'b'}, "\uFFFDa\uFFFDb")
	checkDecode(t, EUCKR, []byte{0x81, 0xFF, 'b'}, "\uFFFDb")
}
