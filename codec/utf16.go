package codec

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// UTF-16BE and UTF-16LE (sections 14.2–14.4).

// utf16DecoderState is the shared UTF-16 decoder's state.
type utf16DecoderState struct {
	hasLeadByte   bool
	leadByte      byte
	leadSurrogate uint16 // 0 for null
}

// decodeUTF16 is the shared UTF-16 decoder (section 14.2.1).
func (d *Decoder) decodeUTF16(src []byte, s *sink, last, bigEndian bool) (Status, int) {
	st := &d.st.utf16
	i := 0
	for i < len(src) {
		if !st.hasLeadByte && st.leadSurrogate == 0 {
			i += utf16Run(s, src[i:], bigEndian)
			if i == len(src) {
				break
			}
		}
		if !s.hasRoom() {
			return OutputFull, i
		}
		var unit uint16
		// fromState is whether the unit's first byte came from the state
		// rather than from src.
		fromState := st.hasLeadByte
		if fromState {
			unit = utf16Unit(st.leadByte, src[i], bigEndian)
			st.hasLeadByte = false
			i++
		} else if i+1 < len(src) {
			unit = utf16Unit(src[i], src[i+1], bigEndian)
			i += 2
		} else {
			st.hasLeadByte, st.leadByte = true, src[i]
			i++
			continue
		}
		if lead := st.leadSurrogate; lead != 0 {
			st.leadSurrogate = 0
			if unit >= 0xDC00 && unit <= 0xDFFF {
				s.put(0x10000 + (rune(lead)-0xD800)<<10 + rune(unit) - 0xDC00)
				continue
			}
			// Restore the unit's two bytes and report the lead surrogate.
			if fromState {
				i--
				d.restore(st.leadByte)
			} else {
				i -= 2
			}
			if st, cont := d.errStatus(d.fail(s, 2)); !cont {
				return st, i
			}
			continue
		}
		switch {
		case unit >= 0xD800 && unit <= 0xDBFF:
			st.leadSurrogate = unit
		case unit >= 0xDC00 && unit <= 0xDFFF:
			if d.fail(s, 2) {
				return Malformed, i
			}
		default:
			s.putBMP(rune(unit))
		}
	}
	if last && (st.hasLeadByte || st.leadSurrogate != 0) {
		if !s.hasRoom() {
			return OutputFull, i
		}
		bad := 0
		if st.hasLeadByte {
			bad++
		}
		if st.leadSurrogate != 0 {
			bad += 2
		}
		*st = utf16DecoderState{}
		if d.fail(s, bad) {
			return Malformed, i
		}
	}
	return InputEmpty, i
}

// utf16Run is the shared UTF-16 decoder's fast path: it decodes whole code
// units that are not surrogates, and pairs of surrogates whose two units
// are both in src (emoji), while they fit, and returns the bytes read.
func utf16Run(s *sink, src []byte, bigEndian bool) int {
	hi, lo := 1, 0 // offsets of a unit's high and low bytes
	if bigEndian {
		hi, lo = 0, 1
	}
	i := 0
	if fastStores && len(src) >= 2 {
		units := unsafe.Slice((*uint16)(unsafe.Pointer(&src[0])), len(src)/2)
		if bigEndian {
			return utf16BERun(s, src, units)
		}
		return utf16LERun(s, units)
	}
	if s.wide {
		dst := s.u[s.n:]
		n := min(len(src)/2, len(dst))
		k := 0
		for ; k < n; k++ {
			u := uint16(src[2*k+hi])<<8 | uint16(src[2*k+lo])
			if u >= 0xD800 && u <= 0xDFFF {
				// A pair here, anything else in decodeUTF16.
				if u > 0xDBFF || k+1 == n {
					break
				}
				if v := uint16(src[2*k+2+hi])<<8 | uint16(src[2*k+2+lo]); v&0xFC00 == 0xDC00 {
					dst[k], dst[k+1] = u, v
					k++
					continue
				}
				break
			}
			dst[k] = u
		}
		s.n += k
		return 2 * k
	}
	dst, w := s.b, s.n
	for i+1 < len(src) && len(dst)-w >= 3 {
		u := uint16(src[i+hi])<<8 | uint16(src[i+lo])
		switch {
		case u < 0x80:
			dst[w] = byte(u)
			w++
		case u >= 0xD800 && u <= 0xDFFF:
			if u > 0xDBFF || i+3 >= len(src) || len(dst)-w < 4 {
				s.n = w
				return i
			}
			v := uint16(src[i+2+hi])<<8 | uint16(src[i+2+lo])
			if v&0xFC00 != 0xDC00 {
				s.n = w
				return i
			}
			putPairUTF8(dst, w, u, v)
			w += 4
			i += 2
		default:
			w = putBMPUTF8(dst, w, u)
		}
		i += 2
	}
	s.n = w
	return i
}

// utf16LERun is utf16Run for UTF-16LE where the machine is little-endian
// and reads unaligned words (fastStores): the input is already in code
// units, so runs without surrogates are a copy (UTF-16 output), and the
// UTF-8 output is utf16ToUTF8's, the UTF-8 encoder's converter from
// UTF-16. It returns the bytes read.
func utf16LERun(s *sink, units []uint16) int {
	if s.wide {
		k := copyUTF16Units(s.u[s.n:], units, false)
		s.n += k
		return 2 * k
	}
	r, w := utf16ToUTF8(s.b[s.n:], units)
	s.n += w
	return 2 * r
}

// utf16BERun is utf16LERun for UTF-16BE: each unit is byte-swapped as it
// is read.
func utf16BERun(s *sink, src []byte, units []uint16) int {
	if s.wide {
		k := copyUTF16Units(s.u[s.n:], units, true)
		s.n += k
		return 2 * k
	}
	dst, w := s.b, s.n
	i := 0
	vectorFrom := 0 // where the vector kernel may take over again
	wordsFrom := 0  // where utf16WordsToUTF8 may take over again
	for ; i < len(units) && len(dst)-w >= 3; i++ {
		if (useAVX2 || useNEON) && i >= vectorFrom && len(units)-i >= 16 && len(dst)-w >= 64 && neonTakes(bits.ReverseBytes16(units[i])) {
			r, n := utf16ToUTF8Vector(dst[w:], units[i:], true)
			i += r
			w += n
			vectorFrom = vectorResume(i, r)
			if i == len(units) || len(dst)-w < 3 {
				break
			}
		}
		u := bits.ReverseBytes16(units[i])
		switch {
		case u < 0x80:
			// Four ASCII units ahead (0x00, byte < 0x80 each, read as
			// little-endian words): a run for the vector kernel.
			if len(units)-i >= 4 && binary.LittleEndian.Uint64(src[2*i:])&0x80FF80FF80FF80FF == 0 {
				k := narrowASCIIUTF16(dst[w:], src[2*i:2*len(units)], true)
				w += k
				i += k - 1
				continue
			}
			dst[w] = byte(u)
			w++
		case u&0xF800 == 0xD800:
			if u > 0xDBFF || i+1 == len(units) || bits.ReverseBytes16(units[i+1])&0xFC00 != 0xDC00 || len(dst)-w < 4 {
				s.n = w
				return 2 * i
			}
			putPairUTF8(dst, w, u, bits.ReverseBytes16(units[i+1]))
			i, w = utf16PairsToUTF8(dst, w+4, units, i+2, true)
			i-- // and the loop's i++
		default:
			// Without the AVX2 kernels (which take the units after
			// this step), four units a step as in utf16ToUTF8.
			if !useAVX2 && i >= wordsFrom {
				end := wordsEnd(i, vectorFrom, len(units))
				r, n := utf16WordsToUTF8(dst[w:], units[i:end], true)
				w += n
				if i+r < end {
					wordsFrom = i + r + 4
				}
				if r > 0 {
					i += r - 1 // and the loop's i++
					continue
				}
			}
			w = putBMPUTF8(dst, w, u)
		}
	}
	s.n = w
	return 2 * i
}

// Byte orders for the kernels that read UTF-16 (copyUTF16AVX2,
// utf16ToUTF8AVX2, narrowASCIIAVX2 and their NEON twins): each 16-bit
// lane's bytes kept, or swapped.
var (
	unitsAsIs    = [16]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	unitsSwapped = [16]byte{1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14}
)

// unitOrder returns the byte order for units read as they are, or with
// their bytes swapped if swap (UTF-16BE read as little-endian words).
func unitOrder(swap bool) *[16]byte {
	if swap {
		return &unitsSwapped
	}
	return &unitsAsIs
}

// copyUTF16Units copies the code units of src (byte-swapped if swap) into
// dst up to the first surrogate that is not one of a pair in src, as many
// as fit, and returns how many. Units without surrogates go to
// copyUTF16Plain; after a surrogate, copyUTF16Pairs takes the units up to
// 16 past the last pair, so that text dense with emoji does not call the
// vector kernel for each.
func copyUTF16Units(dst, src []uint16, swap bool) int {
	n := min(len(src), len(dst))
	k := 0
	for {
		k = copyUTF16Plain(dst[:n], src[:n], k, swap)
		j := copyUTF16Pairs(dst[:n], src[:n], k, swap)
		if j == k {
			return k
		}
		k = j
	}
}

// copyUTF16Plain is copyUTF16Units from src[k] while its fast paths take
// the units (len(dst) == len(src)): the vector kernel, 16 or 32 units a
// step, and copyUTF16Words, 4, take steps whose surrogates pair up in
// them; the loops after them stop at the first surrogate.
func copyUTF16Plain(dst, src []uint16, k int, swap bool) int {
	n := len(src)
	if useNEON {
		k = copyUTF16NEONRuns(dst, src, k, swap)
	} else {
		if useAVX2 && n-k >= 16 {
			order := unitOrder(swap)
			k += copyUTF16AVX2(&dst[k], (*byte)(unsafe.Pointer(&src[k])), n-k, order)
		}
		if fastStores {
			k = copyUTF16Words(dst, src, k, swap)
		}
	}
	if swap {
		for ; k < n; k++ {
			u := bits.ReverseBytes16(src[k])
			if u&0xF800 == 0xD800 {
				break
			}
			dst[k] = u
		}
		return k
	}
	start := k
	for k < n && src[k]&0xF800 != 0xD800 {
		k++
	}
	copy(dst[start:k], src[start:k])
	return k
}

// copyUTF16Pairs is copyUTF16Units from src[k] a unit at a time: pairs of
// surrogates and the units between them, up to 16 units past the last
// pair, a surrogate that is not one of a pair, or the end of src (len(dst)
// == len(src)).
func copyUTF16Pairs(dst, src []uint16, k int, swap bool) int {
	limit := k + 16
	for k < len(src) && k < limit {
		u := src[k]
		if swap {
			u = bits.ReverseBytes16(u)
		}
		if u&0xF800 == 0xD800 {
			if u > 0xDBFF || k+1 == len(src) {
				break
			}
			v := src[k+1]
			if swap {
				v = bits.ReverseBytes16(v)
			}
			if v&0xFC00 != 0xDC00 {
				break
			}
			dst[k], dst[k+1] = u, v
			k += 2
			limit = k + 16
			continue
		}
		dst[k] = u
		k++
	}
	return k
}

// copyUTF16NEONRuns is copyUTF16Plain's fast paths with the NEON kernel,
// which stops at any step with a surrogate (16 units): copyUTF16Words takes
// that step (its surrogates may pair up in it: an emoji), and then the
// kernel again, while 16 units are left. Given the rest of src, the word
// loop would keep it: a UTF-16LE page with an emoji first ran at the
// portable code's 2.63 instructions a byte, not 0.63. It returns where
// the word loop stopped in a step (at a surrogate), or where fewer than 16
// units are left.
func copyUTF16NEONRuns(dst, src []uint16, k int, swap bool) int {
	order := unitOrder(swap)
	n := len(src)
	for n-k >= 16 {
		k += copyUTF16NEON(&dst[k], (*byte)(unsafe.Pointer(&src[k])), n-k, order)
		if n-k < 16 {
			break
		}
		end := k + 16
		j := copyUTF16Words(dst[:end], src[:end], k, swap)
		if j < end {
			return j
		}
		k = j
	}
	return k
}

// copyUTF16Words is copyUTF16Units from src[k] four units a step (fastStores:
// unaligned 8-byte loads and stores), while four are left and a step's
// surrogates are pairs in it, and returns where it stopped: the steps
// without a surrogate in copyUTF16PlainWords, those with one in
// copyUTF16PairWords.
func copyUTF16Words(dst, src []uint16, k int, swap bool) int {
	for {
		k = copyUTF16PlainWords(dst, src, k, swap)
		j := copyUTF16PairWords(dst, src, k, swap)
		if j == k {
			return k
		}
		k = j
	}
}

// copyUTF16PlainWords is copyUTF16Words while no unit is a surrogate
// (hasSurrogate). A loop of its own: with the pairs' test in it (in line
// or not), text without them ran 8% slower.
func copyUTF16PlainWords(dst, src []uint16, k int, swap bool) int {
	dp := unsafe.Pointer(unsafe.SliceData(dst))
	for ; k+4 <= len(src); k += 4 {
		x := load64u16(src, k)
		if swap {
			x = swapUnits(x)
		}
		if hasSurrogate(x) {
			break
		}
		*(*uint64)(unsafe.Add(dp, 2*k)) = x
	}
	return k
}

// copyUTF16PairWords is copyUTF16Words for steps with surrogates: while
// they are pairs in the step (pairedUnits: a high surrogate last waits for
// the next step, which starts there), up to four steps in a row without
// one, which it takes too (in a chat log, emoji come a few words apart).
func copyUTF16PairWords(dst, src []uint16, k int, swap bool) int {
	dp := unsafe.Pointer(unsafe.SliceData(dst))
	for without := 0; k+4 <= len(src) && without < 4; {
		x := load64u16(src, k)
		if swap {
			x = swapUnits(x)
		}
		without++
		if hasSurrogate(x) {
			without = 0
			switch pairedUnits(x) {
			case 0:
				return k
			case 3:
				// Nothing is written past what the step takes.
				*(*uint32)(unsafe.Add(dp, 2*k)) = uint32(x)
				*(*uint16)(unsafe.Add(dp, 2*k+4)) = uint16(x >> 32)
				k += 3
				continue
			}
		}
		*(*uint64)(unsafe.Add(dp, 2*k)) = x
		k += 4
	}
	return k
}

// pairedUnits returns how many of the four units of x, which hold a
// surrogate, copyUTF16Words takes: 4 where each low surrogate follows a
// high one and each high one is followed by a low one, 3 where that holds
// but for a high surrogate in the last unit, else 0.
func pairedUnits(x uint64) int {
	s := x & 0xFC00FC00FC00FC00
	highs := zeroUnits(s ^ 0xD800D800D800D800)
	lows := zeroUnits(s ^ 0xDC00DC00DC00DC00)
	if lows != highs<<16 {
		return 0
	}
	if highs>>63 != 0 {
		return 3
	}
	return 4
}

// zeroUnits returns bit 15 of each 16-bit lane of x that is zero: exactly,
// where hasZeroUnit's test may also mark a lane above a zero one.
func zeroUnits(x uint64) uint64 {
	const low15, lanes15 = 0x7FFF7FFF7FFF7FFF, 0x8000800080008000
	return ^(x | (x&low15 + low15)) & lanes15
}

// swapUnits swaps the bytes of each of the four 16-bit units of x.
func swapUnits(x uint64) uint64 {
	const lows = 0x00FF00FF00FF00FF
	return x>>8&lows | x&lows<<8
}

// hasSurrogate reports whether one of the four 16-bit units of x is a
// surrogate: one whose top five bits are 11011, where (u & 0xF800) ^ 0xD800
// is 0.
func hasSurrogate(x uint64) bool {
	return surrogateLanes(x) != 0
}

// surrogateLanes is hasSurrogate's test as a mask, non-zero where a unit of
// x is a surrogate, that can be ORed with others.
func surrogateLanes(x uint64) uint64 {
	return zeroUnitLanes(x&0xF800F800F800F800 ^ 0xD800D800D800D800)
}

func utf16Unit(first, second byte, bigEndian bool) uint16 {
	if bigEndian {
		return uint16(first)<<8 | uint16(second)
	}
	return uint16(second)<<8 | uint16(first)
}
