package codec

// The driver the double-byte decoders share: Big5 (section 11.1.1), EUC-KR
// (section 13.1.1) and Shift_JIS (section 12.3.1) differ only in which bytes
// stand alone and in how a lead and a trail byte make a pointer, which
// classifyByte and pair say for each family.

// byteKind classifies a non-ASCII byte for a double-byte decoder.
type byteKind uint8

const (
	leadByte   byteKind = iota // starts a two-byte sequence
	singleChar                 // a character by itself
	errorByte                  // an error by itself
)

// classifyByte classifies non-ASCII byte b for family f, and gives the code
// point of a singleChar.
func classifyByte(f family, b byte) (byteKind, rune) {
	if f == familyShiftJIS {
		switch {
		case b == 0x80:
			return singleChar, 0x80
		case b >= 0xA1 && b <= 0xDF:
			// Half-width katakana.
			return singleChar, 0xFF61 - 0xA1 + rune(b)
		case b == 0xA0 || b >= 0xFD:
			return errorByte, 0
		}
		return leadByte, 0
	}
	// Big5 and EUC-KR leads are 0x81 to 0xFE.
	if b == 0x80 || b == 0xFF {
		return errorByte, 0
	}
	return leadByte, 0
}

// pair decodes leading byte lead followed by byte b for family f. It returns
// how many of the two bytes it consumed (1 when b is an ASCII byte the
// standard restores after an error) and whether a Fatal decoder must stop.
func (d *Decoder) pair(f family, lead, b byte, s *sink) (n int, stop bool) {
	switch f {
	case familyBig5:
		return d.big5Pair(lead, b, s)
	case familyEUCKR:
		return d.eucKRPair(lead, b, s)
	}
	return d.shiftJISPair(lead, b, s)
}

// decodeDoubleByte runs family f's decoder over src; *lead is its leading
// byte (0x00 for none), kept between calls.
func (d *Decoder) decodeDoubleByte(f family, lead *byte, src []byte, s *sink, last bool) (Status, int) {
	i := 0
	if *lead != 0 && len(src) > 0 {
		// Finish the sequence an earlier call began.
		if !s.hasRoom() {
			return OutputFull, 0
		}
		l := *lead
		*lead = 0
		n, stop := d.pair(f, l, src[0], s)
		i = n - 1
		if stop {
			return Malformed, i
		}
	}
	for i < len(src) {
		if s.wide {
			i = decodePairsUTF16(f, src, i, s)
		} else {
			i = decodePairsUTF8(f, src, i, s)
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
		switch kind, c := classifyByte(f, b); kind {
		case singleChar:
			s.putIndex(c)
			i++
			continue
		case errorByte:
			i++
			if d.fail(s, 1) {
				return Malformed, i
			}
			continue
		}
		if i+1 == len(src) {
			*lead = b
			i++
			break
		}
		n, stop := d.pair(f, b, src[i+1], s)
		i += n
		if stop {
			return Malformed, i
		}
	}
	if last && *lead != 0 && i == len(src) {
		// End of queue after a lead byte: an error.
		if !s.hasRoom() {
			return OutputFull, i
		}
		*lead = 0
		if d.fail(s, 1) {
			return Malformed, i
		}
	}
	return InputEmpty, i
}
