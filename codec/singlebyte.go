package codec

// The legacy single-byte encodings (section 9) and x-user-defined (section
// 14.5), which is single-byte too but defined algorithmically.

// decodeSingleByte is the single-byte decoder (section 9.1).
func (d *Decoder) decodeSingleByte(src []byte, s *sink) (Status, int) {
	table := &allEncodings[d.enc].sbIndex.CodePoints
	i := 0
	for i < len(src) {
		if !s.hasRoom() {
			return OutputFull, i
		}
		b := src[i]
		if b < 0x80 {
			i += s.putASCII(src[i:])
			continue
		}
		i++
		if cp := table[b-0x80]; cp != 0 {
			s.putBMP(rune(cp))
		} else if d.fail(s, 1) {
			return Malformed, i
		}
	}
	return InputEmpty, i
}

// encodeSingleByte is the single-byte encoder (section 9.2).
func (e *Encoder) encodeSingleByte(c rune, dst []byte) (int, rune) {
	if len(dst) == 0 {
		return -1, -1
	}
	if c < 0x80 {
		dst[0] = byte(c)
		return 1, -1
	}
	if b, ok := e.encoding().sbIndex.Byte(c); ok {
		dst[0] = b
		return 1, -1
	}
	return 0, c
}

// decodeXUserDefined is the x-user-defined decoder (section 14.5.1): bytes
// 0x80 to 0xFF become U+F780 to U+F7FF.
func (d *Decoder) decodeXUserDefined(src []byte, s *sink) (Status, int) {
	i := 0
	for i < len(src) {
		if !s.hasRoom() {
			return OutputFull, i
		}
		b := src[i]
		if b < 0x80 {
			i += s.putASCII(src[i:])
			continue
		}
		s.putBMP(0xF780 + rune(b) - 0x80)
		i++
	}
	return InputEmpty, i
}

// encodeXUserDefined is the x-user-defined encoder (section 14.5.2).
func encodeXUserDefined(c rune, dst []byte) (int, rune) {
	if len(dst) == 0 {
		return -1, -1
	}
	switch {
	case c < 0x80:
		dst[0] = byte(c)
	case c >= 0xF780 && c <= 0xF7FF:
		dst[0] = byte(c - 0xF780 + 0x80)
	default:
		return 0, c
	}
	return 1, -1
}
