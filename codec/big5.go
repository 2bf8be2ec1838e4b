package codec

import "github.com/whatenc/whatenc/indexes"

// Big5 (section 11.1).

// big5DecoderState is the Big5 decoder's Big5 leading (0x00 for none).
type big5DecoderState struct {
	lead byte
}

// big5Pair decodes leading byte lead (0x81 to 0xFE) followed by byte b
// (section 11.1.1, step 3). It returns how many of the two bytes it
// consumed: 1 when b is an ASCII byte the standard restores after an error.
// stop is true when a Fatal decoder must stop.
func (d *Decoder) big5Pair(lead, b byte, s *sink) (n int, stop bool) {
	offset := byte(0x40)
	if b >= 0x7F {
		offset = 0x62
	}
	pointer := -1
	if (b >= 0x40 && b <= 0x7E) || (b >= 0xA1 && b <= 0xFE) {
		pointer = int(lead-0x81)*157 + int(b-offset)
	}
	if c := indexes.Big5CodePoint(pointer); c != 0 {
		if c > 0xFFFF {
			s.put(c)
		} else {
			s.putIndex(c)
		}
		return 2, false
	}
	// Four pointers decode to two code points each.
	switch pointer {
	case 1133:
		s.putIndex(0x00CA)
		s.putIndex(0x0304)
		return 2, false
	case 1135:
		s.putIndex(0x00CA)
		s.putIndex(0x030C)
		return 2, false
	case 1164:
		s.putIndex(0x00EA)
		s.putIndex(0x0304)
		return 2, false
	case 1166:
		s.putIndex(0x00EA)
		s.putIndex(0x030C)
		return 2, false
	}
	if b < 0x80 {
		// Restore byte: it is not consumed.
		return 1, d.fail(s, 1)
	}
	return 2, d.fail(s, 2)
}

// encodeBig5 is the Big5 encoder (section 11.1.2).
func encodeBig5(c rune, dst []byte) (int, rune) {
	if c < 0x80 {
		if len(dst) < 1 {
			return -1, -1
		}
		dst[0] = byte(c)
		return 1, -1
	}
	p := indexes.Big5Pointer(c)
	if p < 0 {
		return 0, c
	}
	if len(dst) < 2 {
		return -1, -1
	}
	trail := p % 157
	offset := 0x40
	if trail >= 0x3F {
		offset = 0x62
	}
	dst[0], dst[1] = byte(p/157+0x81), byte(trail+offset)
	return 2, -1
}
