package codec

import (
	"unicode/utf16"
	"unicode/utf8"

	"github.com/whatenc/whatenc/indexes"
)

// Encoding is one of the standard's 40 encodings. Encodings are immutable
// values created by this package; compare them by pointer.
type Encoding struct {
	id     int
	name   string
	family family
	// sbIndex is the index single-byte of a single-byte encoding (section 9).
	sbIndex *indexes.SingleByte
	// sbIndexName names that index; ISO-8859-8 and ISO-8859-8-I share one.
	sbIndexName string
	// sbTables are the single-byte and x-user-defined decoders' tables.
	sbTables *singleByteTables
}

// The encodings, in the order of the standard's table (section 4.2), which is
// also the order of their IDs.
var (
	UTF8           = &Encoding{name: "UTF-8", family: familyUTF8}
	IBM866         = singleByte("IBM866", "ibm866")
	ISO8859_2      = singleByte("ISO-8859-2", "iso-8859-2")
	ISO8859_3      = singleByte("ISO-8859-3", "iso-8859-3")
	ISO8859_4      = singleByte("ISO-8859-4", "iso-8859-4")
	ISO8859_5      = singleByte("ISO-8859-5", "iso-8859-5")
	ISO8859_6      = singleByte("ISO-8859-6", "iso-8859-6")
	ISO8859_7      = singleByte("ISO-8859-7", "iso-8859-7")
	ISO8859_8      = singleByte("ISO-8859-8", "iso-8859-8")
	ISO8859_8I     = singleByte("ISO-8859-8-I", "iso-8859-8")
	ISO8859_10     = singleByte("ISO-8859-10", "iso-8859-10")
	ISO8859_13     = singleByte("ISO-8859-13", "iso-8859-13")
	ISO8859_14     = singleByte("ISO-8859-14", "iso-8859-14")
	ISO8859_15     = singleByte("ISO-8859-15", "iso-8859-15")
	ISO8859_16     = singleByte("ISO-8859-16", "iso-8859-16")
	KOI8R          = singleByte("KOI8-R", "koi8-r")
	KOI8U          = singleByte("KOI8-U", "koi8-u")
	Macintosh      = singleByte("macintosh", "macintosh")
	Windows874     = singleByte("windows-874", "windows-874")
	Windows1250    = singleByte("windows-1250", "windows-1250")
	Windows1251    = singleByte("windows-1251", "windows-1251")
	Windows1252    = singleByte("windows-1252", "windows-1252")
	Windows1253    = singleByte("windows-1253", "windows-1253")
	Windows1254    = singleByte("windows-1254", "windows-1254")
	Windows1255    = singleByte("windows-1255", "windows-1255")
	Windows1256    = singleByte("windows-1256", "windows-1256")
	Windows1257    = singleByte("windows-1257", "windows-1257")
	Windows1258    = singleByte("windows-1258", "windows-1258")
	XMacCyrillic   = singleByte("x-mac-cyrillic", "x-mac-cyrillic")
	GBK            = &Encoding{name: "GBK", family: familyGBK}
	GB18030        = &Encoding{name: "gb18030", family: familyGB18030}
	Big5           = &Encoding{name: "Big5", family: familyBig5}
	EUCJP          = &Encoding{name: "EUC-JP", family: familyEUCJP}
	ISO2022JP      = &Encoding{name: "ISO-2022-JP", family: familyISO2022JP}
	ShiftJIS       = &Encoding{name: "Shift_JIS", family: familyShiftJIS}
	EUCKR          = &Encoding{name: "EUC-KR", family: familyEUCKR}
	Replacement    = &Encoding{name: "replacement", family: familyReplacement}
	UTF16BE        = &Encoding{name: "UTF-16BE", family: familyUTF16BE}
	UTF16LE        = &Encoding{name: "UTF-16LE", family: familyUTF16LE}
	XUserDefined   = &Encoding{name: "x-user-defined", family: familyXUserDefined}
	allEncodings   = []*Encoding{UTF8, IBM866, ISO8859_2, ISO8859_3, ISO8859_4, ISO8859_5, ISO8859_6, ISO8859_7, ISO8859_8, ISO8859_8I, ISO8859_10, ISO8859_13, ISO8859_14, ISO8859_15, ISO8859_16, KOI8R, KOI8U, Macintosh, Windows874, Windows1250, Windows1251, Windows1252, Windows1253, Windows1254, Windows1255, Windows1256, Windows1257, Windows1258, XMacCyrillic, GBK, GB18030, Big5, EUCJP, ISO2022JP, ShiftJIS, EUCKR, Replacement, UTF16BE, UTF16LE, XUserDefined}
	encodingLabels = map[string]*Encoding{}
)

func singleByte(name, index string) *Encoding {
	return &Encoding{name: name, family: familySingleByte, sbIndex: indexes.SingleByteIndexes[index], sbIndexName: index}
}

func init() {
	byName := make(map[string]*Encoding, len(allEncodings))
	for i, e := range allEncodings {
		e.id = i
		byName[e.name] = e
	}
	// The labels come from the standard's encodings.json (generated into
	// package indexes); TestEncodingsMatchData checks the two lists agree.
	for _, group := range indexes.Encodings {
		if e := byName[group.Name]; e != nil {
			for _, label := range group.Labels {
				encodingLabels[label] = e
			}
		}
	}
}

// Encodings returns all 40 encodings in the order of the standard's table,
// which is the order of their IDs. The slice is a fresh copy.
func Encodings() []*Encoding {
	return append([]*Encoding(nil), allEncodings...)
}

// ByID returns the encoding whose ID is id, or nil if there is none.
func ByID(id int) *Encoding {
	if id < 0 || id >= len(allEncodings) {
		return nil
	}
	return allEncodings[id]
}

// NumEncodings is the number of encodings; IDs are 0 to NumEncodings-1.
const NumEncodings = 40

// maxLabelLen bounds the labels of encodings.json (the longest is 19 bytes);
// longer input cannot match after trimming, so lookups need no allocation.
const maxLabelLen = 32

// ForLabel implements "get an encoding" (section 4.2): label with leading and
// trailing ASCII whitespace removed, matched ASCII case-insensitively against
// the standard's labels. It returns nil for failure. Only ASCII whitespace
// (TAB, LF, FF, CR, SPACE) is trimmed and only ASCII letters are folded, so
// "utf-8 " matches and "utf8\u00a0" does not.
func ForLabel(label []byte) *Encoding {
	label = trimASCIIWhitespace(label)
	if len(label) > maxLabelLen {
		return nil
	}
	var buf [maxLabelLen]byte
	n := 0
	for _, c := range label {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	return encodingLabels[string(buf[:n])]
}

// Lookup is [ForLabel] for a string label.
func Lookup(label string) *Encoding {
	label = trimASCIIWhitespace(label)
	if len(label) > maxLabelLen {
		return nil
	}
	var buf [maxLabelLen]byte
	return ForLabel(buf[:copy(buf[:], label)])
}

// trimASCIIWhitespace removes leading and trailing ASCII whitespace.
func trimASCIIWhitespace[T string | []byte](s T) T {
	start, end := 0, len(s)
	for start < end && isASCIIWhitespace(s[start]) {
		start++
	}
	for end > start && isASCIIWhitespace(s[end-1]) {
		end--
	}
	return s[start:end]
}

// isASCIIWhitespace is Infra's ASCII whitespace: TAB, LF, FF, CR, SPACE.
func isASCIIWhitespace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

// Name returns the encoding's name as the standard spells it, such as
// "UTF-8", "Shift_JIS" or "gb18030".
func (e *Encoding) Name() string { return e.name }

// String returns the encoding's name.
func (e *Encoding) String() string { return e.name }

// ID returns the encoding's position in the standard's table (0 for UTF-8,
// 39 for x-user-defined), stable across releases.
func (e *Encoding) ID() int { return e.id }

// OutputEncoding implements "get an output encoding" (section 4.3): UTF-8 for
// replacement, UTF-16BE and UTF-16LE, the encoding itself otherwise.
func (e *Encoding) OutputEncoding() *Encoding {
	switch e.family {
	case familyReplacement, familyUTF16BE, familyUTF16LE:
		return UTF8
	}
	return e
}

// HasEncoder reports whether the standard defines an encoder for e (all
// encodings but replacement, UTF-16BE and UTF-16LE). [Encoding.NewEncoder]
// works for every encoding: it encodes to e's output encoding.
func (e *Encoding) HasEncoder() bool { return e.OutputEncoding() == e }

// IsSingleByte reports whether e is one of the legacy single-byte encodings
// of section 9.
func (e *Encoding) IsSingleByte() bool { return e.family == familySingleByte }

// ByteDecodeTable returns, for an encoding whose decoder maps every byte on
// its own (the single-byte encodings and x-user-defined), what it decodes
// each byte to: a code point, or -1 where the decoder reports an error. ok
// is false for the other encodings. The C library answers small calls
// with it (capi/registry.h); it comes from e's decoder itself.
func (e *Encoding) ByteDecodeTable() (t [256]rune, ok bool) {
	if !e.IsSingleByte() && e != XUserDefined {
		return t, false
	}
	var out [2]uint16
	for b := range t {
		d := e.NewDecoder(KeepBOM, Fatal)
		if r := d.DecodeToUTF16([]byte{byte(b)}, out[:], true); r.Status != InputEmpty || r.Written != 1 {
			t[b] = -1
		} else {
			t[b] = rune(out[0])
		}
	}
	return t, true
}

// PairDecodeTable returns, for the double-byte encodings (gb18030, GBK,
// Big5, EUC-JP, Shift_JIS, EUC-KR), what their decoder makes of each pair
// of bytes lead, trail with lead 0x80 or above, between characters:
// t[lead-0x80][trail] is the one code point the pair decodes to, or -1
// where it is not exactly one code point from exactly those two bytes (an
// error, a lead that needs more bytes, a byte that is a character on its
// own, Big5's pairs that decode to two code points). ok is false for the
// other encodings. The C library answers small calls with it
// (capi/registry.h); it comes from e's decoder itself.
func (e *Encoding) PairDecodeTable() (t *[128][256]rune, ok bool) {
	switch e.family {
	case familyGB18030, familyGBK, familyBig5, familyEUCJP, familyShiftJIS, familyEUCKR:
	default:
		return nil, false
	}
	t = new([128][256]rune)
	d := e.NewDecoder(KeepBOM, Fatal)
	var pair [2]byte
	var out [4]uint16
	for lead := range t {
		pair[0] = byte(0x80 + lead)
		for trail := range t[lead] {
			pair[1] = byte(trail)
			d.Reset()
			r := d.DecodeToUTF16(pair[:], out[:], true)
			t[lead][trail] = -1
			if r.Status != InputEmpty || r.Read != 2 {
				continue
			}
			switch {
			case r.Written == 1 && !utf16.IsSurrogate(rune(out[0])):
				t[lead][trail] = rune(out[0])
			case r.Written == 2 && utf16.IsSurrogate(rune(out[0])):
				if c := utf16.DecodeRune(rune(out[0]), rune(out[1])); c != utf8.RuneError {
					t[lead][trail] = c
				}
			}
		}
	}
	return t, true
}

// GB18030FourByteBMPPointers is the number of four-byte gb18030 pointers
// whose code points are in the BMP: pointers 0 to 39419 (section 5, index
// gb18030 ranges code point); the others that decode, 189000 to 1237575,
// are U+10000 onwards in order.
const GB18030FourByteBMPPointers = 39420

// FourByteDecodeTable returns, for gb18030 and GBK (whose decoder is
// gb18030's), what their decoder makes of each four-byte sequence whose
// pointer is below GB18030FourByteBMPPointers, between characters: t[p] is
// the code point the sequence with pointer p decodes to, or -1 where it is
// an error. ok is false for the other encodings. The C library answers
// small calls with it (capi/registry.h); it comes from e's decoder itself.
func (e *Encoding) FourByteDecodeTable() (t *[GB18030FourByteBMPPointers]rune, ok bool) {
	if e.family != familyGB18030 && e.family != familyGBK {
		return nil, false
	}
	t = new([GB18030FourByteBMPPointers]rune)
	d := e.NewDecoder(KeepBOM, Fatal)
	var out [4]uint16
	for p := range t {
		seq := gb18030FourByteSequence(p)
		d.Reset()
		r := d.DecodeToUTF16(seq[:], out[:], true)
		t[p] = -1
		if r.Status == InputEmpty && r.Read == 4 && r.Written == 1 && !utf16.IsSurrogate(rune(out[0])) {
			t[p] = rune(out[0])
		}
	}
	return t, true
}

// EncodesSupplementaryAsFourBytes reports whether e's encoder writes every
// code point past U+FFFF as the four-byte gb18030 sequence of pointer
// 189000 + (code point - 0x10000) (section 10.2.2: index gb18030 ranges
// pointer, whose last range starts there): gb18030's encoder does, GBK's
// does not (they are errors). The C library answers small calls with it
// (capi/registry.h).
func (e *Encoding) EncodesSupplementaryAsFourBytes() bool {
	return e.family == familyGB18030
}

// EncodesNoSupplementary reports whether e's encoder has no code point
// past U+FFFF (each is unmappable): true for the single-byte encodings,
// x-user-defined, GBK, EUC-JP, ISO-2022-JP, Shift_JIS and EUC-KR, whose
// indexes are of the BMP only; false for gb18030 (four bytes each), Big5
// (index Big5 has code points past U+FFFF), UTF-8, UTF-16BE and UTF-16LE
// and replacement (no encoder). The C library answers small calls with it
// (capi/registry.h).
func (e *Encoding) EncodesNoSupplementary() bool {
	switch e.family {
	case familySingleByte, familyXUserDefined, familyGBK, familyEUCJP, familyISO2022JP, familyShiftJIS, familyEUCKR:
		return true
	}
	return false
}

// BMPFourBytePointers returns, for gb18030, the pointer of the four-byte
// sequence its encoder writes for each code point U+0080 to U+FFFF that
// index gb18030 lacks (section 10.2.2, index gb18030 ranges pointer), or
// -1 where it writes one or two bytes or nothing (U+E5E5 is an error; the
// surrogates and ASCII are -1 too). ok is false for the other encodings
// (GBK's encoder writes no four-byte sequence). The C library answers small
// calls with it (capi/registry.h); it comes from e's encoder itself.
func (e *Encoding) BMPFourBytePointers() (t *[0x10000]int32, ok bool) {
	if e.family != familyGB18030 {
		return nil, false
	}
	t = new([0x10000]int32)
	for c := range t {
		t[c] = -1
	}
	e.encodeEachBMPCodePoint(func(c int, b []byte) {
		if len(b) == 4 {
			t[c] = int32(gb18030FourBytePointer(b[0], b[1], b[2], b[3]))
		}
	})
	return t, true
}

// BMPEncodeTable returns, for the encodings whose encoder writes each
// character on its own in one or two bytes (the single-byte encodings,
// x-user-defined, gb18030, GBK, Big5, EUC-JP, Shift_JIS, EUC-KR), what their
// encoder makes of each code point U+0080 to U+FFFF other than surrogates:
// the byte b as b, the two bytes lead, trail as lead<<8 | trail (lead is
// 0x81 or above), or 0 where the code point is unmappable or takes more
// bytes (gb18030's four-byte sequences). Entries below U+0080 and for
// surrogates are 0. For ISO-2022-JP, whose encoder switches states with
// escape sequences: the pair of bytes its jis0208 state writes, with 0x80
// added to both (as EUC-JP's), and for U+00A5 and U+203E the byte its Roman
// state writes. ok is false for the other encodings. The C library answers
// small calls with it (capi/registry.h); it comes from e's encoder itself.
func (e *Encoding) BMPEncodeTable() (t *[0x10000]uint16, ok bool) {
	entry := bytesEntry
	switch e.family {
	case familySingleByte, familyXUserDefined, familyGB18030, familyGBK, familyBig5, familyEUCJP, familyShiftJIS, familyEUCKR:
	case familyISO2022JP:
		entry = iso2022JPEntry
	default:
		return nil, false
	}
	t = new([0x10000]uint16)
	e.encodeEachBMPCodePoint(func(c int, b []byte) { t[c] = entry(b) })
	return t, true
}

// encodeEachBMPCodePoint calls f with each code point U+0080 to U+FFFF other
// than surrogates that e's encoder encodes without an error, alone, as the
// last input, and the bytes it writes (valid until f returns): the tables
// the C library answers small calls with come from the encoder itself.
func (e *Encoding) encodeEachBMPCodePoint(f func(c int, b []byte)) {
	enc := e.NewEncoder(Fatal)
	var in [1]uint16
	var out [8]byte
	for c := 0x80; c < 0x10000; c++ {
		if utf16.IsSurrogate(rune(c)) {
			continue
		}
		in[0] = uint16(c)
		enc.Reset()
		r := enc.EncodeFromUTF16(in[:], out[:], true)
		if r.Status == InputEmpty && r.Read == 1 {
			f(c, out[:r.Written])
		}
	}
}

// bytesEntry is BMPEncodeTable's entry for the bytes b an encoder wrote for
// a code point: b[0] for one byte, b[0]<<8 | b[1] for two, else 0.
func bytesEntry(b []byte) uint16 {
	switch len(b) {
	case 1:
		return uint16(b[0])
	case 2:
		return uint16(b[0])<<8 | uint16(b[1])
	}
	return 0
}

// iso2022JPEntry is BMPEncodeTable's entry for what ISO-2022-JP's encoder
// wrote from its ASCII state for a code point as the last input: for ESC $
// B, a pair, ESC ( B the pair with 0x80 added to both bytes; for ESC ( J, a
// byte, ESC ( B the byte.
func iso2022JPEntry(b []byte) uint16 {
	switch {
	case len(b) == 8 && [3]byte(b[:3]) == escJIS0208 && [3]byte(b[5:]) == escASCII:
		return uint16(b[3]|0x80)<<8 | uint16(b[4]|0x80)
	case len(b) == 7 && [3]byte(b[:3]) == escRoman && [3]byte(b[4:]) == escASCII:
		return uint16(b[3])
	}
	return 0
}

// ASCIICompatible reports whether e decodes every ASCII byte as itself when
// not inside a multi-byte sequence and encodes ASCII as itself: false for
// UTF-16BE, UTF-16LE, ISO-2022-JP and replacement.
func (e *Encoding) ASCIICompatible() bool {
	switch e.family {
	case familyUTF16BE, familyUTF16LE, familyISO2022JP, familyReplacement:
		return false
	}
	return true
}
