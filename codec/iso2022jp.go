package codec

import (
	"encoding/binary"
	"math/bits"
	"sync"
	"unsafe"

	"github.com/whatenc/whatenc/indexes"
)

// ISO-2022-JP (section 12.2).

// iso2022JPState is an ISO-2022-JP decoder state (section 12.2.1).
type iso2022JPState uint8

const (
	iso2022JPASCII iso2022JPState = iota
	iso2022JPRoman
	iso2022JPKatakana
	iso2022JPLeadByte
	iso2022JPTrailByte
	iso2022JPEscapeStart
	iso2022JPEscape
)

// iso2022JPDecoderState is the ISO-2022-JP decoder's decoder state, output
// state, leading and output.
type iso2022JPDecoderState struct {
	state, outputState iso2022JPState
	lead               byte
	output             bool
}

// selectState ends the escape state's steps for an escape sequence that
// selects state (section 12.2.1, escape state, step 7): state becomes the
// decoder state and the output state, and the output flag is set. It
// reports whether the flag was already set (an escape right after another
// one, with nothing output between them), which is an error.
func (st *iso2022JPDecoderState) selectState(state iso2022JPState) bool {
	st.state, st.outputState = state, state
	output := st.output
	st.output = true
	return output
}

// decodeISO2022JP is the ISO-2022-JP decoder (section 12.2.1). It runs the
// standard's handler byte by byte, with fast loops for runs of ASCII in the
// ASCII state and of byte pairs in the leading byte state.
func (d *Decoder) decodeISO2022JP(src []byte, s *sink, last bool) (Status, int) {
	st := &d.st.iso2022JP
	i := 0
	for i < len(src) {
		if !s.hasRoom() {
			return OutputFull, i
		}
		b := src[i]
		if b == 0x1B && i+2 < len(src) && st.state <= iso2022JPLeadByte {
			// A whole escape sequence, from a state where ESC starts one:
			// what the escape start and escape states do over three
			// bytes, at once (mode switches are frequent in Japanese text).
			if state, ok := iso2022JPEscapeState(src[i+1], src[i+2]); ok {
				i += 3
				st.lead = 0
				if st.selectState(state) && d.fail(s, 3) {
					return Malformed, i
				}
				continue
			}
		}
		switch st.state {
		case iso2022JPASCII:
			if n := iso2022JPASCIIPrefix(src[i:]); n > 0 {
				st.output = false
				i += s.putASCII(src[i : i+n])
				continue
			}
			i++
			switch {
			case b == 0x1B:
				st.state = iso2022JPEscapeStart
			default: // 0x0E, 0x0F or a byte 0x80 and above
				st.output = false
				if d.fail(s, 1) {
					return Malformed, i
				}
			}
		case iso2022JPRoman:
			i++
			switch {
			case b == 0x1B:
				st.state = iso2022JPEscapeStart
			case b == 0x5C:
				st.output = false
				s.putIndex(0xA5)
			case b == 0x7E:
				st.output = false
				s.putIndex(0x203E)
			case b < 0x80 && b != 0x0E && b != 0x0F:
				st.output = false
				s.putASCIIByte(b)
			default:
				st.output = false
				if d.fail(s, 1) {
					return Malformed, i
				}
			}
		case iso2022JPKatakana:
			i++
			switch {
			case b == 0x1B:
				st.state = iso2022JPEscapeStart
			case b >= 0x21 && b <= 0x5F:
				st.output = false
				s.putIndex(0xFF61 - 0x21 + rune(b))
			default:
				st.output = false
				if d.fail(s, 1) {
					return Malformed, i
				}
			}
		case iso2022JPLeadByte:
			// Pairs of bytes 0x21 to 0x7E: the common case.
			if k := iso2022JPPairs(src, i, s); k != i {
				st.output = false
				i = k
				continue
			}
			if b >= 0x21 && b <= 0x7E && i+1 < len(src) {
				if t := src[i+1]; t >= 0x21 && t <= 0x7E {
					st.output = false
					i += 2
					if c := indexes.JIS0208CodePoint(int(b-0x21)*94 + int(t-0x21)); c != 0 {
						s.putIndex(c)
					} else if d.fail(s, 2) {
						return Malformed, i
					}
					continue
				}
			}
			i++
			switch {
			case b == 0x1B:
				st.state = iso2022JPEscapeStart
			case b >= 0x21 && b <= 0x7E:
				st.output = false
				st.lead = b
				st.state = iso2022JPTrailByte
			default:
				st.output = false
				if d.fail(s, 1) {
					return Malformed, i
				}
			}
		case iso2022JPTrailByte:
			i++
			switch {
			case b == 0x1B:
				st.state = iso2022JPEscapeStart
				if d.fail(s, 1) {
					return Malformed, i
				}
			case b >= 0x21 && b <= 0x7E:
				st.state = iso2022JPLeadByte
				if c := indexes.JIS0208CodePoint(int(st.lead-0x21)*94 + int(b-0x21)); c != 0 {
					s.putIndex(c)
				} else if d.fail(s, 2) {
					return Malformed, i
				}
			default:
				st.state = iso2022JPLeadByte
				if d.fail(s, 2) {
					return Malformed, i
				}
			}
		case iso2022JPEscapeStart:
			if b == 0x24 || b == 0x28 {
				st.lead = b
				st.state = iso2022JPEscape
				i++
				continue
			}
			// Restore byte: it is not consumed.
			st.output = false
			st.state = st.outputState
			if d.fail(s, 1) {
				return Malformed, i
			}
		case iso2022JPEscape:
			lead := st.lead
			st.lead = 0
			state, ok := iso2022JPEscapeState(lead, b)
			if ok {
				i++
				if st.selectState(state) && d.fail(s, 3) {
					return Malformed, i
				}
				continue
			}
			// Restore « leading, byte »: byte is not consumed, leading goes
			// back in front of it.
			d.restore(lead)
			st.output = false
			st.state = st.outputState
			if status, cont := d.errStatus(d.fail(s, 1)); !cont {
				return status, i
			}
		}
	}
	if last && i == len(src) {
		// End of queue.
		switch st.state {
		case iso2022JPTrailByte, iso2022JPEscapeStart, iso2022JPEscape:
			if !s.hasRoom() {
				return OutputFull, i
			}
			bad := 1
			if st.state == iso2022JPEscape {
				d.restore(st.lead)
				st.lead = 0
			}
			if st.state == iso2022JPTrailByte {
				st.state = iso2022JPLeadByte
			} else {
				st.output = false
				st.state = st.outputState
			}
			if status, _ := d.errStatus(d.fail(s, bad)); status != InputEmpty {
				return status, i
			}
		}
	}
	return InputEmpty, i
}

// iso2022JPPairs decodes, in the leading byte state, the pairs of bytes
// 0x21 to 0x7E at src[i:] that map to a code point in index jis0208,
// straight into the sink while it has room, and returns where it stopped.
// The pointer is EUC-JP's for the same pair with 0x80 added to both bytes,
// so the double-byte decoders' tables serve: a unit, or packed UTF-8 in
// one 4-byte store.
func iso2022JPPairs(src []byte, i int, s *sink) int {
	n := s.n
	if s.wide {
		t := jis0208Index.utf16Table()
		dst := s.u
		if fastStores {
			// Two pairs a step (jis0208Bytes on four bytes).
			sp := unsafe.Pointer(unsafe.SliceData(src))
			for i+4 <= len(src) && len(dst)-n >= 2 {
				x := *(*uint32)(unsafe.Add(sp, i))
				if !jis0208Bytes(x) {
					break
				}
				p, p1 := jis0208Pointer(uint64(x)), jis0208Pointer(uint64(x>>16))
				u, u1 := t[p], t[p1]
				if u == 0 || u1 == 0 {
					break
				}
				dst[n], dst[n+1] = u, u1
				n += 2
				i += 4
			}
		}
		for i+1 < len(src) && len(dst)-n >= MinUTF16Output {
			l, c := src[i]-0x21, src[i+1]-0x21
			if l > 0x7E-0x21 || c > 0x7E-0x21 {
				break
			}
			u := t[int(l)*94+int(c)]
			if u == 0 {
				break
			}
			dst[n] = u
			n++
			i += 2
		}
		s.n = n
		return i
	}
	t := jis0208Index.utf8Table()
	dst := s.b
	if fastStores {
		// Two pairs a step (jis0208Bytes on four bytes), two entries
		// stored four bytes each. ja.txt and ja.html ISO-2022-JP to UTF-8,
		// old and new test binaries in turns, five rounds: 908 -> 1029 and
		// 1756 -> 1940 MB/s (medians).
		sp, dp := unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(unsafe.SliceData(dst))
		if len(t) >= 94*94 {
			// Four pairs a step while the run goes on (half of ja.txt's
			// runs of pairs are 24 bytes or longer), their entries read
			// without bounds checks: a pair of bytes 0x21 to 0x7E is less
			// than 94 * 94.
			tp := unsafe.Pointer(unsafe.SliceData(t))
			for i+8 <= len(src) && len(dst)-n >= 4*MinUTF8Output {
				x := *(*uint64)(unsafe.Add(sp, i))
				if !jis0208Bytes(x) {
					break
				}
				v := *(*uint32)(unsafe.Add(tp, 4*jis0208Pointer(x)))
				v1 := *(*uint32)(unsafe.Add(tp, 4*jis0208Pointer(x>>16)))
				v2 := *(*uint32)(unsafe.Add(tp, 4*jis0208Pointer(x>>32)))
				v3 := *(*uint32)(unsafe.Add(tp, 4*jis0208Pointer(x>>48)))
				if v == 0 || v1 == 0 || v2 == 0 || v3 == 0 {
					break
				}
				*(*uint32)(unsafe.Add(dp, n)) = v
				n += int(v >> 24)
				*(*uint32)(unsafe.Add(dp, n)) = v1
				n += int(v1 >> 24)
				*(*uint32)(unsafe.Add(dp, n)) = v2
				n += int(v2 >> 24)
				*(*uint32)(unsafe.Add(dp, n)) = v3
				n += int(v3 >> 24)
				i += 8
			}
		}
		for i+4 <= len(src) && len(dst)-n >= 2*MinUTF8Output {
			x := *(*uint32)(unsafe.Add(sp, i))
			if !jis0208Bytes(x) {
				break
			}
			p, p1 := jis0208Pointer(uint64(x)), jis0208Pointer(uint64(x>>16))
			v, v1 := t[p], t[p1]
			if v == 0 || v1 == 0 {
				break
			}
			*(*uint32)(unsafe.Add(dp, n)) = v
			n += int(v >> 24)
			*(*uint32)(unsafe.Add(dp, n)) = v1
			n += int(v1 >> 24)
			i += 4
		}
	}
	for i+1 < len(src) && len(dst)-n >= MinUTF8Output {
		l, c := src[i]-0x21, src[i+1]-0x21
		if l > 0x7E-0x21 || c > 0x7E-0x21 {
			break
		}
		v := t[int(l)*94+int(c)]
		if v == 0 {
			break
		}
		if fastStores {
			// Safe: the loop leaves MinUTF8Output bytes of room.
			*(*uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), n)) = v
		} else {
			binary.LittleEndian.PutUint32(dst[n:], v)
		}
		n += int(v >> 24)
		i += 2
	}
	s.n = n
	return i
}

// jis0208Bytes reports whether every byte of x is 0x21 to 0x7E: the bytes
// to which adding 0x5F sets bit 7 and adding 1 does not (a carry out of a
// byte outside that range reaches only the bytes after it, so the first
// such byte is always seen).
func jis0208Bytes[T uint32 | uint64](x T) bool {
	ones := ^T(0) / 0xFF // 0x01 in each byte
	return (^(x+0x5F*ones)|(x+ones))&(0x80*ones) == 0
}

// jis0208Pointer returns the pointer of the pair in x's two lowest bytes
// (the first lowest), bytes 0x21 to 0x7E.
func jis0208Pointer(x uint64) int {
	return int(x&0xFF-0x21)*94 + int(x>>8&0xFF-0x21)
}

// iso2022JPEscapeState returns the state an escape sequence ESC lead b
// selects (section 12.2.1, escape state, steps 3 to 6).
func iso2022JPEscapeState(lead, b byte) (iso2022JPState, bool) {
	switch {
	case lead == 0x28 && b == 0x42: // ESC ( B
		return iso2022JPASCII, true
	case lead == 0x28 && b == 0x4A: // ESC ( J
		return iso2022JPRoman, true
	case lead == 0x28 && b == 0x49: // ESC ( I
		return iso2022JPKatakana, true
	case lead == 0x24 && (b == 0x40 || b == 0x42): // ESC $ @, ESC $ B
		return iso2022JPLeadByte, true
	}
	return 0, false
}

// iso2022JPASCIIPrefix returns the length of the prefix of b that the ASCII
// state decodes as itself: bytes below 0x80 other than 0x0E, 0x0F and 0x1B.
func iso2022JPASCIIPrefix(b []byte) int {
	return iso2022JPCopyASCIIPrefix(nil, b)
}

// iso2022JPCopyASCIIPrefix is iso2022JPASCIIPrefix that also copies the
// prefix into dst (unless dst is nil; else len(dst) >= len(b)), for the
// encoder's ASCII state, in the pass that finds it. It may write into dst
// past the prefix, never past len(b). It looks at eight bytes at a time, or
// with AVX2 32.
func iso2022JPCopyASCIIPrefix(dst, b []byte) int {
	if useAVX2 && len(b) >= 32 {
		// Markup between Japanese text: 32 bytes a step.
		var d *byte
		if dst != nil {
			d = &dst[:len(b)][0]
		}
		return iso2022JPASCIIPrefixAVX2(d, &b[0], len(b))
	}
	n := iso2022JPASCIIPrefixWords(b)
	if dst != nil {
		copy(dst, b[:n])
	}
	return n
}

// iso2022JPASCIIPrefixWords is iso2022JPASCIIPrefix eight bytes at a time.
func iso2022JPASCIIPrefixWords(b []byte) int {
	const ones = 0x0101010101010101
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		esc := w ^ (0x1B * ones)
		so := (w &^ ones) ^ (0x0E * ones) // 0x0E and 0x0F
		if (w|(esc-ones)&^esc|(so-ones)&^so)&highBits != 0 {
			break
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c >= 0x80 || c == 0x0E || c == 0x0F || c == 0x1B {
			break
		}
	}
	return i
}

// iso2022JPEncoderState is the ISO-2022-JP encoder state (section 12.2.2).
type iso2022JPEncoderState uint8

const (
	iso2022JPEncASCII iso2022JPEncoderState = iota
	iso2022JPEncRoman
	iso2022JPEncJIS0208
)

// The escape sequences the encoder writes.
var (
	escASCII   = [3]byte{0x1B, 0x28, 0x42} // ESC ( B
	escRoman   = [3]byte{0x1B, 0x28, 0x4A} // ESC ( J
	escJIS0208 = [3]byte{0x1B, 0x24, 0x42} // ESC $ B
)

// encodeISO2022JP is the ISO-2022-JP encoder (section 12.2.2) for scalar
// value c. Where the standard writes an escape sequence and restores c,
// this writes the escape and c's bytes together, or nothing if both do not
// fit. On an error the state is ASCII or Roman, where the ASCII bytes of a
// numeric character reference encode as themselves.
func encodeISO2022JP(st *iso2022JPEncoderState, c rune, dst []byte) (int, rune) {
	if c < 0x80 {
		switch {
		case (c == 0x0E || c == 0x0F || c == 0x1B) && *st != iso2022JPEncJIS0208:
			// U+FFFD rather than c, to prevent attacks.
			return 0, 0xFFFD
		case *st == iso2022JPEncASCII, *st == iso2022JPEncRoman && c != 0x5C && c != 0x7E:
			if len(dst) < 1 {
				return -1, -1
			}
			dst[0] = byte(c)
			return 1, -1
		}
		// Restore c, switch to ASCII and encode c there.
		if c == 0x0E || c == 0x0F || c == 0x1B {
			// Only from jis0208: the escape, then the error.
			if len(dst) < 3 {
				return -1, -1
			}
			*st = iso2022JPEncASCII
			copy(dst, escASCII[:])
			return 3, 0xFFFD
		}
		if len(dst) < 4 {
			return -1, -1
		}
		*st = iso2022JPEncASCII
		copy(dst, escASCII[:])
		dst[3] = byte(c)
		return 4, -1
	}
	if c == 0xA5 || c == 0x203E {
		b := byte(0x5C)
		if c == 0x203E {
			b = 0x7E
		}
		if *st == iso2022JPEncRoman {
			if len(dst) < 1 {
				return -1, -1
			}
			dst[0] = b
			return 1, -1
		}
		if len(dst) < 4 {
			return -1, -1
		}
		*st = iso2022JPEncRoman
		copy(dst, escRoman[:])
		dst[3] = b
		return 4, -1
	}
	if c == 0x2212 {
		c = 0xFF0D
	}
	if c >= 0xFF61 && c <= 0xFF9F {
		c = indexes.ISO2022JPKatakanaCodePoint(int(c - 0xFF61))
	}
	p := indexes.JIS0208Pointer(c)
	if p < 0 {
		if *st == iso2022JPEncJIS0208 {
			if len(dst) < 3 {
				return -1, -1
			}
			*st = iso2022JPEncASCII
			copy(dst, escASCII[:])
			return 3, c
		}
		return 0, c
	}
	lead, trail := byte(p/94+0x21), byte(p%94+0x21)
	if *st != iso2022JPEncJIS0208 {
		if len(dst) < 5 {
			return -1, -1
		}
		*st = iso2022JPEncJIS0208
		copy(dst, escJIS0208[:])
		dst[3], dst[4] = lead, trail
		return 5, -1
	}
	if len(dst) < 2 {
		return -1, -1
	}
	dst[0], dst[1] = lead, trail
	return 2, -1
}

// finishISO2022JP is the ISO-2022-JP encoder's end-of-queue step (section
// 12.2.2, step 1): back to ASCII. It returns the bytes written, or -1 if they do not fit.
func finishISO2022JP(st *iso2022JPEncoderState, dst []byte) int {
	if *st == iso2022JPEncASCII {
		return 0
	}
	if len(dst) < 3 {
		return -1
	}
	*st = iso2022JPEncASCII
	return copy(dst, escASCII[:])
}

// encodeISO2022JPRun is the ISO-2022-JP encoder's fast path from UTF-8 (see
// encodeCJKRun): in the ASCII state, ASCII other than U+000E, U+000F and
// U+001B; in the jis0208 state, code points in index jis0208 other than
// U+00A5, U+203E and U+2212 (three-byte ones through EUC-JP's direct
// table, which has the same pointers with 0x80 added to both bytes: U+2212
// as U+FF0D included). Between the two it writes the escapes the
// standard's encoder writes there (a character that needs the other state
// is restored after its escape); the other escapes are the general loop's.
func encodeISO2022JPRun(st *iso2022JPEncoderState, src, dst []byte, i int, res *EncodeResult) int {
	w := res.Written
	t := iso2022JPTable()
	for {
		switch *st {
		case iso2022JPEncASCII:
			rest := src[i:]
			if len(rest) > len(dst)-w {
				rest = rest[:len(dst)-w]
			}
			k := iso2022JPCopyASCIIPrefix(dst[w:], rest)
			i += k
			w += k
			// A character of index jis0208 next: its escape.
			if i+2 < len(src) && len(dst)-w >= 5 {
				if jis0208Direct(t, utf8Three(src[i], src[i+1], src[i+2])) != 0 {
					w += copy(dst[w:], escJIS0208[:])
					*st = iso2022JPEncJIS0208
					continue
				}
			}
		case iso2022JPEncJIS0208:
			i, w = encodeJIS0208Three(t, src, dst, i, w)
			for i < len(src) && src[i] >= 0x80 && len(dst)-w >= 2 {
				c, n := rune(-1), 3
				if i+2 < len(src) {
					c = utf8Three(src[i], src[i+1], src[i+2])
					if v := jis0208Direct(t, c); v != 0 {
						dst[w], dst[w+1] = byte(v>>8), byte(v)
						w += 2
						i += 3
						continue
					}
				}
				if c < 0 {
					if c, n = nextScalar(src, i); n == 0 {
						break
					}
				}
				v := jis0208Pair(c)
				if v == 0 {
					break
				}
				dst[w], dst[w+1] = byte(v>>8), byte(v)
				w += 2
				i += n
			}
			// ASCII next (other than the three the ASCII state refuses):
			// its escape.
			if i < len(src) && len(dst)-w >= 4 {
				if b := src[i]; b < 0x80 && b != 0x0E && b != 0x0F && b != 0x1B {
					w += copy(dst[w:], escASCII[:])
					*st = iso2022JPEncASCII
					continue
				}
			}
		}
		res.Written = w
		return i
	}
}

// encodeJIS0208Three is encodeISO2022JPRun's inner loop in the jis0208
// state where words can be loaded and stored unaligned: three-byte
// sequences that t (iso2022JPTable) maps, a sequence and the byte after it
// in one load (the checks are those of encodeDirectThree). With AVX2 the
// CJK encoders' vector kernel, given t, takes eight at a time first, and
// again after each 48 bytes. It returns the new positions in src and dst.
func encodeJIS0208Three(t *directTable, src, dst []byte, i, w int) (int, int) {
	if !fastStores {
		return i, w
	}
	sp, dp := unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(unsafe.SliceData(dst))
	for {
		stop := len(src) - 4
		if useAVX2 {
			if len(src)-i >= 32 && eightThrees(sp, i) {
				r, n := encodeThreesAVX2((*byte)(unsafe.Add(dp, w)), len(dst)-w, (*byte)(unsafe.Add(sp, i)), len(src)-i, t)
				i += r
				w += n
			}
			stop = min(stop, i+48)
		}
		for i <= stop && w+2 <= len(dst) {
			x := *(*uint32)(unsafe.Add(sp, i))
			if x&0xC0C0F0 != 0x8080E0 {
				return i, w
			}
			v := t[threeBytesCodePoint(x)]
			if v == 0 {
				return i, w
			}
			*(*uint16)(unsafe.Add(dp, w)) = bits.ReverseBytes16(v) // first byte in the high half
			w += 2
			i += 3
		}
		if i > len(src)-4 || w+2 > len(dst) {
			return i, w
		}
	}
}

// iso2022JPTable returns the direct table of ISO-2022-JP's jis0208 state:
// EUC-JP's two-byte entries for index jis0208 (both bytes from 0xA1), less
// 0x80 each; 0 elsewhere (EUC-JP's half-width katakana, which ISO-2022-JP
// writes as full-width ones). Built on first use.
func iso2022JPTable() *directTable {
	iso2022JPDirect.once.Do(func() {
		eucJP := directTableFor(familyEUCJP)
		t := new(directTable)
		for c, v := range eucJP {
			if v >= 0xA100 {
				t[c] = v & 0x7F7F
			}
		}
		iso2022JPDirect.table = t
	})
	return iso2022JPDirect.table
}

var iso2022JPDirect struct {
	once  sync.Once
	table *directTable
}

// jis0208Pair returns the two bytes (first in the high half) of c in the
// jis0208 state, or 0 where the fast paths leave c to the general loop: c
// is not in index jis0208, or is U+00A5, U+203E or U+2212, which the
// encoder treats before the index.
func jis0208Pair(c rune) uint16 {
	if c == 0xA5 || c == 0x203E || c == 0x2212 {
		return 0
	}
	p := indexes.JIS0208Pointer(c)
	if p < 0 {
		return 0
	}
	return uint16(p/94+0x21)<<8 | uint16(p%94+0x21)
}

// jis0208Direct returns the two bytes (first in the high half) of c in
// the jis0208 state from iso2022JPTable t, or 0 if t has no entry for c
// (c may be -1): the halfwidth katakana, which ISO-2022-JP maps to
// fullwidth ones first, are left to the general loop.
func jis0208Direct(t *directTable, c rune) uint16 {
	if uint32(c) <= 0xFFFF {
		return t[c]
	}
	return 0
}

// encodeISO2022JPRunFromUTF16 is encodeISO2022JPRun for UTF-16 input.
func encodeISO2022JPRunFromUTF16(st *iso2022JPEncoderState, src []uint16, dst []byte) (read, written int) {
	i, w := 0, 0
	switch *st {
	case iso2022JPEncASCII:
		for i < len(src) && w < len(dst) {
			u := src[i]
			if u >= 0x80 || u == 0x0E || u == 0x0F || u == 0x1B {
				break
			}
			if len(src)-i >= 8 {
				// A run of ASCII (markup), narrowed at once, up to the
				// three controls the general loop takes.
				k := narrowASCII(dst[w:], src[i:])
				k = iso2022JPASCIIPrefix(dst[w : w+k])
				i += k
				w += k
				continue
			}
			dst[w] = byte(u)
			w++
			i++
		}
	case iso2022JPEncJIS0208:
		t := iso2022JPTable()
		vectorFrom := 0 // where the vector kernel may take over again
		for i < len(src) && w+1 < len(dst) {
			if useAVX2 && i >= vectorFrom && len(src)-i >= 16 && len(dst)-w >= 32 {
				// The units with an entry (Japanese text), up to another
				// unit (ASCII among them), which this loop takes, and the
				// 8 units after it before a kernel is tried again.
				r, n := encodeDirectFromUTF16(dst[w:], src[i:], t, 0)
				i += r
				w += n
				vectorFrom = i + 8
				continue
			}
			c := rune(src[i])
			if v := jis0208Direct(t, c); v != 0 {
				dst[w], dst[w+1] = byte(v>>8), byte(v)
				w += 2
				i++
				continue
			}
			v := jis0208Pair(c)
			if c < 0x80 || v == 0 {
				break
			}
			dst[w], dst[w+1] = byte(v>>8), byte(v)
			w += 2
			i++
		}
	}
	return i, w
}
