package codec

import "github.com/whatenc/whatenc/indexes"

// EUC-KR (section 13).

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

// encodeEUCKRRun is the EUC-KR encoder's fast path from UTF-8 (see
// encodeCJKRun).
func encodeEUCKRRun(src, dst []byte, i int, res *EncodeResult) int {
	w := res.Written
	for i < len(src) && w+1 < len(dst) {
		i, w = encodeEUCKRThree(src, dst, i, w)
		if i == len(src) || w+1 >= len(dst) {
			break
		}
		// ASCII runs, two- and four-byte sequences, and the end of src.
		if src[i] < 0x80 {
			k := copyASCII(dst[w:], src[i:])
			i += k
			w += k
			continue
		}
		c, n := nextScalar(src, i)
		if n == 0 {
			break
		}
		p := indexes.EUCKRPointer(c)
		if p < 0 {
			break
		}
		u := uint(p)
		dst[w], dst[w+1] = byte(u/190+0x81), byte(u%190+0x41)
		w += 2
		i += n
	}
	res.Written = w
	return i
}

// encodeEUCKRThree is encodeEUCKRRun's inner loop: lone ASCII bytes
// and three-byte sequences, without calls so that its values stay in
// registers. It returns the new positions in src and dst.
func encodeEUCKRThree(src, dst []byte, i, w int) (int, int) {
	for i+2 < len(src) && w+1 < len(dst) {
		b := src[i]
		if b < 0x80 {
			if src[i+1] < 0x80 {
				break // an ASCII run
			}
			dst[w] = b
			w++
			i++
			continue
		}
		c := utf8Three(b, src[i+1], src[i+2])
		if c < 0 {
			break
		}
		p := indexes.EUCKRPointer(c)
		if p < 0 {
			break
		}
		u := uint(p)
		dst[w], dst[w+1] = byte(u/190+0x81), byte(u%190+0x41)
		w += 2
		i += 3
	}
	return i, w
}
