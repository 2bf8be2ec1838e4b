package xtext_test

import (
	"bytes"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"

	"github.com/whatenc/whatenc/codec"
	"github.com/whatenc/whatenc/codec/xtext"
)

// texts are encoded by every encoder and, encoded, decoded by every
// decoder. None has ISO-2022-JP's U+000E, U+000F or U+001B, nor ends with
// an unmappable character after "¥" or "‾": HTMLEscapeUnsupported gives the
// standard's output for all of them (TestHTMLEscapeUnsupportedISO2022JP has
// the exceptions).
var texts = []string{
	"",
	"a",
	"Hello, world",
	"café ☃ €",
	"日本語のテキスト、ｶﾀｶﾅ",
	"中文 繁體 한국어 Ελληνικά Кириллица עברית",
	"emoji 😀 \U00020000 end",
	"¥‾\\~",
	"¥☃a‾日本~",
	"\ufeffbom",
	"x\ufffdy",
	"\u00ca\u0304\u00ea\u030c\u3000\ue5e5\u256d",
	// Invalid UTF-8: one U+FFFD for each maximal invalid subsequence.
	"a\xe3\x81b\xff\xf0\x90\x80c\xed\xa0\x80d",
	"truncated at the end \xe3\x81",
	"\xf0\x9f",
	// A truncated sequence before a character or another truncated one: a
	// chunk that ends inside the second leaves the first at its end.
	"\xc3\xe2\x82\xac",
	"\xc3\xe2\x82",
	"\xeb\xda",
	"a\xc3\xc3\xf0\x9f\x98\x80b",
	// The same where transform.String's first chunk of 128 bytes ends.
	strings.Repeat("a", 125) + "\xc3\xe2\x82\xac",
}

// malformed are byte strings every decoder meets beside the encoded texts.
var malformed = []string{
	"\x80\x81\xfe\xff",
	"\xe3\x81",
	"\xef\xbb\xbfBOM",
	"\xfe\xff\x00a\xd8\x3d",
	"\xff\xfea\x00\x3d\xd8",
	"\x1b$B\x30\x21\x1b(J\\\x1b(I1\x1b$(D\x30\x21\x1b",
	"\x81\x40\x88\x62\x88\x64\x84\x31\xa4\x37\x8e\xa1\x8f\xa2\xaf\x82",
	"\xa3\xa0\x83\x36\xc9\x34\xfe\xfe\x81\x30\x81",
}

func oneShotDecode(t *testing.T, e *codec.Encoding, bom codec.BOMHandling, in []byte) string {
	t.Helper()
	d := e.NewDecoder(bom, codec.Replace)
	n, _ := d.MaxUTF8BufferLength(len(in))
	dst := make([]byte, n)
	r := d.DecodeToUTF8(in, dst, true)
	if r.Status != codec.InputEmpty || r.Read != len(in) {
		t.Fatalf("%s: one-shot decoding of % x: %v, read %d", e, in, r.Status, r.Read)
	}
	return string(dst[:r.Written])
}

// oneShotFatal encodes s in Fatal mode in one call: the output up to the
// first unmappable character and that character's code point (or -1).
func oneShotFatal(e *codec.Encoding, s string) ([]byte, rune) {
	enc := e.NewEncoder(codec.Fatal)
	n, _ := enc.MaxBufferLengthFromUTF8(len(s))
	dst := make([]byte, n)
	r := enc.EncodeFromUTF8([]byte(s), dst, true)
	if r.Status == codec.Unmappable {
		return dst[:r.Written], r.Unmappable
	}
	return dst[:r.Written], -1
}

// decoderInputs returns the byte strings e's decoder is tested with: the
// texts as e encodes them (as UTF-16 for UTF-16BE and UTF-16LE, whose
// encoders write UTF-8), the malformed strings and random bytes.
func decoderInputs(e *codec.Encoding) [][]byte {
	var ins [][]byte
	for _, s := range texts {
		switch e {
		case codec.UTF16BE, codec.UTF16LE:
			var b []byte
			for _, u := range utf16.Encode([]rune(s)) {
				if e == codec.UTF16BE {
					b = append(b, byte(u>>8), byte(u))
				} else {
					b = append(b, byte(u), byte(u>>8))
				}
			}
			ins = append(ins, b)
		default:
			ins = append(ins, codec.Encode(s, e))
		}
	}
	for _, s := range malformed {
		ins = append(ins, []byte(s))
	}
	rng := rand.New(rand.NewSource(int64(e.ID())))
	for range 2 {
		b := make([]byte, 48)
		rng.Read(b)
		ins = append(ins, b)
	}
	return ins
}

// drive runs tr over the input cut into chunks, as a careful x/text caller
// does, with a dst of size bytes (grown for one call when nothing fits, as
// transform.String grows it), and checks x/text's contract on every call:
// progress whenever dst has minDst bytes, nil only with all of src read,
// ErrShortSrc never atEOF.
func drive(t *testing.T, tr transform.Transformer, chunks [][]byte, size, minDst int) ([]byte, error) {
	t.Helper()
	tr.Reset()
	if len(chunks) == 0 {
		chunks = [][]byte{nil}
	}
	var out, pending []byte
	for i, c := range chunks {
		pending = append(pending, c...)
		atEOF := i == len(chunks)-1
		n := size
		for calls := 0; ; calls++ {
			if calls > 10000 {
				t.Fatalf("no end after %d calls", calls)
			}
			dst := make([]byte, n)
			nDst, nSrc, err := tr.Transform(dst, pending, atEOF)
			if nDst < 0 || nDst > len(dst) || nSrc < 0 || nSrc > len(pending) {
				t.Fatalf("Transform(dst[%d], src[%d], %v) = %d, %d, %v", len(dst), len(pending), atEOF, nDst, nSrc, err)
			}
			out = append(out, dst[:nDst]...)
			pending = pending[nSrc:]
			n = size
			switch {
			case err == transform.ErrShortDst:
				if nDst == 0 && nSrc == 0 {
					if len(dst) >= minDst {
						t.Fatalf("ErrShortDst without progress with dst[%d], src % x", len(dst), pending)
					}
					n = max(2*len(dst), 1)
				}
				continue
			case err == transform.ErrShortSrc:
				if atEOF {
					t.Fatalf("ErrShortSrc at EOF, src % x", pending)
				}
			case err != nil:
				return out, err
			case len(pending) != 0:
				t.Fatalf("nil error with % x unread", pending)
			}
			break
		}
	}
	return out, nil
}

// splits returns in cut in two at every position, and in one byte a chunk.
func splits(in []byte) [][][]byte {
	var all [][][]byte
	for i := 0; i <= len(in); i++ {
		all = append(all, [][]byte{in[:i], in[i:]})
	}
	var bytewise [][]byte
	for i := range in {
		bytewise = append(bytewise, in[i:i+1])
	}
	return append(all, bytewise)
}

func TestDecoderMatchesCodec(t *testing.T) {
	for _, e := range codec.Encodings() {
		xe := xtext.Of(e)
		for _, in := range decoderInputs(e) {
			want := oneShotDecode(t, e, codec.RemoveBOM, in)
			fail := func(how, got string, err error) {
				t.Helper()
				if got != want || err != nil {
					t.Errorf("%s: %s of % x = %q, %v; want %q", e, how, in, got, err, want)
				}
			}
			got, err := xe.NewDecoder().Bytes(in)
			fail("Decoder.Bytes", string(got), err)
			s, err := xe.NewDecoder().String(string(in))
			fail("Decoder.String", s, err)
			got, err = io.ReadAll(transform.NewReader(iotest.OneByteReader(bytes.NewReader(in)), xe.NewDecoder()))
			fail("transform.NewReader over iotest.OneByteReader", string(got), err)
			got, err = io.ReadAll(iotest.OneByteReader(xe.NewDecoder().Reader(iotest.HalfReader(bytes.NewReader(in)))))
			fail("Decoder.Reader read a byte at a time", string(got), err)
			if len(in) > 32 {
				continue
			}
			d := xe.NewDecoder()
			for _, chunks := range splits(in) {
				for size := 0; size <= 8; size++ {
					got, err := drive(t, d, chunks, size, codec.MinUTF8Output)
					fail(fmt.Sprintf("Transform in %d chunks, dst[%d]", len(chunks), size), string(got), err)
				}
			}
		}
	}
}

func TestDecoderBOM(t *testing.T) {
	// NewDecoder removes the encoding's own BOM only, as TextDecoder does.
	for _, c := range []struct {
		e    *codec.Encoding
		in   string
		want string
	}{
		{codec.UTF8, "\xef\xbb\xbfa", "a"},
		{codec.UTF8, "\xef\xbb\xbf\xef\xbb\xbfa", "\ufeffa"},
		{codec.UTF8, "\xfe\xff\x00a", "\ufffd\ufffd\x00a"},
		{codec.UTF16BE, "\xfe\xff\x00a", "a"},
		{codec.UTF16BE, "\xff\xfea\x00", "\ufffe\u6100"},
		{codec.UTF16LE, "\xff\xfea\x00", "a"},
		{codec.Windows1252, "\xef\xbb\xbfa", "ï»¿a"},
		{codec.ShiftJIS, "\xef\xbb\xbfa", "\ufffdｿa"},
	} {
		got, err := xtext.Of(c.e).NewDecoder().String(c.in)
		if got != c.want || err != nil {
			t.Errorf("%s: NewDecoder().String(% x) = %q, %v; want %q", c.e, c.in, got, err, c.want)
		}
	}
	// NewDecoderBOM(codec.SniffBOM) is the legacy decode hook.
	for _, in := range []string{"\xef\xbb\xbfa\xe9", "\xfe\xff\x00a", "\xff\xfea\x00", "a\xe9"} {
		want, _ := codec.Decode([]byte(in), codec.Windows1252)
		got, err := xtext.Of(codec.Windows1252).NewDecoderBOM(codec.SniffBOM).String(in)
		if got != want || err != nil {
			t.Errorf("windows-1252 with SniffBOM: % x = %q, %v; want %q", in, got, err, want)
		}
	}
	got, _ := xtext.Of(codec.UTF8).NewDecoderBOM(codec.KeepBOM).String("\xef\xbb\xbfa")
	if got != "\ufeffa" {
		t.Errorf("UTF-8 with KeepBOM: %q", got)
	}
}

func TestHTMLEncoderMatchesCodec(t *testing.T) {
	for _, e := range codec.Encodings() {
		xe := xtext.Of(e)
		for _, s := range texts {
			want := string(codec.Encode(s, e))
			fail := func(how, got string, err error) {
				t.Helper()
				if got != want || err != nil {
					t.Errorf("%s: %s of %+q = %+q, %v; want %+q", e, how, s, got, err, want)
				}
			}
			got, err := xe.NewHTMLEncoder().String(s)
			fail("NewHTMLEncoder().String", got, err)
			b, err := xe.NewHTMLEncoder().Bytes([]byte(s))
			fail("NewHTMLEncoder().Bytes", string(b), err)
			var buf bytes.Buffer
			w := xe.NewHTMLEncoder().Writer(&buf)
			for i := range len(s) {
				if _, err := w.Write([]byte{s[i]}); err != nil {
					t.Fatal(err)
				}
			}
			err = w.(io.Closer).Close()
			fail("NewHTMLEncoder().Writer written a byte at a time", buf.String(), err)
			if len(s) > 40 {
				continue
			}
			enc := xe.NewHTMLEncoder()
			for _, chunks := range splits([]byte(s)) {
				for size := 0; size <= 8; size++ {
					got, err := drive(t, enc, chunks, size, codec.MinEncodeOutput)
					fail(fmt.Sprintf("Transform in %d chunks, dst[%d]", len(chunks), size), string(got), err)
				}
			}
		}
	}
}

func TestEncoderFatal(t *testing.T) {
	for _, e := range codec.Encodings() {
		xe := xtext.Of(e)
		for _, s := range texts {
			prefix, bad := oneShotFatal(e, s)
			got, err := xe.NewEncoder().String(s)
			if bad < 0 {
				if want := string(codec.Encode(s, e)); got != want || err != nil {
					t.Errorf("%s: NewEncoder().String(%+q) = %+q, %v; want %+q", e, s, got, err, want)
				}
				continue
			}
			var ue *xtext.UnsupportedError
			if got != "" || !errors.As(err, &ue) || ue.CodePoint != bad || ue.Encoding != e.OutputEncoding() {
				t.Errorf("%s: NewEncoder().String(%+q) = %+q, %v; want an UnsupportedError for U+%04X", e, s, got, err, bad)
				continue
			}
			// Transform stops at the character, which is at src[nSrc:].
			dst := make([]byte, 1024)
			nDst, nSrc, err := xe.NewEncoder().Transform(dst, []byte(s), true)
			if !errors.As(err, &ue) || ue.CodePoint != bad {
				t.Errorf("%s: Transform(%+q) error %v; want U+%04X", e, s, err, bad)
				continue
			}
			if !bytes.HasPrefix(dst[:nDst], prefix) || nDst-len(prefix) != 0 && string(dst[len(prefix):nDst]) != "\x1b(B" {
				t.Errorf("%s: Transform(%+q) wrote %+q; want %+q", e, s, dst[:nDst], prefix)
			}
			if r, _ := utf8.DecodeRuneInString(s[nSrc:]); r != bad {
				t.Errorf("%s: Transform(%+q) stopped at %d, before U+%04X; want before U+%04X", e, s, nSrc, r, bad)
			}
		}
	}
}

func TestEncoderFatalStopsBeforeTheCharacter(t *testing.T) {
	for _, c := range []struct {
		e    *codec.Encoding
		in   string
		nSrc int
		bad  rune
	}{
		{codec.Windows1252, "a\ufffdb", 1, 0xfffd},
		{codec.Windows1252, "ab\xe3\x81c", 2, 0xfffd},
		{codec.Windows1252, "ab\xf0\x90\x80", 2, 0xfffd},
		{codec.Windows1252, "\xff", 0, 0xfffd},
		{codec.Windows1252, "ab\xed\xa0\x80", 2, 0xfffd},
		{codec.Windows1252, "é😀", 2, '😀'},
		{codec.ISO2022JP, "a\x1bb", 1, 0xfffd},
		{codec.ISO2022JP, "日\x0e", 3, 0xfffd},
		{codec.EUCKR, "가\u00a5", 3, 0xa5},
	} {
		dst := make([]byte, 64)
		_, nSrc, err := xtext.Of(c.e).NewEncoder().Transform(dst, []byte(c.in), true)
		var ue *xtext.UnsupportedError
		if nSrc != c.nSrc || !errors.As(err, &ue) || ue.CodePoint != c.bad {
			t.Errorf("%s: Transform(%+q) read %d, error %v; want %d, U+%04X", c.e, c.in, nSrc, err, c.nSrc, c.bad)
		}
	}
}

func TestHTMLEscapeUnsupported(t *testing.T) {
	for _, e := range codec.Encodings() {
		xe := xtext.Of(e)
		for _, s := range texts {
			want := string(codec.Encode(s, e))
			got, err := encoding.HTMLEscapeUnsupported(xe.NewEncoder()).String(s)
			if got != want || err != nil {
				t.Errorf("%s: HTMLEscapeUnsupported(NewEncoder()).String(%+q) = %+q, %v; want %+q", e, s, got, err, want)
			}
			if len(s) > 40 {
				continue
			}
			enc := encoding.HTMLEscapeUnsupported(xe.NewEncoder())
			for _, chunks := range splits([]byte(s)) {
				for size := 0; size <= 8; size++ {
					got, err := drive(t, enc, chunks, size, codec.MinEncodeOutput)
					if string(got) != want || err != nil {
						t.Errorf("%s: HTMLEscapeUnsupported(NewEncoder()) over %+q in %d chunks, dst[%d] = %+q, %v; want %+q", e, s, len(chunks), size, got, err, want)
					}
				}
			}
		}
	}
}

func TestHTMLEscapeUnsupportedISO2022JP(t *testing.T) {
	// The two exceptions NewEncoder documents; NewHTMLEncoder and
	// codec.Encode give the standard's bytes.
	for _, c := range []struct {
		in, standard, escaped string
	}{
		// The standard's error is U+FFFD; HTMLEscapeUnsupported writes the
		// character it finds at src[nSrc:].
		{"a\x0eb", "a&#65533;b", "a&#14;b"},
		{"\x1b", "&#65533;", "&#27;"},
		// Roman state, an unmappable last character: ESC ( B first.
		{"¥☃", "\x1b(J\\&#9731;\x1b(B", "\x1b(J\\\x1b(B&#9731;"},
		// Not last, or not in the Roman state: the standard's bytes.
		{"¥☃a", "\x1b(J\\&#9731;a\x1b(B", "\x1b(J\\&#9731;a\x1b(B"},
		{"日☃", "\x1b$BF|\x1b(B&#9731;", "\x1b$BF|\x1b(B&#9731;"},
	} {
		if got := string(codec.Encode(c.in, codec.ISO2022JP)); got != c.standard {
			t.Errorf("codec.Encode(%+q) = %+q; want %+q", c.in, got, c.standard)
		}
		xe := xtext.Of(codec.ISO2022JP)
		if got, err := xe.NewHTMLEncoder().String(c.in); got != c.standard || err != nil {
			t.Errorf("NewHTMLEncoder().String(%+q) = %+q, %v; want %+q", c.in, got, err, c.standard)
		}
		if got, err := encoding.HTMLEscapeUnsupported(xe.NewEncoder()).String(c.in); got != c.escaped || err != nil {
			t.Errorf("HTMLEscapeUnsupported(NewEncoder()).String(%+q) = %+q, %v; want %+q", c.in, got, err, c.escaped)
		}
	}
}

func TestReplaceUnsupported(t *testing.T) {
	for _, c := range []struct {
		e       *codec.Encoding
		in, out string
	}{
		{codec.Windows1252, "a☃€\xe3\x81b", "a\x1a\x80\x1ab"},
		{codec.ShiftJIS, "¥☃日", "\\\x1a\x93\xfa"},
		{codec.ISO2022JP, "日☃本", "\x1b$BF|\x1b(B\x1a\x1b$BK\\\x1b(B"},
		{codec.UTF16LE, "☃\xff", "☃\ufffd"},
	} {
		got, err := encoding.ReplaceUnsupported(xtext.Of(c.e).NewEncoder()).String(c.in)
		if got != c.out || err != nil {
			t.Errorf("%s: ReplaceUnsupported(NewEncoder()).String(%+q) = %+q, %v; want %+q", c.e, c.in, got, err, c.out)
		}
	}
}

func TestReset(t *testing.T) {
	dst := make([]byte, 64)
	run := func(tr transform.Transformer, first, second string, reset bool) string {
		tr.Reset()
		n1, r1, err := tr.Transform(dst, []byte(first), false)
		if r1 != len(first) || err != nil {
			t.Fatalf("Transform(%+q) = %d, %d, %v", first, n1, r1, err)
		}
		out := string(dst[:n1])
		if reset {
			tr.Reset()
		}
		n2, _, err := tr.Transform(dst, []byte(second), true)
		if err != nil {
			t.Fatalf("Transform(%+q) error %v", second, err)
		}
		return out + string(dst[:n2])
	}
	for _, c := range []struct {
		tr                 transform.Transformer
		first, second      string
		without, withReset string
	}{
		// An incomplete sequence held in the decoder, counted as read.
		{xtext.Of(codec.UTF8).NewDecoder(), "\xe3\x81", "a", "\ufffda", "a"},
		{xtext.Of(codec.ShiftJIS).NewDecoder(), "\x82", "\xa0", "あ", "\ufffd"},
		// A BOM half seen.
		{xtext.Of(codec.UTF8).NewDecoder(), "\xef\xbb", "\xbfa", "a", "\ufffda"},
		// ISO-2022-JP's state.
		{xtext.Of(codec.ISO2022JP).NewDecoder(), "\x1b$B", "0!", "亜", "0!"},
		{xtext.Of(codec.ISO2022JP).NewHTMLEncoder(), "日", "a", "\x1b$BF|\x1b(Ba", "\x1b$BF|a"},
		{xtext.Of(codec.ISO2022JP).NewEncoder(), "日", "a", "\x1b$BF|\x1b(Ba", "\x1b$BF|a"},
		// The HTML encoder keeps an incomplete UTF-8 sequence.
		{xtext.Of(codec.ShiftJIS).NewHTMLEncoder(), "\xe3\x81", "\x82", "\x82\xa0", "&#65533;"},
	} {
		if got := run(c.tr, c.first, c.second, false); got != c.without {
			t.Errorf("%T: %+q then %+q = %+q; want %+q", c.tr, c.first, c.second, got, c.without)
		}
		if got := run(c.tr, c.first, c.second, true); got != c.withReset {
			t.Errorf("%T: %+q, Reset, %+q = %+q; want %+q", c.tr, c.first, c.second, got, c.withReset)
		}
	}

	// The fatal encoder leaves an incomplete sequence unread ...
	enc := xtext.Of(codec.Windows1252).NewEncoder()
	nDst, nSrc, err := enc.Transform(dst, []byte("a\xe2\x82"), false)
	if nDst != 1 || nSrc != 1 || err != transform.ErrShortSrc {
		t.Errorf("fatal encoder on \"a\\xe2\\x82\": %d, %d, %v; want 1, 1, ErrShortSrc", nDst, nSrc, err)
	}
	// ... and Reset forgets the rest of an invalid subsequence it reported
	// as one character.
	for _, reset := range []bool{false, true} {
		enc.Reset()
		_, nSrc, err := enc.Transform(dst, []byte("\xe3\x81b"), true)
		if nSrc != 0 || err == nil {
			t.Fatalf("fatal encoder on \"\\xe3\\x81b\": %d, %v", nSrc, err)
		}
		if reset {
			enc.Reset()
		}
		nDst, nSrc, err = enc.Transform(dst, []byte("\x81b"), true)
		if !reset && (string(dst[:nDst]) != "b" || nSrc != 2 || err != nil) {
			t.Errorf("after the error, \"\\x81b\" = %q, %d, %v; want \"b\" (the \\x81 was read)", dst[:nDst], nSrc, err)
		}
		if reset && (nDst != 0 || nSrc != 0 || err == nil) {
			t.Errorf("after Reset, \"\\x81b\" = %q, %d, %v; want an error at 0", dst[:nDst], nSrc, err)
		}
	}
}

func TestLookup(t *testing.T) {
	for _, label := range []string{"utf-8", " Latin1\t", "SHIFT_JIS", "csiso2022kr", "utf-16", "x-user-defined"} {
		xe, err := xtext.Lookup(label)
		if err != nil || xe != xtext.Of(codec.Lookup(label)) {
			t.Errorf("Lookup(%q) = %v, %v; want %v", label, xe, err, codec.Lookup(label))
		}
	}
	if xe, err := xtext.Lookup("utf8\u00a0"); xe != nil || !errors.Is(err, codec.ErrUnknownLabel) {
		t.Errorf("Lookup of an unknown label = %v, %v", xe, err)
	}
	if xtext.Of(codec.ShiftJIS) != xtext.Of(codec.ByID(codec.ShiftJIS.ID())) || xtext.Of(nil) != nil {
		t.Error("Of does not give one value per encoding")
	}
	if got := xtext.Of(codec.GB18030).String(); got != "gb18030" {
		t.Errorf("String() = %q", got)
	}
	if xtext.Of(codec.EUCKR).Codec() != codec.EUCKR {
		t.Error("Codec() is not the encoding")
	}
}

// TestAgreesWithXText compares the adapter with x/text's own codecs
// (htmlindex.Get) where x/text follows the standard.
func TestAgreesWithXText(t *testing.T) {
	for _, c := range []struct {
		label, bytes, text string
	}{
		{"windows-1252", "caf\xe9 \x80", "café €"},
		{"koi8-r", "\xf0\xd2\xc9\xd7\xc5\xd4", "Привет"},
		{"shift_jis", "\x93\xfa\x96\x7b\xb1", "日本ｱ"},
		{"euc-jp", "\xc6\xfc\xcb\xdc\x8e\xb1", "日本ｱ"},
		{"iso-2022-jp", "\x1b$BF|K\\\x1b(B", "日本"},
		{"euc-kr", "\xc7\xd1\xb1\xb9", "한국"},
		{"gbk", "\xd6\xd0\xce\xc4", "中文"},
		{"gb18030", "\x81\x30\x81\x30\x90\x30\x81\x30", "\u0080\U00010000"},
		{"big5", "\xa4\xa4\xa4\xe5", "中文"},
		{"utf-8", "\xe2\x98\x83", "☃"},
		{"x-user-defined", "a\x80\xff", "a\uf780\uf7ff"},
	} {
		ours, _ := xtext.Lookup(c.label)
		theirs, err := htmlindex.Get(c.label)
		if err != nil {
			t.Fatal(err)
		}
		for name, e := range map[string]encoding.Encoding{"whatenc": ours, "x/text": theirs} {
			if got, err := e.NewDecoder().String(c.bytes); got != c.text || err != nil {
				t.Errorf("%s %s: decode % x = %+q, %v; want %+q", name, c.label, c.bytes, got, err, c.text)
			}
			if got, err := e.NewEncoder().String(c.text); got != c.bytes || err != nil {
				t.Errorf("%s %s: encode %+q = % x, %v; want % x", name, c.label, c.text, got, err, c.bytes)
			}
		}
	}
}

// TestDeviationsOfXText names the cases where golang.org/x/text (v0.43.0)
// departs from the standard: the adapter gives the standard's answer, and
// x/text's answer is asserted too, to document the difference.
func TestDeviationsOfXText(t *testing.T) {
	get := func(label string) encoding.Encoding {
		e, err := htmlindex.Get(label)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	decode := func(e encoding.Encoding, in string) string {
		s, err := e.NewDecoder().String(in)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	encode := func(e encoding.Encoding, in string) string {
		s, err := e.NewEncoder().String(in)
		if err != nil {
			return "error: " + unsupported(err)
		}
		return s
	}
	check := func(t *testing.T, what, ours, standard, theirs, xtextWrites string) {
		t.Helper()
		if ours != standard {
			t.Errorf("%s: whatenc gives %+q; the standard %+q", what, ours, standard)
		}
		if theirs != xtextWrites {
			t.Errorf("%s: x/text gives %+q; it gave %+q when this test was written", what, theirs, xtextWrites)
		}
	}

	t.Run("label trimming is ASCII whitespace only", func(t *testing.T) {
		for _, label := range []string{"utf-8\u00a0", "\u0085utf-8", "utf-8\u2028"} {
			_, ours := xtext.Lookup(label)
			e, theirs := htmlindex.Get(label)
			if ours == nil || theirs != nil || e != get("utf-8") {
				t.Errorf("%+q: whatenc %v (want an error); x/text %v, %v (it gave UTF-8)", label, ours, e, theirs)
			}
		}
	})
	t.Run("label case folding is ASCII only", func(t *testing.T) {
		// U+212A KELVIN SIGN lowercases to "k" in Unicode.
		_, ours := xtext.Lookup("\u212aoi8-r")
		e, theirs := htmlindex.Get("\u212aoi8-r")
		if ours == nil || theirs != nil || e != get("koi8-r") {
			t.Errorf("whatenc %v (want an error); x/text %v, %v (it gave KOI8-R)", ours, e, theirs)
		}
	})
	t.Run("ISO-2022-JP has no JIS X 0212", func(t *testing.T) {
		// ESC $ ( D is not an escape sequence of the standard's decoder:
		// U+FFFD for ESC, then the bytes as ASCII.
		const in = "\x1b$(D\x30\x21\x1b(B"
		ours := decode(xtext.Of(codec.ISO2022JP), in)
		check(t, "decode "+in, ours, "\ufffd$(D0!", decode(get("iso-2022-jp"), in), "丂")
	})
	t.Run("gb18030 does not encode U+E5E5", func(t *testing.T) {
		ours := encode(xtext.Of(codec.GB18030), "\ue5e5")
		check(t, "encode U+E5E5", ours, "error: U+E5E5", encode(get("gb18030"), "\ue5e5"), "\x839\xb16")
		html, _ := xtext.Of(codec.GB18030).NewHTMLEncoder().String("\ue5e5")
		check(t, "HTML encode U+E5E5", html, "&#58853;", encode(get("gb18030"), "\ue5e5"), "\x839\xb16")
		// Both decode A3 A0 as U+3000 (x/text v0.43.0 agrees here).
		check(t, "decode A3 A0", decode(xtext.Of(codec.GB18030), "\xa3\xa0"), "\u3000", decode(get("gb18030"), "\xa3\xa0"), "\u3000")
	})
	t.Run("replacement decoder on empty input", func(t *testing.T) {
		ours := decode(xtext.Of(codec.Replacement), "")
		check(t, "decode empty", ours, "", decode(encoding.Replacement, ""), "\ufffd")
		b, _ := io.ReadAll(xtext.Of(codec.Replacement).NewDecoder().Reader(strings.NewReader("")))
		check(t, "decode empty through a Reader", string(b), "", decode(encoding.Replacement, ""), "\ufffd")
		// Both give one U+FFFD for any other input.
		check(t, "decode abc", decode(xtext.Of(codec.Replacement), "abc"), "\ufffd", decode(encoding.Replacement, "abc"), "\ufffd")
	})
	t.Run("Big5 encodes no HKSCS pointer, and the first of duplicates", func(t *testing.T) {
		big5 := xtext.Of(codec.Big5)
		// U+00CA is only at HKSCS pointer 0x8866: not encoded.
		check(t, "encode U+00CA", encode(big5, "\u00ca"), "error: U+00CA", encode(get("big5"), "\u00ca"), "\x88f")
		// U+256D is at A2 7E and F9 FA: the first pointer.
		check(t, "encode U+256D", encode(big5, "\u256d"), "\xa2~", encode(get("big5"), "\u256d"), "\xf9\xfa")
		// Both decode what they do not encode.
		check(t, "decode 88 66 F9 FA", decode(big5, "\x88f\xf9\xfa"), "\u00ca\u256d", decode(get("big5"), "\x88f\xf9\xfa"), "\u00ca\u256d")
	})
	// Further differences met while writing these tests.
	t.Run("ISO-8859-2 decodes 0x80 to 0x9F as C1 controls", func(t *testing.T) {
		check(t, "decode 80", decode(xtext.Of(codec.ISO8859_2), "\x80"), "\u0080", decode(get("iso-8859-2"), "\x80"), "\ufffd")
	})
	t.Run("Big5 puts an ASCII trail byte back", func(t *testing.T) {
		check(t, "decode 81 40", decode(xtext.Of(codec.Big5), "\x81\x40"), "\ufffd@", decode(get("big5"), "\x81\x40"), "\ufffd")
	})
	t.Run("Shift_JIS encodes U+00A5 as 0x5C", func(t *testing.T) {
		check(t, "encode U+00A5", encode(xtext.Of(codec.ShiftJIS), "¥"), "\\", encode(get("shift_jis"), "¥"), "error: encoding: rune not supported by encoding.")
	})
	t.Run("EUC-JP encodes no JIS X 0212", func(t *testing.T) {
		check(t, "encode U+00A1", encode(xtext.Of(codec.EUCJP), "¡"), "error: U+00A1", encode(get("euc-jp"), "¡"), "\x8f\xa2\xc2")
	})
	t.Run("gb18030 follows GB18030-2022", func(t *testing.T) {
		check(t, "encode U+1E3F", encode(xtext.Of(codec.GB18030), "\u1e3f"), "\xa8\xbc", encode(get("gb18030"), "\u1e3f"), "\x815\xf47")
	})
	t.Run("UTF-16LE encodes into its output encoding, UTF-8", func(t *testing.T) {
		check(t, "encode a☃", encode(xtext.Of(codec.UTF16LE), "a☃"), "a☃", encode(get("utf-16le"), "a☃"), "a\x00\x03&")
	})
	t.Run("HTML escaping writes one reference per maximal invalid subsequence", func(t *testing.T) {
		ours, _ := encoding.HTMLEscapeUnsupported(xtext.Of(codec.Windows1252).NewEncoder()).String("\xe3\x81b")
		theirs, _ := encoding.HTMLEscapeUnsupported(get("windows-1252").NewEncoder()).String("\xe3\x81b")
		check(t, "escape E3 81 62", ours, "&#65533;b", theirs, "&#65533;&#65533;b")
	})
	t.Run("UTF-8 decoding removes the BOM", func(t *testing.T) {
		check(t, "decode EF BB BF 61", decode(xtext.Of(codec.UTF8), "\xef\xbb\xbfa"), "a", decode(get("utf-8"), "\xef\xbb\xbfa"), "\ufeffa")
	})
}

// unsupported describes an encoder's error: the code point of whatenc's
// UnsupportedError, the message of x/text's, which names no character.
func unsupported(err error) string {
	var ue *xtext.UnsupportedError
	if errors.As(err, &ue) {
		return fmt.Sprintf("U+%04X", ue.CodePoint)
	}
	return err.Error()
}

func TestUnsupportedError(t *testing.T) {
	_, err := xtext.Of(codec.Windows1252).NewEncoder().String("☃")
	var ue *xtext.UnsupportedError
	if !errors.As(err, &ue) || ue.CodePoint != '☃' || ue.Encoding != codec.Windows1252 || ue.Replacement() != encoding.ASCIISub {
		t.Fatalf("error %#v", err)
	}
	if got := err.Error(); got != "whatenc: windows-1252 cannot encode U+2603" {
		t.Errorf("Error() = %q", got)
	}
}

// TestCodecHasNoDependencies checks that package codec and the module's
// packages it imports import nothing outside the standard library and the
// module: only xtext brings golang.org/x/text.
func TestCodecHasNoDependencies(t *testing.T) {
	const module = "github.com/whatenc/whatenc/"
	seen := map[string]bool{}
	var visit func(dir string)
	visit = func(dir string) {
		if seen[dir] {
			return
		}
		seen[dir] = true
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s: %v", dir, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				switch first, _, _ := strings.Cut(path, "/"); {
				case strings.HasPrefix(path, module):
					visit(filepath.Join("..", "..", strings.TrimPrefix(path, module)))
				case strings.Contains(first, ".") || path == "C":
					t.Errorf("%s imports %s", name, path)
				}
			}
		}
	}
	if _, err := os.Stat(filepath.Join("..", "doc.go")); err != nil {
		t.Skip("codec's sources are not at ..:", err)
	}
	visit("..")
}

// FuzzHTMLEscapeUnsupported: any bytes, cut in three chunks, through
// HTMLEscapeUnsupported(NewEncoder()) with a small dst give codec.Encode's
// output, for an encoding picked by the input (ISO-2022-JP, with its two
// documented exceptions, only has to finish without error). Its seeds, which
// run in every go test, include the truncated sequences before another that
// once made NewEncoder panic.
func FuzzHTMLEscapeUnsupported(f *testing.F) {
	for _, s := range texts {
		f.Add([]byte(s), uint8(1), uint8(2), uint8(5), uint8(3))
	}
	f.Add([]byte("\xc3\xe2\x82\xac"), uint8(2), uint8(1), uint8(4), uint8(0))
	f.Add([]byte("\xeb\xda"), uint8(1), uint8(1), uint8(1), uint8(20))
	all := codec.Encodings()
	f.Fuzz(func(t *testing.T, in []byte, cut1, cut2, size, pick uint8) {
		if len(in) > 512 {
			// drive's bound on calls (a dst of a few bytes takes
			// several calls for each reference) is for 512 bytes.
			t.Skip()
		}
		e := all[int(pick)%len(all)]
		i := min(int(cut1), len(in))
		j := min(i+int(cut2), len(in))
		chunks := [][]byte{in[:i], in[i:j], in[j:]}
		enc := encoding.HTMLEscapeUnsupported(xtext.Of(e).NewEncoder())
		got, err := drive(t, enc, chunks, int(size%16), codec.MinEncodeOutput)
		if err != nil {
			t.Fatalf("%s: % x in chunks of %d, %d: %v", e, in, i, j-i, err)
		}
		if e == codec.ISO2022JP {
			return
		}
		if want := codec.Encode(string(in), e); !bytes.Equal(got, want) {
			t.Fatalf("%s: % x in chunks of %d, %d, dst[%d] = %+q; want %+q", e, in, i, j-i, size%16, got, want)
		}
	})
}
