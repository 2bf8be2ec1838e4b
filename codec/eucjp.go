package codec

import "github.com/whatenc/whatenc/indexes"

// EUC-JP (section 12.1).

// eucJPDecoderState is the EUC-JP decoder's EUC-JP leading (0x00 for none)
// and EUC-JP jis0212.
type eucJPDecoderState struct {
	lead    byte
	jis0212 bool
}

// decodeEUCJP is the EUC-JP decoder (section 12.1.1).
func (d *Decoder) decodeEUCJP(src []byte, s *sink, last bool) (Status, int) {
	st := &d.st.eucJP
	i := 0
	for st.lead != 0 && i < len(src) {
		// Finish the sequence an earlier call began, byte by byte.
		if !s.hasRoom() {
			return OutputFull, i
		}
		n, stop := d.eucJPPending(src[i], s)
		i += n
		if stop {
			return Malformed, i
		}
		if n == 0 {
			break
		}
	}
	for i < len(src) {
		if s.wide {
			i = decodePairsUTF16(familyEUCJP, src, i, s)
		} else {
			i = decodePairsUTF8(familyEUCJP, src, i, s)
		}
		if i == len(src) {
			break
		}
		if !s.hasRoom() {
			return OutputFull, i
		}
		b := src[i]
		if b < 0x80 {
			i += s.putASCII(src[i:])
			continue
		}
		if i+1 == len(src) {
			if b == 0x8E || b == 0x8F || (b >= 0xA1 && b <= 0xFE) {
				st.lead = b
				i++
				break
			}
			i++
			if d.fail(s, 1) {
				return Malformed, i
			}
			continue
		}
		b2 := src[i+1]
		switch {
		case b >= 0xA1 && b <= 0xFE:
			// JIS X 0208: the common case.
			if b2 >= 0xA1 && b2 <= 0xFE {
				if c := indexes.JIS0208CodePoint(int(b-0xA1)*94 + int(b2-0xA1)); c != 0 {
					s.putIndex(c)
					i += 2
					continue
				}
			}
		case b == 0x8E:
			// Half-width katakana.
			if b2 >= 0xA1 && b2 <= 0xDF {
				s.putIndex(0xFF61 - 0xA1 + rune(b2))
				i += 2
				continue
			}
		case b == 0x8F:
			// JIS X 0212, decoded only.
			if b2 < 0xA1 || b2 == 0xFF {
				break
			}
			if i+2 == len(src) {
				st.lead, st.jis0212 = b2, true
				i += 2
				continue
			}
			b3 := src[i+2]
			if b3 >= 0xA1 && b3 <= 0xFE {
				if c := indexes.JIS0212CodePoint(int(b2-0xA1)*94 + int(b3-0xA1)); c != 0 {
					s.putIndex(c)
					i += 3
					continue
				}
			}
			// An error after « 0x8F, b2 »: b3 is restored if ASCII.
			i += 2
			bad := 2
			if b3 >= 0x80 {
				i++
				bad = 3
			}
			if d.fail(s, bad) {
				return Malformed, i
			}
			continue
		default:
			// Not a leading byte.
			i++
			if d.fail(s, 1) {
				return Malformed, i
			}
			continue
		}
		// An error after a leading byte: b2 is restored if ASCII.
		i++
		bad := 1
		if b2 >= 0x80 {
			i++
			bad = 2
		}
		if d.fail(s, bad) {
			return Malformed, i
		}
	}
	if last && st.lead != 0 && i == len(src) {
		if !s.hasRoom() {
			return OutputFull, i
		}
		bad := 1
		if st.jis0212 {
			bad = 2
		}
		*st = eucJPDecoderState{}
		if d.fail(s, bad) {
			return Malformed, i
		}
	}
	return InputEmpty, i
}

// eucJPPending runs the EUC-JP decoder's handler for byte b while EUC-JP
// leading is set (section 12.1.1, steps 3 to 5). It returns how many bytes
// it consumed (0 when b is restored), and stop when a Fatal decoder must
// stop.
func (d *Decoder) eucJPPending(b byte, s *sink) (n int, stop bool) {
	st := &d.st.eucJP
	lead := st.lead
	if lead == 0x8E && b >= 0xA1 && b <= 0xDF {
		st.lead = 0
		s.putIndex(0xFF61 - 0xA1 + rune(b))
		return 1, false
	}
	if lead == 0x8F && b >= 0xA1 && b <= 0xFE {
		st.jis0212 = true
		st.lead = b
		return 1, false
	}
	jis0212 := st.jis0212
	*st = eucJPDecoderState{}
	if lead >= 0xA1 && lead <= 0xFE && b >= 0xA1 && b <= 0xFE {
		p := int(lead-0xA1)*94 + int(b-0xA1)
		var c rune
		if jis0212 {
			c = indexes.JIS0212CodePoint(p)
		} else {
			c = indexes.JIS0208CodePoint(p)
		}
		if c != 0 {
			s.putIndex(c)
			return 1, false
		}
	}
	bad := 2
	if jis0212 {
		bad = 3
	}
	if b < 0x80 {
		return 0, d.fail(s, bad-1)
	}
	return 1, d.fail(s, bad)
}

// encodeEUCJP is the EUC-JP encoder (section 12.1.2).
func encodeEUCJP(c rune, dst []byte) (int, rune) {
	switch {
	case c < 0x80:
	case c == 0xA5:
		c = 0x5C
	case c == 0x203E:
		c = 0x7E
	case c >= 0xFF61 && c <= 0xFF9F:
		if len(dst) < 2 {
			return -1, -1
		}
		dst[0], dst[1] = 0x8E, byte(c-0xFF61+0xA1)
		return 2, -1
	case c == 0x2212:
		c = 0xFF0D
		fallthrough
	default:
		p := indexes.JIS0208Pointer(c)
		if p < 0 {
			return 0, c
		}
		if len(dst) < 2 {
			return -1, -1
		}
		dst[0], dst[1] = byte(p/94+0xA1), byte(p%94+0xA1)
		return 2, -1
	}
	if len(dst) < 1 {
		return -1, -1
	}
	dst[0] = byte(c)
	return 1, -1
}
