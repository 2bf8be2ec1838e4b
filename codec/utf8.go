package codec

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
		if !s.hasRoom() {
			return OutputFull, i
		}
		if src[i] < 0x80 {
			i += s.putASCII(src[i:])
			continue
		}
		r, n := utf8Next(src[i:])
		switch {
		case r >= 0:
			if s.wide {
				s.put(r)
			} else {
				s.n += copy(s.b[s.n:], src[i:i+n])
			}
			i += n
		case r == utf8Incomplete && !last:
			st.n = uint8(copy(st.held[:], src[i:]))
			return InputEmpty, len(src)
		default:
			i += n
			if d.fail(s, n) {
				return Malformed, i
			}
		}
	}
	return InputEmpty, i
}

// encodeUTF8 is the UTF-8 encoder (section 8.1.2); it cannot fail.
func encodeUTF8(c rune, dst []byte) (int, rune) {
	if utf8Len(c) > len(dst) {
		return -1, -1
	}
	return putUTF8(dst, c), -1
}
