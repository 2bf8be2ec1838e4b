package codec

import (
	"encoding/binary"
	"unsafe"
)

// UTF-8 (section 8.1).

// Results of utf8Next besides a scalar value.
const (
	utf8Invalid    rune = -1 // an error: the first n bytes are malformed
	utf8Incomplete rune = -2 // all n bytes are a valid but unfinished prefix
)

// utf8Next decodes the UTF-8 sequence at the start of p (len(p) > 0) as the
// UTF-8 decoder (section 8.1.1) does. It returns the scalar value and its
// length; or utf8Invalid and the length of the maximal malformed
// subsequence, which the decoder consumes before its error (the byte that
// ends it is restored, so it is not counted); or utf8Incomplete when all of
// p is a valid prefix of a longer sequence.
func utf8Next(p []byte) (r rune, n int) {
	b0 := p[0]
	if b0 < 0x80 {
		return rune(b0), 1
	}
	var need int
	lower, upper := byte(0x80), byte(0xBF)
	switch {
	case b0 >= 0xC2 && b0 <= 0xDF:
		need, r = 1, rune(b0&0x1F)
	case b0 >= 0xE0 && b0 <= 0xEF:
		need, r = 2, rune(b0&0x0F)
		if b0 == 0xE0 {
			lower = 0xA0
		} else if b0 == 0xED {
			upper = 0x9F
		}
	case b0 >= 0xF0 && b0 <= 0xF4:
		need, r = 3, rune(b0&0x07)
		if b0 == 0xF0 {
			lower = 0x90
		} else if b0 == 0xF4 {
			upper = 0x8F
		}
	default:
		return utf8Invalid, 1
	}
	for k := 1; k <= need; k++ {
		if k == len(p) {
			return utf8Incomplete, k
		}
		b := p[k]
		if b < lower || b > upper {
			return utf8Invalid, k
		}
		lower, upper = 0x80, 0xBF
		r = r<<6 | rune(b&0x3F)
	}
	return r, need + 1
}

// utf8DecoderState is the UTF-8 decoder's state: the bytes of an unfinished
// sequence, always a valid prefix.
type utf8DecoderState struct {
	n    uint8
	held [3]byte
}

// decodeUTF8 is the UTF-8 decoder (section 8.1.1).
func (d *Decoder) decodeUTF8(src []byte, s *sink, last bool) (Status, int) {
	i := 0
	st := &d.st.utf8
	if st.n > 0 {
		// Finish the sequence an earlier call began.
		if !s.hasRoom() {
			return OutputFull, 0
		}
		var buf [4]byte
		k := copy(buf[:], st.held[:st.n])
		m := copy(buf[k:], src)
		r, n := utf8Next(buf[:k+m])
		switch {
		case r == utf8Incomplete && !last:
			st.n = uint8(copy(st.held[:], buf[:n]))
			return InputEmpty, len(src)
		case r < 0:
			// Malformed, or unfinished at the end of the stream.
			st.n = 0
			i = n - k
			if d.fail(s, n) {
				return Malformed, i
			}
		default:
			st.n = 0
			i = n - k
			s.put(r)
		}
	}
	for i < len(src) {
		// The fast paths take whole valid sequences while they fit.
		var k int
		if s.wide {
			// Validate first (vectorised), then convert without checks:
			// a valid sequence never writes more code units than it has
			// bytes, so the run fits. Two passes cost ASCII-heavy text
			// (en.txt ~21 -> ~14 GB/s) and gain on other text (ja.txt
			// ~1.35 -> ~1.7 GB/s).
			k = utf8ValidPrefix(src[i:min(len(src), i+len(s.u)-s.n)])
			s.n += validUTF8ToUTF16(s.u[s.n:], src[i:i+k])
		} else {
			k = utf8CopyValidPrefix(s.b[s.n:], src[i:min(len(src), i+len(s.b)-s.n)])
			s.n += k
		}
		i += k
		if i == len(src) {
			break
		}
		// One malformed or unfinished sequence, or no room.
		r, n := utf8Next(src[i:])
		if r == utf8Incomplete && !last {
			// The input ends inside a sequence: it is held for the next
			// call, which writes it, so it needs no room in this one's
			// output. (Were it left to the caller, a 64 KiB chunk into a
			// 64 KiB buffer would take a second call, into Go, for the
			// one to three bytes a cut character has here: 0.1-0.2 us.)
			st.n = uint8(copy(st.held[:], src[i:]))
			return InputEmpty, len(src)
		}
		if !s.hasRoom() {
			return OutputFull, i
		}
		switch {
		case r >= 0:
			s.put(r)
			i += n
		default:
			i += n
			if d.fail(s, n) {
				return Malformed, i
			}
		}
	}
	return InputEmpty, i
}

// utf8Seq describes what may follow a UTF-8 lead byte (section 8.1.1): the
// sequence's length (0: not a lead byte) and the range of its second byte.
type utf8Seq struct {
	size, lower, upper byte
}

var utf8Seqs = func() (t [256]utf8Seq) {
	for b := 0; b < 0x80; b++ {
		t[b] = utf8Seq{1, 0, 0}
	}
	for b := 0xC2; b <= 0xDF; b++ {
		t[b] = utf8Seq{2, 0x80, 0xBF}
	}
	for b := 0xE0; b <= 0xEF; b++ {
		t[b] = utf8Seq{3, 0x80, 0xBF}
	}
	t[0xE0].lower, t[0xED].upper = 0xA0, 0x9F
	for b := 0xF0; b <= 0xF4; b++ {
		t[b] = utf8Seq{4, 0x80, 0xBF}
	}
	t[0xF0].lower, t[0xF4].upper = 0x90, 0x8F
	return t
}()

// utf8ValidPrefix returns the length of the longest prefix of p made of
// whole, valid UTF-8 sequences.
func utf8ValidPrefix(p []byte) int {
	return utf8CopyValidPrefix(nil, p)
}

// utf8CopyValidPrefix is utf8ValidPrefix that also copies the prefix into
// dst (unless dst is nil; else len(dst) >= len(p)), in the same pass where
// the vector validator runs. It may write into dst past the prefix (the
// start of a sequence p cuts; the text after an error where the AVX-512
// validator goes backward, or in the AVX2 validator's turn of four pairs
// that has it), never past len(p). Its branches follow the
// frequency of sequence lengths in text rather than the table in utf8Next.
func utf8CopyValidPrefix(dst, p []byte) int {
	i := 0
	if (useAVX2 || useNEON) && len(p) >= 64 {
		// The vector validator vouches for whole blocks (and copies them);
		// a sequence that the last of them cuts may be unfinished, so the
		// scalar loop takes over from that sequence's first byte.
		var d *byte
		if dst != nil {
			d = &dst[:len(p)][0]
		}
		var n int
		switch {
		case useAVX512 && len(p) >= 256:
			n = utf8ValidAVX512(d, p)
		case useAVX2:
			n = utf8ValidBlocksAVX2(d, &p[0], len(p))
		default:
			n = utf8ValidBlocksNEON(d, &p[0], len(p))
		}
		if n > 0 {
			i = utf8Resume(p, n)
		}
	}
	k := utf8ValidFrom(p, i)
	if dst != nil {
		copy(dst[i:k], p[i:k])
	}
	return k
}

// utf8ValidFrom is utf8ValidPrefix from p[i] on, a sequence's first byte:
// a word at a time for most of p (utf8WordsFrom), a sequence at a time for
// the end and to find where an error is.
func utf8ValidFrom(p []byte, i int) int {
	return utf8WordsFrom(p, i)
}

// utf8WordsFrom is utf8ValidFrom eight bytes a step, by the shape of a
// step rather than byte by byte: UTF-8 is valid where the continuation
// bytes (10xxxxxx) are exactly the byte after each lead of two bytes
// (110xxxxx), the two after each lead of three (1110xxxx) and the three
// after each lead of four (11110xxx), and where each lead allows its
// second byte (section 8.1.1: C0, C1 and F5..FF never; A0..BF after E0,
// 80..9F after ED, 90..BF after F0, 80..8F after F4; bits 5 and 4 of the
// second byte tell). All of that is a few word operations on the step's
// bytes' top bits, and the continuation bytes a step's last leads need
// carry into the next step. Steps with a lead of four bytes (emoji, rarer
// scripts) have a loop of their own, utf8FourByteSteps, so that the steps
// of other text (utf8WordSteps) keep their registers. A step that shows an
// error goes to utf8ValidSequencesFrom, a sequence at a time, which finds
// the error. It returns the length of the valid prefix.
func utf8WordsFrom(p []byte, i int) int {
	i, carry := utf8AllWordSteps(p, i)
	return utf8ValidSequencesFrom(p, utf8CarryStart(p, i, carry))
}

// utf8AllWordSteps runs utf8WordsFrom's steps from p[i], a sequence's
// first byte, the two loops in turns, while they pass and nine bytes are
// left, and returns where they stopped and the continuation bytes needed
// there.
func utf8AllWordSteps(p []byte, i int) (int, uint64) {
	var carry uint64
	for {
		i, carry = utf8WordSteps(p, i, carry)
		if i+9 > len(p) {
			return i, carry
		}
		j, c := utf8FourByteSteps(p, i, carry)
		if j == i {
			return i, carry // an error in the step at i
		}
		i, carry = j, c
	}
}

// utf8WordSteps runs utf8WordsFrom's steps from p[i] for text without
// leads of four bytes, given the continuation bytes the steps before need
// (carry: bit 7 for the step's byte 0, bit 15 for byte 1, bit 23 for byte
// 2), while they pass and nine bytes are left (a step reads the byte after
// it), and returns where it stopped and the continuation bytes needed
// there.
func utf8WordSteps(p []byte, i int, carry uint64) (int, uint64) {
	const h = highBits
	for ; i+9 <= len(p); i += 8 {
		x := load64(p, i)
		if x&h == 0 && carry == 0 {
			continue
		}
		// Bits 6, 5 and 4 of each byte moved to bit 7, where the masks
		// of bytes keep them (bit 7 only).
		x6, x5, x4 := x<<1, x<<2, x<<3
		conts := x &^ x6 & h
		leads := x & x6 & h
		leads3 := leads & x5 // and of four bytes, which stop the loop below
		// The leads that do not allow their second byte: C0 and C1 (bits
		// 4 to 1 clear); E0 unless bit 5 is set in the byte after it, ED
		// unless it is clear (a low nibble of 0 or D: bit 7 of nibble +
		// 7F clear).
		after5 := load64(p, i+1) << 2
		nibble := x & 0x0F0F0F0F0F0F0F0F
		allowed3 := (nibble+0x7F7F7F7F7F7F7F7F)&^after5 | (nibble^0x0D0D0D0D0D0D0D0D+0x7F7F7F7F7F7F7F7F)&after5
		bad := leads&x5&x4 | leads&^x5&^(x&0x1E1E1E1E1E1E1E1E+0x7F7F7F7F7F7F7F7F) | leads3&^allowed3
		if bad != 0 || conts != leads<<8|leads3<<16|carry {
			break
		}
		carry = leads>>56 | leads3>>48
	}
	return i, carry
}

// utf8FourByteSteps is utf8WordSteps for steps with leads of four bytes
// too, which it runs until four steps in a row without one have passed
// (utf8WordSteps takes the text after them: in text where emoji come
// between a few words, one step would go back and forth), or a step does
// not pass, or fewer than nine bytes are left.
func utf8FourByteSteps(p []byte, i int, carry uint64) (int, uint64) {
	const h, k7F = highBits, 0x7F7F7F7F7F7F7F7F
	for without := 0; i+9 <= len(p) && without < 4; {
		x := load64(p, i)
		x6, x5, x4 := x<<1, x<<2, x<<3
		conts := x &^ x6 & h
		leads := x & x6 & h
		leads3 := leads & x5 // and of four bytes
		leads4 := leads3 & x4
		after := load64(p, i+1)
		after5, after4 := after<<2, after<<3
		nibble := x & 0x0F0F0F0F0F0F0F0F
		// As in utf8WordSteps, and for leads of four bytes: F5..FF never
		// (a nibble of 5 or more: bit 7 of nibble + 7B set); F0 only with
		// bit 5 or 4 set in the byte after it, F4 with both clear.
		allowed3 := (nibble+k7F)&^after5 | (nibble^0x0D0D0D0D0D0D0D0D+k7F)&after5
		above8F := after5 | after4
		allowed4 := ((nibble+k7F)&^above8F | (nibble^0x0404040404040404+k7F)&above8F) &^ (nibble + 0x7B7B7B7B7B7B7B7B)
		bad := leads&^x5&^(x&0x1E1E1E1E1E1E1E1E+k7F) | leads3&^x4&^allowed3 | leads4&^allowed4
		if bad != 0 || conts != leads<<8|leads3<<16|leads4<<24|carry {
			break
		}
		carry = leads>>56 | leads3>>48 | leads4>>40
		i += 8
		without++
		if leads4 != 0 {
			without = 0
		}
	}
	return i, carry
}

// utf8Resume returns where validation goes on after a validator vouched
// for p[:i] (i > 0): the first byte of the sequence that p[i-1] is in, up
// to three bytes back over continuation bytes (more would be an error,
// which the validator then sees). A sequence that p[:i] ends in
// unfinished is an error only the bytes after it show, and the vector
// validators read the bytes before their input as ASCII.
func utf8Resume(p []byte, i int) int {
	i--
	for k := 0; k < 3 && i > 0 && p[i]&0xC0 == 0x80; k++ {
		i--
	}
	return i
}

// utf8CarryStart returns the first byte of the sequence that p[:i] ends in
// (i itself if none: carry, utf8WordsFrom's continuation bytes still
// needed, is 0).
func utf8CarryStart(p []byte, i int, carry uint64) int {
	if carry == 0 {
		return i
	}
	i--
	for p[i]&0xC0 == 0x80 {
		i--
	}
	return i
}

// utf8ValidSequencesFrom is utf8ValidPrefix from p[i] on, a sequence's
// first byte, a sequence at a time (a word at a time for ASCII).
func utf8ValidSequencesFrom(p []byte, i int) int {
	for i < len(p) {
		b := p[i]
		switch {
		case b < 0x80:
			if len(p)-i >= 8 && binary.LittleEndian.Uint64(p[i:])&highBits == 0 {
				i += 8
				continue
			}
			i++
		case b < 0xE0:
			// C2..DF and one continuation byte; 80..C1 are never leads.
			if b < 0xC2 || len(p)-i < 2 || p[i+1]&0xC0 != 0x80 {
				return i
			}
			i += 2
		case b < 0xF0:
			if len(p)-i < 3 {
				return i
			}
			b1, b2 := p[i+1], p[i+2]
			lead := uint32(b)<<8 | uint32(b1)
			// Continuation bytes, and neither an overlong form (E0 80..9F)
			// nor a surrogate (ED A0..BF).
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || lead-0xE080 < 0x20 || lead-0xEDA0 < 0x20 {
				return i
			}
			i += 3
		default:
			seq := utf8Seqs[b]
			if seq.size != 4 || len(p)-i < 4 || p[i+1] < seq.lower || p[i+1] > seq.upper || p[i+2]&0xC0 != 0x80 || p[i+3]&0xC0 != 0x80 {
				return i
			}
			i += 4
		}
	}
	return i
}

// validUTF8ToUTF16 converts src, which is whole, valid UTF-8, into dst,
// which has room, and returns the code units written.
func validUTF8ToUTF16(dst []uint16, src []byte) int {
	i, w := 0, 0
	vectorFrom := 0 // where the vector kernel may take over again
	wordsFrom := 0  // where utf8WordsToUTF16 may take over again
	for i < len(src) {
		if useAVX2 && i >= vectorFrom && len(src)-i >= 48 {
			r, n := utf8ToUTF16Vector(dst[w:], src[i:])
			i += r
			w += n
			vectorFrom = vectorResume(i, r) // it stopped near the end
			continue
		}
		b := src[i]
		switch {
		case b < 0x80:
			if len(src)-i >= 8 && binary.LittleEndian.Uint64(src[i:])&highBits == 0 {
				k := widenASCII(dst[w:], src[i:])
				i += k
				w += k
				continue
			}
			dst[w] = uint16(b)
			w++
			i++
		case b < 0xE0:
			// Without the vector kernel (which takes the bytes after this
			// sequence), eight bytes a step, and after a step it leaves
			// (an emoji in it, or CJK), from the byte after that step.
			if !useAVX2 && i >= wordsFrom {
				r, n := utf8WordsToUTF16(dst[w:], src[i:])
				i += r
				w += n
				wordsFrom = i + 8
				if r > 0 {
					continue
				}
			}
			dst[w] = uint16(b&0x1F)<<6 | uint16(src[i+1]&0x3F)
			w++
			i += 2
		case b < 0xF0:
			dst[w] = uint16(b&0x0F)<<12 | uint16(src[i+1]&0x3F)<<6 | uint16(src[i+2]&0x3F)
			w++
			i += 3
		default:
			r := rune(b&0x07)<<18 | rune(src[i+1]&0x3F)<<12 | rune(src[i+2]&0x3F)<<6 | rune(src[i+3]&0x3F) - 0x10000
			dst[w] = 0xD800 + uint16(r>>10)
			dst[w+1] = 0xDC00 + uint16(r&0x3FF)
			w += 2
			i += 4
		}
	}
	return w
}

// utf8ThreeByteStep is utf8WordsToUTF16's step of eight bytes x for a step
// with a lead of three or four bytes (leads: bit 7 of each lead byte),
// given the bytes after each (next) and the bytes two after (next2). It
// returns the units' low and high bytes, the bytes the step takes (a
// sequence that its last bytes begin takes the bytes after them), and
// false for a step it leaves: one with a byte F0..FF, or of three-byte
// sequences alone (Chinese, Japanese, Korean: there a character at a time
// is faster, its branch taken the same way each time). Apart from the
// loop, so that the steps without such a lead (the most, in Cyrillic or
// Greek) keep their registers: in line, the loop ran ru.txt 22% slower.
func utf8ThreeByteStep(x, next, next2, leads uint64) (low, high uint64, step int, ok bool) {
	const (
		bits01 = 0x0303030303030303
		bits05 = 0x3F3F3F3F3F3F3F3F
	)
	x5 := x << 2 // bit 5 at bit 7
	leads2, leads3 := leads&^x5, leads&x5
	if leads3&(x<<3) != 0 || x&highBits == highBits && leads2 == 0 {
		return 0, 0, 0, false
	}
	mask2, mask3 := leads2>>7*0xFF, leads3>>7*0xFF
	low = x&^(mask2|mask3) | (x&bits01<<6|next&bits05)&mask2 | (next&bits01<<6|next2&bits05)&mask3
	high = x&0x1C1C1C1C1C1C1C1C>>2&mask2 | (x&0x0F0F0F0F0F0F0F0F<<4|next&0x3C3C3C3C3C3C3C3C>>2)&mask3
	// A lead in the last byte takes one or two bytes more, a three-byte
	// lead before it one.
	return low, high, 8 + int(leads>>63+leads3>>63+leads3>>55&1), true
}

// utf8WordsToUTF16 converts the start of src, whole valid UTF-8 beginning
// at a character, into dst eight bytes a step while a step has no sequence
// of four bytes, and returns the bytes read and the code units written.
// That is the text of alphabetic scripts (Cyrillic, Greek, Arabic, Hebrew;
// Latin with diacritics, and Vietnamese's letters of three bytes), where a
// character at a time the choice of a sequence's length is a branch taken
// at random. Each byte of a step gets the unit of the character it begins
// (section 8.1.1's decoder: a two-byte lead's five bits and the next
// byte's six; a three-byte lead's four and the next two bytes' six), and
// every byte's unit is stored, but only one that begins a character moves
// the output on: a continuation byte's unit is overwritten by the next. A
// sequence that a step's last bytes begin takes the bytes after them. A
// run of ASCII longer than a step goes to widenASCII. It stops at a step
// with a byte F0..FF, at a step of three-byte sequences alone (Chinese,
// Japanese, Korean: there the branch is taken the same way each time, and
// a character at a time is faster), and where fewer than 10 bytes or 8
// units of room are left.
func utf8WordsToUTF16(dst []uint16, src []byte) (read, written int) {
	const (
		h      = highBits
		bits01 = 0x0303030303030303
		bits05 = 0x3F3F3F3F3F3F3F3F
	)
	i, w := 0, 0
	for len(src)-i >= 10 && len(dst)-w >= 8 {
		x := load64(src, i)
		if x&h == 0 {
			// A run of ASCII goes to widenASCII; eight bytes of it
			// between letters are widened here.
			if len(src)-i < 16 || load64(src, i+8)&h == 0 {
				k := widenASCII(dst[w:], src[i:])
				i += k
				w += k
				continue
			}
			widen8(dst, w, x)
			i += 8
			w += 8
			continue
		}
		x6 := x << 1 // bit 6 at bit 7
		leads := x & x6 & h
		starts := ^(x &^ x6) & h // not a continuation byte
		// Each byte's unit: its low byte, and its high byte (0 but for a
		// lead); and the bytes the step takes, a two-byte lead last
		// taking the byte after it.
		var low, high uint64
		step := 8 + int(leads>>63)
		if leads&(x<<2) == 0 {
			// One- and two-byte sequences alone (Cyrillic, Greek: the
			// most steps, and the cheapest).
			next := load64(src, i+1)
			mask := leads >> 7 * 0xFF
			low = x&^mask | (x&bits01<<6|next&bits05)&mask
			high = x & 0x1C1C1C1C1C1C1C1C >> 2 & mask
		} else {
			var ok bool
			low, high, step, ok = utf8ThreeByteStep(x, load64(src, i+1), load64(src, i+2), leads)
			if !ok {
				break
			}
		}
		if fastStores {
			p := unsafe.Pointer(unsafe.SliceData(dst))
			s := starts >> 7
			u := spread16(low&0xFFFFFFFF) | spread16(high&0xFFFFFFFF)<<8
			*(*uint16)(unsafe.Add(p, 2*w)) = uint16(u)
			w += int(s & 1)
			*(*uint16)(unsafe.Add(p, 2*w)) = uint16(u >> 16)
			w += int(s >> 8 & 1)
			*(*uint16)(unsafe.Add(p, 2*w)) = uint16(u >> 32)
			w += int(s >> 16 & 1)
			*(*uint16)(unsafe.Add(p, 2*w)) = uint16(u >> 48)
			w += int(s >> 24 & 1)
			u = spread16(low>>32) | spread16(high>>32)<<8
			*(*uint16)(unsafe.Add(p, 2*w)) = uint16(u)
			w += int(s >> 32 & 1)
			*(*uint16)(unsafe.Add(p, 2*w)) = uint16(u >> 16)
			w += int(s >> 40 & 1)
			*(*uint16)(unsafe.Add(p, 2*w)) = uint16(u >> 32)
			w += int(s >> 48 & 1)
			*(*uint16)(unsafe.Add(p, 2*w)) = uint16(u >> 48)
			w += int(s >> 56)
		} else {
			for k := 0; k < 64; k += 8 {
				dst[w] = uint16(low>>k&0xFF) | uint16(high>>k&0xFF)<<8
				w += int(starts >> (k + 7) & 1)
			}
		}
		i += step
	}
	return i, w
}

// encodeUTF8 is the UTF-8 encoder (section 8.1.2); it cannot fail.
func encodeUTF8(c rune, dst []byte) (int, rune) {
	if utf8Len(c) > len(dst) {
		return -1, -1
	}
	return putUTF8(dst, c), -1
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

// threeBytesCodePoint returns the code point of the three-byte UTF-8
// sequence in the low three bytes of x (a little-endian load), without
// checking that they are one: the word loops check the shape first, and a
// direct table has no entry for an overlong form or a surrogate.
func threeBytesCodePoint(x uint32) uint16 {
	return uint16((x&0x0F)<<12 | (x&0x3F00)>>2 | (x>>16)&0x3F)
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
