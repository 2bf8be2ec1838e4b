package codec

import "github.com/whatenc/whatenc/indexes"

// Shift_JIS (section 12.3).

// shiftJISDecoderState is the Shift_JIS decoder's Shift_JIS leading (0x00
// for none).
type shiftJISDecoderState struct {
	lead byte
}

// shiftJISPair decodes leading byte lead (0x81 to 0x9F or 0xE0 to 0xFC)
// followed by byte b (section 12.3.1, step 3). It returns how many of the
// two bytes it consumed: 1 when b is an ASCII byte the standard restores
// after an error. stop is true when a Fatal decoder must stop.
func (d *Decoder) shiftJISPair(lead, b byte, s *sink) (n int, stop bool) {
	if (b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFC) {
		offset := byte(0x40)
		if b >= 0x7F {
			offset = 0x41
		}
		leadOffset := byte(0x81)
		if lead >= 0xA0 {
			leadOffset = 0xC1
		}
		pointer := int(lead-leadOffset)*188 + int(b-offset)
		if pointer >= 8836 && pointer <= 10715 {
			// EUDC: interoperable legacy from Windows.
			s.putIndex(0xE000 - 8836 + rune(pointer))
			return 2, false
		}
		if c := indexes.JIS0208CodePoint(pointer); c != 0 {
			s.putIndex(c)
			return 2, false
		}
	}
	if b < 0x80 {
		return 1, d.fail(s, 1)
	}
	return 2, d.fail(s, 2)
}

// encodeShiftJIS is the Shift_JIS encoder (section 12.3.2).
func encodeShiftJIS(c rune, dst []byte) (int, rune) {
	if c <= 0x80 {
		if len(dst) < 1 {
			return -1, -1
		}
		dst[0] = byte(c)
		return 1, -1
	}
	switch {
	case c == 0xA5:
		c = 0x5C
	case c == 0x203E:
		c = 0x7E
	case c >= 0xFF61 && c <= 0xFF9F:
		c = c - 0xFF61 + 0xA1
	case c == 0x2212:
		c = 0xFF0D
		fallthrough
	default:
		p := indexes.ShiftJISPointer(c)
		if p < 0 {
			return 0, c
		}
		if len(dst) < 2 {
			return -1, -1
		}
		lead := p / 188
		leadOffset := 0x81
		if lead >= 0x1F {
			leadOffset = 0xC1
		}
		trail := p % 188
		offset := 0x40
		if trail >= 0x3F {
			offset = 0x41
		}
		dst[0], dst[1] = byte(lead+leadOffset), byte(trail+offset)
		return 2, -1
	}
	if len(dst) < 1 {
		return -1, -1
	}
	dst[0] = byte(c)
	return 1, -1
}
