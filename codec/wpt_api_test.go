package codec

// The assertions of the web-platform-tests (WPT) encoding API tests
// (https://github.com/web-platform-tests/wpt, directory encoding/), which
// browsers are tested on, restated as Go tests of this package's API:
// TextDecoder, TextEncoder (TextEncoderEncodeUTF16, EncodeInto),
// TextDecoderStream, TextEncoderStream, labels and the decode hook. Each
// group names the WPT files it follows and the section of the Encoding
// Standard the behaviour comes from; the inputs and expected outputs are
// the standard's, checked against WPT's. Where the two disagree (WPT can lag
// the Living Standard), the test follows the standard and says so. What
// WPT tests only of the JavaScript bindings (IDL, argument conversions,
// SharedArrayBuffer, detached buffers, default arguments, realms) has no
// counterpart here, and neither have WPT's tests of the legacy encodings'
// tables (legacy-mb-*, single-byte-decoder).
//
// JavaScript strings are UTF-16 and Go strings UTF-8: where WPT compares a
// decoded string, these tests compare the Go string of the same scalar
// values, and the UTF-16 input of TextEncoder is a []uint16.

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// wptEncodings is the standard's table of encodings and labels (section
// 4.2, as encodings.json has it), which WPT's encoding/resources/encodings.js
// copies (older copies of it lack labels added since, such as "ms932" and
// "koi8-ru"). It is written out here, not taken from the generated tables, so
// that the label tests do not check the package against its own data.
var wptEncodings = []struct {
	name   string
	labels []string
}{
	{"UTF-8", []string{"unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"}},
	{"IBM866", []string{"866", "cp866", "csibm866", "ibm866"}},
	{"ISO-8859-2", []string{"csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987", "l2", "latin2"}},
	{"ISO-8859-3", []string{"csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3", "iso_8859-3:1988", "l3", "latin3"}},
	{"ISO-8859-4", []string{"csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4", "iso_8859-4:1988", "l4", "latin4"}},
	{"ISO-8859-5", []string{"csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144", "iso8859-5", "iso88595", "iso_8859-5", "iso_8859-5:1988"}},
	{"ISO-8859-6", []string{"arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-8859-6", "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596", "iso_8859-6", "iso_8859-6:1987"}},
	{"ISO-8859-7", []string{"csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-8859-7", "iso-ir-126", "iso8859-7", "iso88597", "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek"}},
	{"ISO-8859-8", []string{"csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8", "iso-8859-8-e", "iso-ir-138", "iso8859-8", "iso88598", "iso_8859-8", "iso_8859-8:1988", "visual"}},
	{"ISO-8859-8-I", []string{"csiso88598i", "iso-8859-8-i", "logical"}},
	{"ISO-8859-10", []string{"csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6"}},
	{"ISO-8859-13", []string{"iso-8859-13", "iso8859-13", "iso885913"}},
	{"ISO-8859-14", []string{"iso-8859-14", "iso8859-14", "iso885914"}},
	{"ISO-8859-15", []string{"csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9"}},
	{"ISO-8859-16", []string{"iso-8859-16"}},
	{"KOI8-R", []string{"cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"}},
	{"KOI8-U", []string{"koi8-ru", "koi8-u"}},
	{"macintosh", []string{"csmacintosh", "mac", "macintosh", "x-mac-roman"}},
	{"windows-874", []string{"dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874"}},
	{"windows-1250", []string{"cp1250", "windows-1250", "x-cp1250"}},
	{"windows-1251", []string{"cp1251", "windows-1251", "x-cp1251"}},
	{"windows-1252", []string{"ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252", "x-cp1252"}},
	{"windows-1253", []string{"cp1253", "windows-1253", "x-cp1253"}},
	{"windows-1254", []string{"cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9", "iso_8859-9:1989", "l5", "latin5", "windows-1254", "x-cp1254"}},
	{"windows-1255", []string{"cp1255", "windows-1255", "x-cp1255"}},
	{"windows-1256", []string{"cp1256", "windows-1256", "x-cp1256"}},
	{"windows-1257", []string{"cp1257", "windows-1257", "x-cp1257"}},
	{"windows-1258", []string{"cp1258", "windows-1258", "x-cp1258"}},
	{"x-mac-cyrillic", []string{"x-mac-cyrillic", "x-mac-ukrainian"}},
	{"GBK", []string{"chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58", "x-gbk"}},
	{"gb18030", []string{"gb18030"}},
	{"Big5", []string{"big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"}},
	{"EUC-JP", []string{"cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"}},
	{"ISO-2022-JP", []string{"csiso2022jp", "iso-2022-jp"}},
	{"Shift_JIS", []string{"csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis"}},
	{"EUC-KR", []string{"cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949"}},
	{"replacement", []string{"csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr", "replacement"}},
	{"UTF-16BE", []string{"unicodefffe", "utf-16be"}},
	{"UTF-16LE", []string{"csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le"}},
	{"x-user-defined", []string{"x-user-defined"}},
}

// wptDecoder makes a TextDecoder or fails the test.
func wptDecoder(t *testing.T, label string, fatal, ignoreBOM bool) *TextDecoder {
	t.Helper()
	d, err := NewTextDecoder(label, fatal, ignoreBOM)
	if err != nil {
		t.Fatalf("NewTextDecoder(%q, fatal=%v, ignoreBOM=%v): %v", label, fatal, ignoreBOM, err)
	}
	return d
}

// wptIsDecodeError reports whether err is a fatal decoder's error, the
// standard's TypeError.
func wptIsDecodeError(err error) bool {
	var de *DecodeError
	return errors.As(err, &de)
}

// wptCall is one decode(input, {stream}) call on a TextDecoder and its
// outcome: the text, or a DecodeError (fails).
type wptCall struct {
	in     []byte
	stream bool
	want   string
	fails  bool
}

// wptRunCalls makes the calls, in order, on one TextDecoder.
func wptRunCalls(t *testing.T, d *TextDecoder, calls []wptCall) {
	t.Helper()
	for i, c := range calls {
		got, err := d.Decode(c.in, c.stream)
		switch {
		case c.fails && !wptIsDecodeError(err):
			t.Errorf("%s call %d: decode(% x, stream=%v) = %q, %v; want a DecodeError", d.Encoding(), i, c.in, c.stream, got, err)
		case !c.fails && (err != nil || got != c.want):
			t.Errorf("%s call %d: decode(% x, stream=%v) = %q, %v; want %q", d.Encoding(), i, c.in, c.stream, got, err, c.want)
		}
	}
}

// wptPipeDecoder writes chunks to s and ends it, returning what its readable
// side would hold: the non-empty strings of each Write and of Flush, since
// "decode and enqueue a chunk" and "flush and enqueue" enqueue only a
// non-empty output chunk (section 7.5). It stops at the first error.
func wptPipeDecoder(s *TextDecoderStream, chunks [][]byte) ([]string, error) {
	var out []string
	for _, c := range chunks {
		text, err := s.Write(c)
		if err != nil {
			return out, err
		}
		if text != "" {
			out = append(out, text)
		}
	}
	text, err := s.Flush()
	if err != nil {
		return out, err
	}
	if text != "" {
		out = append(out, text)
	}
	return out, nil
}

// wptPipeEncoder is wptPipeDecoder for a TextEncoderStream ("encode and
// enqueue a chunk" and "encode and flush" enqueue only non-empty output,
// section 7.6).
func wptPipeEncoder(chunks [][]uint16) [][]byte {
	s := NewTextEncoderStream()
	var out [][]byte
	for _, c := range chunks {
		if b := s.Write(c); len(b) > 0 {
			out = append(out, b)
		}
	}
	if b := s.Flush(); len(b) > 0 {
		out = append(out, b)
	}
	return out
}

// web-platform-tests encoding/textdecoder-labels.any.js,
// encoding/api-encoding-names.html and
// encoding/textencoder-constructor-non-utf.any.js (its TextDecoder half):
// every label of every encoding but replacement gives a TextDecoder (and a
// TextDecoderStream) whose encoding getter is the encoding's name, ASCII
// lowercased, also with the label uppercased and with ASCII whitespace
// around it; and so does the name itself. Section 4.2 ("get an encoding":
// strip leading and trailing ASCII whitespace, match ASCII
// case-insensitively), section 7.1 (the encoding getter), sections 7.2 and
// 7.5 (the constructors).
func TestWPTLabels(t *testing.T) {
	whitespace := []string{" ", "\t", "\n", "\f", "\r"}
	n := 0
	for _, e := range wptEncodings {
		if e.name == "replacement" {
			continue
		}
		want := strings.ToLower(e.name)
		variants := []string{strings.ToUpper(e.name), e.name}
		for _, label := range e.labels {
			variants = append(variants, label, strings.ToUpper(label))
			for _, ws := range whitespace {
				variants = append(variants, ws+label, label+ws, ws+label+ws)
			}
		}
		for _, v := range variants {
			n++
			d, err := NewTextDecoder(v, false, false)
			if err != nil {
				t.Errorf("NewTextDecoder(%q): %v; want encoding %q", v, err, want)
			} else if d.Encoding() != want {
				t.Errorf("NewTextDecoder(%q).Encoding() = %q, want %q", v, d.Encoding(), want)
			}
			s, err := NewTextDecoderStream(v, false, false)
			if err != nil {
				t.Errorf("NewTextDecoderStream(%q): %v; want encoding %q", v, err, want)
			} else if s.Encoding() != want {
				t.Errorf("NewTextDecoderStream(%q).Encoding() = %q, want %q", v, s.Encoding(), want)
			}
		}
	}
	// api-encoding-names.html's cases, which the loop above covers too,
	// named for the reader: "utf-16" is UTF-16LE, "ascii" and "iso-8859-1"
	// are windows-1252.
	for label, want := range map[string]string{"utf-16": "utf-16le", "UTF-16": "utf-16le", "ASCII": "windows-1252", "iso-8859-1": "windows-1252"} {
		if d := wptDecoder(t, label, false, false); d.Encoding() != want {
			t.Errorf("NewTextDecoder(%q).Encoding() = %q, want %q", label, d.Encoding(), want)
		}
	}
	if n < 3000 {
		t.Fatalf("only %d label variants tried", n)
	}
}

// web-platform-tests encoding/api-replacement-encodings.any.js: the labels
// of the replacement encoding are labels ("get an encoding" returns
// replacement, section 4.2), but the TextDecoder and TextDecoderStream
// constructors reject them (sections 7.2 and 7.5, step 2: a RangeError).
func TestWPTReplacementLabelsRejected(t *testing.T) {
	for _, e := range wptEncodings {
		if e.name != "replacement" {
			continue
		}
		for _, label := range e.labels {
			if got := Lookup(label); got != Replacement {
				t.Errorf("Lookup(%q) = %v, want replacement", label, got)
			}
			if _, err := NewTextDecoder(label, false, false); !errors.Is(err, ErrReplacementEncoding) {
				t.Errorf("NewTextDecoder(%q): %v, want ErrReplacementEncoding", label, err)
			}
			if _, err := NewTextDecoderStream(label, true, true); !errors.Is(err, ErrReplacementEncoding) {
				t.Errorf("NewTextDecoderStream(%q): %v, want ErrReplacementEncoding", label, err)
			}
		}
	}
}

// web-platform-tests encoding/api-invalid-label.any.js: "invalid-invalidLabel",
// and every label with U+0000, U+000B, U+00A0, U+2028 or U+2029 before,
// after or around it, is not a label: those are not ASCII whitespace, so
// "get an encoding" (section 4.2) leaves them and fails, and the
// constructors reject the label (sections 7.2 and 7.5, a RangeError). The
// empty label fails too: the constructors' default "utf-8" applies only
// when no label is passed, which Go has no way to say.
func TestWPTInvalidLabels(t *testing.T) {
	invalid := []string{"invalid-invalidLabel", "", " ", "\t\n\f\r "}
	for _, e := range wptEncodings {
		for _, label := range e.labels {
			for _, ws := range []string{"\u0000", "\u000b", "\u00a0", "\u2028", "\u2029"} {
				invalid = append(invalid, ws+label, label+ws, ws+label+ws)
			}
		}
	}
	for _, label := range invalid {
		if got := Lookup(label); got != nil {
			t.Errorf("Lookup(%q) = %v, want failure", label, got)
		}
		if _, err := NewTextDecoder(label, false, false); !errors.Is(err, ErrUnknownLabel) {
			t.Errorf("NewTextDecoder(%q): %v, want ErrUnknownLabel", label, err)
		}
		if _, err := NewTextDecoderStream(label, false, false); !errors.Is(err, ErrUnknownLabel) {
			t.Errorf("NewTextDecoderStream(%q): %v, want ErrUnknownLabel", label, err)
		}
	}
}

// web-platform-tests encoding/api-legacy-utf-labels.any.js asserts that
// "unicode11utf8", "unicode20utf8", "x-unicode20utf8", "csunicode",
// "ucs-2", "unicode", "iso-10646-ucs-2", "unicodefeff" and "unicodefffe"
// are not labels (whatwg/encoding issue 168). The current standard lists
// them all (section 4.2: the first three for UTF-8, "unicodefffe" for
// UTF-16BE, the others for UTF-16LE); the test predates that change and we
// follow the standard. "dummy" is still no label.
func TestWPTLegacyUTFLabels(t *testing.T) {
	for label, want := range map[string]string{
		"unicode11utf8": "utf-8", "unicode20utf8": "utf-8", "x-unicode20utf8": "utf-8",
		"csunicode": "utf-16le", "ucs-2": "utf-16le", "unicode": "utf-16le",
		"iso-10646-ucs-2": "utf-16le", "unicodefeff": "utf-16le", "unicodefffe": "utf-16be",
	} {
		if d := wptDecoder(t, label, false, false); d.Encoding() != want {
			t.Errorf("NewTextDecoder(%q).Encoding() = %q, want %q", label, d.Encoding(), want)
		}
	}
	if _, err := NewTextDecoder("dummy", false, false); !errors.Is(err, ErrUnknownLabel) {
		t.Errorf("NewTextDecoder(%q): %v, want ErrUnknownLabel", "dummy", err)
	}
}

// web-platform-tests encoding/textdecoder-fatal.any.js and
// encoding/textdecoder-ignorebom.any.js, their attribute tests: the fatal
// and ignoreBOM getters (section 7.1) are false unless set.
func TestWPTDecoderAttributes(t *testing.T) {
	for _, c := range []struct{ fatal, ignoreBOM bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		d := wptDecoder(t, "utf-8", c.fatal, c.ignoreBOM)
		s, err := NewTextDecoderStream("utf-8", c.fatal, c.ignoreBOM)
		if err != nil {
			t.Fatal(err)
		}
		if d.Fatal() != c.fatal || d.IgnoreBOM() != c.ignoreBOM || s.Fatal() != c.fatal || s.IgnoreBOM() != c.ignoreBOM {
			t.Errorf("made with fatal=%v ignoreBOM=%v: TextDecoder says %v %v, TextDecoderStream %v %v",
				c.fatal, c.ignoreBOM, d.Fatal(), d.IgnoreBOM(), s.Fatal(), s.IgnoreBOM())
		}
	}
}

// web-platform-tests encoding/api-basics.any.js: a sample of an ASCII
// character, a Latin-1 one, a BMP one, a supplementary one, private use
// characters in and past the BMP and the non-character U+FFFE encodes to
// UTF-8 (TextEncoder, section 7.4) and decodes back from UTF-8, UTF-16LE,
// UTF-16BE and "utf-16" (TextDecoder, section 7.2; the UTF-8 decoder,
// section 8.1.1; the shared UTF-16 decoder, section 14.2.1). A trailing
// U+FFFE is no BOM and stays. TextEncoder's empty default input encodes to
// nothing.
func TestWPTBasics(t *testing.T) {
	const sample = "z\u00a2\u6c34\U0001D11E\uf8ff\U0010FFFD\ufffe"
	utf8Bytes := []byte{0x7A, 0xC2, 0xA2, 0xE6, 0xB0, 0xB4, 0xF0, 0x9D, 0x84, 0x9E, 0xEF, 0xA3, 0xBF, 0xF4, 0x8F, 0xBF, 0xBD, 0xEF, 0xBF, 0xBE}
	utf16leBytes := []byte{0x7A, 0x00, 0xA2, 0x00, 0x34, 0x6C, 0x34, 0xD8, 0x1E, 0xDD, 0xFF, 0xF8, 0xFF, 0xDB, 0xFD, 0xDF, 0xFE, 0xFF}
	utf16beBytes := []byte{0x00, 0x7A, 0x00, 0xA2, 0x6C, 0x34, 0xD8, 0x34, 0xDD, 0x1E, 0xF8, 0xFF, 0xDB, 0xFF, 0xDF, 0xFD, 0xFF, 0xFE}

	if got := TextEncoderEncode(sample); !bytes.Equal(got, utf8Bytes) {
		t.Errorf("TextEncoderEncode(%q) = % x, want % x", sample, got, utf8Bytes)
	}
	if got := TextEncoderEncodeUTF16(utf16.Encode([]rune(sample))); !bytes.Equal(got, utf8Bytes) {
		t.Errorf("TextEncoderEncodeUTF16(%q) = % x, want % x", sample, got, utf8Bytes)
	}
	for _, c := range []struct {
		label string
		in    []byte
	}{{"utf-8", utf8Bytes}, {"utf-16le", utf16leBytes}, {"utf-16be", utf16beBytes}, {"utf-16", utf16leBytes}} {
		got, err := wptDecoder(t, c.label, false, false).Decode(c.in, false)
		if err != nil || got != sample {
			t.Errorf("%s: decode(% x) = %q, %v; want %q", c.label, c.in, got, err, sample)
		}
	}
	if got := TextEncoderEncode(""); len(got) != 0 {
		t.Errorf("TextEncoderEncode(\"\") = % x, want nothing", got)
	}
	if got := TextEncoderEncodeUTF16(nil); len(got) != 0 {
		t.Errorf("TextEncoderEncodeUTF16(nil) = % x, want nothing", got)
	}
}

// web-platform-tests encoding/textdecoder-byte-order-marks.any.js: a
// TextDecoder for UTF-8, UTF-16LE or UTF-16BE decodes a sample the same
// with and without its own BOM (serialize I/O queue drops a leading
// U+FEFF, section 7.1), and does not take another encoding's BOM for one:
// those bytes are decoded as what they are. Where the other BOM is a
// UTF-16 one, what it decodes to is easy to state: FF FE and FE FF are two
// malformed bytes for UTF-8 (two U+FFFD, section 8.1.1) and the code point
// U+FFFE for the UTF-16 decoder of the other byte order; the three bytes
// of the UTF-8 BOM shift a UTF-16 decoder's code units by one byte, so WPT's
// "not the sample" is all we assert there. One TextDecoder makes all the calls of one encoding,
// as in WPT: each call without stream starts anew (section 7.2, decode()
// step 1, "BOM seen" false again).
func TestWPTByteOrderMarks(t *testing.T) {
	const sample = "z\u00a2\u6c34\U0001D11E\U0010FFFD"
	cases := []struct {
		label string
		bom   []byte
		body  []byte
	}{
		{"utf-8", []byte{0xEF, 0xBB, 0xBF}, []byte{0x7A, 0xC2, 0xA2, 0xE6, 0xB0, 0xB4, 0xF0, 0x9D, 0x84, 0x9E, 0xF4, 0x8F, 0xBF, 0xBD}},
		{"utf-16le", []byte{0xFF, 0xFE}, []byte{0x7A, 0x00, 0xA2, 0x00, 0x34, 0x6C, 0x34, 0xD8, 0x1E, 0xDD, 0xFF, 0xDB, 0xFD, 0xDF}},
		{"utf-16be", []byte{0xFE, 0xFF}, []byte{0x00, 0x7A, 0x00, 0xA2, 0x6C, 0x34, 0xD8, 0x34, 0xDD, 0x1E, 0xDB, 0xFF, 0xDF, 0xFD}},
	}
	// exact[label][bom label] is the prefix the standard decodes the other
	// BOM to, where it is easy to state.
	exact := map[string]map[string]string{
		"utf-8":    {"utf-16le": "\ufffd\ufffd", "utf-16be": "\ufffd\ufffd"},
		"utf-16le": {"utf-16be": "\ufffe"},
		"utf-16be": {"utf-16le": "\ufffe"},
	}
	for _, c := range cases {
		d := wptDecoder(t, c.label, false, false)
		for _, in := range [][]byte{c.body, append(append([]byte{}, c.bom...), c.body...)} {
			if got, err := d.Decode(in, false); err != nil || got != sample {
				t.Errorf("%s: decode(% x) = %q, %v; want %q", c.label, in, got, err, sample)
			}
		}
		for _, o := range cases {
			if o.label == c.label {
				continue
			}
			in := append(append([]byte{}, o.bom...), c.body...)
			got, err := d.Decode(in, false)
			if err != nil || got == sample {
				t.Errorf("%s: decode(% x) with the %s BOM = %q, %v; want other text than the sample", c.label, in, o.label, got, err)
			}
			if prefix, ok := exact[c.label][o.label]; ok && got != prefix+sample {
				t.Errorf("%s: decode(% x) = %q, want %q", c.label, in, got, prefix+sample)
			}
		}
	}
}

// web-platform-tests encoding/textdecoder-ignorebom.any.js and
// encoding/streams/decode-ignore-bom.any.js: with ignoreBOM the BOM of
// UTF-8, UTF-16LE and UTF-16BE is decoded to U+FEFF and kept, without it
// it is removed (section 7.1, serialize I/O queue); for TextDecoderStream
// also when the input is split inside or after the BOM.
func TestWPTIgnoreBOM(t *testing.T) {
	cases := []struct {
		label string
		in    []byte
	}{
		{"utf-8", []byte{0xEF, 0xBB, 0xBF, 0x61, 0x62, 0x63}},
		{"utf-16le", []byte{0xFF, 0xFE, 0x61, 0x00, 0x62, 0x00, 0x63, 0x00}},
		{"utf-16be", []byte{0xFE, 0xFF, 0x00, 0x61, 0x00, 0x62, 0x00, 0x63}},
	}
	for _, c := range cases {
		for _, ignoreBOM := range []bool{true, false} {
			want := "abc"
			if ignoreBOM {
				want = "\ufeffabc"
			}
			if got, err := wptDecoder(t, c.label, false, ignoreBOM).Decode(c.in, false); err != nil || got != want {
				t.Errorf("%s ignoreBOM=%v: decode(% x) = %q, %v; want %q", c.label, ignoreBOM, c.in, got, err, want)
			}
			for split := 0; split < 4; split++ {
				s, err := NewTextDecoderStream(c.label, false, ignoreBOM)
				if err != nil {
					t.Fatal(err)
				}
				out, err := wptPipeDecoder(s, [][]byte{c.in[:split], c.in[split:]})
				if got := strings.Join(out, ""); err != nil || got != want {
					t.Errorf("%s ignoreBOM=%v TextDecoderStream split at %d: %q, %v; want %q", c.label, ignoreBOM, split, got, err, want)
				}
			}
		}
	}
}

// web-platform-tests encoding/textdecoder-fatal.any.js: a fatal TextDecoder
// fails (the standard's TypeError, section 7.2) on each of these: bytes
// that are never UTF-8, a sequence the input ends inside, a lead byte
// without its continuation bytes, five- and six-byte forms, overlong forms
// and surrogates (the UTF-8 decoder's bounds, section 8.1.1), and an odd
// byte at the end of UTF-16 (section 14.2.1).
func TestWPTFatal(t *testing.T) {
	bad := []struct {
		label, name string
		in          []byte
	}{
		{"utf-8", "invalid code", []byte{0xFF}},
		{"utf-8", "ends early", []byte{0xC0}},
		{"utf-8", "ends early 2", []byte{0xE0}},
		{"utf-8", "invalid trail", []byte{0xC0, 0x00}},
		{"utf-8", "invalid trail 2", []byte{0xC0, 0xC0}},
		{"utf-8", "invalid trail 3", []byte{0xE0, 0x00}},
		{"utf-8", "invalid trail 4", []byte{0xE0, 0xC0}},
		{"utf-8", "invalid trail 5", []byte{0xE0, 0x80, 0x00}},
		{"utf-8", "invalid trail 6", []byte{0xE0, 0x80, 0xC0}},
		{"utf-8", "> 0x10FFFF", []byte{0xFC, 0x80, 0x80, 0x80, 0x80, 0x80}},
		{"utf-8", "obsolete lead byte", []byte{0xFE, 0x80, 0x80, 0x80, 0x80, 0x80}},
		{"utf-8", "overlong U+0000, 2 bytes", []byte{0xC0, 0x80}},
		{"utf-8", "overlong U+0000, 3 bytes", []byte{0xE0, 0x80, 0x80}},
		{"utf-8", "overlong U+0000, 4 bytes", []byte{0xF0, 0x80, 0x80, 0x80}},
		{"utf-8", "overlong U+0000, 5 bytes", []byte{0xF8, 0x80, 0x80, 0x80, 0x80}},
		{"utf-8", "overlong U+0000, 6 bytes", []byte{0xFC, 0x80, 0x80, 0x80, 0x80, 0x80}},
		{"utf-8", "overlong U+007F, 2 bytes", []byte{0xC1, 0xBF}},
		{"utf-8", "overlong U+007F, 3 bytes", []byte{0xE0, 0x81, 0xBF}},
		{"utf-8", "overlong U+007F, 4 bytes", []byte{0xF0, 0x80, 0x81, 0xBF}},
		{"utf-8", "overlong U+007F, 5 bytes", []byte{0xF8, 0x80, 0x80, 0x81, 0xBF}},
		{"utf-8", "overlong U+007F, 6 bytes", []byte{0xFC, 0x80, 0x80, 0x80, 0x81, 0xBF}},
		{"utf-8", "overlong U+07FF, 3 bytes", []byte{0xE0, 0x9F, 0xBF}},
		{"utf-8", "overlong U+07FF, 4 bytes", []byte{0xF0, 0x80, 0x9F, 0xBF}},
		{"utf-8", "overlong U+07FF, 5 bytes", []byte{0xF8, 0x80, 0x80, 0x9F, 0xBF}},
		{"utf-8", "overlong U+07FF, 6 bytes", []byte{0xFC, 0x80, 0x80, 0x80, 0x9F, 0xBF}},
		{"utf-8", "overlong U+FFFF, 4 bytes", []byte{0xF0, 0x8F, 0xBF, 0xBF}},
		{"utf-8", "overlong U+FFFF, 5 bytes", []byte{0xF8, 0x80, 0x8F, 0xBF, 0xBF}},
		{"utf-8", "overlong U+FFFF, 6 bytes", []byte{0xFC, 0x80, 0x80, 0x8F, 0xBF, 0xBF}},
		{"utf-8", "overlong U+10FFFF, 5 bytes", []byte{0xF8, 0x84, 0x8F, 0xBF, 0xBF}},
		{"utf-8", "overlong U+10FFFF, 6 bytes", []byte{0xFC, 0x80, 0x84, 0x8F, 0xBF, 0xBF}},
		{"utf-8", "lead surrogate", []byte{0xED, 0xA0, 0x80}},
		{"utf-8", "trail surrogate", []byte{0xED, 0xB0, 0x80}},
		{"utf-8", "surrogate pair", []byte{0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80}},
		{"utf-16le", "truncated code unit", []byte{0x00}},
	}
	for _, c := range bad {
		d := wptDecoder(t, c.label, true, false)
		if got, err := d.Decode(c.in, false); !wptIsDecodeError(err) {
			t.Errorf("%s, %s: fatal decode(% x) = %q, %v; want a DecodeError", c.label, c.name, c.in, got, err)
		}
	}
}

// web-platform-tests encoding/textdecoder-fatal.any.js, "Error seen with
// fatal does not prevent future decodes": after a call without stream
// fails, the next call starts with a new decoder (section 7.2, decode()
// step 1), so a whole U+2665 decodes again.
func TestWPTFatalThenDecode(t *testing.T) {
	heart := []byte{0xE2, 0x99, 0xA5}
	wptRunCalls(t, wptDecoder(t, "utf-8", true, false), []wptCall{
		{in: heart, want: "\u2665"},
		{in: heart[:2], fails: true},
		{in: heart, want: "\u2665"},
	})
}

// web-platform-tests encoding/textdecoder-fatal-streaming.any.js: an
// unfinished sequence at the end of a call without stream is an error
// (fatal) or one U+FFFD (replacement); with stream it is kept for the next
// call, whose bytes complete it or leave a byte over at the end. Sections
// 7.2 (decode()), 8.1.1 and 14.2.1 (end-of-queue inside a sequence).
func TestWPTFatalStreaming(t *testing.T) {
	for _, c := range []struct {
		label string
		in    []byte
	}{{"utf-8", []byte{0xC0}}, {"utf-16le", []byte{0x00}}, {"utf-16be", []byte{0x00}}} {
		if got, err := wptDecoder(t, c.label, true, false).Decode(c.in, false); !wptIsDecodeError(err) {
			t.Errorf("%s: fatal decode(% x) = %q, %v; want a DecodeError", c.label, c.in, got, err)
		}
		if got, err := wptDecoder(t, c.label, false, false).Decode(c.in, false); err != nil || got != "\ufffd" {
			t.Errorf("%s: decode(% x) = %q, %v; want U+FFFD", c.label, c.in, got, err)
		}
	}
	odd, even := []byte{0x00}, []byte{0x00, 0x00}
	wptRunCalls(t, wptDecoder(t, "utf-16le", true, false), []wptCall{
		{in: odd, stream: true, want: ""},
		{in: odd, want: "\x00"},
		{in: even, stream: true, want: "\x00"},
		{in: odd, fails: true},
		{in: odd, stream: true, want: ""},
		{in: even, fails: true},
		{in: even, stream: true, want: "\x00"},
		{in: even, want: "\x00"},
	})
}

// web-platform-tests encoding/textdecoder-utf16-surrogates.any.js: UTF-16LE
// with a lone lead or trail surrogate, one followed by U+0000, or a trail
// before a lead decodes each unpaired surrogate to U+FFFD, or fails in fatal
// mode (the shared UTF-16 decoder, section 14.2.1).
func TestWPTUTF16Surrogates(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"lone surrogate lead", []byte{0x00, 0xD8}, "\ufffd"},
		{"lone surrogate trail", []byte{0x00, 0xDC}, "\ufffd"},
		{"unmatched surrogate lead", []byte{0x00, 0xD8, 0x00, 0x00}, "\ufffd\x00"},
		{"unmatched surrogate trail", []byte{0x00, 0xDC, 0x00, 0x00}, "\ufffd\x00"},
		{"swapped surrogate pair", []byte{0x00, 0xDC, 0x00, 0xD8}, "\ufffd\ufffd"},
	} {
		if got, err := wptDecoder(t, "utf-16le", false, false).Decode(c.in, false); err != nil || got != c.want {
			t.Errorf("%s: decode(% x) = %q, %v; want %q", c.name, c.in, got, err, c.want)
		}
		if got, err := wptDecoder(t, "utf-16le", true, false).Decode(c.in, false); !wptIsDecodeError(err) {
			t.Errorf("%s: fatal decode(% x) = %q, %v; want a DecodeError", c.name, c.in, got, err)
		}
	}
}

// web-platform-tests encoding/textdecoder-fatal-single-byte.any.js: a fatal
// TextDecoder for a single-byte encoding fails on exactly the bytes whose
// pointer (byte - 0x80) has no code point in the encoding's index and
// decodes every other byte (the single-byte decoder, section 9.1; the
// indexes, section 5). The bytes listed are those the standard's index
// files lack, which are WPT's lists too.
func TestWPTFatalSingleByte(t *testing.T) {
	span := func(from, to byte) []byte {
		var b []byte
		for c := int(from); c <= int(to); c++ {
			b = append(b, byte(c))
		}
		return b
	}
	hebrew := append(append([]byte{0xA1, 0xBF}, span(0xC0, 0xDE)...), 0xFB, 0xFC, 0xFF)
	for _, c := range []struct {
		label string
		bad   []byte
	}{
		{"IBM866", nil},
		{"ISO-8859-2", nil},
		{"ISO-8859-3", []byte{0xA5, 0xAE, 0xBE, 0xC3, 0xD0, 0xE3, 0xF0}},
		{"ISO-8859-4", nil},
		{"ISO-8859-5", nil},
		{"ISO-8859-6", append(append(append(append(append(
			span(0xA1, 0xA3), span(0xA5, 0xAB)...), span(0xAE, 0xBA)...), span(0xBC, 0xBE)...),
			0xC0, 0xDB, 0xDC, 0xDD, 0xDE, 0xDF), span(0xF3, 0xFF)...)},
		{"ISO-8859-7", []byte{0xAE, 0xD2, 0xFF}},
		{"ISO-8859-8", hebrew},
		{"ISO-8859-8-I", hebrew},
		{"ISO-8859-10", nil},
		{"ISO-8859-13", nil},
		{"ISO-8859-14", nil},
		{"ISO-8859-15", nil},
		{"ISO-8859-16", nil},
		{"KOI8-R", nil},
		{"KOI8-U", nil},
		{"macintosh", nil},
		{"windows-874", []byte{0xDB, 0xDC, 0xDD, 0xDE, 0xFC, 0xFD, 0xFE, 0xFF}},
		{"windows-1250", nil},
		{"windows-1251", nil},
		{"windows-1252", nil},
		{"windows-1253", []byte{0xAA, 0xD2, 0xFF}},
		{"windows-1254", nil},
		{"windows-1255", []byte{0xD9, 0xDA, 0xDB, 0xDC, 0xDD, 0xDE, 0xDF, 0xFB, 0xFC, 0xFF}},
		{"windows-1256", nil},
		{"windows-1257", []byte{0xA1, 0xA5}},
		{"windows-1258", nil},
		{"x-mac-cyrillic", nil},
	} {
		bad := make(map[byte]bool)
		for _, b := range c.bad {
			bad[b] = true
		}
		for i := 0; i < 256; i++ {
			in := []byte{byte(i)}
			got, err := wptDecoder(t, c.label, true, false).Decode(in, false)
			switch {
			case bad[byte(i)] && !wptIsDecodeError(err):
				t.Errorf("%s: fatal decode(%02x) = %q, %v; want a DecodeError", c.label, i, got, err)
			case !bad[byte(i)] && (err != nil || len([]rune(got)) != 1 || got == "\ufffd"):
				t.Errorf("%s: fatal decode(%02x) = %q, %v; want one code point", c.label, i, got, err)
			case i < 0x80 && got != string(rune(i)):
				t.Errorf("%s: decode(%02x) = %q, want the ASCII byte", c.label, i, got)
			}
		}
	}
}

// web-platform-tests encoding/textdecoder-eof.any.js and the "UTF-8 EOF
// handling" case of encoding/streams/decode-utf8.any.js: a UTF-8 sequence
// cut short by the end of the input is one U+FFFD, however many of its
// bytes came (section 8.1.1, step 2 on end-of-queue); a byte that does not
// continue the sequence ends it as one error and is decoded again
// ("restore", step 6); the same across streaming calls, and for Big5, whose
// decoder restores the second byte only if it is ASCII (section 11.1.1).
// 0x81 and 0x87 are not trail bytes of Big5 at all, so no pointer is
// looked up for them.
func TestWPTEndOfQueue(t *testing.T) {
	for _, c := range []struct {
		label string
		in    []byte
		want  string
	}{
		{"utf-8", []byte{0xF0}, "\ufffd"},
		{"utf-8", []byte{0xF0, 0x9F}, "\ufffd"},
		{"utf-8", []byte{0xF0, 0x9F, 0x92}, "\ufffd"},
		{"utf-8", []byte{0xF0, 0x9F, 0x41}, "\ufffdA"},
		{"utf-8", []byte{0xF0, 0x41, 0x42}, "\ufffdAB"},
		{"utf-8", []byte{0xF0, 0x41, 0xF0}, "\ufffdA\ufffd"},
		{"utf-8", []byte{0xF0, 0x8F, 0x92}, "\ufffd\ufffd\ufffd"},
		{"Big5", []byte{0x81, 0x40}, "\ufffd@"},
		{"Big5", []byte{0x81, 0x81}, "\ufffd"},
		{"Big5", []byte{0x87, 0x87, 0x40}, "\ufffd@"},
	} {
		if got, err := wptDecoder(t, c.label, false, false).Decode(c.in, false); err != nil || got != c.want {
			t.Errorf("%s: decode(% x) = %q, %v; want %q", c.label, c.in, got, err, c.want)
		}
	}
	wptRunCalls(t, wptDecoder(t, "utf-8", false, false), []wptCall{
		{in: []byte{0xF0}, stream: true, want: ""},
		{in: nil, want: "\ufffd"},
		{in: []byte{0xF0}, stream: true, want: ""},
		{in: []byte{0x9F}, stream: true, want: ""},
		{in: nil, want: "\ufffd"},
		{in: []byte{0xF0, 0x9F}, stream: true, want: ""},
		{in: []byte{0x92}, want: "\ufffd"},
		{in: []byte{0xF0, 0x9F}, stream: true, want: ""},
		{in: []byte{0x41}, stream: true, want: "\ufffdA"},
		{in: nil, want: ""},
		{in: []byte{0xF0, 0x41, 0x42}, stream: true, want: "\ufffdAB"},
		{in: nil, want: ""},
		{in: []byte{0xF0, 0x41, 0xF0}, stream: true, want: "\ufffdA"},
		{in: nil, want: "\ufffd"},
		{in: []byte{0xF0}, stream: true, want: ""},
		{in: []byte{0x8F}, stream: true, want: "\ufffd\ufffd"},
		{in: []byte{0x92}, stream: true, want: "\ufffd"},
		{in: nil, want: ""},
		{in: []byte{0xF0, 0xC2, 0x80, 0x2A}, stream: true, want: "\ufffd\u0080*"},
		{in: nil, want: ""},
		{in: []byte{0xF0}, stream: true, want: ""},
		{in: []byte{0xC2}, stream: true, want: "\ufffd"},
		{in: []byte{0x80}, stream: true, want: "\u0080"},
		{in: []byte{0x2A}, stream: true, want: "*"},
		{in: nil, want: ""},
		{in: []byte{0xF0}, stream: true, want: ""},
		{in: []byte{0xC2}, stream: true, want: "\ufffd"},
		{in: []byte{0x80, 0x2A}, stream: true, want: "\u0080*"},
		{in: nil, want: ""},
		{in: []byte{0xF0}, stream: true, want: ""},
		{in: []byte{0xC2, 0x80, 0x2A}, stream: true, want: "\ufffd\u0080*"},
		{in: nil, want: ""},
	})
	wptRunCalls(t, wptDecoder(t, "Big5", false, false), []wptCall{
		{in: []byte{0x81, 0x40}, stream: true, want: "\ufffd@"},
		{in: nil, want: ""},
		{in: []byte{0x81}, stream: true, want: ""},
		{in: []byte{0x40}, stream: true, want: "\ufffd@"},
		{in: nil, want: ""},
	})
	for _, in := range [][]byte{{0xF0}, {0xF0, 0x9F}, {0xF0, 0x9F, 0x92}} {
		s, err := NewTextDecoderStream("utf-8", false, false)
		if err != nil {
			t.Fatal(err)
		}
		if out, err := wptPipeDecoder(s, [][]byte{in}); err != nil || len(out) != 1 || out[0] != "\ufffd" {
			t.Errorf("TextDecoderStream(% x) = %q, %v; want one chunk U+FFFD", in, out, err)
		}
	}
}

// web-platform-tests encoding/textdecoder-arguments.any.js: decode() with no
// input and no stream gives "" and, after a streaming call left an
// unfinished sequence, ends the stream with U+FFFD (section 7.2: without
// input only end-of-queue is read; section 8.1.1).
func TestWPTDecodeNoInput(t *testing.T) {
	wptRunCalls(t, wptDecoder(t, "utf-8", false, false), []wptCall{
		{in: nil, want: ""},
		{in: []byte{0xC9}, stream: true, want: ""},
		{in: nil, want: "\ufffd"},
	})
}

// web-platform-tests encoding/textdecoder-streaming.any.js: a sample of
// ASCII, Latin-1, BMP, U+FFFD and supplementary characters decodes the same
// from UTF-8, UTF-16LE and UTF-16BE when given to one TextDecoder in pieces
// of 1 to 5 bytes with stream and then a call without input (section 7.2:
// the decoder and its I/O queue carry over while "do not flush" is set).
// The same windows through a Decoder writing UTF-16, the form of WPT's
// strings, give the sample's code units.
func TestWPTStreamingDecode(t *testing.T) {
	const sample = "\x00123ABCabc\u0080\u00ff\u0100\u1000\ufffd\U00010000\U0010FFFF"
	octets := map[string][]byte{
		"utf-8": {0x00, 0x31, 0x32, 0x33, 0x41, 0x42, 0x43, 0x61, 0x62, 0x63, 0xC2, 0x80,
			0xC3, 0xBF, 0xC4, 0x80, 0xE1, 0x80, 0x80, 0xEF, 0xBF, 0xBD, 0xF0, 0x90,
			0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF},
		"utf-16le": {0x00, 0x00, 0x31, 0x00, 0x32, 0x00, 0x33, 0x00, 0x41, 0x00, 0x42, 0x00,
			0x43, 0x00, 0x61, 0x00, 0x62, 0x00, 0x63, 0x00, 0x80, 0x00, 0xFF, 0x00,
			0x00, 0x01, 0x00, 0x10, 0xFD, 0xFF, 0x00, 0xD8, 0x00, 0xDC, 0xFF, 0xDB,
			0xFF, 0xDF},
		"utf-16be": {0x00, 0x00, 0x00, 0x31, 0x00, 0x32, 0x00, 0x33, 0x00, 0x41, 0x00, 0x42,
			0x00, 0x43, 0x00, 0x61, 0x00, 0x62, 0x00, 0x63, 0x00, 0x80, 0x00, 0xFF,
			0x01, 0x00, 0x10, 0x00, 0xFF, 0xFD, 0xD8, 0x00, 0xDC, 0x00, 0xDB, 0xFF,
			0xDF, 0xFF},
	}
	wantUnits := utf16.Encode([]rune(sample))
	for label, in := range octets {
		for window := 1; window <= 5; window++ {
			d := wptDecoder(t, label, false, false)
			var got strings.Builder
			for i := 0; i < len(in); i += window {
				text, err := d.Decode(in[i:min(i+window, len(in))], true)
				if err != nil {
					t.Fatalf("%s, %d-byte window: %v", label, window, err)
				}
				got.WriteString(text)
			}
			text, err := d.Decode(nil, false)
			if got.WriteString(text); err != nil || got.String() != sample {
				t.Errorf("%s, %d-byte window: %q, %v; want %q", label, window, got.String(), err, sample)
			}

			dec := Lookup(label).NewDecoder(RemoveBOM, Replace)
			var units []uint16
			dst := make([]uint16, MinUTF16Output)
			for i := 0; i <= len(in); i += window {
				src := in[i:min(i+window, len(in))]
				last := i+window >= len(in)
				for {
					r := dec.DecodeToUTF16(src, dst, last)
					units = append(units, dst[:r.Written]...)
					src = src[r.Read:]
					if r.Status == InputEmpty {
						break
					}
				}
				if last {
					break
				}
			}
			if !slices.Equal(units, wantUnits) {
				t.Errorf("%s, %d-byte window, UTF-16 output: %04x, want %04x", label, window, units, wantUnits)
			}
		}
	}
}

// web-platform-tests encoding/textdecoder-streaming.any.js, "UTF-8 chunk
// tests": where a streaming UTF-8 decoder emits U+FFFD. A byte that cannot
// start a sequence (C1, F5) is an error at once; a byte outside the range
// the lead byte allows for the next (E0 then 41 or 80, ED then A0, F0 then
// 41 or 80, F4 then A0, F0 90 then 41) ends the sequence as one error and
// is itself decoded again ("restore", section 8.1.1 step 6), also across
// calls; and the four bytes of U+1F4A9 give nothing until the fourth.
func TestWPTStreamingUTF8Errors(t *testing.T) {
	wptRunCalls(t, wptDecoder(t, "utf-8", false, false), []wptCall{
		{in: []byte{0xC1}, stream: true, want: "\ufffd"},
		{in: nil, want: ""},
		{in: []byte{0xF5}, stream: true, want: "\ufffd"},
		{in: nil, want: ""},
		{in: []byte{0xE0, 0x41}, stream: true, want: "\ufffdA"},
		{in: []byte{0x42}, want: "B"},
		{in: []byte{0xE0, 0x80}, stream: true, want: "\ufffd\ufffd"},
		{in: []byte{0x80}, want: "\ufffd"},
		{in: []byte{0xED, 0xA0}, stream: true, want: "\ufffd\ufffd"},
		{in: []byte{0x80}, want: "\ufffd"},
		{in: []byte{0xF0, 0x41}, stream: true, want: "\ufffdA"},
		{in: []byte{0x42}, stream: true, want: "B"},
		{in: []byte{0x43}, want: "C"},
		{in: []byte{0xF0, 0x80}, stream: true, want: "\ufffd\ufffd"},
		{in: []byte{0x80}, stream: true, want: "\ufffd"},
		{in: []byte{0x80}, want: "\ufffd"},
		{in: []byte{0xF4, 0xA0}, stream: true, want: "\ufffd\ufffd"},
		{in: []byte{0x80}, stream: true, want: "\ufffd"},
		{in: []byte{0x80}, want: "\ufffd"},
		{in: []byte{0xF0, 0x90, 0x41}, stream: true, want: "\ufffdA"},
		{in: []byte{0x42}, want: "B"},
		{in: []byte{0xF0, 0x9F, 0x92}, stream: true, want: ""},
		{in: []byte{0xA9}, want: "\U0001F4A9"},
	})
}

// web-platform-tests encoding/textdecoder-copy.any.js: decode() reads a
// copy of its input (section 7.2, decode() step 3), so changing the buffer
// after a streaming call does not change what the decoder kept: EF BB, then
// BF 40 decode to "@" (the BOM removed) even though the first buffer was
// overwritten in between.
func TestWPTDecodeCopiesInput(t *testing.T) {
	d := wptDecoder(t, "utf-8", false, false)
	buf, buf2 := []byte{0xEF, 0xBB}, []byte{0xBF, 0x40}
	if got, err := d.Decode(buf, true); err != nil || got != "" {
		t.Fatalf("decode(EF BB, stream) = %q, %v; want \"\"", got, err)
	}
	buf[0], buf[1] = 0x01, 0x02
	if got, err := d.Decode(buf2, false); err != nil || got != "@" {
		t.Fatalf("decode(BF 40) after overwriting the first input = %q, %v; want \"@\"", got, err)
	}
}

// wptUnits is the UTF-16 code units of a string of scalar values.
func wptUnits(s string) []uint16 { return utf16.Encode([]rune(s)) }

// web-platform-tests encoding/encodeInto.any.js: encodeInto() writes whole
// UTF-8 sequences while they fit and reports the UTF-16 code units read
// (2 for a supplementary character) and the bytes written; a lone surrogate
// is U+FFFD (the conversion to scalar values); nothing is written past
// what it reports, into the rest of the destination or the buffer around
// it (section 7.4, encodeInto() steps). Each case runs with the
// destination at offset 0 or 4 of a buffer 0 or 10 bytes longer, filled
// with 0x00, 0x80 or random bytes, as in WPT.
func TestWPTEncodeInto(t *testing.T) {
	cases := []struct {
		in      []uint16
		dstLen  int
		read    int
		written []byte
	}{
		{wptUnits("Hi"), 0, 0, nil},
		{wptUnits("A"), 10, 1, []byte{0x41}},
		{wptUnits("\U0001D306"), 4, 2, []byte{0xF0, 0x9D, 0x8C, 0x86}},
		{wptUnits("\U0001D306A"), 3, 0, nil},
		{[]uint16{0xD834, 'A', 0xDF06, 'A', 0xA5, 'H', 'i'}, 10, 5,
			[]byte{0xEF, 0xBF, 0xBD, 0x41, 0xEF, 0xBF, 0xBD, 0x41, 0xC2, 0xA5}},
		{[]uint16{'A', 0xDF06}, 4, 2, []byte{0x41, 0xEF, 0xBF, 0xBD}},
		{wptUnits("\u00a5\u00a5"), 4, 2, []byte{0xC2, 0xA5, 0xC2, 0xA5}},
	}
	rng := rand.New(rand.NewSource(1))
	for _, c := range cases {
		for _, layout := range []struct{ increase, offset int }{{0, 0}, {10, 4}} {
			for _, filler := range []int{0, 0x80, -1} {
				buf := make([]byte, c.dstLen+layout.increase)
				for i := range buf {
					if filler < 0 {
						buf[i] = byte(rng.Intn(256))
					} else {
						buf[i] = byte(filler)
					}
				}
				control := append([]byte{}, buf...)
				copy(control[layout.offset:], c.written)
				read, written := EncodeInto(c.in, buf[layout.offset:layout.offset+c.dstLen])
				if read != c.read || written != len(c.written) || !bytes.Equal(buf, control) {
					t.Errorf("EncodeInto(%04x, [%d] at offset %d of %d, filler %d) = %d, %d, buffer % x; want %d, %d, buffer % x",
						c.in, c.dstLen, layout.offset, len(buf), filler, read, written, buf, c.read, len(c.written), control)
				}
			}
		}
	}
}

// web-platform-tests encoding/api-surrogates-utf8.any.js and
// encoding/textencoder-utf16-surrogates.any.js: TextEncoder's encode()
// takes a USVString, so each unpaired surrogate (lead or trail, alone, before
// other text or in the wrong order) is U+FFFD, EF BF BD in UTF-8, and a
// proper pair is its supplementary character (section 7.4; the conversion
// of a string to scalar values); decoding the bytes as UTF-8 gives that
// text back. encodeInto() with room for all of it writes the same bytes.
func TestWPTEncodeSurrogates(t *testing.T) {
	for _, c := range []struct {
		name  string
		in    []uint16
		bytes []byte
		text  string
	}{
		{"sanity check", wptUnits("abc123"), []byte("abc123"), "abc123"},
		{"lone lead surrogate", []uint16{0xD800}, []byte{0xEF, 0xBF, 0xBD}, "\ufffd"},
		{"lone trail surrogate", []uint16{0xDC00}, []byte{0xEF, 0xBF, 0xBD}, "\ufffd"},
		{"lead surrogate in a string", []uint16{'a', 'b', 'c', 0xD800, '1', '2', '3'},
			[]byte{0x61, 0x62, 0x63, 0xEF, 0xBF, 0xBD, 0x31, 0x32, 0x33}, "abc\ufffd123"},
		{"trail surrogate in a string", []uint16{'a', 'b', 'c', 0xDC00, '1', '2', '3'},
			[]byte{0x61, 0x62, 0x63, 0xEF, 0xBF, 0xBD, 0x31, 0x32, 0x33}, "abc\ufffd123"},
		{"unmatched lead surrogate", []uint16{0xD800, 0x0000}, []byte{0xEF, 0xBF, 0xBD, 0x00}, "\ufffd\x00"},
		{"unmatched trail surrogate", []uint16{0xDC00, 0x0000}, []byte{0xEF, 0xBF, 0xBD, 0x00}, "\ufffd\x00"},
		{"swapped surrogate pair", []uint16{0xDC00, 0xD800}, []byte{0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD}, "\ufffd\ufffd"},
		{"U+1D11E", []uint16{0xD834, 0xDD1E}, []byte{0xF0, 0x9D, 0x84, 0x9E}, "\U0001D11E"},
	} {
		got := TextEncoderEncodeUTF16(c.in)
		if !bytes.Equal(got, c.bytes) {
			t.Errorf("%s: TextEncoderEncodeUTF16(%04x) = % x, want % x", c.name, c.in, got, c.bytes)
		}
		if text, err := wptDecoder(t, "utf-8", false, false).Decode(got, false); err != nil || text != c.text {
			t.Errorf("%s: decoding % x = %q, %v; want %q", c.name, got, text, err, c.text)
		}
		dst := make([]byte, 3*len(c.in))
		if read, written := EncodeInto(c.in, dst); read != len(c.in) || !bytes.Equal(dst[:written], c.bytes) {
			t.Errorf("%s: EncodeInto(%04x) = %d, % x; want %d, % x", c.name, c.in, read, dst[:written], len(c.in), c.bytes)
		}
	}
}

// web-platform-tests encoding/streams/encode-utf8.any.js: TextEncoderStream
// joins a surrogate pair split between chunks (also across an empty chunk),
// replaces a lead surrogate not followed by a trail one, in the same chunk
// or the next, with U+FFFD, writes U+FFFD for a lead surrogate at the end
// of the stream as a last chunk of its own, and enqueues nothing for empty
// chunks (section 7.6: "encode and enqueue a chunk", "convert code unit to
// scalar value", "encode and flush"). The output chunks are compared one by
// one, as in WPT.
func TestWPTTextEncoderStream(t *testing.T) {
	const lead, trail = 0xD83D, 0xDC99 // U+1F499 BLUE HEART
	heart := []byte{0xF0, 0x9F, 0x92, 0x99}
	fffd := []byte{0xEF, 0xBF, 0xBD}
	text := wptUnits("I \U0001F499 streams")
	textBytes := []byte{0x49, 0x20, 0xF0, 0x9F, 0x92, 0x99, 0x20, 0x73, 0x74, 0x72, 0x65, 0x61, 0x6D, 0x73}
	cat := func(b ...[]byte) []byte { return bytes.Join(b, nil) }
	for _, c := range []struct {
		name string
		in   [][]uint16
		want [][]byte
	}{
		{"one string", [][]uint16{text}, [][]byte{textBytes}},
		{"a character split between chunks", [][]uint16{{lead}, {trail}}, [][]byte{heart}},
		{"a character after one split between chunks", [][]uint16{{lead}, {trail, lead, trail}}, [][]byte{cat(heart, heart)}},
		{"two characters each split", [][]uint16{{lead}, {trail, lead}, {trail}}, [][]byte{heart, heart}},
		{"two split characters around a lone lead surrogate", [][]uint16{{lead}, {trail, lead, lead}, {trail}}, [][]byte{cat(heart, fffd), heart}},
		{"a stream ending in a lead surrogate", [][]uint16{{lead}}, [][]byte{fffd}},
		{"a lead surrogate, then a character", [][]uint16{{lead}, {lead, trail}}, [][]byte{cat(fffd, heart)}},
		{"a lead surrogate, then ASCII", [][]uint16{{lead}, {'A'}}, [][]byte{cat(fffd, []byte("A"))}},
		{"a lead surrogate, then a split character", [][]uint16{{lead}, {lead}, {trail}}, [][]byte{fffd, heart}},
		{"two lead surrogate chunks", [][]uint16{{lead}, {lead}}, [][]byte{fffd, fffd}},
		{"a non-final unpaired lead surrogate", [][]uint16{{lead, lead}, {trail}}, [][]byte{fffd, heart}},
		{"an unpaired trail surrogate", [][]uint16{{trail}, {lead, trail}}, [][]byte{fffd, heart}},
		{"a lead surrogate across an empty chunk", [][]uint16{{lead}, {}, {trail}}, [][]byte{heart}},
		{"a lead surrogate, then an empty chunk", [][]uint16{{lead}, {}}, [][]byte{fffd}},
		{"an empty chunk", [][]uint16{{}}, nil},
		{"a leading empty chunk", [][]uint16{{}, text}, [][]byte{textBytes}},
		{"a trailing empty chunk", [][]uint16{text, {}}, [][]byte{textBytes}},
		{"ASCII", [][]uint16{{'A'}}, [][]byte{{0x41}}},
		{"Latin-1", [][]uint16{{0xFF}}, [][]byte{{0xC3, 0xBF}}},
	} {
		got := wptPipeEncoder(c.in)
		same := len(got) == len(c.want)
		for i := 0; same && i < len(got); i++ {
			same = bytes.Equal(got[i], c.want[i])
		}
		if !same {
			t.Errorf("%s: chunks %04x encode to %d chunks % x, want %d chunks % x", c.name, c.in, len(got), got, len(c.want), c.want)
		}
	}
}

// web-platform-tests encoding/streams/decode-utf8.any.js,
// decode-split-character.any.js and decode-incomplete-input.any.js:
// TextDecoderStream enqueues the text of a chunk as soon as its characters
// are complete, holds a character split between chunks until its last
// byte (across empty chunks too), enqueues nothing for empty chunks, and at
// the end writes U+FFFD for an unfinished sequence, or errors in fatal
// mode (section 7.5: "decode and enqueue a chunk", "flush and enqueue").
func TestWPTTextDecoderStream(t *testing.T) {
	in := []byte{0x49, 0x20, 0xF0, 0x9F, 0x92, 0x99, 0x20, 0x73, 0x74, 0x72, 0x65, 0x61, 0x6D, 0x73}
	const text = "I \U0001F499 streams"
	pipe := func(chunks ...[]byte) []string {
		t.Helper()
		s, err := NewTextDecoderStream("utf-8", false, false)
		if err != nil {
			t.Fatal(err)
		}
		out, err := wptPipeDecoder(s, chunks)
		if err != nil {
			t.Fatalf("chunks % x: %v", chunks, err)
		}
		return out
	}
	check := func(name string, got, want []string) {
		t.Helper()
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	check("one chunk", pipe(in), []string{text})
	check("an empty chunk", pipe([]byte{}), nil)
	check("an initial empty chunk", pipe([]byte{}, in), []string{text})
	check("a trailing empty chunk", pipe(in, []byte{}), []string{text})
	for split := 2; split <= 5; split++ {
		check(fmt.Sprintf("split at %d", split), pipe(in[:split], in[split:]), []string{"I ", "\U0001F499 streams"})
	}
	check("split at 6", pipe(in[:6], in[6:]), []string{"I \U0001F499", " streams"})
	for split := 1; split < 7; split++ {
		got := pipe(in[:split], []byte{}, in[split:])
		if len(got) != 2 || got[0]+got[1] != text {
			t.Errorf("split at %d around an empty chunk: %q, want two chunks making %q", split, got, text)
		}
	}

	check("incomplete input", pipe([]byte{0xE5}), []string{"\ufffd"})
	s, err := NewTextDecoderStream("utf-8", true, false)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := wptPipeDecoder(s, [][]byte{{0xE5}}); !wptIsDecodeError(err) {
		t.Errorf("fatal, incomplete input: %q, %v; want a DecodeError", out, err)
	}

	// Not in WPT, but the same steps: in fatal mode a character split
	// between chunks is no error, and a malformed byte errors the chunk
	// that holds it, not only the end of the stream.
	for split := 1; split < len(in); split++ {
		s, err := NewTextDecoderStream("utf-8", true, false)
		if err != nil {
			t.Fatal(err)
		}
		if out, err := wptPipeDecoder(s, [][]byte{in[:split], in[split:]}); err != nil || strings.Join(out, "") != text {
			t.Errorf("fatal, split at %d: %q, %v; want %q", split, out, err, text)
		}
	}
	s, err = NewTextDecoderStream("utf-8", true, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Write([]byte("ok")); err != nil {
		t.Fatalf("fatal, first chunk: %v", err)
	}
	if out, err := s.Write([]byte{0x41, 0xFF, 0x42}); !wptIsDecodeError(err) {
		t.Errorf("fatal, chunk 41 FF 42: %q, %v; want a DecodeError", out, err)
	}
}

// web-platform-tests encoding/replacement-encodings.any.js: decoding with a
// label of the replacement encoding (through XMLHttpRequest, that is the
// "decode" hook, section 6.1) gives one U+FFFD for any non-empty input and
// nothing for empty input (the replacement decoder, section 14.1.1).
func TestWPTReplacementDecode(t *testing.T) {
	for _, e := range wptEncodings {
		if e.name != "replacement" {
			continue
		}
		for _, label := range e.labels {
			enc := Lookup(label)
			if got, used := Decode([]byte("ABCabc123\xa0"), enc); got != "\ufffd" || used != Replacement {
				t.Errorf("%s: Decode(non-empty) = %q, %v; want U+FFFD, replacement", label, got, used)
			}
			if got, _ := Decode(nil, enc); got != "" {
				t.Errorf("%s: Decode(empty) = %q, want \"\"", label, got)
			}
		}
	}
}

// web-platform-tests encoding/unsupported-encodings.any.js and
// encoding/utf-32.any.js: UTF-7 and UTF-32 are not encodings of the
// standard ("get an encoding" fails, section 4.2), so a document or
// response labelled with them is decoded with the caller's fallback,
// windows-1252 in these tests, unless BOM sniffing (section 6.1, the
// "decode" hook) finds a BOM: the UTF-32LE BOM FF FE 00 00 starts with the
// UTF-16LE BOM and decodes as UTF-16LE; the UTF-32BE BOM 00 00 FE FF is
// none. (Which fallback a caller uses is its own standard's business;
// these tests take WPT's.)
func TestWPTUnsupportedEncodings(t *testing.T) {
	for _, label := range []string{"UTF-7", "utf-7", "UTF-32", "utf-32", "UTF-32LE", "utf-32le", "UTF-32be", "utf-32be"} {
		if got := Lookup(label); got != nil {
			t.Errorf("Lookup(%q) = %v, want failure", label, got)
		}
	}
	for _, c := range []struct {
		in   []byte
		want string
		used *Encoding
	}{
		{[]byte("+AD4"), "+AD4", Windows1252},
		{[]byte{0xFF, 0xFE, 0x00, 0x00, 0x41, 0x00, 0x00, 0x00, 0x42, 0x00, 0x00, 0x00}, "\x00A\x00B\x00", UTF16LE},
		{[]byte{0x41, 0x00, 0x00, 0x00, 0x42, 0x00, 0x00, 0x00}, "A\x00\x00\x00B\x00\x00\x00", Windows1252},
		{[]byte{0x00, 0x00, 0x00, 0x41, 0x00, 0x00, 0x00, 0x42}, "\x00\x00\x00A\x00\x00\x00B", Windows1252},
		{[]byte{0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x41, 0x00, 0x00, 0x00, 0x42},
			"\x00\x00\u00fe\u00ff\x00\x00\x00A\x00\x00\x00B", Windows1252},
	} {
		if got, used := Decode(c.in, Windows1252); got != c.want || used != c.used {
			t.Errorf("Decode(% x, windows-1252) = %q, %v; want %q, %v", c.in, got, used, c.want, c.used)
		}
	}
}

// web-platform-tests encoding/bom-handling.html: a document that starts
// with the UTF-8 BOM is UTF-8 whatever it declares (windows-1252 there):
// the "decode" hook's BOM sniffing wins over the fallback and removes the
// BOM (section 6.1).
func TestWPTBOMOverridesDeclaration(t *testing.T) {
	const text = "\u3053\u308C\u306F\u6587\u5B57\u5B9F\u9A13\u3067\u3059\u3002"
	in := append([]byte{0xEF, 0xBB, 0xBF}, text...)
	if got, used := Decode(in, Windows1252); got != text || used != UTF8 {
		t.Errorf("Decode(BOM + UTF-8, windows-1252) = %q, %v; want %q, UTF-8", got, used, text)
	}
}
