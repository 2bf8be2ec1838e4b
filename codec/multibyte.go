package codec

import "github.com/whatenc/whatenc/indexes"

// Helpers shared by the multi-byte (CJK) decoders: gb18030, Big5, EUC-JP,
// ISO-2022-JP, Shift_JIS and EUC-KR.

// putIndex writes c, a code point from a multi-byte index: U+0080 to U+FFFF
// and not a surrogate. It is putBMP with the common case (three bytes of
// UTF-8) small enough to inline into the decoders' loops. The caller has
// checked hasRoom.
func (s *sink) putIndex(c rune) {
	if c < 0x800 || s.wide {
		s.putBMP(c)
		return
	}
	b := s.b[s.n:]
	b[2] = 0x80 | byte(c)&0x3F
	b[1] = 0x80 | byte(c>>6)&0x3F
	b[0] = 0xE0 | byte(c>>12)
	s.n += 3
}

// putASCIIByte writes the ASCII byte b. The caller has checked hasRoom.
func (s *sink) putASCIIByte(b byte) {
	if s.wide {
		s.u[s.n] = uint16(b)
	} else {
		s.b[s.n] = b
	}
	s.n++
}

// nextScalar decodes the valid, complete UTF-8 sequence of two to four
// bytes at src[i], whose first byte is not ASCII. It returns n = 0 when the
// bytes there are malformed or unfinished: the encoders' general loop
// handles those.
func nextScalar(src []byte, i int) (c rune, n int) {
	b := src[i]
	seq := utf8Seqs[b]
	rest := src[i+1:]
	switch {
	case seq.size == 3 && len(rest) >= 2 && rest[0] >= seq.lower && rest[0] <= seq.upper && rest[1]&0xC0 == 0x80:
		return rune(b&0x0F)<<12 | rune(rest[0]&0x3F)<<6 | rune(rest[1]&0x3F), 3
	case seq.size == 2 && len(rest) >= 1 && rest[0]&0xC0 == 0x80:
		return rune(b&0x1F)<<6 | rune(rest[0]&0x3F), 2
	case seq.size == 4 && len(rest) >= 3 && rest[0] >= seq.lower && rest[0] <= seq.upper && rest[1]&0xC0 == 0x80 && rest[2]&0xC0 == 0x80:
		return rune(b&0x07)<<18 | rune(rest[0]&0x3F)<<12 | rune(rest[1]&0x3F)<<6 | rune(rest[2]&0x3F), 4
	}
	return 0, 0
}

// The encoders' fast paths from UTF-8. Each encodes ASCII and valid UTF-8
// sequences of code points that its encoder maps through its index to two
// bytes (leaving out the few its algorithm treats before the index lookup),
// and returns where it stopped in src (at the end, at a malformed,
// unfinished, unmappable or otherwise special sequence, or when dst has
// less than two bytes of room) for the general loop, which calls it again
// after each character it handles. They are written out per encoding, with
// the UTF-8 decoding inline, because this loop is what encoding speed is.

// encodeCJKRun dispatches to the fast path of enc's family, if it has one.
func (enc *Encoder) encodeCJKRun(src, dst []byte, i int, res *EncodeResult) int {
	switch enc.encoding().family {
	case familyGBK, familyGB18030:
		return encodeGB18030Run(src, dst, i, res)
	case familyBig5:
		return encodeBig5Run(src, dst, i, res)
	case familyEUCJP:
		return encodeEUCJPRun(src, dst, i, res)
	case familyShiftJIS:
		return encodeShiftJISRun(src, dst, i, res)
	case familyEUCKR:
		return encodeEUCKRRun(src, dst, i, res)
	case familyISO2022JP:
		return encodeISO2022JPRun(&enc.st.iso2022JP, src, dst, i, res)
	}
	return i
}

// encodeCJKRunFromUTF16 is the CJK encoders' fast path from UTF-16: ASCII
// and code points of the Basic Multilingual Plane that the encoder maps
// through its index to two bytes, as in the runs from UTF-8. It returns the
// code units read and the bytes written.
func (enc *Encoder) encodeCJKRunFromUTF16(src []uint16, dst []byte) (read, written int) {
	f := enc.encoding().family
	switch f {
	case familyISO2022JP:
		return encodeISO2022JPRunFromUTF16(&enc.st.iso2022JP, src, dst)
	case familyGBK, familyGB18030, familyBig5, familyEUCJP, familyShiftJIS, familyEUCKR:
	default:
		return 0, 0
	}
	i, w := 0, 0
	for i < len(src) && w+1 < len(dst) {
		u := src[i]
		if u < 0x80 {
			dst[w] = byte(u)
			w++
			i++
			continue
		}
		c := rune(u)
		var p int
		switch f {
		case familyGBK, familyGB18030:
			if p = indexes.GB18030Pointer(c); p < 0 || c == 0x20AC {
				return i, w
			}
			q := uint(p)
			dst[w], dst[w+1] = byte(q/190+0x81), gb18030Trail[q%190]
		case familyBig5:
			if p = indexes.Big5Pointer(c); p < 0 {
				return i, w
			}
			q := uint(p)
			dst[w], dst[w+1] = byte(q/157+0x81), big5Trail[q%157]
		case familyEUCJP:
			if p = indexes.JIS0208Pointer(c); p < 0 || c == 0xA5 || c == 0x203E || c == 0x2212 {
				return i, w
			}
			q := uint(p)
			dst[w], dst[w+1] = byte(q/94+0xA1), byte(q%94+0xA1)
		case familyShiftJIS:
			if p = indexes.ShiftJISPointer(c); p < 0 || c == 0xA5 || c == 0x203E || c == 0x2212 {
				return i, w
			}
			q := uint(p)
			dst[w], dst[w+1] = shiftJISLead[q/188], shiftJISTrail[q%188]
		case familyEUCKR:
			if p = indexes.EUCKRPointer(c); p < 0 {
				return i, w
			}
			q := uint(p)
			dst[w], dst[w+1] = byte(q/190+0x81), byte(q%190+0x41)
		default:
			return i, w
		}
		w += 2
		i++
	}
	return i, w
}

// Output bytes by pointer row or column, so that the fast paths write a
// pointer's bytes without data-dependent branches.
var (
	// gb18030Trail[p % 190] is the trail byte (section 10.2.2, steps 7.2–7.4).
	gb18030Trail = byteTable(190, func(t int) int {
		if t < 0x3F {
			return t + 0x40
		}
		return t + 0x41
	})
	// big5Trail[p % 157] is the trail byte (section 11.1.2, steps 6–8).
	big5Trail = byteTable(157, func(t int) int {
		if t < 0x3F {
			return t + 0x40
		}
		return t + 0x62
	})
	// shiftJISLead[p / 188] and shiftJISTrail[p % 188] are the bytes
	// (section 12.3.2, steps 9–13).
	shiftJISLead = byteTable(60, func(l int) int {
		if l < 0x1F {
			return l + 0x81
		}
		return l + 0xC1
	})
	shiftJISTrail = byteTable(188, func(t int) int {
		if t < 0x3F {
			return t + 0x40
		}
		return t + 0x41
	})
)

func byteTable(n int, f func(int) int) []byte {
	t := make([]byte, n)
	for i := range t {
		t[i] = byte(f(i))
	}
	return t
}

// pairTables maps a two-byte encoding's leading byte to its row and its
// trailing byte to its column (0xFF for a byte that cannot be one), so that
// the fast paths compute a pointer as row × columns + column without
// data-dependent branches. Rows and columns follow the decoders' pointer
// formulas (sections 10.2.1, 11.1.1, 12.1.1, 12.3.1 and 13.1.1).
type pairTables struct {
	row, col [256]uint8
}

func newPairTables(rows, cols [][2]int) *pairTables {
	t := new(pairTables)
	for i := range t.row {
		t.row[i], t.col[i] = 0xFF, 0xFF
	}
	for _, tab := range []struct {
		ranges [][2]int
		out    *[256]uint8
	}{{rows, &t.row}, {cols, &t.col}} {
		v := 0
		for _, r := range tab.ranges {
			for b := r[0]; b <= r[1]; b++ {
				tab.out[b] = uint8(v)
				v++
			}
		}
	}
	return t
}

var (
	// gb18030 two bytes: pointer (lead − 0x81) × 190 + trail − offset.
	gb18030Pairs = newPairTables([][2]int{{0x81, 0xFE}}, [][2]int{{0x40, 0x7E}, {0x80, 0xFE}})
	// Big5: (lead − 0x81) × 157 + trail − offset.
	big5Pairs = newPairTables([][2]int{{0x81, 0xFE}}, [][2]int{{0x40, 0x7E}, {0xA1, 0xFE}})
	// EUC-JP, JIS X 0208: (lead − 0xA1) × 94 + trail − 0xA1.
	eucJPPairs = newPairTables([][2]int{{0xA1, 0xFE}}, [][2]int{{0xA1, 0xFE}})
	// Shift_JIS: (lead − leadOffset) × 188 + trail − offset.
	shiftJISPairs = newPairTables([][2]int{{0x81, 0x9F}, {0xE0, 0xFC}}, [][2]int{{0x40, 0x7E}, {0x80, 0xFC}})
	// EUC-KR: (lead − 0x81) × 190 + trail − 0x41.
	eucKRPairs = newPairTables([][2]int{{0x81, 0xFE}}, [][2]int{{0x41, 0xFE}})
)

// decodePairsUTF8 is the fast path of the two-byte decoders (gb18030's two
// bytes, Big5, EUC-JP's JIS X 0208, Shift_JIS, EUC-KR) into UTF-8 output:
// it decodes ASCII runs and two-byte sequences that map to a code point,
// writing straight into the sink, and returns where it stopped in src: at
// the end, when dst has less than MinUTF8Output bytes of room, or at
// anything else (a single non-ASCII byte, an error, a sequence cut by the
// end of src, a gb18030 four-byte sequence), which the caller's general
// loop handles.
func decodePairsUTF8(f family, src []byte, i int, s *sink) int {
	dst := s.b
	n := s.n
	for i < len(src) && len(dst)-n >= MinUTF8Output {
		lead := src[i]
		if lead < 0x80 {
			// A lone ASCII byte (a space, a digit) is common in CJK text:
			// copy it before paying for a run copy.
			dst[n] = lead
			n++
			i++
			if i < len(src) && src[i] < 0x80 {
				k := copyASCII(dst[n:], src[i:])
				n += k
				i += k
			}
			continue
		}
		if i+1 >= len(src) {
			break
		}
		trail := src[i+1]
		var c rune
		switch f {
		case familyShiftJIS:
			// Pointers 8836 to 10715 (EUDC) are not in index jis0208 and
			// are left to the general loop.
			row, col := shiftJISPairs.row[lead], shiftJISPairs.col[trail]
			if row != 0xFF && col != 0xFF {
				c = indexes.JIS0208CodePoint(int(row)*188 + int(col))
			}
		case familyEUCJP:
			row, col := eucJPPairs.row[lead], eucJPPairs.col[trail]
			if row != 0xFF && col != 0xFF {
				c = indexes.JIS0208CodePoint(int(row)*94 + int(col))
			}
		case familyEUCKR:
			row, col := eucKRPairs.row[lead], eucKRPairs.col[trail]
			if row != 0xFF && col != 0xFF {
				c = indexes.EUCKRCodePoint(int(row)*190 + int(col))
			}
		case familyGBK, familyGB18030:
			// Four-byte sequences have a trail 0x30 to 0x39: no column.
			row, col := gb18030Pairs.row[lead], gb18030Pairs.col[trail]
			if row != 0xFF && col != 0xFF {
				c = indexes.GB18030CodePoint(int(row)*190 + int(col))
			}
		case familyBig5:
			// The pointers that decode to two code points are not in
			// index Big5 and are left to the general loop.
			row, col := big5Pairs.row[lead], big5Pairs.col[trail]
			if row != 0xFF && col != 0xFF {
				c = indexes.Big5CodePoint(int(row)*157 + int(col))
			}
		}
		switch {
		case c >= 0x800 && c <= 0xFFFF:
			b := dst[n : n+3 : n+3]
			b[0] = 0xE0 | byte(c>>12)
			b[1] = 0x80 | byte(c>>6)&0x3F
			b[2] = 0x80 | byte(c)&0x3F
			n += 3
		case c == 0:
			s.n = n
			return i
		case c < 0x800:
			b := dst[n : n+2 : n+2]
			b[0] = 0xC0 | byte(c>>6)
			b[1] = 0x80 | byte(c)&0x3F
			n += 2
		default:
			b := dst[n : n+4 : n+4]
			b[0] = 0xF0 | byte(c>>18)
			b[1] = 0x80 | byte(c>>12)&0x3F
			b[2] = 0x80 | byte(c>>6)&0x3F
			b[3] = 0x80 | byte(c)&0x3F
			n += 4
		}
		i += 2
	}
	s.n = n
	return i
}

// decodePairsUTF16 is decodePairsUTF8 for UTF-16 output.
func decodePairsUTF16(f family, src []byte, i int, s *sink) int {
	dst := s.u
	n := s.n
	for i < len(src) && len(dst)-n >= MinUTF16Output {
		lead := src[i]
		if lead < 0x80 {
			dst[n] = uint16(lead)
			n++
			i++
			if i < len(src) && src[i] < 0x80 {
				k := widenASCII(dst[n:], src[i:])
				n += k
				i += k
			}
			continue
		}
		if i+1 >= len(src) {
			break
		}
		trail := src[i+1]
		var c rune
		switch f {
		case familyShiftJIS:
			// Pointers 8836 to 10715 (EUDC) are not in index jis0208 and
			// are left to the general loop.
			row, col := shiftJISPairs.row[lead], shiftJISPairs.col[trail]
			if row != 0xFF && col != 0xFF {
				c = indexes.JIS0208CodePoint(int(row)*188 + int(col))
			}
		case familyEUCJP:
			row, col := eucJPPairs.row[lead], eucJPPairs.col[trail]
			if row != 0xFF && col != 0xFF {
				c = indexes.JIS0208CodePoint(int(row)*94 + int(col))
			}
		case familyEUCKR:
			row, col := eucKRPairs.row[lead], eucKRPairs.col[trail]
			if row != 0xFF && col != 0xFF {
				c = indexes.EUCKRCodePoint(int(row)*190 + int(col))
			}
		case familyGBK, familyGB18030:
			// Four-byte sequences have a trail 0x30 to 0x39: no column.
			row, col := gb18030Pairs.row[lead], gb18030Pairs.col[trail]
			if row != 0xFF && col != 0xFF {
				c = indexes.GB18030CodePoint(int(row)*190 + int(col))
			}
		case familyBig5:
			// The pointers that decode to two code points are not in
			// index Big5 and are left to the general loop.
			row, col := big5Pairs.row[lead], big5Pairs.col[trail]
			if row != 0xFF && col != 0xFF {
				c = indexes.Big5CodePoint(int(row)*157 + int(col))
			}
		}
		switch {
		case c == 0:
			s.n = n
			return i
		case c <= 0xFFFF:
			dst[n] = uint16(c)
			n++
		default:
			c -= 0x10000
			d := dst[n : n+2 : n+2]
			d[0] = 0xD800 + uint16(c>>10)
			d[1] = 0xDC00 + uint16(c&0x3FF)
			n += 2
		}
		i += 2
	}
	s.n = n
	return i
}

// utf8Three returns the code point of the three bytes b0, b1, b2 if they
// are a valid UTF-8 sequence, or -1. CJK text is made of these.
func utf8Three(b0, b1, b2 byte) rune {
	c := rune(b0&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F)
	if b0&0xF0 != 0xE0 || (b1&0xC0|(b2&0xC0)>>2) != 0xA0 || c < 0x800 || c>>11 == 0x1B {
		return -1
	}
	return c
}
