package codec

// Helpers shared by the multi-byte (CJK) decoders: gb18030, Big5, EUC-JP,
// ISO-2022-JP, Shift_JIS and EUC-KR.

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
