package codec

// family is an encoding's implementation: the decoder and encoder algorithms
// it shares with the other encodings of its family. Dispatch on it is an
// explicit switch, so a Decoder or Encoder has a fixed size.
type family uint8

const (
	familyUTF8 family = iota
	familySingleByte
	familyGBK
	familyGB18030
	familyBig5
	familyEUCJP
	familyISO2022JP
	familyShiftJIS
	familyEUCKR
	familyReplacement
	familyUTF16BE
	familyUTF16LE
	familyXUserDefined
)

// decoderState is the state of the standard's decoder instances. Each
// family keeps its own part; only the active family's part is in use.
type decoderState struct {
	utf8        utf8DecoderState
	utf16       utf16DecoderState
	replacement replacementDecoderState
	gb18030     gb18030DecoderState
	big5        big5DecoderState
	eucJP       eucJPDecoderState
	iso2022JP   iso2022JPDecoderState
	shiftJIS    shiftJISDecoderState
	euckr       eucKRDecoderState
}

// decoderStateBytes bounds the input bytes a decoder's state holds (a
// partial gb18030 four-byte sequence, a partial UTF-8 sequence); the
// maximum-length functions count them.
const decoderStateBytes = 4

func (st *decoderState) reset(e *Encoding) {
	*st = decoderState{}
}

// asciiIdle reports whether family f's decoder, in state st, decodes the
// next ASCII byte as itself: it is ASCII-compatible and between characters.
// (GBK and gb18030's second and third are 0 whenever first is.)
func (st *decoderState) asciiIdle(f family) bool {
	switch f {
	case familySingleByte, familyXUserDefined:
		return true
	case familyUTF8:
		return st.utf8.n == 0
	case familyGBK, familyGB18030:
		return st.gb18030.first == 0
	case familyBig5:
		return st.big5.lead == 0
	case familyEUCJP:
		return st.eucJP.lead == 0
	case familyShiftJIS:
		return st.shiftJIS.lead == 0
	case familyEUCKR:
		return st.euckr.lead == 0
	}
	return false
}

// decodeFamily runs the decoder of d's encoding over src. It returns the
// status and how many bytes of src it consumed.
func (d *Decoder) decodeFamily(src []byte, s *sink, last bool) (Status, int) {
	switch allEncodings[d.enc].family {
	case familyUTF8:
		return d.decodeUTF8(src, s, last)
	case familySingleByte:
		return d.decodeSingleByte(src, s)
	case familyUTF16BE:
		return d.decodeUTF16(src, s, last, true)
	case familyUTF16LE:
		return d.decodeUTF16(src, s, last, false)
	case familyXUserDefined:
		return d.decodeSingleByte(src, s)
	case familyReplacement:
		return d.decodeReplacement(src, s)
	case familyGBK, familyGB18030:
		return d.decodeGB18030(src, s, last)
	case familyBig5:
		return d.decodeDoubleByte(familyBig5, &d.st.big5.lead, src, s, last)
	case familyEUCJP:
		return d.decodeEUCJP(src, s, last)
	case familyISO2022JP:
		return d.decodeISO2022JP(src, s, last)
	case familyShiftJIS:
		return d.decodeDoubleByte(familyShiftJIS, &d.st.shiftJIS.lead, src, s, last)
	case familyEUCKR:
		return d.decodeDoubleByte(familyEUCKR, &d.st.euckr.lead, src, s, last)
	}
	// Unreachable: every family is handled above.
	return InputEmpty, len(src)
}

// encoderState is the state of the standard's encoder instances: only
// ISO-2022-JP's encoder has any.
type encoderState struct {
	iso2022JP iso2022JPEncoderState
}

// encodeFamily encodes scalar value c with the encoder of e's encoding into
// dst. It returns the number of bytes written, or -1 (writing nothing and
// keeping its state) when the output does not fit in dst. bad is -1 if c was
// encoded; otherwise it is the code point the standard's encoder returns an
// error with, after writing n bytes.
func (e *Encoder) encodeFamily(c rune, dst []byte) (n int, bad rune) {
	switch e.encoding().family {
	case familyUTF8:
		return encodeUTF8(c, dst)
	case familySingleByte:
		return e.encodeSingleByte(c, dst)
	case familyXUserDefined:
		return encodeXUserDefined(c, dst)
	case familyGBK:
		return encodeGB18030(c, dst, true)
	case familyGB18030:
		return encodeGB18030(c, dst, false)
	case familyBig5:
		return encodeBig5(c, dst)
	case familyEUCJP:
		return encodeEUCJP(c, dst)
	case familyISO2022JP:
		return encodeISO2022JP(&e.st.iso2022JP, c, dst)
	case familyShiftJIS:
		return encodeShiftJIS(c, dst)
	case familyEUCKR:
		return encodeEUCKR(c, dst)
	}
	// Unreachable: Encoders exist only for output encodings.
	return 0, c
}

// finish runs the encoder's end-of-queue step into dst: the ISO-2022-JP
// encoder returns to ASCII. It returns the bytes written, or -1 if they do
// not fit.
func (st *encoderState) finish(dst []byte) int {
	return finishISO2022JP(&st.iso2022JP, dst)
}
