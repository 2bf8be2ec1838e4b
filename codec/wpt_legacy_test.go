package codec

// The web-platform-tests' assertions about the legacy encodings' decoders
// and encoders (wpt/encoding/, the tests browsers run), restated as Go data.
// Every expected value below was derived from the standard (encoding.bs, in
// ../shared/spec beside the module) and compared with WPT's. Where the two
// disagree (WPT lags the Living Standard in a few places, and a few of its
// older expectations are typos), the standard wins and a comment says so.
//
// Each decoder case is checked six ways: one call and byte by byte, into
// UTF-8 and into UTF-16, and in Fatal mode (one call and byte by byte),
// where the decoder must stop once for every U+FFFD the standard outputs
// and, resumed after each stop, produce the same text: that checks the
// standard's "restore" at every error. Each encoder case is checked in HTML
// mode (one call and byte by byte from UTF-8, one call and code unit by code
// unit from UTF-16, and through Encode, the legacy "encode" hook that form
// submission and URL query encoding use) and in Fatal mode, where the
// encoder must stop at every code point HTML mode writes as a numeric
// character reference.

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/whatenc/whatenc/internal/reference"
)

// legacyDecodeCase is one decoder assertion: input bytes and the text the
// standard's decoder outputs for them in replacement mode.
type legacyDecodeCase struct {
	name string
	in   string
	want string
}

// legacyEncodeCase is one encoder assertion: input text and the bytes the
// standard's "encode" outputs in HTML mode. Every "&#N;" in want is an
// error: Fatal mode must stop there, reporting code point N.
type legacyEncodeCase struct {
	name string
	in   string
	want string
}

// legacyDecoded is the outcome of decoding one stream with legacyDecode.
type legacyDecoded struct {
	text string
	// stops counts the Malformed results (Fatal) and prefix is the output
	// before the first one.
	stops    int
	prefix   string
	replaced bool // some call reported Replaced
}

// legacyDecode decodes in as one stream with e in mode, giving the decoder
// at most chunk bytes per call, into UTF-16 when wide. In Fatal mode it
// resumes after each Malformed and writes U+FFFD in the output there, so
// that the text compares with Replace mode's.
func legacyDecode(t *testing.T, e *Encoding, in []byte, mode ErrorMode, chunk int, wide bool) legacyDecoded {
	t.Helper()
	var res legacyDecoded
	var out []rune
	d := e.NewDecoder(KeepBOM, mode)
	u8 := make([]byte, 64)
	u16 := make([]uint16, 32)
	pos := 0
	for calls := 0; ; calls++ {
		if calls > 4*len(in)+16 {
			t.Fatalf("%s decoder, input % X: no progress", e, in)
		}
		end := min(pos+chunk, len(in))
		last := end == len(in)
		var r DecodeResult
		if wide {
			r = d.DecodeToUTF16(in[pos:end], u16, last)
			out = append(out, utf16.Decode(u16[:r.Written])...)
		} else {
			r = d.DecodeToUTF8(in[pos:end], u8, last)
			out = append(out, []rune(string(u8[:r.Written]))...)
		}
		pos += r.Read
		res.replaced = res.replaced || r.Replaced
		switch r.Status {
		case Malformed:
			if mode != Fatal {
				t.Fatalf("%s decoder, input % X: Malformed in mode %v", e, in, mode)
			}
			if res.stops == 0 {
				res.prefix = string(out)
			}
			res.stops++
			out = append(out, 0xFFFD)
		case InputEmpty:
			if pos != end {
				t.Fatalf("%s decoder, input % X: InputEmpty with %d bytes unread", e, in, end-pos)
			}
			if last {
				res.text = string(out)
				return res
			}
		}
	}
}

// checkLegacyDecode checks one decoder case every way (see the top of the
// file).
func checkLegacyDecode(t *testing.T, e *Encoding, c legacyDecodeCase) {
	t.Helper()
	in := []byte(c.in)
	errs := strings.Count(c.want, "\uFFFD")
	for _, way := range []struct {
		name  string
		chunk int
		wide  bool
	}{{"one call", len(in), false}, {"byte by byte", 1, false}, {"one call to UTF-16", len(in), true}, {"byte by byte to UTF-16", 1, true}} {
		got := legacyDecode(t, e, in, Replace, way.chunk, way.wide)
		if got.text != c.want {
			t.Errorf("%s decoder, %s, %s, input % X: got %+q, want %+q", e, c.name, way.name, in, got.text, c.want)
		}
		if got.replaced != (errs > 0) {
			t.Errorf("%s decoder, %s, %s, input % X: Replaced %v, want %v", e, c.name, way.name, in, got.replaced, errs > 0)
		}
	}
	wantPrefix, _, _ := strings.Cut(c.want, "\uFFFD")
	for _, way := range []struct {
		name  string
		chunk int
	}{{"one call", len(in)}, {"byte by byte", 1}} {
		got := legacyDecode(t, e, in, Fatal, way.chunk, false)
		if got.stops != errs || got.text != c.want || (errs > 0 && got.prefix != wantPrefix) {
			t.Errorf("%s decoder, %s, Fatal, %s, input % X: %d stops, first after %+q, resumed output %+q; want %d, %+q, %+q",
				e, c.name, way.name, in, got.stops, got.prefix, got.text, errs, wantPrefix, c.want)
		}
	}
}

// legacyEncoded is the outcome of encoding one stream with legacyEncode.
type legacyEncoded struct {
	out        string
	unmappable []rune // the code points of the Unmappable results (Fatal)
}

// legacyEncode encodes text as one stream with e in mode, from UTF-16 when
// wide and otherwise from UTF-8 at most chunk bytes per call (so that a
// character's bytes can come in different calls). In Fatal mode it resumes
// after each Unmappable, writing "&#N;" for it as HTML mode would.
func legacyEncode(t *testing.T, e *Encoding, text string, mode ErrorMode, chunk int, wide bool) legacyEncoded {
	t.Helper()
	var res legacyEncoded
	var out []byte
	enc := e.NewEncoder(mode)
	src8 := []byte(text)
	src16 := utf16.Encode([]rune(text))
	n := len(src8)
	if wide {
		n = len(src16)
	}
	dst := make([]byte, 64)
	pos := 0
	for calls := 0; ; calls++ {
		if calls > 4*n+16 {
			t.Fatalf("%s encoder, %+q: no progress", e, text)
		}
		end := min(pos+chunk, n)
		last := end == n
		var r EncodeResult
		if wide {
			r = enc.EncodeFromUTF16(src16[pos:end], dst, last)
		} else {
			r = enc.EncodeFromUTF8(src8[pos:end], dst, last)
		}
		out = append(out, dst[:r.Written]...)
		pos += r.Read
		switch r.Status {
		case Unmappable:
			if mode != Fatal {
				t.Fatalf("%s encoder, %+q: Unmappable in mode %v", e, text, mode)
			}
			res.unmappable = append(res.unmappable, r.Unmappable)
			out = fmt.Appendf(out, "&#%d;", r.Unmappable)
		case InputEmpty:
			if pos != end {
				t.Fatalf("%s encoder, %+q: InputEmpty with %d units unread", e, text, end-pos)
			}
			if last {
				res.out = string(out)
				return res
			}
		}
	}
}

// legacyReferences returns the code points of the numeric character
// references in s, in order: the errors of an HTML-mode encoder's output
// (the test inputs hold no "&").
func legacyReferences(s string) []rune {
	var refs []rune
	for {
		_, after, ok := strings.Cut(s, "&#")
		if !ok {
			return refs
		}
		digits, rest, ok := strings.Cut(after, ";")
		n, err := strconv.Atoi(digits)
		if !ok || err != nil {
			return refs
		}
		refs = append(refs, rune(n))
		s = rest
	}
}

// checkLegacyEncode checks one encoder case every way (see the top of the
// file).
func checkLegacyEncode(t *testing.T, e *Encoding, c legacyEncodeCase) {
	t.Helper()
	n8 := len(c.in)
	n16 := len(utf16.Encode([]rune(c.in)))
	for _, way := range []struct {
		name  string
		chunk int
		wide  bool
	}{{"one call", n8, false}, {"byte by byte", 1, false}, {"one call from UTF-16", n16, true}, {"unit by unit from UTF-16", 1, true}} {
		if got := legacyEncode(t, e, c.in, HTML, way.chunk, way.wide); got.out != c.want {
			t.Errorf("%s encoder, %s, %s, %+q: got % X (%+q), want % X (%+q)", e, c.name, way.name, c.in, got.out, got.out, c.want, c.want)
		}
	}
	if got := string(Encode(c.in, e)); got != c.want {
		t.Errorf("%s, %s: Encode(%+q) = % X, want % X", e, c.name, c.in, got, c.want)
	}
	refs := fmt.Sprint(legacyReferences(c.want))
	for _, way := range []struct {
		name  string
		chunk int
	}{{"one call", n8}, {"byte by byte", 1}} {
		got := legacyEncode(t, e, c.in, Fatal, way.chunk, false)
		if got.out != c.want || fmt.Sprint(got.unmappable) != refs {
			t.Errorf("%s encoder, %s, Fatal, %s, %+q: stopped at %U, resumed output %+q; want stops at %s, %+q",
				e, c.name, way.name, c.in, got.unmappable, got.out, refs, c.want)
		}
	}
}

func runLegacyDecodeCases(t *testing.T, e *Encoding, cases []legacyDecodeCase) {
	t.Helper()
	for _, c := range cases {
		checkLegacyDecode(t, e, c)
	}
}

func runLegacyEncodeCases(t *testing.T, e *Encoding, cases []legacyEncodeCase) {
	t.Helper()
	for _, c := range cases {
		checkLegacyEncode(t, e, c)
	}
}

// TestWPTLegacyISO2022JPDecoder follows encoding/iso-2022-jp-decoder.html
// (the cases WPT now keeps in iso-2022-jp-decoder.any.js) and
// legacy-mb-japanese/iso-2022-jp/iso2022jp-decode-errors.html: section
// 12.2.1, ISO-2022-JP decoder, with its escape sequences and the
// "ISO-2022-JP output" flag that makes an escape sequence right after
// another one (with no output between) an error.
func TestWPTLegacyISO2022JPDecoder(t *testing.T) {
	runLegacyDecodeCases(t, ISO2022JP, []legacyDecodeCase{
		// iso-2022-jp-decoder.html. The copy read for this file expects
		// "\uFFFDP" and "\uFFFD\uFFFDP" for the third and fourth case.
		// In the standard, ISO-2022-JP output starts false: an escape
		// sequence at the start of the stream is no error, and of two in
		// a row only the second is.
		{"Error ESC", "\x1b$", "\uFFFD$"},
		{"Error ESC, character", "\x1b$P", "\uFFFD$P"},
		{"ASCII ESC, character", "\x1b(BP", "P"},
		{"Double ASCII ESC, character", "\x1b(B\x1b(BP", "\uFFFDP"},
		{"character, ASCII ESC, character", "P\x1b(BP", "PP"},
		{"characters", "\\]~", "\\]~"},
		{"SO / SI", "\r\x0e\x0f\x10", "\r\uFFFD\uFFFD\x10"},
		{"Roman ESC, characters", "\x1b(J\\]~", "\u00A5]\u203E"},
		{"Roman ESC, SO / SI", "\x1b(J\r\x0e\x0f\x10", "\r\uFFFD\uFFFD\x10"},
		{"Roman ESC, error ESC, Katakana ESC", "\x1b(J\x1b\x1b(IP", "\uFFFD\uFF90"},
		{"Katakana ESC, character", "\x1b(IP", "\uFF90"},
		{"Katakana ESC, multibyte ESC, character", "\x1b(I\x1b$@PP", "\uFFFD\u4F69"},
		{"Katakana ESC, error ESC, character", "\x1b(I\x1bP", "\uFFFD\uFF90"},
		{"Katakana ESC, error ESC #2, character", "\x1b(I\x1b$P", "\uFFFD\uFF64\uFF90"},
		{"Katakana ESC, character, Katakana ESC, character", "\x1b(IP\x1b(IP", "\uFF90\uFF90"},
		{"Katakana ESC, SO / SI", "\x1b(I\r\x0e\x0f\x10", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"Multibyte ESC, character", "\x1b$@PP", "\u4F69"},
		{"Multibyte ESC #2, character", "\x1b$BPP", "\u4F69"},
		{"Multibyte ESC, error ESC, character", "\x1b$B\x1bPP", "\uFFFD\u4F69"},
		{"Double multibyte ESC", "\x1b$@\x1b$@", "\uFFFD"},
		{"Double multibyte ESC, character", "\x1b$@\x1b$@PP", "\uFFFD\u4F69"},
		{"Double multibyte ESC #2, character", "\x1b$@\x1b$BPP", "\uFFFD\u4F69"},
		{"Multibyte ESC, error ESC #2, character", "\x1b$@\x1b$PP", "\uFFFD\u3070\uFFFD"},
		{"Multibyte ESC, single byte, multibyte ESC, character", "\x1b$@P\x1b$@PP", "\uFFFD\u4F69"},
		{"Multibyte ESC, lead error byte", "\x1b$@ P", "\uFFFD\uFFFD"},
		{"Multibyte ESC, trail error byte", "\x1b$@P ", "\uFFFD"},
		{"character, error ESC", "P\x1b", "P\uFFFD"},
		{"character, error ESC #2", "P\x1b$", "P\uFFFD$"},
		{"character, error ESC #3", "P\x1bP", "P\uFFFDP"},
		{"character, ASCII ESC", "P\x1b(B", "P"},
		{"character, Roman ESC", "P\x1b(J", "P"},
		{"character, Katakana ESC", "P\x1b(I", "P"},
		{"character, Multibyte ESC", "P\x1b$@", "P"},
		{"character, Multibyte ESC #2", "P\x1b$B", "P"},

		// iso2022jp-decode-errors.html (each span of its resource ends
		// with ESC ( B, which the output flag lets pass silently).
		{"ascii: 0E 24 42 79 56 1B 28 42", "\x0e$ByV\x1b(B", "\uFFFD$ByV"},
		{"roman: 1B 28 4A 0F 1B 28 42", "\x1b(J\x0f\x1b(B", "\uFFFD"},
		{"katakana: 1B 28 49 65 1B 28 42", "\x1b(Ie\x1b(B", "\uFFFD"},
		{"lead byte and trail byte 1B: 1B 24 42 7F 56 1B 28 42", "\x1b$B\x7fV\x1b(B", "\uFFFD\uFFFD"},
		{"trail byte null index code point: 1B 24 42 24 74", "\x1b$B$t", "\uFFFD"},
		{"trail byte out of range: 1B 24 42 79 7F 1B 28 42", "\x1b$By\x7f\x1b(B", "\uFFFD"},
		{"trail byte end of stream: 1B 24 42 79", "\x1b$By", "\uFFFD"},
		// WPT expects "\uFFFDeByV" here, which these bytes cannot give:
		// escape start restores 0x65 alone.
		{"escape start: 1B 65 79 56 1B 28 42", "\x1beyV\x1b(B", "\uFFFDeyV"},
		// WPT expects "\uFFFDe$yV": its iso2022jp-decoder.js restores the
		// two bytes in reverse. The standard restores « leading, byte »
		// in that order (escape, step 8), as iso-2022-jp-decoder.html's
		// "Error ESC #2" also asserts.
		{"escape: 1B 24 65 79 56 1B 28 42", "\x1b$eyV\x1b(B", "\uFFFD$eyV"},

		// Odd cases of the section the WPT files walk around.
		{"JIS X 0212 (ESC $ ( D) is no escape sequence here", "\x1b$(D", "\uFFFD$(D"},
		{"katakana range ends", "\x1b(I!_", "\uFF61\uFF9F"},
		{"ESC in the trailing byte state is an error, then an escape", "\x1b$B0\x1b(Ba", "\uFFFDa"},
		// The example under "ISO-2022-JP encoder": two encoder outputs
		// for U+00A5, concatenated, decode with an error between.
		{"concatenated encoder outputs", "\x1b(J\\\x1b(B\x1b(J\\\x1b(B", "\u00A5\uFFFD\u00A5"},
	})
}

// TestWPTLegacyISO2022JPEncoder follows encoding/iso-2022-jp-encoder.html,
// legacy-mb-japanese/iso-2022-jp/iso2022jp-encode-href-ascii.html and the
// iso2022jp-encoder.js helper of the encode-form and encode-href tests:
// section 12.2.2, ISO-2022-JP encoder, with its Roman state for U+00A5 and
// U+203E, index ISO-2022-JP katakana for half-width katakana, and U+000E,
// U+000F and U+001B refused in the ASCII and Roman states.
func TestWPTLegacyISO2022JPEncoder(t *testing.T) {
	runLegacyEncodeCases(t, ISO2022JP, []legacyEncodeCase{
		{"very basic", "s", "s"},
		{"basics", "\u00A5\u203Es\\\uFF90\u4F69", "\x1b(J\\~s\x1b(B\\\x1b$B%_PP\x1b(B"},
		// WPT's stored iso-2022-jp-encoder.html still expects the three
		// controls to pass ("%0E%0F%1Bx"); the standard (step 3, since
		// whatwg/encoding#15) makes them errors reported as U+FFFD.
		{"SO/SI ESC", "\x0e\x0f\x1bx", "&#65533;&#65533;&#65533;x"},
		{"ESC (encode-href-ascii)", "\x1b", "&#65533;"},
		{"ASCII (encode-href-ascii)", "e", "e"},
		{"SO in the Roman state", "\u00A5\x0e", "\x1b(J\\&#65533;\x1b(B"},
		// In the jis0208 state, SO is an ASCII code point: the encoder
		// returns to ASCII first, then refuses it.
		{"SO in the jis0208 state", "\u3042\x0e", "\x1b$B$\"\x1b(B&#65533;"},
		{"Roman state: backslash and tilde need ASCII", "\u00A5\\~", "\x1b(J\\\x1b(B\\~"},
		{"Roman state: other ASCII stays", "\u00A5a\u203E", "\x1b(J\\a~\x1b(B"},
		{"U+2212 is encoded as U+FF0D", "\u2212", "\x1b$B!]\x1b(B"},
		{"half-width katakana become full-width", "\uFF76\uFF9E\uFF9F", "\x1b$B%+!+!,\x1b(B"},
		{"half-width katakana from the Roman state", "\u00A5\uFF61", "\x1b(J\\\x1b$B!#\x1b(B"},
		{"an error in the jis0208 state returns to ASCII first", "\u3042\u00E9\u3042", "\x1b$B$\"\x1b(B&#233;\x1b$B$\"\x1b(B"},
		// The first pointer of a duplicated code point (U+7E8A is at
		// pointers 8272 and 10744).
		{"index pointer is the first", "\u7E8A", "\x1b$By!\x1b(B"},
		{"JIS X 0212 is not encoded", "\u4E02", "&#19970;"},
		{"supplementary", "\U0001F4A9", "&#128169;"},
	})
}

// TestWPTLegacyEUCJPDecoder follows
// legacy-mb-japanese/euc-jp/eucjp-decode-errors.html and the odd cases of
// the eucjp_chars tests and their eucjp-decoder.js helper: section 12.1.1,
// EUC-JP decoder, including JIS X 0212 through 0x8F and half-width
// katakana through 0x8E.
func TestWPTLegacyEUCJPDecoder(t *testing.T) {
	runLegacyDecodeCases(t, EUCJP, []legacyDecodeCase{
		{"lead not 0x00 and no more bytes: B0", "\xb0", "\uFFFD"},
		{"lead not 0x00 and no more bytes: B0 B5 B0", "\xb0\xb5\xb0", "\u5727\uFFFD"},
		{"lead not 0x00 and no more bytes: B0 B0 B0", "\xb0\xb0\xb0", "\u65ED\uFFFD"},
		{"lead byte outside 0x8E, 0x8F, or the range 0xA1 to 0xFE: FF", "\xff", "\uFFFD"},
		{"lead byte outside 0x8E, 0x8F, or the range 0xA1 to 0xFE: B0 B5 FF", "\xb0\xb5\xff", "\u5727\uFFFD"},
		{"lead byte outside 0x8E, 0x8F, or the range 0xA1 to 0xFE: 91", "\x91", "\uFFFD"},
		{"lead byte outside 0x8E, 0x8F, or the range 0xA1 to 0xFE: B0 B5 91", "\xb0\xb5\x91", "\u5727\uFFFD"},
		{"trail byte outside 0xA1-0xFE: B0 31", "\xb01", "\uFFFD1"},
		{"trail byte outside 0xA1-0xFE: B0 FF", "\xb0\xff", "\uFFFD"},
		{"trail byte outside 0xA1-0xFE: B0 A0", "\xb0\xa0", "\uFFFD"},
		{"pointer is null: A2 B9", "\xa2\xb9", "\uFFFD"},

		{"JIS X 0212", "\x8f\xb0\xa1", "\u4E02"},
		{"JIS X 0212, then JIS X 0208 again", "\x8f\xb0\xa1\xb0\xa1", "\u4E02\u4E9C"},
		{"JIS X 0212 null pointer, ASCII restored, flag reset", "\x8f\xb0A\xb0\xa1", "\uFFFDA\u4E9C"},
		{"0x8F at the end", "\x8f", "\uFFFD"},
		{"0x8F and a lead at the end", "\x8f\xb0", "\uFFFD"},
		{"half-width katakana", "\x8e\xa1\x8e\xdf", "\uFF61\uFF9F"},
		{"0x8E and a byte above the katakana", "\x8e\xe0", "\uFFFD"},
		{"0x8E and ASCII", "\x8eA", "\uFFFDA"},
		{"ideographic space", "\xa1\xa1", "\u3000"},
	})
}

// TestWPTLegacyEUCJPEncoder follows the eucjp-encoder.js helper of
// legacy-mb-japanese/euc-jp/eucjp-encode-{form,href}*.html, errors
// included: section 12.1.2, EUC-JP encoder.
func TestWPTLegacyEUCJPEncoder(t *testing.T) {
	runLegacyEncodeCases(t, EUCJP, []legacyEncodeCase{
		{"ASCII", "a\\~", "a\\~"},
		{"yen sign and overline", "\u00A5\u203E", "\\~"},
		{"half-width katakana", "\uFF61\uFF9F", "\x8e\xa1\x8e\xdf"},
		{"U+2212 is encoded as U+FF0D", "\u2212\uFF0D", "\xa1\xdd\xa1\xdd"},
		{"hiragana", "\u3042", "\xa4\xa2"},
		{"index pointer is the first", "\u7E8A", "\xf9\xa1"},
		{"JIS X 0212 is decoded, not encoded", "\u4E02\u00E9", "&#19970;&#233;"},
		{"hangul", "\uAC00", "&#44032;"},
		{"supplementary", "\U0001F4A9", "&#128169;"},
	})
}

// TestWPTLegacyShiftJISDecoder follows
// legacy-mb-japanese/shift_jis/sjis-decode-errors.html and the
// sjis-decoder.js helper: section 12.3.1, Shift_JIS decoder, including the
// user-defined (EUDC) pointers 8836 to 10715. The helper stops that range
// at 10528; the standard ends it at 10715 (0xF9 0xFC).
func TestWPTLegacyShiftJISDecoder(t *testing.T) {
	runLegacyDecodeCases(t, ShiftJIS, []legacyDecodeCase{
		{"lead not 0x00 and no more bytes: FA", "\xfa", "\uFFFD"},
		{"lead not 0x00 and no more bytes: FA 6E FA", "\xfan\xfa", "\u4F56\uFFFD"},
		{"lead not 0x00 and no more bytes: FA FA FA", "\xfa\xfa\xfa", "\u6D04\uFFFD"},
		{"lead byte outside 0x81-0x9F,0xA1-0xDF,0xE0,0xFC: FF", "\xff", "\uFFFD"},
		{"lead byte outside 0x81-0x9F,0xA1-0xDF,0xE0,0xFC: A0", "\xa0", "\uFFFD"},
		// 0xE1 is a lead byte: the error is its missing trail byte.
		{"lead byte outside 0x81-0x9F,0xA1-0xDF,0xE0,0xFC: E1", "\xe1", "\uFFFD"},
		{"lead byte outside 0x81-0x9F,0xA1-0xDF,0xE0,0xFC: FA FA FF", "\xfa\xfa\xff", "\u6D04\uFFFD"},
		{"trail byte outside 0x41-0xFE: FA FD", "\xfa\xfd", "\uFFFD"},
		{"trail byte outside 0x41-0xFE: FA FE", "\xfa\xfe", "\uFFFD"},
		{"pointer is null: 81 B5", "\x81\xb5", "\uFFFD"},

		{"0x80 is U+0080", "\x80", "\u0080"},
		{"half-width katakana", "\xa1\xdf", "\uFF61\uFF9F"},
		{"0xFD to 0xFF are errors", "\xfd\xfe\xff", "\uFFFD\uFFFD\uFFFD"},
		{"trail 0x7F: error, ASCII restored", "\x81\x7f", "\uFFFD\x7f"},
		{"first EUDC pointer", "\xf0\x40", "\uE000"},
		{"last EUDC pointer", "\xf9\xfc", "\uE757"},
		{"NEC selected IBM extension", "\xed\x40", "\u7E8A"},
		{"IBM extension", "\xfa\x40", "\u2170"},
	})
}

// TestWPTLegacyShiftJISEncoder follows the sjis-encoder.js helper of
// legacy-mb-japanese/shift_jis/sjis-encode-{form,href}*.html, errors
// included: section 12.3.2, Shift_JIS encoder, whose index Shift_JIS
// pointer skips pointers 8272 to 8835.
func TestWPTLegacyShiftJISEncoder(t *testing.T) {
	runLegacyEncodeCases(t, ShiftJIS, []legacyEncodeCase{
		{"ASCII and U+0080", "a~\u0080", "a~\x80"},
		{"yen sign and overline", "\u00A5\u203E", "\\~"},
		{"half-width katakana", "\uFF61\uFF9F", "\xa1\xdf"},
		{"U+2212 is encoded as U+FF0D", "\u2212", "\x81\x7c"},
		{"NEC selected IBM extensions are skipped", "\u7E8A", "\xfa\x5c"},
		{"EUDC is decoded, not encoded", "\uE000", "&#57344;"},
		{"JIS X 0212 is not encoded", "\u4E02", "&#19970;"},
		{"hangul", "\uAC00", "&#44032;"},
	})
}

// TestWPTLegacyEUCKR follows legacy-mb-korean/euc-kr/euckr-decode-errors.html
// and the euckr-encoder.js helper of euckr-encode-{form,href}*.html:
// section 13.1, EUC-KR decoder and encoder.
func TestWPTLegacyEUCKR(t *testing.T) {
	runLegacyDecodeCases(t, EUCKR, []legacyDecodeCase{
		{"lead not 0x00 and no more bytes: B0", "\xb0", "\uFFFD"},
		{"lead not 0x00 and no more bytes: B0 B5 B0", "\xb0\xb5\xb0", "\uAC20\uFFFD"},
		{"lead not 0x00 and no more bytes: B0 B0 B0", "\xb0\xb0\xb0", "\uAC19\uFFFD"},
		{"lead byte outside 0x81-0xFE: FF", "\xff", "\uFFFD"},
		// WPT names this case "B0 B0 FF" but expects U+AC20, which is
		// B0 B5: both are here.
		{"lead byte outside 0x81-0xFE: B0 B5 FF", "\xb0\xb5\xff", "\uAC20\uFFFD"},
		{"lead byte outside 0x81-0xFE: B0 B0 FF", "\xb0\xb0\xff", "\uAC19\uFFFD"},
		{"trail byte outside 0x41-0xFE: B0 31", "\xb01", "\uFFFD1"},
		{"trail byte outside 0x41-0xFE: B0 FF", "\xb0\xff", "\uFFFD"},
		{"pointer is null: 81 5B", "\x81[", "\uFFFD["},
		{"first pointer", "\x81\x41", "\uAC02"},
		{"0x80 is an error", "\x80", "\uFFFD"},
		{"null pointer, not ASCII", "\xfe\xfe", "\uFFFD"},
	})
	runLegacyEncodeCases(t, EUCKR, []legacyEncodeCase{
		{"ASCII", "a\\~", "a\\~"},
		{"hangul", "\uAC00\uAC02", "\xb0\xa1\x81\x41"},
		{"euro sign", "\u20AC", "\xa2\xe6"},
		{"han", "\u4E00", "\xec\xe9"},
		{"yen sign", "\u00A5", "&#165;"},
		{"han outside the index", "\u4E02", "&#19970;"},
		{"supplementary", "\U0001F4A9", "&#128169;"},
	})
}

// TestWPTLegacyBig5Decoder follows
// legacy-mb-tchinese/big5/big5-decode-errors.html, big5-decode-extra.html
// (pointers below 5024: the HKSCS extensions, decoded though never
// encoded), encoding/textdecoder-eof.any.js's Big5 cases and the
// big5-decoder.js helper: section 11.1.1, Big5 decoder, including the four
// pointers that decode to two code points.
func TestWPTLegacyBig5Decoder(t *testing.T) {
	runLegacyDecodeCases(t, Big5, []legacyDecodeCase{
		{"lead not 0x00 and no more bytes: AB", "\xab", "\uFFFD"},
		{"lead not 0x00 and no more bytes: AB B5 AB", "\xab\xb5\xab", "\u594F\uFFFD"},
		{"lead not 0x00 and no more bytes: AB AB AB", "\xab\xab\xab", "\u5782\uFFFD"},
		{"lead byte outside 0x81-0xFE: FF", "\xff", "\uFFFD"},
		// WPT names this case "AB AB FF" but expects U+594F, which is
		// AB B5: both are here.
		{"lead byte outside 0x81-0xFE: AB B5 FF", "\xab\xb5\xff", "\u594F\uFFFD"},
		{"lead byte outside 0x81-0xFE: AB AB FF", "\xab\xab\xff", "\u5782\uFFFD"},
		{"trail byte outside 0x41-0xFE: AB 31", "\xab1", "\uFFFD1"},
		{"trail byte outside 0x41-0xFE: AB FF", "\xab\xff", "\uFFFD"},
		{"pointer is null: C8 F2", "\xc8\xf2", "\uFFFD"},

		{"textdecoder-eof: 81 40", "\x81\x40", "\uFFFD@"},
		{"textdecoder-eof: 81 81", "\x81\x81", "\uFFFD"},
		{"textdecoder-eof: 87 87 40", "\x87\x87\x40", "\uFFFD@"},

		{"pointer 1133", "\x88\x62", "\u00CA\u0304"},
		{"pointer 1135", "\x88\x64", "\u00CA\u030C"},
		{"pointer 1164", "\x88\xa3", "\u00EA\u0304"},
		{"pointer 1166", "\x88\xa5", "\u00EA\u030C"},
		{"two code points between others", "a\x88\x62\x88\xa5b", "a\u00CA\u0304\u00EA\u030Cb"},
		{"HKSCS pointer below 5024", "\x88\x40", "\u31C0"},
		{"0x80 is an error", "\x80", "\uFFFD"},
		{"0x7F is ASCII", "\x7f", "\x7f"},
		{"first pointer of the encoder's range", "\xa1\x40", "\u3000"},
		{"a later duplicate", "\xf9\xf9", "\u2550"},
		{"supplementary", "\xc8\x7c", "\U0002008A"},
	})
}

// TestWPTLegacyBig5Encoder follows the big5-encoder.js helper of
// legacy-mb-tchinese/big5/big5-encode-{form,href}*.html (errors for han,
// hangul, misc, PUA and Extension B included) and big5-enc-ascii.html:
// section 11.1.2, Big5 encoder. Index Big5 pointer skips pointers below
// 5024 and takes the last pointer of six code points, the first of the
// other duplicates.
func TestWPTLegacyBig5Encoder(t *testing.T) {
	runLegacyEncodeCases(t, Big5, []legacyEncodeCase{
		{"ASCII", " !\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~\x7f", " !\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~\x7f"},
		{"last pointer: U+2550", "\u2550", "\xf9\xf9"},
		{"last pointer: U+255E", "\u255E", "\xf9\xe9"},
		{"last pointer: U+2561", "\u2561", "\xf9\xeb"},
		{"last pointer: U+256A", "\u256A", "\xf9\xea"},
		{"last pointer: U+5341", "\u5341", "\xa4\x51"},
		{"last pointer: U+5345", "\u5345", "\xa4\xca"},
		{"first pointer of other duplicates: U+256D", "\u256D", "\xa2\x7e"},
		{"first pointer of other duplicates: U+3003", "\u3003", "\xa1\xb2"},
		{"euro sign", "\u20AC", "\xa3\xe1"},
		{"han", "\u4E00", "\xa4\x40"},
		{"HKSCS only below 5024", "\u31C0", "&#12736;"},
		{"U+00CA is at pointer 1137 only", "\u00CA\u0304", "&#202;&#772;"},
		{"Extension B at a pointer of 5024 or more", "\U0002008A", "\xc8\x7c"},
		{"Extension B below 5024 only", "\U00020021", "&#131105;"},
		{"hangul", "\uAC00", "&#44032;"},
		{"PUA", "\uE000", "&#57344;"},
	})
}

// TestWPTLegacyGB18030Decoder follows
// legacy-mb-schinese/gb18030/gb18030-decode-errors.html,
// legacy-mb-schinese/gbk/gbk-decode-errors.html and gbk-decoder.html, and
// the gb18030-decoder.js helper: section 10.2.1, gb18030 decoder, which is
// also GBK's decoder (section 10.1.1), with the GB18030-2022 index.
func TestWPTLegacyGB18030Decoder(t *testing.T) {
	cases := []legacyDecodeCase{
		// The *-decode-errors.html cases, named after the step of the
		// decoder they exercise.
		{"step 2: 82 30 C3", "\x82\x30\xc3", "\uFFFD"},
		{"step 3.5: 82 30 C3 53", "\x82\x30\xc3\x53", "\uFFFD0\u80A7"},
		{"step 4.2: 83 30 FF 33", "\x83\x30\xff\x33", "\uFFFD0\uFFFD3"},
		{"step 5.7: 82 FF C3 33", "\x82\xff\xc3\x33", "\uFFFD\uFFFD"},
		{"step 9: FF 30 C3 33", "\xff\x30\xc3\x33", "\uFFFD0\uFFFD"},

		// gbk-decoder.html: bytes FE 54 to FE 5E (it calls them pointers
		// 23834 to 23844), skipping FE 59.
		{"FE 54", "\xfe\x54", "\u2E84"},
		{"FE 55", "\xfe\x55", "\u3473"},
		{"FE 56", "\xfe\x56", "\u3447"},
		{"FE 57", "\xfe\x57", "\u2E88"},
		{"FE 58", "\xfe\x58", "\u2E8B"},
		{"FE 5A", "\xfe\x5a", "\u359E"},
		{"FE 5B", "\xfe\x5b", "\u361A"},
		{"FE 5C", "\xfe\x5c", "\u360E"},
		{"FE 5D", "\xfe\x5d", "\u2E8C"},
		{"FE 5E", "\xfe\x5e", "\u2E97"},

		// Single bytes and two bytes.
		{"ASCII", "ab\x7f", "ab\x7f"},
		{"0x80 is the euro sign", "\x80", "\u20AC"},
		{"0xFF is an error", "\xff", "\uFFFD"},
		{"two-byte euro sign", "\xa2\xe3", "\u20AC"},
		{"first two-byte pointer", "\x81\x40", "\u4E02"},
		{"trail 0x7F: error, ASCII restored", "\x81\x7f", "\uFFFD\x7f"},
		{"last two-byte pointer", "\xfe\xfe", "\uE4C5"},
		{"A1 40 is PUA", "\xa1\x40", "\uE4C6"},
		// U+E5E5 does not roundtrip: A3 A0 decodes to U+3000 like A1 A1.
		{"A3 A0 is U+3000", "\xa3\xa0", "\u3000"},
		{"A1 A1 is U+3000", "\xa1\xa1", "\u3000"},
		{"A8 BF", "\xa8\xbf", "\u01F9"},

		// GB18030-2022: 18 two-byte sequences that mapped to PUA now map
		// to standard code points (index gb18030, Identifier ff1c9a92,
		// 2024-09-18). WPT files older than October 2024 still expect the
		// PUA code points.
		{"2022: A6 D9", "\xa6\xd9", "\uFE10"},
		{"2022: A6 DA", "\xa6\xda", "\uFE12"},
		{"2022: A6 DB", "\xa6\xdb", "\uFE11"},
		{"2022: A6 DC", "\xa6\xdc", "\uFE13"},
		{"2022: A6 DD", "\xa6\xdd", "\uFE14"},
		{"2022: A6 DE", "\xa6\xde", "\uFE15"},
		{"2022: A6 DF", "\xa6\xdf", "\uFE16"},
		{"2022: A6 EC", "\xa6\xec", "\uFE17"},
		{"2022: A6 ED", "\xa6\xed", "\uFE18"},
		{"2022: A6 F3", "\xa6\xf3", "\uFE19"},
		{"2022: FE 59", "\xfe\x59", "\u9FB4"},
		{"2022: FE 61", "\xfe\x61", "\u9FB5"},
		{"2022: FE 66", "\xfe\x66", "\u9FB6"},
		{"2022: FE 67", "\xfe\x67", "\u9FB7"},
		{"2022: FE 6D", "\xfe\x6d", "\u9FB8"},
		{"2022: FE 7E", "\xfe\x7e", "\u9FB9"},
		{"2022: FE 90", "\xfe\x90", "\u9FBA"},
		{"2022: FE A0", "\xfe\xa0", "\u9FBB"},
		// The four-byte forms of those code points still decode: index
		// gb18030 ranges did not change.
		{"four-byte U+FE10", "\x84\x31\x82\x36", "\uFE10"},
		{"four-byte U+9FB9", "\x82\x35\x91\x32", "\u9FB9"},

		// Four bytes: index gb18030 ranges code point.
		{"first four-byte pointer", "\x81\x30\x81\x30", "\u0080"},
		{"pointer 7457 is U+E7C7", "\x81\x35\xf4\x37", "\uE7C7"},
		{"U+E7C8", "\x83\x36\xc8\x30", "\uE7C8"},
		{"U+2603", "\x81\x37\xa3\x30", "\u2603"},
		{"last BMP pointer 39419", "\x84\x31\xa4\x39", "\uFFFF"},
		{"pointer 39420 is null", "\x84\x31\xa5\x30", "\uFFFD"},
		{"pointer 188999 is null", "\x8f\x39\xfe\x39", "\uFFFD"},
		{"pointer 189000 is U+10000", "\x90\x30\x81\x30", "\U00010000"},
		{"U+1F4A9", "\x94\x39\xda\x33", "\U0001F4A9"},
		{"pointer 1237575 is U+10FFFF", "\xe3\x32\x9a\x35", "\U0010FFFF"},
		// A null four-byte pointer is an error with nothing restored
		// (step 3.4). WPT's gb18030-decoder.js restores three bytes
		// there, as the standard did before 2016.
		{"pointer 1237576 is null", "\xe3\x32\x9a\x36", "\uFFFD"},
		{"null pointer, then a two-byte sequence", "\xe3\x32\x9a\x36\x81\x40", "\uFFFD\u4E02"},
		{"last four-byte sequence", "\xfe\x39\xfe\x39", "\uFFFD"},
		{"four-byte sequences back to back", "\x81\x30\x81\x30\x81\x30\x81\x31", "\u0080\u0081"},

		// Restores.
		{"third byte not a trail: two bytes restored", "\x81\x30\x20", "\uFFFD0 "},
		{"third byte 0xFF: two bytes restored", "\x81\x30\xff", "\uFFFD0\uFFFD"},
		{"fourth byte not a digit: three bytes restored", "\x81\x30\x81\x2f", "\uFFFD0\uFFFD/"},
		{"fourth byte 0xFF: three bytes restored", "\xe3\xff\x9a\x33", "\uFFFD\uFFFD"},
		{"second byte an ASCII non-digit: restored", "\x81\x2f", "\uFFFD/"},
		{"second byte 0xFF: not restored", "\xff\x32\x9a\x33", "\uFFFD2\uFFFD"},
		{"lead at the end", "\x81", "\uFFFD"},
		{"lead and digit at the end", "\x81\x30", "\uFFFD"},
		{"three bytes at the end", "\xe3\x32\x9a", "\uFFFD"},
		{"three bytes and NUL", "\xe3\x32\x9a\x00", "\uFFFD2\uFFFD\x00"},
	}
	runLegacyDecodeCases(t, GB18030, cases)
	runLegacyDecodeCases(t, GBK, cases)
}

// TestWPTLegacyGB18030Encoder follows
// legacy-mb-schinese/gb18030/gb18030-encoder.html and the
// gb18030-encoder.js helper of gb18030-encode-{form,href}*.html: section
// 10.2.2, gb18030 encoder, with the GB18030-2022 table for 18 PUA code
// points.
func TestWPTLegacyGB18030Encoder(t *testing.T) {
	runLegacyEncodeCases(t, GB18030, []legacyEncodeCase{
		{"very basic", "s", "s"},
		{"Euro", "\u20AC", "\xa2\xe3"},
		{"character", "\u4E02", "\x81@"},
		{"PUA", "\uE4C6", "\xa1@"},
		{"PUA #2", "\uE4C5", "\xfe\xfe"},
		{"PUA #3", "\uE5E5", "&#58853;"},
		{"poo", "\U0001F4A9", "\x949\xda3"},
		{"Ranges pointer special case", "\uE7C7", "\x815\xf47"},
		{"legacy ICU special case 1", "\uE7C8", "\x836\xc80"},
		{"legacy ICU special case 2", "\u2026", "\xa1\xad"},
		{"legacy ICU special case 3", "\uFF5E", "\xa1\xab"},
		{"U+0080", "\u0080", "\x810\x810"},
		{"U+3000 takes the first pointer", "\u3000", "\xa1\xa1"},
		{"U+FFFF", "\uFFFF", "\x841\xa49"},
		{"U+10000", "\U00010000", "\x900\x810"},
		{"U+10FFFF", "\U0010FFFF", "\xe32\x9a5"},
		// GB18030-2022: the code points now in the index take their
		// two-byte forms; the PUA code points they replaced keep the same
		// two bytes through the encoder's table.
		{"2022: U+FE10 in the index", "\uFE10", "\xa6\xd9"},
		{"2022: U+9FB4 in the index", "\u9FB4", "\xfe\x59"},
		{"2022 table: U+E78D", "\uE78D", "\xa6\xd9"},
		{"2022 table: U+E78E..U+E796", "\uE78E\uE78F\uE790\uE791\uE792\uE793\uE794\uE795\uE796",
			"\xa6\xda\xa6\xdb\xa6\xdc\xa6\xdd\xa6\xde\xa6\xdf\xa6\xec\xa6\xed\xa6\xf3"},
		{"2022 table: U+E81E..U+E864", "\uE81E\uE826\uE82B\uE82C\uE832\uE843\uE854\uE864",
			"\xfe\x59\xfe\x61\xfe\x66\xfe\x67\xfe\x6d\xfe\x7e\xfe\x90\xfe\xa0"},
		{"PUA next to the table is in the index", "\uE78C\uE797", "\xa6\xc0\xa6\xf6"},
		{"PUA in neither the index nor the table", "\uE7E7", "\x836\xc81"},
	})
}

// TestWPTLegacyGBKEncoder follows legacy-mb-schinese/gbk/gbk-encoder.html
// and the gbk-encoder.js helper of gbk-encode-{form,href}*.html: section
// 10.1.2, GBK encoder, the gb18030 encoder with "is GBK": U+20AC is 0x80
// and there are no four-byte sequences.
func TestWPTLegacyGBKEncoder(t *testing.T) {
	runLegacyEncodeCases(t, GBK, []legacyEncodeCase{
		{"very basic", "s", "s"},
		{"Euro", "\u20AC", "\x80"},
		{"character", "\u4E02", "\x81@"},
		{"PUA", "\uE4C6", "\xa1@"},
		{"PUA #2", "\uE4C5", "\xfe\xfe"},
		{"PUA #3", "\uE5E5", "&#58853;"},
		{"poo", "\U0001F4A9", "&#128169;"},
		{"legacy ICU special case 1", "\uE7C8", "&#59336;"},
		{"legacy ICU special case 2", "\u2026", "\xa1\xad"},
		{"legacy ICU special case 3", "\uFF5E", "\xa1\xab"},
		{"legacy WebKit case 1", "\u00A5", "&#165;"},
		{"legacy WebKit case 2", "\u22EF", "&#8943;"},
		{"legacy WebKit case 3", "\u301C", "&#12316;"},
		{"Ranges pointer special case", "\uE7C7", "&#59335;"},
		{"U+0080", "\u0080", "&#128;"},
		{"2022: U+FE10 in the index", "\uFE10", "\xa6\xd9"},
		{"2022 table: U+E78D", "\uE78D", "\xa6\xd9"},
		{"2022 table: U+E864", "\uE864", "\xfe\xa0"},
		{"PUA next to the table is in the index", "\uE78C\uE797", "\xa6\xc0\xa6\xf6"},
		{"PUA in neither the index nor the table", "\uE7E7", "&#59367;"},
	})
}

// legacyIndexDir returns the directory of the standard's index files, as
// the reference oracle finds it: $WHATENC_WHATWG, else ../shared/whatwg
// beside the module root; "" if it is not there.
func legacyIndexDir() string {
	dir, err := reference.DataDir()
	if err != nil {
		return ""
	}
	if _, err := os.Stat(filepath.Join(dir, "index-jis0208.txt")); err != nil {
		return ""
	}
	return dir
}

// legacyIndex reads index-<name>.txt: its pointers and code points, in file
// order (increasing pointers).
func legacyIndex(t *testing.T, dir, name string) (pointers []int, codePoints []rune) {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "index-"+name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := strings.TrimSpace(s.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) < 2 {
			t.Fatalf("index-%s.txt: bad line %q", name, line)
		}
		p, err1 := strconv.Atoi(fields[0])
		c, err2 := strconv.ParseUint(strings.TrimPrefix(fields[1], "0x"), 16, 32)
		if err1 != nil || err2 != nil {
			t.Fatalf("index-%s.txt: bad line %q", name, line)
		}
		pointers = append(pointers, p)
		codePoints = append(codePoints, rune(c))
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return pointers, codePoints
}

func needLegacyIndexes(t *testing.T) string {
	t.Helper()
	dir := legacyIndexDir()
	if dir == "" {
		t.Skip("skipping: the standard's index files (../shared/whatwg or $WHATENC_WHATWG) are not there")
	}
	return dir
}

// TestWPTLegacySingleByte follows encoding/single-byte-decoder.window.js
// (its TextDecoder variant: every byte decodes to the index code point,
// or U+FFFD where the index has none) and
// textdecoder-fatal-single-byte.any.js (a byte without a code point makes
// a fatal decoder fail; every other byte does not): section 9.1,
// single-byte decoder. WPT's lists of bytes without a code point are
// checked against the index files as well as against the decoder.
func TestWPTLegacySingleByte(t *testing.T) {
	dir := needLegacyIndexes(t)
	// textdecoder-fatal-single-byte.any.js's "bad" bytes.
	bad := map[*Encoding][]byte{
		ISO8859_3: {0xA5, 0xAE, 0xBE, 0xC3, 0xD0, 0xE3, 0xF0},
		ISO8859_6: {0xA1, 0xA2, 0xA3, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xAB, 0xAE, 0xAF, 0xB0, 0xB1, 0xB2,
			0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xBC, 0xBD, 0xBE, 0xC0, 0xDB, 0xDC, 0xDD, 0xDE,
			0xDF, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF},
		ISO8859_7: {0xAE, 0xD2, 0xFF},
		ISO8859_8: {0xA1, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xCB, 0xCC,
			0xCD, 0xCE, 0xCF, 0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xDB, 0xDC,
			0xDD, 0xDE, 0xFB, 0xFC, 0xFF},
		Windows874:  {0xDB, 0xDC, 0xDD, 0xDE, 0xFC, 0xFD, 0xFE, 0xFF},
		Windows1253: {0xAA, 0xD2, 0xFF},
		Windows1255: {0xD9, 0xDA, 0xDB, 0xDC, 0xDD, 0xDE, 0xDF, 0xFB, 0xFC, 0xFF},
		Windows1257: {0xA1, 0xA5},
	}
	bad[ISO8859_8I] = bad[ISO8859_8]
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	count := 0
	for _, e := range Encodings() {
		if !e.IsSingleByte() {
			continue
		}
		count++
		file := strings.ToLower(e.Name())
		if e == ISO8859_8I {
			file = "iso-8859-8"
		}
		var want [256]rune
		for i := range want {
			want[i] = rune(i)
			if i >= 0x80 {
				want[i] = 0xFFFD
			}
		}
		pointers, codePoints := legacyIndex(t, dir, file)
		for i, p := range pointers {
			want[0x80+p] = codePoints[i]
		}
		var wptBad [256]bool
		for _, b := range bad[e] {
			wptBad[b] = true
		}
		for b := range want {
			if wptBad[b] != (want[b] == 0xFFFD) {
				t.Errorf("%s: WPT says byte %#02x has no code point: %v; the index: %v", e, b, wptBad[b], want[b] == 0xFFFD)
			}
		}
		got := legacyDecode(t, e, all, Replace, len(all), false)
		for b, r := range []rune(got.text) {
			if b < 256 && r != want[b] {
				t.Errorf("%s decoder: byte %#02x gives %U, want %U", e, b, r, want[b])
			}
		}
		if n := utf8.RuneCountInString(got.text); n != 256 {
			t.Errorf("%s decoder: 256 bytes give %d code points", e, n)
		}
		d := e.NewDecoder(KeepBOM, Fatal)
		dst := make([]byte, 8)
		for b := range all {
			r := d.DecodeToUTF8(all[b:b+1], dst, true)
			if (r.Status == Malformed) != wptBad[b] {
				t.Errorf("%s decoder, Fatal, byte %#02x: %v, want a failure: %v", e, b, r.Status, wptBad[b])
			}
			d.Reset()
		}
	}
	if count != 28 {
		t.Errorf("%d single-byte encodings, want 28", count)
	}
}

// TestWPTLegacyGB18030Ranges follows the "range" cases of
// legacy-mb-schinese/gb18030/gb18030-encoder.html: the first code point of
// every range of index gb18030 ranges encodes to the four bytes of the
// range's pointer, and (the same data, the other way) those four bytes
// decode to it. Sections 5 (index gb18030 ranges code point and pointer),
// 10.2.1 and 10.2.2.
func TestWPTLegacyGB18030Ranges(t *testing.T) {
	dir := needLegacyIndexes(t)
	pointers, codePoints := legacyIndex(t, dir, "gb18030-ranges")
	if len(pointers) != 207 {
		t.Fatalf("index gb18030 ranges has %d ranges, want 207", len(pointers))
	}
	for i, p := range pointers {
		cp := codePoints[i]
		b := []byte{byte(p/12600 + 0x81), byte(p%12600/1260 + 0x30), byte(p%1260/10 + 0x81), byte(p%10 + 0x30)}
		checkLegacyDecode(t, GB18030, legacyDecodeCase{fmt.Sprintf("range %d", i), string(b), string(cp)})
		checkLegacyEncode(t, GB18030, legacyEncodeCase{fmt.Sprintf("range %d", i), string(cp), string(b)})
		// GBK has no four-byte sequences: these are all errors.
		checkLegacyEncode(t, GBK, legacyEncodeCase{fmt.Sprintf("range %d", i), string(cp), fmt.Sprintf("&#%d;", cp)})
	}
}

// TestWPTLegacyEncodeErrors follows the *-encode-form-errors-*.html and
// *-encode-href-errors-*.html files of every legacy multi-byte encoding:
// for every code point of WPT's ranges (U+0080 to U+FFFF but surrogates,
// which covers its han, hangul, misc and PUA ranges, and Extension B,
// U+20000 to U+2A6DF) that the encoding cannot represent, HTML mode writes
// "&#N;" and Fatal mode stops at it; every other one is encoded (section
// 4.1, process an item; the encoders of sections 10 to 13). Which code
// points an encoding represents is worked out from the index files and
// the encoders' special cases.
func TestWPTLegacyEncodeErrors(t *testing.T) {
	dir := needLegacyIndexes(t)
	inIndex := func(name string, keep func(p int) bool) map[rune]bool {
		set := make(map[rune]bool)
		pointers, codePoints := legacyIndex(t, dir, name)
		for i, p := range pointers {
			if keep == nil || keep(p) {
				set[codePoints[i]] = true
			}
		}
		return set
	}
	jis0208 := inIndex("jis0208", nil)
	shiftJIS := inIndex("jis0208", func(p int) bool { return p < 8272 || p > 8835 })
	eucKR := inIndex("euc-kr", nil)
	big5 := inIndex("big5", func(p int) bool { return p >= (0xA1-0x81)*157 })
	gb := inIndex("gb18030", nil)
	katakana := func(c rune) bool { return c >= 0xFF61 && c <= 0xFF9F }
	// The 18 PUA code points of the gb18030 encoder's GB18030-2022 table.
	gbTable := func(c rune) bool {
		switch c {
		case 0xE81E, 0xE826, 0xE82B, 0xE82C, 0xE832, 0xE843, 0xE854, 0xE864:
			return true
		}
		return c >= 0xE78D && c <= 0xE796
	}
	for _, enc := range []struct {
		e        *Encoding
		mappable func(c rune) bool
	}{
		{EUCJP, func(c rune) bool { return c == 0xA5 || c == 0x203E || katakana(c) || c == 0x2212 || jis0208[c] }},
		// Half-width katakana go through index ISO-2022-JP katakana to
		// jis0208, which has every one of their full-width forms.
		{ISO2022JP, func(c rune) bool { return c == 0xA5 || c == 0x203E || katakana(c) || c == 0x2212 || jis0208[c] }},
		{ShiftJIS, func(c rune) bool {
			return c == 0x80 || c == 0xA5 || c == 0x203E || katakana(c) || c == 0x2212 || shiftJIS[c]
		}},
		{EUCKR, func(c rune) bool { return eucKR[c] }},
		{Big5, func(c rune) bool { return big5[c] }},
		{GBK, func(c rune) bool { return c != 0xE5E5 && (c == 0x20AC || gbTable(c) || gb[c]) }},
		{GB18030, func(c rune) bool { return c != 0xE5E5 }},
	} {
		html := enc.e.NewEncoder(HTML)
		fatal := enc.e.NewEncoder(Fatal)
		var src [4]byte
		var dstHTML, dstFatal [32]byte
		errors := 0
		for c := rune(0x80); c < 0x2A6E0; c++ {
			if c == 0xD800 {
				c = 0xE000
			} else if c == 0x10000 {
				c = 0x20000
			}
			n := utf8.EncodeRune(src[:], c)
			h := html.EncodeFromUTF8(src[:n], dstHTML[:], true)
			f := fatal.EncodeFromUTF8(src[:n], dstFatal[:], true)
			got := string(dstHTML[:h.Written])
			if !enc.mappable(c) {
				errors++
				if want := fmt.Sprintf("&#%d;", c); got != want || h.Status != InputEmpty {
					t.Errorf("%s encoder, HTML, %U: %v, % X; want %s", enc.e, c, h.Status, got, want)
				}
				if f.Status != Unmappable || f.Unmappable != c || f.Written != 0 {
					t.Errorf("%s encoder, Fatal, %U: %v (unmappable %U) after % X; want Unmappable %U", enc.e, c, f.Status, f.Unmappable, dstFatal[:f.Written], c)
				}
				fatal.Reset()
				continue
			}
			if h.Status != InputEmpty || f.Status != InputEmpty || h.Replaced || got == "" || got != string(dstFatal[:f.Written]) {
				t.Errorf("%s encoder, %U: HTML %v % X, Fatal %v % X; want the same bytes, no error", enc.e, c, h.Status, got, f.Status, dstFatal[:f.Written])
			}
		}
		if errors == 0 && enc.e != GB18030 {
			t.Errorf("%s encoder: no errors in WPT's ranges", enc.e)
		}
	}
}
