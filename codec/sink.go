package codec

// sink is a decoder's output: a caller-provided UTF-8 or UTF-16 buffer and
// how much of it is written. Decoders check hasRoom once per character (the
// largest character a decoder step writes is [MinUTF8Output] bytes or
// [MinUTF16Output] code units), then write without further checks.
type sink struct {
	b    []byte   // UTF-8 output (when !wide)
	u    []uint16 // UTF-16 output (when wide)
	n    int      // bytes or code units written
	end  int      // hasRoom is n <= end
	wide bool
}

func newUTF8Sink(dst []byte) sink {
	return sink{b: dst, end: len(dst) - MinUTF8Output}
}

func newUTF16Sink(dst []uint16) sink {
	return sink{u: dst, end: len(dst) - MinUTF16Output, wide: true}
}

// hasRoom reports whether the next character, whatever it is, fits.
func (s *sink) hasRoom() bool { return s.n <= s.end }

// put writes scalar value r. The caller has checked hasRoom.
func (s *sink) put(r rune) {
	if s.wide {
		if r < 0x10000 {
			s.u[s.n] = uint16(r)
			s.n++
			return
		}
		r -= 0x10000
		s.u[s.n] = 0xD800 + uint16(r>>10)
		s.u[s.n+1] = 0xDC00 + uint16(r&0x3FF)
		s.n += 2
		return
	}
	s.n += putUTF8(s.b[s.n:], r)
}

// putBMP writes r < 0x10000 that is not a surrogate. The caller has checked
// hasRoom.
func (s *sink) putBMP(r rune) {
	if s.wide {
		s.u[s.n] = uint16(r)
		s.n++
		return
	}
	s.n += putUTF8(s.b[s.n:], r)
}

// putReplacement writes U+FFFD.
func (s *sink) putReplacement() { s.putBMP(0xFFFD) }

// putASCII copies the ASCII bytes at the start of src, as many as fit, and
// returns how many it copied.
func (s *sink) putASCII(src []byte) int {
	if s.wide {
		n := widenASCII(s.u[s.n:], src)
		s.n += n
		return n
	}
	n := copyASCII(s.b[s.n:], src)
	s.n += n
	return n
}

// putUTF8 writes the UTF-8 form of scalar value r to b, which has room for
// it, and returns its length (section 8.1.2, UTF-8 encoder).
func putUTF8(b []byte, r rune) int {
	switch {
	case r < 0x80:
		b[0] = byte(r)
		return 1
	case r < 0x800:
		_ = b[1]
		b[0] = 0xC0 | byte(r>>6)
		b[1] = 0x80 | byte(r)&0x3F
		return 2
	case r < 0x10000:
		_ = b[2]
		b[0] = 0xE0 | byte(r>>12)
		b[1] = 0x80 | byte(r>>6)&0x3F
		b[2] = 0x80 | byte(r)&0x3F
		return 3
	default:
		_ = b[3]
		b[0] = 0xF0 | byte(r>>18)
		b[1] = 0x80 | byte(r>>12)&0x3F
		b[2] = 0x80 | byte(r>>6)&0x3F
		b[3] = 0x80 | byte(r)&0x3F
		return 4
	}
}

// utf8Len is the length of scalar value r in UTF-8.
func utf8Len(r rune) int {
	switch {
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r < 0x10000:
		return 3
	}
	return 4
}

// putIndex writes c, a code point from a multi-byte index: U+0080 to U+FFFF
// and not a surrogate. It is putBMP with the common case (three bytes of
// UTF-8) small enough to inline into the decoders' loops. The caller has
// checked hasRoom.
func (s *sink) putIndex(c rune) {
	if c < 0x800 || s.wide {
		s.putBMP(c)
		return
	}
	b := s.b[s.n:]
	b[2] = 0x80 | byte(c)&0x3F
	b[1] = 0x80 | byte(c>>6)&0x3F
	b[0] = 0xE0 | byte(c>>12)
	s.n += 3
}

// putASCIIByte writes the ASCII byte b. The caller has checked hasRoom.
func (s *sink) putASCIIByte(b byte) {
	if s.wide {
		s.u[s.n] = uint16(b)
	} else {
		s.b[s.n] = b
	}
	s.n++
}
