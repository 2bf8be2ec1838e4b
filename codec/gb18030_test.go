package codec

import (
	"math/rand"
	"testing"

	"github.com/whatenc/whatenc/indexes"
	"github.com/whatenc/whatenc/internal/reference"
)

// gb18030FourBytes returns the four bytes of a gb18030 four-byte pointer.
func gb18030FourBytes(p int) []byte {
	return []byte{byte(p/12600 + 0x81), byte(p/1260%10 + 0x30), byte(p/10%126 + 0x81), byte(p%10 + 0x30)}
}

// TestGB18030FourByteRanges: four-byte sequences go through index gb18030
// ranges; pointer 7457 is U+E7C7; pointers 39420 to 188999 and above
// 1237575 are errors.
func TestGB18030FourByteRanges(t *testing.T) {
	for _, e := range []*Encoding{GB18030, GBK} {
		checkDecode(t, e, gb18030FourBytes(7457), "\uE7C7")
		checkDecode(t, e, []byte{0x81, 0x35, 0xF4, 0x37}, "\uE7C7")
		checkDecode(t, e, gb18030FourBytes(0), "\u0080")
		checkDecode(t, e, gb18030FourBytes(39419), "\uFFFF")
		checkDecode(t, e, gb18030FourBytes(39420), "\uFFFD")
		checkDecode(t, e, gb18030FourBytes(188999), "\uFFFD")
		checkDecode(t, e, gb18030FourBytes(189000), "\U00010000")
		checkDecode(t, e, []byte{0x90, 0x30, 0x81, 0x30}, "\U00010000")
		checkDecode(t, e, gb18030FourBytes(1237575), "\U0010FFFF")
		checkDecode(t, e, []byte{0xE3, 0x32, 0x9A, 0x35}, "\U0010FFFF")
		checkDecode(t, e, gb18030FourBytes(1237576), "\uFFFD")
		checkDecode(t, e, []byte{0xFE, 0x39, 0xFE, 0x39}, "\uFFFD")
	}
	checkEncode(t, GB18030, "\uE7C7", []byte{0x81, 0x35, 0xF4, 0x37})
	checkEncode(t, GB18030, "\u0080\U00010000\U0010FFFF", []byte{0x81, 0x30, 0x81, 0x30, 0x90, 0x30, 0x81, 0x30, 0xE3, 0x32, 0x9A, 0x35})
	// Every pointer of every range decodes and encodes back.
	for i, r := range indexes.GB18030Ranges {
		for _, p := range []int{int(r.Pointer), int(r.Pointer) + 1} {
			if p == 7457 || p > 39419 && p < 189000 {
				continue
			}
			c := gb18030RangesCodePoint(p)
			if c == 0 || gb18030RangesPointer(c) != p {
				t.Errorf("range %d: pointer %d gives U+%04X, which gives pointer %d", i, p, c, gb18030RangesPointer(c))
			}
		}
	}
}

// TestGB18030RestoreOnBadFourthByte: on a bad fourth byte the decoder
// restores « second, third, byte »: 0x81 0x30 0x81 0x41 is an error, "0",
// then 0x81 0x41 (U+4E04). On a bad third byte it restores « second, byte ».
func TestGB18030RestoreOnBadFourthByte(t *testing.T) {
	for _, e := range []*Encoding{GB18030, GBK} {
		checkDecode(t, e, []byte{0x81, 0x30, 0x81, 0x41}, "\uFFFD0\u4E04")
		// The restored 0x81 0x81 is a two-byte sequence (U+4E96); the
		// final 0x81 0x30 is unfinished.
		checkDecode(t, e, []byte{0x81, 0x30, 0x81, 0x81, 0x30, 0x81, 0x30}, "\uFFFD0\u4E960\uFFFD")
		checkDecode(t, e, []byte{0x81, 0x30, 0x81, 0xFF}, "\uFFFD0\uFFFD")
		checkDecode(t, e, []byte{0x81, 0x30, 0x41}, "\uFFFD0A")
		checkDecode(t, e, []byte{0x81, 0x30, 0x30}, "\uFFFD00")
		checkDecode(t, e, []byte{0x81, 0x30, 0xFF, 0x41}, "\uFFFD0\uFFFDA")
	}
}

// TestGB18030EndOfQueue: an unfinished sequence at the end is one error;
// the bytes after the first are not restored (the exception to section 2's
// rule the standard documents).
func TestGB18030EndOfQueue(t *testing.T) {
	for _, e := range []*Encoding{GB18030, GBK} {
		checkDecode(t, e, []byte{0x81}, "\uFFFD")
		checkDecode(t, e, []byte{0x81, 0x30}, "\uFFFD")
		checkDecode(t, e, []byte{0x81, 0x30, 0x81}, "\uFFFD")
		checkDecode(t, e, []byte{'a', 0x81, 0x39, 0xFE}, "a\uFFFD")
	}
}

// TestGB18030ASCIIAfterBadTrail: a two-byte error restores an ASCII trail.
func TestGB18030ASCIIAfterBadTrail(t *testing.T) {
	for _, e := range []*Encoding{GB18030, GBK} {
		checkDecode(t, e, []byte{0x81, 0x22}, "\uFFFD\"")
		checkDecode(t, e, []byte{0x81, 0x7F}, "\uFFFD\x7F")
		checkDecode(t, e, []byte{0x81, 0x3A, 'b'}, "\uFFFD:b")
		checkDecode(t, e, []byte{0x81, 0xFF, 'b'}, "\uFFFDb")
		checkDecode(t, e, []byte{0xFF, 'b'}, "\uFFFDb")
	}
}

// TestGB18030Euro: 0x80 decodes to U+20AC in both; only GBK encodes U+20AC
// as 0x80, gb18030 through the index (0xA2 0xE3).
func TestGB18030Euro(t *testing.T) {
	checkDecode(t, GB18030, []byte{0x80}, "\u20AC")
	checkDecode(t, GBK, []byte{0x80}, "\u20AC")
	checkDecode(t, GB18030, []byte{0xA2, 0xE3}, "\u20AC")
	checkEncode(t, GBK, "\u20AC", []byte{0x80})
	checkEncode(t, GB18030, "\u20AC", []byte{0xA2, 0xE3})
	checkEncode(t, GBK, "a\u20ACb\u4E02\u20AC", []byte{'a', 0x80, 'b', 0x81, 0x40, 0x80})
}

// TestGB18030IdeographicSpace: 0xA3 0xA0 decodes to U+3000 (GB18030-2022
// index), U+3000 encodes as 0xA1 0xA1 (the first pointer), and U+E5E5 is
// unencodable.
func TestGB18030IdeographicSpace(t *testing.T) {
	for _, e := range []*Encoding{GB18030, GBK} {
		checkDecode(t, e, []byte{0xA3, 0xA0}, "\u3000")
		checkDecode(t, e, []byte{0xA1, 0xA1}, "\u3000")
		checkEncode(t, e, "\u3000", []byte{0xA1, 0xA1})
		checkEncode(t, e, "\uE5E5", []byte("&#58853;"))
		checkUnmappable(t, e, "a\uE5E5b", []byte("a"), 0xE5E5)
	}
}

// TestGB18030PUASideTable: the GB18030-2022 side table maps 18 Private Use
// code points to the two-byte sequences that now decode to standard code
// points.
func TestGB18030PUASideTable(t *testing.T) {
	table := []struct {
		c    rune
		b    []byte
		back rune
	}{
		{0xE78D, []byte{0xA6, 0xD9}, 0xFE10}, {0xE78E, []byte{0xA6, 0xDA}, 0xFE12},
		{0xE78F, []byte{0xA6, 0xDB}, 0xFE11}, {0xE790, []byte{0xA6, 0xDC}, 0xFE13},
		{0xE791, []byte{0xA6, 0xDD}, 0xFE14}, {0xE792, []byte{0xA6, 0xDE}, 0xFE15},
		{0xE793, []byte{0xA6, 0xDF}, 0xFE16}, {0xE794, []byte{0xA6, 0xEC}, 0xFE17},
		{0xE795, []byte{0xA6, 0xED}, 0xFE18}, {0xE796, []byte{0xA6, 0xF3}, 0xFE19},
		{0xE81E, []byte{0xFE, 0x59}, 0x9FB4}, {0xE826, []byte{0xFE, 0x61}, 0x9FB5},
		{0xE82B, []byte{0xFE, 0x66}, 0x9FB6}, {0xE82C, []byte{0xFE, 0x67}, 0x9FB7},
		{0xE832, []byte{0xFE, 0x6D}, 0x9FB8}, {0xE843, []byte{0xFE, 0x7E}, 0x9FB9},
		{0xE854, []byte{0xFE, 0x90}, 0x9FBA}, {0xE864, []byte{0xFE, 0xA0}, 0x9FBB},
	}
	for _, e := range []*Encoding{GB18030, GBK} {
		for _, r := range table {
			checkEncode(t, e, string(r.c), r.b)
			checkDecode(t, e, r.b, string(r.back))
		}
	}
	n := 0
	for _, v := range gb18030PUA {
		if v != 0 {
			n++
		}
	}
	if n != len(table) {
		t.Errorf("the side table has %d entries, want %d", n, len(table))
	}
}

// TestGBKEncoder: GBK is gb18030's encoder with "is GBK": 0x80 for U+20AC
// and no four-byte output.
func TestGBKEncoder(t *testing.T) {
	checkEncode(t, GBK, "\u0080", []byte("&#128;"))
	checkEncode(t, GBK, "\U00010000", []byte("&#65536;"))
	checkUnmappable(t, GBK, "\u4E02\uE7C7", []byte{0x81, 0x40}, 0xE7C7)
	checkEncode(t, GB18030, "\u0080", []byte{0x81, 0x30, 0x81, 0x30})
	checkEncode(t, GBK, "\u4E02", []byte{0x81, 0x40})
}

// The gb18030 decoder against the reference on text the way HTML pages
// have it: runs of four-byte sequences (words of scripts that only four
// bytes encode) between two-byte characters, ASCII and markup, long enough
// for the pairs kernels, with damage (a cut or bad four-byte sequence, a
// lone lead) now and then; with the kernels and without, in one call and
// with chunk splits. The decoder calls its fast paths neither before a
// four-byte sequence nor for the 16 bytes after one.
func TestGB18030FourByteRuns(t *testing.T) {
	needReference(t)
	four := [][]byte{gb18030FourBytes(0), gb18030FourBytes(7457), gb18030FourBytes(189000), gb18030FourBytes(39419)}
	for _, c := range "हिन्दीಕನ್ನಡ한국어ไทย😀" {
		b, _, _, ok := reference.Encode(GB18030.Name(), []rune{c}, reference.EncodeFatal)
		if !ok || len(b) != 4 {
			t.Fatalf("U+%04X: % x is not a four-byte sequence", c, b)
		}
		four = append(four, b)
	}
	two := pairsCorpus(t, GB18030)
	other := []string{" ", "<a href=\"/wiki/x\">", "</a>", "\n", "\x81\x30\x81", "\x81\x30\x41", "\x81", "\x80", "\xff", "\x81\x30\x81\x30"}
	kernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(71))
		for k := 0; k < 80; k++ {
			var src []byte
			for len(src) < 200+rng.Intn(600) {
				switch r := rng.Intn(10); {
				case r < 4:
					for j := 1 + rng.Intn(6); j > 0; j-- {
						src = append(src, four[rng.Intn(len(four))]...)
					}
				case r < 7:
					for j := rng.Intn(20); j > 0; j-- {
						src = append(src, two[rng.Intn(len(two))]...)
					}
				case r < 9:
					src = append(src, other[rng.Intn(4)]...)
				default:
					src = append(src, other[rng.Intn(len(other))]...)
				}
			}
			diffDecode(t, GB18030, src, int64(k))
		}
	})
}
