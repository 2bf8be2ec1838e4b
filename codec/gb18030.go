package codec

import "github.com/whatenc/whatenc/indexes"

// gb18030 and GBK (section 10). GBK's decoder is gb18030's (section
// 10.1.1); its encoder is gb18030's with "is GBK" set (section 10.1.2).

// gb18030DecoderState is the gb18030 decoder's gb18030 first, second and
// third (0x00 for none).
type gb18030DecoderState struct {
	first, second, third byte
}

// decodeGB18030 is the gb18030 decoder (section 10.2.1), for gb18030 and
// GBK.
//
// The loop decodes whole sequences found in src directly; a sequence cut
// by the end of src is kept in the state and finished, byte by byte as the
// standard's handler does, at the start of the next call. Bytes the
// standard restores are left unread when they are still in src and put
// back with d.restore when an earlier call consumed them.
func (d *Decoder) decodeGB18030(src []byte, s *sink, last bool) (Status, int) {
	st := &d.st.gb18030
	i := 0
	for st.first != 0 && i < len(src) {
		if !s.hasRoom() {
			return OutputFull, i
		}
		status, n, cont := d.gb18030Pending(src[i], s)
		i += n
		if !cont {
			return status, i
		}
	}
	// The fast paths stop before a four-byte sequence, which the loop below
	// decodes. Those come in runs, a word or a few of a script that only
	// four bytes encode (between spaces, or markup), and a fast path's start
	// costs more than a few characters here: it is not called for a
	// four-byte sequence, nor for the 16 bytes after one. zh_cn.html (605
	// such characters in 170 runs), old and new test binaries in turns, ten
	// rounds: to UTF-8 3193 -> 3469 MB/s, to UTF-16 3841 -> 4127 (medians).
	scalarUntil := 0
	for i < len(src) {
		if i >= scalarUntil && (i+1 >= len(src) || src[i]-0x81 > 0xFE-0x81 || src[i+1]-0x30 > 9) {
			if s.wide {
				i = decodePairsUTF16(familyGB18030, src, i, s)
			} else {
				i = decodePairsUTF8(familyGB18030, src, i, s)
			}
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
		if b == 0x80 {
			s.putIndex(0x20AC)
			i++
			continue
		}
		if b == 0xFF {
			i++
			if d.fail(s, 1) {
				return Malformed, i
			}
			continue
		}
		// b is a lead byte, 0x81 to 0xFE.
		if i+1 >= len(src) {
			st.first = b
			i++
			break
		}
		b2 := src[i+1]
		if b2-0x30 > 9 {
			// Two bytes.
			if c := gb18030TwoByte(b, b2); c != 0 {
				s.putIndex(c)
				i += 2
				continue
			}
			// An ASCII byte is restored: it is not consumed.
			i++
			bad := 1
			if b2 >= 0x80 {
				i++
				bad = 2
			}
			if d.fail(s, bad) {
				return Malformed, i
			}
			continue
		}
		// Four bytes: b, b2 (0x30 to 0x39), b3, b4.
		if i+3 >= len(src) {
			// Cut by the end of src: keep what there is, byte by byte.
			st.first, st.second = b, b2
			i += 2
			if i < len(src) {
				b3 := src[i]
				if b3 < 0x81 || b3 == 0xFF {
					// Restore « second, byte »: b2 and b3 are still in src.
					*st = gb18030DecoderState{}
					i--
					if d.fail(s, 1) {
						return Malformed, i
					}
					continue
				}
				st.third = b3
				i++
			}
			break
		}
		b3, b4 := src[i+2], src[i+3]
		if b3 < 0x81 || b3 == 0xFF || b4-0x30 > 9 {
			// Restore « second, third » or « second, third, byte »: only
			// the first byte is consumed.
			i++
			if d.fail(s, 1) {
				return Malformed, i
			}
			continue
		}
		i += 4
		scalarUntil = i + 16
		if c := gb18030RangesCodePoint(gb18030FourBytePointer(b, b2, b3, b4)); c != 0 {
			s.put(c)
		} else if d.fail(s, 4) {
			return Malformed, i
		}
	}
	if last && st.first != 0 && i == len(src) {
		// End of queue in the middle of a sequence: one error, and the
		// bytes held are not restored.
		if !s.hasRoom() {
			return OutputFull, i
		}
		bad := 1
		if st.second != 0 {
			bad++
		}
		if st.third != 0 {
			bad++
		}
		*st = gb18030DecoderState{}
		if d.fail(s, bad) {
			return Malformed, i
		}
	}
	return InputEmpty, i
}

// gb18030Pending runs the gb18030 decoder's handler for byte b while gb18030
// first is set (section 10.2.1, steps 3 to 5). It returns how many bytes it
// consumed (0 when b is restored) and whether decoding goes on; if not,
// the status to return.
func (d *Decoder) gb18030Pending(b byte, s *sink) (Status, int, bool) {
	st := &d.st.gb18030
	switch {
	case st.third != 0:
		if b-0x30 > 9 {
			// Restore « second, third, byte »; b is still in src.
			d.restore(st.second, st.third)
			*st = gb18030DecoderState{}
			status, cont := d.errStatus(d.fail(s, 1))
			return status, 0, cont
		}
		c := gb18030RangesCodePoint(gb18030FourBytePointer(st.first, st.second, st.third, b))
		*st = gb18030DecoderState{}
		if c == 0 {
			return Malformed, 1, !d.fail(s, 4)
		}
		s.put(c)
		return InputEmpty, 1, true
	case st.second != 0:
		if b >= 0x81 && b <= 0xFE {
			st.third = b
			return InputEmpty, 1, true
		}
		// Restore « second, byte ».
		d.restore(st.second)
		*st = gb18030DecoderState{}
		status, cont := d.errStatus(d.fail(s, 1))
		return status, 0, cont
	}
	if b-0x30 <= 9 {
		st.second = b
		return InputEmpty, 1, true
	}
	lead := st.first
	st.first = 0
	if c := gb18030TwoByte(lead, b); c != 0 {
		s.putIndex(c)
		return InputEmpty, 1, true
	}
	if b < 0x80 {
		return Malformed, 0, !d.fail(s, 1)
	}
	return Malformed, 1, !d.fail(s, 2)
}

// gb18030TwoByte returns the index code point for the two-byte sequence
// lead, trail (lead 0x81 to 0xFE), or 0 for null (section 10.2.1, step 5).
func gb18030TwoByte(lead, trail byte) rune {
	offset := byte(0x40)
	if trail >= 0x7F {
		offset = 0x41
	}
	if trail < 0x40 || trail == 0x7F || trail == 0xFF {
		return 0
	}
	return indexes.GB18030CodePoint(int(lead-0x81)*190 + int(trail-offset))
}

// gb18030FourBytePointer is the pointer of a four-byte sequence (section
// 10.2.1, step 3).
func gb18030FourBytePointer(b1, b2, b3, b4 byte) int {
	return int(b1-0x81)*(10*126*10) + int(b2-0x30)*(10*126) + int(b3-0x81)*10 + int(b4-0x30)
}

// gb18030RangesCodePoint is the index gb18030 ranges code point for pointer
// (section 5), or 0 for null.
func gb18030RangesCodePoint(pointer int) rune {
	if (pointer > 39419 && pointer < 189000) || pointer > 1237575 {
		return 0
	}
	if pointer == 7457 {
		return 0xE7C7
	}
	r := &indexes.GB18030Ranges
	// The last range whose pointer is at most pointer.
	lo, hi := 0, len(r)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if int(r[m].Pointer) <= pointer {
			lo = m
		} else {
			hi = m
		}
	}
	return r[lo].CodePoint + rune(pointer-int(r[lo].Pointer))
}

// gb18030RangesPointer is the index gb18030 ranges pointer for code point c
// (section 5).
func gb18030RangesPointer(c rune) int {
	if c == 0xE7C7 {
		return 7457
	}
	r := &indexes.GB18030Ranges
	// The last range whose code point is at most c.
	lo, hi := 0, len(r)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if r[m].CodePoint <= c {
			lo = m
		} else {
			hi = m
		}
	}
	return int(r[lo].Pointer) + int(c-r[lo].CodePoint)
}

// gb18030PUAFirst is the first code point of gb18030PUA.
const gb18030PUAFirst = 0xE78D

// gb18030PUA is the gb18030 encoder's side table for 18 Private Use code
// points (section 10.2.2, step 5, from GB18030-2022): the two bytes, lead
// byte high, for code point 0xE78D+i, or 0.
var gb18030PUA = [0xE864 - gb18030PUAFirst + 1]uint16{
	0xE78D - gb18030PUAFirst: 0xA6D9,
	0xE78E - gb18030PUAFirst: 0xA6DA,
	0xE78F - gb18030PUAFirst: 0xA6DB,
	0xE790 - gb18030PUAFirst: 0xA6DC,
	0xE791 - gb18030PUAFirst: 0xA6DD,
	0xE792 - gb18030PUAFirst: 0xA6DE,
	0xE793 - gb18030PUAFirst: 0xA6DF,
	0xE794 - gb18030PUAFirst: 0xA6EC,
	0xE795 - gb18030PUAFirst: 0xA6ED,
	0xE796 - gb18030PUAFirst: 0xA6F3,
	0xE81E - gb18030PUAFirst: 0xFE59,
	0xE826 - gb18030PUAFirst: 0xFE61,
	0xE82B - gb18030PUAFirst: 0xFE66,
	0xE82C - gb18030PUAFirst: 0xFE67,
	0xE832 - gb18030PUAFirst: 0xFE6D,
	0xE843 - gb18030PUAFirst: 0xFE7E,
	0xE854 - gb18030PUAFirst: 0xFE90,
	0xE864 - gb18030PUAFirst: 0xFEA0,
}

// encodeGB18030 is the gb18030 encoder (section 10.2.2), and with gbk
// (its "is GBK") GBK's (section 10.1.2).
func encodeGB18030(c rune, dst []byte, gbk bool) (int, rune) {
	if c < 0x80 {
		if len(dst) < 1 {
			return -1, -1
		}
		dst[0] = byte(c)
		return 1, -1
	}
	if c == 0xE5E5 {
		// Index gb18030 maps 0xA3 0xA0 to U+3000: U+E5E5 cannot roundtrip.
		return 0, c
	}
	if gbk && c == 0x20AC {
		if len(dst) < 1 {
			return -1, -1
		}
		dst[0] = 0x80
		return 1, -1
	}
	if i := uint(c - gb18030PUAFirst); i < uint(len(gb18030PUA)) && gb18030PUA[i] != 0 {
		if len(dst) < 2 {
			return -1, -1
		}
		dst[0], dst[1] = byte(gb18030PUA[i]>>8), byte(gb18030PUA[i])
		return 2, -1
	}
	if p := indexes.GB18030Pointer(c); p >= 0 {
		if len(dst) < 2 {
			return -1, -1
		}
		trail := p % 190
		offset := 0x40
		if trail >= 0x3F {
			offset = 0x41
		}
		dst[0], dst[1] = byte(p/190+0x81), byte(trail+offset)
		return 2, -1
	}
	if gbk {
		return 0, c
	}
	if len(dst) < 4 {
		return -1, -1
	}
	seq := gb18030FourByteSequence(gb18030RangesPointer(c))
	*(*[4]byte)(dst) = seq
	return 4, -1
}

// gb18030FourByteSequence is the four-byte sequence of pointer p (section
// 10.2.2, byte1 to byte4 of the last steps): the inverse of
// gb18030FourBytePointer. (The tests build theirs with gb18030FourBytes, a
// transcription of their own.)
func gb18030FourByteSequence(p int) [4]byte {
	return [4]byte{byte(0x81 + p/(10*126*10)), byte(0x30 + p/(10*126)%10), byte(0x81 + p/10%126), byte(0x30 + p%10)}
}
