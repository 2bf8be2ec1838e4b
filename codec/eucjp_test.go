package codec

import (
	"testing"

	"github.com/whatenc/whatenc/indexes"
)

// TestEUCJPHalfWidthKatakana: 0x8E followed by 0xA1 to 0xDF is U+FF61 to
// U+FF9F, both ways.
func TestEUCJPHalfWidthKatakana(t *testing.T) {
	checkDecode(t, EUCJP, []byte{0x8E, 0xA1, 0x8E, 0xDF}, "\uFF61\uFF9F")
	checkDecode(t, EUCJP, []byte{0x8E, 0xE0}, "\uFFFD")
	checkDecode(t, EUCJP, []byte{0x8E, 0x41}, "\uFFFDA")
	checkDecode(t, EUCJP, []byte{0x8E}, "\uFFFD")
	checkEncode(t, EUCJP, "\uFF61\uFF71\uFF9F", []byte{0x8E, 0xA1, 0x8E, 0xB1, 0x8E, 0xDF})
}

// TestEUCJPJIS0212DecodeOnly: 0x8F starts a three-byte JIS X 0212
// sequence, which is decoded but never encoded.
func TestEUCJPJIS0212DecodeOnly(t *testing.T) {
	c := indexes.JIS0212CodePoint(108) // 0x8F 0xA2 0xAF
	if c == 0 {
		t.Fatal("index jis0212 has no pointer 108")
	}
	checkDecode(t, EUCJP, []byte{0x8F, 0xA2, 0xAF}, string(c))
	checkDecode(t, EUCJP, []byte{0x8F, 0xA2, 0xAF, 'a'}, string(c)+"a")
	checkDecode(t, EUCJP, []byte{0x8F, 0xA1, 0xA1}, "\uFFFD")  // null in jis0212
	checkDecode(t, EUCJP, []byte{0x8F, 0xA2, 0x41}, "\uFFFDA") // ASCII restored
	checkDecode(t, EUCJP, []byte{0x8F, 0x41}, "\uFFFDA")
	checkDecode(t, EUCJP, []byte{0x8F, 0xA2}, "\uFFFD")
	checkDecode(t, EUCJP, []byte{0x8F}, "\uFFFD")
	// A code point only in jis0212 is unmappable; the encoder never writes
	// 0x8F.
	for p := 0; p < 7211; p++ {
		c := indexes.JIS0212CodePoint(p)
		if c == 0 || indexes.JIS0208Pointer(c) >= 0 {
			continue
		}
		checkUnmappable(t, EUCJP, "a"+string(c), []byte("a"), c)
		break
	}
	enc := EUCJP.NewEncoder(Fatal)
	dst := make([]byte, 8)
	for c := rune(0x80); c < 0x10000; c++ {
		if c >= 0xD800 && c <= 0xDFFF {
			continue
		}
		if r := enc.EncodeFromUTF8([]byte(string(c)), dst, true); r.Written > 0 && dst[0] == 0x8F {
			t.Fatalf("EUC-JP encoder: U+%04X gives % X", c, dst[:r.Written])
		}
	}
}

// TestEUCJPEncoderSpecials: U+00A5 is 0x5C, U+203E is 0x7E and U+2212 is
// U+FF0D's bytes.
func TestEUCJPEncoderSpecials(t *testing.T) {
	checkEncode(t, EUCJP, "\u00A5\u203E", []byte{0x5C, 0x7E})
	checkEncode(t, EUCJP, "\u2212", []byte{0xA1, 0xDD})
	checkEncode(t, EUCJP, "\uFF0D", []byte{0xA1, 0xDD})
	checkDecode(t, EUCJP, []byte{0xA1, 0xDD}, "\uFF0D")
	// U+7E8A is at jis0208 pointers 8272 and 10744: EUC-JP uses the first.
	checkEncode(t, EUCJP, "\u7E8A", []byte{0xF9, 0xA1})
	checkEncode(t, EUCJP, "\u4E9C", []byte{0xB0, 0xA1})
	checkDecode(t, EUCJP, []byte{0xB0, 0xA1, 0xB0, 0x41}, "\u4E9C\uFFFDA")
}
