package codec

// Helpers shared by the CJK families' tests (gb18030_test.go, big5_test.go,
// eucjp_test.go, iso2022jp_test.go, shiftjis_test.go, euckr_test.go), and
// the tests that concern all of them.

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/whatenc/whatenc/indexes"
	"github.com/whatenc/whatenc/internal/reference"
)

// cjkEncodings are the encodings of issue 3.
var cjkEncodings = []*Encoding{GBK, GB18030, Big5, EUCJP, ISO2022JP, ShiftJIS, EUCKR}

// decodeWays decodes input with e in mode in every way the streaming
// contract allows to differ: in one call, split in two at every position,
// one byte per call, into UTF-8 and UTF-16, with ample output buffers and
// with output buffers of the minimum size. It fails unless all ways agree
// and returns the output and whether decoding finished without a Fatal
// stop.
func decodeWays(t *testing.T, e *Encoding, input []byte, mode ErrorMode) (string, bool) {
	t.Helper()
	type way struct {
		name   string
		chunks [][]byte
		wide   bool
		small  bool
	}
	var ways []way
	for _, wide := range []bool{false, true} {
		for _, small := range []bool{false, true} {
			ways = append(ways, way{"one call", [][]byte{input}, wide, small})
			var bytes [][]byte
			for i := range input {
				bytes = append(bytes, input[i:i+1])
			}
			ways = append(ways, way{"byte by byte", bytes, wide, small})
			for k := 1; k < len(input); k++ {
				ways = append(ways, way{fmt.Sprintf("split at %d", k), [][]byte{input[:k], input[k:]}, wide, small})
			}
		}
	}
	var first string
	var firstOK bool
	for n, w := range ways {
		out, ok := decodeChunks(t, e, w.chunks, mode, w.wide, w.small)
		if n == 0 {
			first, firstOK = out, ok
			continue
		}
		if out != first || ok != firstOK {
			t.Fatalf("%s decoder, input % X: %s (UTF-16 %v, small buffers %v) gives %+q ok=%v; in one call %+q ok=%v",
				e, input, w.name, w.wide, w.small, out, ok, first, firstOK)
		}
	}
	return first, firstOK
}

// decodeChunks decodes the chunks as one stream; in Fatal mode it stops at
// the first Malformed.
func decodeChunks(t *testing.T, e *Encoding, chunks [][]byte, mode ErrorMode, wide, small bool) (string, bool) {
	t.Helper()
	d := e.NewDecoder(KeepBOM, mode)
	var u8 []byte
	var u16 []uint16
	if len(chunks) == 0 {
		chunks = [][]byte{nil}
	}
	for ci, chunk := range chunks {
		last := ci == len(chunks)-1
		for calls := 0; ; calls++ {
			if calls > 1000 {
				t.Fatalf("%s decoder: no progress on % X", e, chunk)
			}
			var r DecodeResult
			if wide {
				dst := make([]uint16, 1000)
				if small {
					dst = dst[:MinUTF16Output]
				}
				r = d.DecodeToUTF16(chunk, dst, last)
				u16 = append(u16, dst[:r.Written]...)
			} else {
				dst := make([]byte, 1000)
				if small {
					dst = dst[:MinUTF8Output]
				}
				r = d.DecodeToUTF8(chunk, dst, last)
				u8 = append(u8, dst[:r.Written]...)
			}
			chunk = chunk[r.Read:]
			switch r.Status {
			case Malformed:
				if wide {
					return string(utf16.Decode(u16)), false
				}
				return string(u8), false
			case InputEmpty:
			default:
				continue
			}
			break
		}
	}
	if wide {
		return string(utf16.Decode(u16)), true
	}
	return string(u8), true
}

// checkDecode checks that e decodes input to want in Replace mode (every
// way), that Fatal mode fails exactly when want has an error (U+FFFD), and,
// when the standard's data is there, that the reference agrees.
func checkDecode(t *testing.T, e *Encoding, input []byte, want string) {
	t.Helper()
	got, _ := decodeWays(t, e, input, Replace)
	if got != want {
		t.Errorf("%s decoder, input % X: got %+q, want %+q", e, input, got, want)
	}
	_, ok := decodeWays(t, e, input, Fatal)
	if wantOK := !strings.ContainsRune(want, 0xFFFD); ok != wantOK {
		t.Errorf("%s decoder, Fatal, input % X: ok=%v, want %v", e, input, ok, wantOK)
	}
	if reference.Available() == nil {
		ref, _, _ := reference.Decode(e.Name(), input, reference.DecodeReplacement)
		if string(ref) != want {
			t.Errorf("%s decoder, input % X: the reference gives %+q, the test wants %+q", e, input, string(ref), want)
		}
	}
}

// encodeWays encodes text with e in mode, one call from UTF-8 with ample
// room and again one scalar value per call with the least room that
// works, and returns the output and, at a Fatal stop, the unmappable code
// point (-1 if none) and the bytes of text consumed.
func encodeWays(t *testing.T, e *Encoding, text string, mode ErrorMode) (out []byte, bad rune, consumed int) {
	t.Helper()
	enc := e.NewEncoder(mode)
	dst := make([]byte, 16*len(text)+64)
	r := enc.EncodeFromUTF8([]byte(text), dst, true)
	out, bad, consumed = dst[:r.Written], -1, r.Read
	if r.Status == Unmappable {
		bad = r.Unmappable
	} else if r.Status != InputEmpty {
		t.Fatalf("%s encoder: %v for %+q", e, r.Status, text)
	}
	// Scalar value by scalar value, growing the output buffer from 1 byte.
	enc = e.NewEncoder(mode)
	var slow []byte
	rest := text
	slowBad := rune(-1)
	for {
		n := 0
		if rest != "" {
			_, n = decodeRuneInString(rest)
		}
		chunk, last := rest[:n], n == len(rest)
		for room := 1; ; room++ {
			saved := *enc
			d := make([]byte, room)
			r := enc.EncodeFromUTF8([]byte(chunk), d, last)
			if r.Status == OutputFull && r.Read == 0 && r.Written == 0 {
				*enc = saved
				continue
			}
			slow = append(slow, d[:r.Written]...)
			chunk = chunk[r.Read:]
			rest = rest[r.Read:]
			if r.Status == Unmappable {
				slowBad = r.Unmappable
			}
			if r.Status != OutputFull {
				break
			}
			room = 0
		}
		if slowBad >= 0 || rest == "" {
			break
		}
	}
	if string(slow) != string(out) || slowBad != bad {
		t.Fatalf("%s encoder, %+q: one call gives % X (unmappable %U), one scalar value per call % X (unmappable %U)",
			e, text, out, bad, slow, slowBad)
	}
	return out, bad, consumed
}

func decodeRuneInString(s string) (rune, int) {
	for i, r := range s {
		if i > 0 {
			return 0, i
		}
		_ = r
	}
	return 0, len(s)
}

// checkEncode checks that e encodes text to want in HTML mode, and that the
// reference agrees.
func checkEncode(t *testing.T, e *Encoding, text string, want []byte) {
	t.Helper()
	got, _, _ := encodeWays(t, e, text, HTML)
	if string(got) != string(want) {
		t.Errorf("%s encoder, %+q: got % X, want % X", e, text, got, want)
	}
	if reference.Available() == nil {
		ref, _, _, _ := reference.Encode(e.Name(), []rune(text), reference.EncodeHTML)
		if string(ref) != string(want) {
			t.Errorf("%s encoder, %+q: the reference gives % X, the test wants % X", e, text, ref, want)
		}
	}
}

// checkUnmappable checks that e's Fatal encoder stops at code point bad
// after writing want for text.
func checkUnmappable(t *testing.T, e *Encoding, text string, want []byte, bad rune) {
	t.Helper()
	got, gotBad, _ := encodeWays(t, e, text, Fatal)
	if string(got) != string(want) || gotBad != bad {
		t.Errorf("%s encoder, Fatal, %+q: got % X, unmappable %U; want % X, unmappable %U", e, text, got, gotBad, want, bad)
	}
}

// TestNoASCIIMasking is the security property of section 2: no decoder
// takes an ASCII byte that follows an illegal leading byte as part of the
// sequence. Every CJK decoder, every byte 0x80 to 0xFF followed by every
// ASCII byte: when the pair is not a valid sequence, the ASCII byte comes
// out after the error (for example Shift_JIS 0x82 0x22 is U+FFFD U+0022). The one exception is gb18030's at the end
// of the queue: 0x81 to 0xFE followed by a digit and the end is a single
// error, the digit being taken as the start of a four-byte sequence.
func TestNoASCIIMasking(t *testing.T) {
	for _, e := range cjkEncodings {
		if e == ISO2022JP {
			continue // not ASCII-compatible; its escapes are tested in iso2022jp_test.go
		}
		for lead := 0x80; lead <= 0xFF; lead++ {
			for a := 0; a < 0x80; a++ {
				input := []byte{byte(lead), byte(a), 'z'}
				got, _ := decodeChunks(t, e, [][]byte{input}, Replace, false, false)
				if !strings.ContainsRune(got, 0xFFFD) {
					continue // a valid two-byte sequence
				}
				if !strings.HasSuffix(got, string(rune(a))+"z") {
					t.Fatalf("%s decoder, input % X: got %+q, which lost the ASCII byte", e, input, got)
				}
				got, _ = decodeChunks(t, e, [][]byte{input[:2]}, Replace, false, false)
				gbEOQ := (e == GB18030 || e == GBK) && lead >= 0x81 && lead <= 0xFE && a >= '0' && a <= '9'
				if gbEOQ {
					if got != "\uFFFD" {
						t.Fatalf("%s decoder, input % X at the end: got %+q, want one U+FFFD", e, input[:2], got)
					}
				} else if !strings.HasSuffix(got, string(rune(a))) {
					t.Fatalf("%s decoder, input % X at the end: got %+q, which lost the ASCII byte", e, input[:2], got)
				}
			}
		}
	}
}

// TestCJKRoundTripIndexes: every code point an encoder maps decodes back to
// itself, for every code point of the Basic Multilingual Plane and plane 2.
func TestCJKRoundTripIndexes(t *testing.T) {
	for _, e := range cjkEncodings {
		enc := e.NewEncoder(Fatal)
		d := e.NewDecoder(KeepBOM, Fatal)
		dst := make([]byte, 16)
		back := make([]byte, 16)
		n := 0
		for c := rune(0x80); c <= 0x2FFFF; c++ {
			if c >= 0xD800 && c <= 0xDFFF || c >= 0x10000 && c < 0x20000 {
				continue
			}
			src := []byte(string(c))
			r := enc.EncodeFromUTF8(src, dst, true)
			if r.Status == Unmappable {
				continue
			}
			n++
			rd := d.DecodeToUTF8(dst[:r.Written], back, true)
			got := string(back[:rd.Written])
			want := string(c)
			switch {
			case e == ISO2022JP && c >= 0xFF61 && c <= 0xFF9F:
				// Half-width katakana are encoded as full-width ones.
				want = string(indexes.ISO2022JPKatakanaCodePoint(int(c - 0xFF61)))
			case c == 0x2212 && (e == EUCJP || e == ISO2022JP || e == ShiftJIS):
				want = "\uFF0D"
			case (c == 0xA5 || c == 0x203E) && (e == EUCJP || e == ShiftJIS):
				want = map[rune]string{0xA5: "\\", 0x203E: "~"}[c]
			case (e == GB18030 || e == GBK) && gb18030PUAForTest(c):
				// The GB18030-2022 side table does not round-trip.
				continue
			}
			if rd.Status != InputEmpty || got != want {
				t.Fatalf("%s: U+%04X encodes to % X, which decodes to %+q (%v)", e, c, dst[:r.Written], got, rd.Status)
			}
		}
		t.Logf("%s: %d code points round-trip", e, n)
	}
}

// gb18030PUAForTest reports whether c is one of the 18 Private Use code
// points of the gb18030 encoder's side table.
func gb18030PUAForTest(c rune) bool {
	return (c >= 0xE78D && c <= 0xE796) || c == 0xE81E || c == 0xE826 || c == 0xE82B ||
		c == 0xE82C || c == 0xE832 || c == 0xE843 || c == 0xE854 || c == 0xE864
}

// FuzzCJKDecode checks the CJK decoders on arbitrary input: every way of
// splitting it in two, byte by byte and minimal output buffers agree, and
// the output is the reference's (when the standard's data is there). Its
// seeds run in every go test; fuzz with
// go test ./codec -run '^$' -fuzz FuzzCJKDecode.
func FuzzCJKDecode(f *testing.F) {
	seeds := [][]byte{
		{0x81, 0x35, 0xF4, 0x37, 0x81, 0x30, 0x81, 0x41, 0x80, 0xA3, 0xA0, 0x84, 0x31, 0xA5, 0x30},
		{0x88, 0x62, 0x88, 0x64, 0xA1, 0x22, 0x87, 0x40, 0xF9, 0xF9},
		{0x8E, 0xA1, 0x8F, 0xA2, 0xAF, 0x8F, 0xA2, 0x41, 0xB0, 0xA1, 0x8E},
		[]byte(esc + "$B0!" + esc + "(J\\~" + esc + "(I!_" + esc + "(B" + esc + "(Ja" + esc + "$"),
		{0x80, 0xA1, 0xDF, 0xF0, 0x40, 0xF9, 0xFC, 0x82, 0x22, 0xFA, 0x5C, 0x82},
		{0x81, 0x41, 0xB0, 0xA1, 0xC6, 0x52, 0x81, 0x22, 0xFE},
	}
	for i, s := range seeds {
		f.Add(s, uint8(i))
	}
	for i, e := range cjkEncodings {
		f.Add(Encode(strings.Repeat(longSeedText, 2), e)[:160], uint8(i)) // past the kernels' 65 bytes
	}
	f.Fuzz(func(t *testing.T, input []byte, which uint8) {
		if len(input) > 160 {
			input = input[:160] // all splits are quadratic
		}
		e := cjkEncodings[int(which)%len(cjkEncodings)]
		got, _ := decodeWays(t, e, input, Replace)
		_, ok := decodeWays(t, e, input, Fatal)
		if reference.Available() != nil {
			return
		}
		want, _, _ := reference.Decode(e.Name(), input, reference.DecodeReplacement)
		if got != string(want) {
			t.Fatalf("%s decoder, input % X: got %+q, the reference %+q", e, input, got, string(want))
		}
		if _, _, wantOK := reference.Decode(e.Name(), input, reference.DecodeFatal); ok != wantOK {
			t.Fatalf("%s decoder, Fatal, input % X: ok=%v, the reference %v", e, input, ok, wantOK)
		}
	})
}

// FuzzCJKEncode checks the CJK encoders on arbitrary text: one call and one
// scalar value per call with the least output room agree, and the output is
// the reference's, in both error modes.
func FuzzCJKEncode(f *testing.F) {
	seeds := []string{
		"\u20AC\uE5E5\u3000\uE78D\uE864\U00010000\u0080\uE7C7 abc",
		"\u2550\u255E\u2561\u256A\u5341\u5345\u43F0\u00CA\u0304\U00020021",
		"\u00A5\u203E\u2212\uFF61\uFF9F\u7E8A\u4E9C\u20AC",
		"\x1b\x0e\x0fa\\~\u00A5\u203E\u4E9C\uFF71\u20ACb\u00A5",
		"\u0080\u00A5\u203E\uFF61\u2212\u7E8A\u2170\uE000",
		"\uAC00\uAC02\uD7A3\u4E00 \uFFFD",
	}
	for i, s := range seeds {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		if len(text) > 256 {
			text = text[:256]
		}
		e := cjkEncodings[int(which)%len(cjkEncodings)]
		html, _, _ := encodeWays(t, e, text, HTML)
		fatal, bad, _ := encodeWays(t, e, text, Fatal)
		if reference.Available() != nil {
			return
		}
		runes := []rune(reference.UTF8DecodeWithoutBOM([]byte(text)))
		want, _, _, _ := reference.Encode(e.Name(), runes, reference.EncodeHTML)
		if string(html) != string(want) {
			t.Fatalf("%s encoder, %+q: got % X, the reference % X", e, text, html, want)
		}
		want, wantBad, _, ok := reference.Encode(e.Name(), runes, reference.EncodeFatal)
		if ok {
			wantBad = -1
		}
		if string(fatal) != string(want) || bad != wantBad {
			t.Fatalf("%s encoder, Fatal, %+q: got % X (unmappable %U), the reference % X (%U)", e, text, fatal, bad, want, wantBad)
		}
	})
}
