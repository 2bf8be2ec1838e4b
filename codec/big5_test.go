package codec

import (
	"testing"

	"github.com/whatenc/whatenc/indexes"
)

// TestBig5TwoCodePointPointers: pointers 1133, 1135, 1164 and 1166 decode
// to two code points each, also into the smallest output buffers.
func TestBig5TwoCodePointPointers(t *testing.T) {
	checkDecode(t, Big5, []byte{0x88, 0x62}, "\u00CA\u0304")
	checkDecode(t, Big5, []byte{0x88, 0x64}, "\u00CA\u030C")
	checkDecode(t, Big5, []byte{0x88, 0xA3}, "\u00EA\u0304")
	checkDecode(t, Big5, []byte{0x88, 0xA5}, "\u00EA\u030C")
	checkDecode(t, Big5, []byte{0x88, 0x62, 0x88, 0x64, 'x', 0x88, 0xA3, 0x88, 0xA5}, "\u00CA\u0304\u00CA\u030Cx\u00EA\u0304\u00EA\u030C")
	// Their neighbours are index entries (0x88 0x63 is pointer 1134).
	checkDecode(t, Big5, []byte{0x88, 0x63}, string(indexes.Big5CodePoint(1134)))
	// The encoder does not produce them: U+00CA is only at an HKSCS
	// pointer (0x88 0x66), which it never uses.
	checkDecode(t, Big5, []byte{0x88, 0x66}, "\u00CA")
	checkEncode(t, Big5, "\u00CA\u0304", []byte("&#202;&#772;"))
}

// TestBig5ASCIITrail: an ASCII byte after a leading byte that does not
// make a sequence is not swallowed.
func TestBig5ASCIITrail(t *testing.T) {
	checkDecode(t, Big5, []byte{0xA1, 0x22}, "\uFFFD\"")
	checkDecode(t, Big5, []byte{0x81, 0x3F, 'a'}, "\uFFFD?a")
	checkDecode(t, Big5, []byte{0xFE, 0x7F}, "\uFFFD\x7F")
	checkDecode(t, Big5, []byte{0xA1, 0x80, 'a'}, "\uFFFDa")
	checkDecode(t, Big5, []byte{0x80, 'a'}, "\uFFFDa")
	checkDecode(t, Big5, []byte{0xFF, 'a'}, "\uFFFDa")
	checkDecode(t, Big5, []byte{'a', 0xA1}, "a\uFFFD")
	checkDecode(t, Big5, []byte{0xA4, 0x40}, "\u4E00")
}

// TestBig5PlaneTwo: code points above U+FFFF decode and encode.
func TestBig5PlaneTwo(t *testing.T) {
	// Any plane 2 entry at or above (0xA1-0x81)*157 will do: the first.
	for p := (0xA1 - 0x81) * 157; p < 19782; p++ {
		c := indexes.Big5CodePoint(p)
		if c <= 0xFFFF || indexes.Big5Pointer(c) != p {
			continue
		}
		trail := p%157 + 0x40
		if p%157 >= 0x3F {
			trail = p%157 + 0x62
		}
		b := []byte{byte(p/157 + 0x81), byte(trail)}
		checkDecode(t, Big5, b, string(c))
		checkEncode(t, Big5, string(c), b)
		return
	}
	t.Fatal("no plane 2 code point in index Big5 above the HKSCS pointers")
}

// TestBig5EncoderNoHKSCS: the encoder never emits pointers below
// (0xA1-0x81)*157, and uses the last pointer for U+2550, U+255E, U+2561,
// U+256A, U+5341 and U+5345.
func TestBig5EncoderNoHKSCS(t *testing.T) {
	enc := Big5.NewEncoder(Fatal)
	dst := make([]byte, 8)
	for c := rune(0x80); c <= 0x2FFFF; c++ {
		if c >= 0xD800 && c <= 0xDFFF {
			continue
		}
		r := enc.EncodeFromUTF8([]byte(string(c)), dst, true)
		if r.Status == InputEmpty && dst[0] < 0xA1 {
			t.Fatalf("Big5 encoder: U+%04X gives % X, an HKSCS pointer", c, dst[:r.Written])
		}
	}
	// U+43F0 is only at pointer 942 (0x87 0x40).
	checkDecode(t, Big5, []byte{0x87, 0x40}, "\u43F0")
	checkEncode(t, Big5, "\u43F0", []byte("&#17392;"))
	checkEncode(t, Big5, "\u2550\u255E\u2561\u256A\u5341\u5345", []byte{
		0xF9, 0xF9, 0xF9, 0xE9, 0xF9, 0xEB, 0xF9, 0xEA, 0xA4, 0x51, 0xA4, 0xCA})
	// Their first pointers decode to the same code points.
	checkDecode(t, Big5, []byte{0xA2, 0xA4, 0xA2, 0xA5, 0xA2, 0xA7, 0xA2, 0xA6, 0xA2, 0xCC, 0xA2, 0xCE},
		"\u2550\u255E\u2561\u256A\u5341\u5345")
}
