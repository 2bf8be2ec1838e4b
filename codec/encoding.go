package codec

import "github.com/whatenc/whatenc/indexes"

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
