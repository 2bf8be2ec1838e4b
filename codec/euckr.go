package codec

import "github.com/whatenc/whatenc/indexes"

// EUC-KR (section 13.1).

// eucKRDecoderState is the EUC-KR decoder's EUC-KR leading (0x00 for none).
type eucKRDecoderState struct {
	lead byte
}

// eucKRPair decodes leading byte lead (0x81 to 0xFE) followed by byte b
// (section 13.1.1, step 3). It returns how many of the two bytes it
// consumed: 1 when b is an ASCII byte the standard restores after an error.
// stop is true when a Fatal decoder must stop.
func (d *Decoder) eucKRPair(lead, b byte, s *sink) (n int, stop bool) {
	if b >= 0x41 && b <= 0xFE {
		if c := indexes.EUCKRCodePoint(int(lead-0x81)*190 + int(b-0x41)); c != 0 {
			s.putIndex(c)
			return 2, false
		}
	}
	if b < 0x80 {
		return 1, d.fail(s, 1)
	}
	return 2, d.fail(s, 2)
}

// encodeEUCKR is the EUC-KR encoder (section 13.1.2).
func encodeEUCKR(c rune, dst []byte) (int, rune) {
	if c < 0x80 {
		if len(dst) < 1 {
			return -1, -1
		}
		dst[0] = byte(c)
		return 1, -1
	}
	p := indexes.EUCKRPointer(c)
	if p < 0 {
		return 0, c
	}
	if len(dst) < 2 {
		return -1, -1
	}
	dst[0], dst[1] = byte(p/190+0x81), byte(p%190+0x41)
	return 2, -1
}
