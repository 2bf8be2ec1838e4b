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

// The encoders' fast paths from UTF-8. Each encodes ASCII runs and valid
// sequences of code points that its encoding maps directly, and returns
// where it stopped in src (at the end, at a malformed, unfinished,
// unmappable or otherwise special sequence, or when dst is full) for the
// general loop, which calls it again after each character it handles.

// encodeCJKRun dispatches to the fast path of enc's family, if it has one.
func (enc *Encoder) encodeCJKRun(src, dst []byte, i int, res *EncodeResult) int {
	switch enc.encoding().family {
	case familyGBK, familyGB18030:
		return encodeGB18030Run(src, dst, i, res)
	case familyBig5:
		return encodeBig5Run(src, dst, i, res)
	case familyEUCJP:
		return encodeEUCJPRun(src, dst, i, res)
	case familyISO2022JP:
		return encodeISO2022JPRun(&enc.st.iso2022JP, src, dst, i, res)
	case familyShiftJIS:
		return encodeShiftJISRun(src, dst, i, res)
	case familyEUCKR:
		return encodeEUCKRRun(src, dst, i, res)
	}
	return i
}
