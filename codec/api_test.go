package codec

// Tests of labels, BOM handling, the hooks (section 6) and the API (section
// 7) against the reference.

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/whatenc/whatenc/indexes"
	"github.com/whatenc/whatenc/internal/reference"
)

func TestEncodingsMatchData(t *testing.T) {
	if len(indexes.Encodings) != NumEncodings || len(Encodings()) != NumEncodings {
		t.Fatalf("%d encodings in the data, %d here, want %d", len(indexes.Encodings), len(Encodings()), NumEncodings)
	}
	labels := 0
	for i, group := range indexes.Encodings {
		e := ByID(i)
		if e.Name() != group.Name || e.ID() != i {
			t.Fatalf("encoding %d is %s, the standard lists %s", i, e, group.Name)
		}
		for _, label := range group.Labels {
			labels++
			if got := Lookup(label); got != e {
				t.Errorf("Lookup(%q) = %v, want %s", label, got, e)
			}
		}
	}
	if labels < 200 {
		t.Fatalf("only %d labels", labels)
	}
	if ByID(-1) != nil || ByID(NumEncodings) != nil {
		t.Fatal("ByID accepts an ID out of range")
	}
}

func TestGetAnEncoding(t *testing.T) {
	needReference(t)
	variants := func(label string) []string {
		return []string{label, strings.ToUpper(label), " \t\n\f\r" + label + "\r\n ", "\u00a0" + label, label + "\u00a0",
			label + "\x00", label + "\v", "x" + label, label[:len(label)-1], strings.ReplaceAll(label, "i", "\u0130")}
	}
	for label := range reference.Labels() {
		for _, v := range variants(label) {
			wantName, wantOK := reference.GetEncoding(v)
			got := Lookup(v)
			if (got != nil) != wantOK || (wantOK && got.Name() != wantName) {
				t.Errorf("Lookup(%q) = %v, want %q (ok=%v)", v, got, wantName, wantOK)
			}
			if got2 := ForLabel([]byte(v)); got2 != got {
				t.Errorf("ForLabel(%q) = %v, Lookup = %v", v, got2, got)
			}
		}
	}
	for _, v := range []string{"", " ", "utf8\u00a0", "unicode", "utf-32", strings.Repeat(" ", 100) + "utf-8", strings.Repeat("x", 100)} {
		want, wantOK := reference.GetEncoding(v)
		if got := Lookup(v); (got != nil) != wantOK || (got != nil && got.Name() != want) {
			t.Errorf("Lookup(%q) = %v, want %q", v, got, want)
		}
	}
}

func TestOutputEncoding(t *testing.T) {
	needReference(t)
	for _, e := range Encodings() {
		if want := reference.OutputEncoding(e.Name()); e.OutputEncoding().Name() != want {
			t.Errorf("%s: output encoding %s, want %s", e, e.OutputEncoding(), want)
		}
		if e.HasEncoder() != (e.OutputEncoding() == e) {
			t.Errorf("%s: HasEncoder %v", e, e.HasEncoder())
		}
		if enc := e.NewEncoder(HTML); enc.Encoding() != e.OutputEncoding() {
			t.Errorf("%s: encoder writes %s", e, enc.Encoding())
		}
	}
}

// boms are the byte order marks and some of their prefixes.
var boms = [][]byte{nil, {0xEF, 0xBB, 0xBF}, {0xFE, 0xFF}, {0xFF, 0xFE}, {0xEF, 0xBB}, {0xEF}, {0xFE}, {0xFF}, {0xFF, 0xFF}}

func TestBOMSniff(t *testing.T) {
	needReference(t)
	for _, b := range boms {
		for _, tail := range [][]byte{nil, {0x41}, {0xBF, 0x00}} {
			input := append(append([]byte{}, b...), tail...)
			got := BOMSniff(input)
			want := reference.BOMSniff(input)
			if (got == nil && want != "") || (got != nil && got.Name() != want) {
				t.Errorf("BOMSniff(% x) = %v, want %q", input, got, want)
			}
		}
	}
}

// TestDecodeHookStreaming checks SniffBOM decoders, streamed with random
// splits, against the legacy decode hook, and the Decode function too.
func TestDecodeHookStreaming(t *testing.T) {
	needReference(t)
	rng := rand.New(rand.NewSource(1))
	for _, e := range Encodings() {
		for i := 0; i < 60; i++ {
			input := append(append([]byte{}, boms[rng.Intn(len(boms))]...), randomBytes(rng, e, rng.Intn(12))...)
			want, wantUsed := reference.DecodeHook(input, e.Name())
			for _, wide := range []bool{false, true} {
				minOut := MinUTF8Output
				if wide {
					minOut = MinUTF16Output
				}
				got := decodeChunked(t, e.NewDecoder(SniffBOM, Replace), input, newSplitter(int64(i), minOut), wide)
				if string(got.out) != string(want) || got.encoding.Name() != wantUsed {
					t.Fatalf("%s, input % x: got %q (%s), want %q (%s)", e, input, string(got.out), got.encoding, string(want), wantUsed)
				}
			}
			if got, used := Decode(input, e); got != string(want) || used.Name() != wantUsed {
				t.Fatalf("Decode(% x, %s) = %q, %s; want %q, %s", input, e, got, used, string(want), wantUsed)
			}
		}
	}
}

func TestUTF8Hooks(t *testing.T) {
	needReference(t)
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 500; i++ {
		input := append(append([]byte{}, boms[rng.Intn(3)]...), randomBytes(rng, UTF8, rng.Intn(10))...)
		if got, want := UTF8Decode(input), string(reference.UTF8Decode(input)); got != want {
			t.Fatalf("UTF8Decode(% x) = %q, want %q", input, got, want)
		}
		if got, want := UTF8DecodeWithoutBOM(input), string(reference.UTF8DecodeWithoutBOM(input)); got != want {
			t.Fatalf("UTF8DecodeWithoutBOM(% x) = %q, want %q", input, got, want)
		}
		got, ok := UTF8DecodeWithoutBOMOrFail(input)
		want, wantOK := reference.UTF8DecodeWithoutBOMOrFail(input)
		if ok != wantOK || (ok && got != string(want)) {
			t.Fatalf("UTF8DecodeWithoutBOMOrFail(% x) = %q, %v; want %q, %v", input, got, ok, string(want), wantOK)
		}
	}
}

// TestTextDecoder runs random sequences of decode() calls, streaming or
// not, against the reference TextDecoder, going on after errors (which
// keep the queue after a streaming call).
func TestTextDecoder(t *testing.T) {
	needReference(t)
	rng := rand.New(rand.NewSource(3))
	for _, e := range Encodings() {
		for _, fatal := range []bool{false, true} {
			for _, ignoreBOM := range []bool{false, true} {
				label := strings.ToLower(e.Name())
				got, err := NewTextDecoder(label, fatal, ignoreBOM)
				want, wantErr := reference.NewTextDecoder(label, fatal, ignoreBOM)
				if (err != nil) != (wantErr != nil) {
					t.Fatalf("NewTextDecoder(%q): %v, reference: %v", label, err, wantErr)
				}
				if err != nil {
					if e != Replacement || !errors.Is(err, ErrReplacementEncoding) {
						t.Fatalf("NewTextDecoder(%q): %v", label, err)
					}
					continue
				}
				if got.Encoding() != want.Encoding() || got.Fatal() != fatal || got.IgnoreBOM() != ignoreBOM {
					t.Fatalf("%s: getters %q %v %v", e, got.Encoding(), got.Fatal(), got.IgnoreBOM())
				}
				for call := 0; call < 200; call++ {
					var input []byte
					if rng.Intn(4) == 0 {
						input = append(input, boms[rng.Intn(len(boms))]...)
					}
					input = append(input, randomBytes(rng, e, rng.Intn(6))...)
					stream := rng.Intn(3) > 0
					gotText, gotErr := got.Decode(input, stream)
					wantText, wantErr := want.Decode(input, stream)
					if (gotErr != nil) != (wantErr != nil) || gotText != wantText {
						t.Fatalf("%s fatal=%v ignoreBOM=%v: decode(% x, stream=%v) = %q, %v; want %q, %v",
							e, fatal, ignoreBOM, input, stream, gotText, gotErr, wantText, wantErr)
					}
				}
			}
		}
	}
	if _, err := NewTextDecoder("utf8\u00a0", false, false); !errors.Is(err, ErrUnknownLabel) {
		t.Fatalf("unknown label: %v", err)
	}
}

func TestDecodeErrorOffset(t *testing.T) {
	d, _ := NewTextDecoder("utf-8", true, false)
	if _, err := d.Decode([]byte("ab\xe2\x82"), true); err != nil {
		t.Fatal(err)
	}
	_, err := d.Decode([]byte("Z"), false)
	var de *DecodeError
	if !errors.As(err, &de) || de.Offset != 2 || de.Len != 2 {
		t.Fatalf("got %v, want 2 bytes at offset 2", err)
	}
}

func TestEncodeInto(t *testing.T) {
	needReference(t)
	rng := rand.New(rand.NewSource(4))
	for i := 0; i < 2000; i++ {
		src := make([]uint16, rng.Intn(8))
		for j := range src {
			src[j] = []uint16{'a', 0xE9, 0x3042, 0xD83D, 0xDE00, 0xD800, 0xDC00, uint16(rng.Intn(0x10000))}[rng.Intn(8)]
		}
		dst := make([]byte, rng.Intn(14))
		want := make([]byte, len(dst))
		read, written := EncodeInto(src, dst)
		wantRead, wantWritten := reference.EncodeInto(src, want)
		if read != wantRead || written != wantWritten || string(dst) != string(want) {
			t.Fatalf("EncodeInto(%04x, [%d]) = %d, %d, % x; want %d, %d, % x", src, len(dst), read, written, dst, wantRead, wantWritten, want)
		}
	}
}

func TestTextEncoderStream(t *testing.T) {
	needReference(t)
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 2000; i++ {
		var chunks [][]uint16
		s := NewTextEncoderStream()
		var got []byte
		for c := rng.Intn(5); c > 0; c-- {
			chunk := make([]uint16, rng.Intn(4))
			for j := range chunk {
				chunk[j] = []uint16{'a', 0x3042, 0xD83D, 0xDE00, 0xDBFF, 0xDFFF}[rng.Intn(6)]
			}
			chunks = append(chunks, chunk)
			got = append(got, s.Write(chunk)...)
		}
		got = append(got, s.Flush()...)
		if want := reference.EncoderStream(chunks); string(got) != string(want) {
			t.Fatalf("TextEncoderStream(%04x) = % x, want % x", chunks, got, want)
		}
	}
}

func TestTextEncoderEncode(t *testing.T) {
	if got := string(TextEncoderEncode("a\xffb\u00e9")); got != "a\ufffdb\u00e9" {
		t.Fatalf("TextEncoderEncode = %q", got)
	}
	if got := string(TextEncoderEncodeUTF16(utf16.Encode([]rune("x\U0001F600")))); got != "x\U0001F600" {
		t.Fatalf("TextEncoderEncodeUTF16 = %q", got)
	}
	if got := string(TextEncoderEncodeUTF16([]uint16{0xD800, 'a', 0xDC00})); got != "\ufffda\ufffd" {
		t.Fatalf("TextEncoderEncodeUTF16 lone surrogates = %q", got)
	}
}

func TestTextDecoderStream(t *testing.T) {
	s, err := NewTextDecoderStream("utf-16le", false, false)
	if err != nil {
		t.Fatal(err)
	}
	var out string
	for _, chunk := range [][]byte{{0xFF}, {0xFE, 'h', 0, 0x3D}, {0xD8, 0x00, 0xDE}, {'!'}} {
		text, err := s.Write(chunk)
		if err != nil {
			t.Fatal(err)
		}
		out += text
	}
	tail, _ := s.Flush()
	if out += tail; out != "h\U0001F600\ufffd" {
		t.Fatalf("got %q", out)
	}
}

// TestTextDecoderStreamFatalErrors: a malformed sequence in fatal mode errors
// the stream (section 7.5: "decode and enqueue a chunk" throws, which errors
// the TransformStream): the chunk's text before the error is not enqueued,
// and later writes and the flush fail with the same error.
func TestTextDecoderStreamFatalErrors(t *testing.T) {
	s, err := NewTextDecoderStream("utf-8", true, false)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Write([]byte("ok")); got != "ok" || err != nil {
		t.Fatalf("Write(ok) = %q, %v", got, err)
	}
	got, err := s.Write([]byte{'A', 0xFF, 'B'})
	var de *DecodeError
	if got != "" || !errors.As(err, &de) || de.Offset != 3 || de.Len != 1 {
		t.Fatalf("Write(41 FF 42) = %q, %v; want \"\" and the error at offset 3", got, err)
	}
	if got, again := s.Write([]byte("C")); got != "" || again != err {
		t.Fatalf("Write after the error = %q, %v; want \"\", %v", got, again, err)
	}
	if got, again := s.Flush(); got != "" || again != err {
		t.Fatalf("Flush after the error = %q, %v; want \"\", %v", got, again, err)
	}

	// The end of the stream in the middle of a sequence errors it too.
	s, _ = NewTextDecoderStream("shift_jis", true, false)
	if got, err := s.Write([]byte{'x', 0x82}); got != "x" || err != nil {
		t.Fatalf("Write(78 82) = %q, %v", got, err)
	}
	if got, err := s.Flush(); got != "" || !errors.As(err, &de) {
		t.Fatalf("Flush with 82 held = %q, %v; want an error", got, err)
	}

	// Replacement mode never errors: U+FFFD and the stream goes on.
	s, _ = NewTextDecoderStream("utf-8", false, false)
	if got, err := s.Write([]byte{'A', 0xFF, 'B'}); got != "A\ufffdB" || err != nil {
		t.Fatalf("replacement Write = %q, %v", got, err)
	}
}

// TestEncodeOrFail: the ISO-2022-JP encoder returns to ASCII before its
// error, and the caller's replacement and the rest continue from there.
func TestEncodeOrFail(t *testing.T) {
	enc := GetEncoder(ISO2022JP)
	out, c, rest, ok := enc.EncodeOrFail(nil, "a\u3042\u2603b\u3044")
	if ok || c != 0x2603 || rest != "b\u3044" || string(out) != "a\x1b$B$\x22\x1b(B" {
		t.Fatalf("EncodeOrFail = %q, %U, %q, %v", out, c, rest, ok)
	}
	out = append(out, "%26%239731%3B"...)
	out, _, _, ok = enc.EncodeOrFail(out, rest)
	if want := "a\x1b$B$\x22\x1b(B%26%239731%3Bb\x1b$B$$\x1b(B"; !ok || string(out) != want {
		t.Fatalf("EncodeOrFail second call = %q, %v; want %q", out, ok, want)
	}
}

func TestMaxLengths(t *testing.T) {
	const maxInt = int(^uint(0) >> 1)
	for _, e := range Encodings() {
		d := e.NewDecoder(SniffBOM, Replace)
		if _, ok := d.MaxUTF8BufferLength(maxInt); ok {
			t.Errorf("%s: MaxUTF8BufferLength does not report overflow", e)
		}
		if _, ok := d.MaxUTF16BufferLength(-1); ok {
			t.Errorf("%s: MaxUTF16BufferLength accepts -1", e)
		}
		enc := e.NewEncoder(HTML)
		if _, ok := enc.MaxBufferLengthFromUTF16(maxInt / 2); ok {
			t.Errorf("%s: MaxBufferLengthFromUTF16 does not report overflow", e)
		}
	}
}

// TestMaxLengthsSuffice decodes and encodes worst cases into buffers of
// exactly the maximum length, which must finish in one call.
func TestMaxLengthsSuffice(t *testing.T) {
	needReference(t)
	rng := rand.New(rand.NewSource(6))
	for _, e := range Encodings() {
		for i := 0; i < 200; i++ {
			input := randomBytes(rng, e, rng.Intn(40))
			if i%2 == 0 {
				for j := range input {
					input[j] |= 0x80 // errors everywhere
				}
			}
			d := e.NewDecoder(SniffBOM, Replace)
			d.DecodeToUTF8(input[:len(input)/2], make([]byte, 200), false)
			n, _ := d.MaxUTF8BufferLength(len(input) - len(input)/2)
			if r := d.DecodeToUTF8(input[len(input)/2:], make([]byte, n), true); r.Status != InputEmpty {
				t.Fatalf("%s: decoding % x into MaxUTF8BufferLength: %v", e, input, r.Status)
			}
			d.DecodeToUTF16(input[:len(input)/2], make([]uint16, 200), false)
			n, _ = d.MaxUTF16BufferLength(len(input) - len(input)/2)
			if r := d.DecodeToUTF16(input[len(input)/2:], make([]uint16, n), true); r.Status != InputEmpty {
				t.Fatalf("%s: decoding % x into MaxUTF16BufferLength: %v", e, input, r.Status)
			}
			for _, mode := range []ErrorMode{HTML, Fatal} {
				enc := e.NewEncoder(mode)
				n, _ = enc.MaxBufferLengthFromUTF8(len(input))
				if r := enc.EncodeFromUTF8(input, make([]byte, n), true); r.Status == OutputFull {
					t.Fatalf("%s: encoding % x into MaxBufferLengthFromUTF8: OutputFull", e, input)
				}
				units := utf16.Encode(randomText(rng, len(input)))
				n, _ = enc.MaxBufferLengthFromUTF16(len(units))
				if r := enc.EncodeFromUTF16(units, make([]byte, n), true); r.Status == OutputFull {
					t.Fatalf("%s: encoding %04x into MaxBufferLengthFromUTF16: OutputFull", e, units)
				}
			}
		}
	}
}

// TestDecoderResetsAfterLast: after a call with last returns InputEmpty
// the decoder still tells the encoding it used, and the next call starts a
// new stream, BOM handling included.
func TestDecoderResetsAfterLast(t *testing.T) {
	d := Windows1252.NewDecoder(SniffBOM, Replace)
	dst := make([]byte, 64)
	r := d.DecodeToUTF8([]byte("\xfe\xff\x00a"), dst, true)
	if string(dst[:r.Written]) != "a" || d.Encoding() != UTF16BE {
		t.Fatalf("first stream: %q, decoder now %s", dst[:r.Written], d.Encoding())
	}
	r = d.DecodeToUTF8([]byte("\xe9"), dst, true)
	if string(dst[:r.Written]) != "é" || d.Encoding() != Windows1252 {
		t.Fatalf("second stream: %q", dst[:r.Written])
	}
}

// TestReplacementDecoder: nothing in, nothing out; anything in, one U+FFFD.
func TestReplacementDecoder(t *testing.T) {
	d := Replacement.NewDecoder(KeepBOM, Replace)
	dst := make([]byte, 16)
	if r := d.DecodeToUTF8(nil, dst, true); r.Written != 0 || r.Replaced {
		t.Fatalf("empty input gave %q", dst[:r.Written])
	}
	r := d.DecodeToUTF8([]byte("abc"), dst, false)
	r2 := d.DecodeToUTF8([]byte("def"), dst[r.Written:], true)
	if got := string(dst[:r.Written+r2.Written]); got != "\ufffd" || !r.Replaced {
		t.Fatalf("got %q", got)
	}
}

// ByteDecodeTable agrees with the reference decoder on every byte of every
// encoding it covers, and covers the single-byte ones and x-user-defined.
func TestByteDecodeTable(t *testing.T) {
	needReference(t)
	for _, e := range Encodings() {
		tab, ok := e.ByteDecodeTable()
		if ok != (e.IsSingleByte() || e == XUserDefined) {
			t.Fatalf("%s: ok %v", e, ok)
		}
		if !ok {
			continue
		}
		for b := 0; b < 256; b++ {
			out, _, ok := reference.Decode(e.Name(), []byte{byte(b)}, reference.DecodeFatal)
			want := rune(-1)
			if ok && len(out) == 1 {
				want = out[0]
			}
			if tab[b] != want {
				t.Fatalf("%s byte %#x: %U, want %U", e, b, tab[b], want)
			}
		}
	}
}

// TestPairDecodeTable: each entry is what the reference decodes the pair
// to, where that is exactly one code point, else -1.
func TestPairDecodeTable(t *testing.T) {
	needReference(t)
	double := map[*Encoding]bool{GB18030: true, GBK: true, Big5: true, EUCJP: true, ShiftJIS: true, EUCKR: true}
	for _, e := range Encodings() {
		tab, ok := e.PairDecodeTable()
		if ok != double[e] {
			t.Fatalf("%s: ok %v", e, ok)
		}
		if !ok {
			continue
		}
		mapped := 0
		for lead := 0x80; lead <= 0xFF; lead++ {
			for trail := 0; trail < 256; trail++ {
				out, consumed, ok := reference.Decode(e.Name(), []byte{byte(lead), byte(trail)}, reference.DecodeFatal)
				want := rune(-1)
				if ok && consumed == 2 && len(out) == 1 {
					want = out[0]
					mapped++
				}
				if got := tab[lead-0x80][trail]; got != want {
					t.Fatalf("%s pair %02x %02x: %U, want %U", e, lead, trail, got, want)
				}
			}
		}
		t.Logf("%s: %d pairs map to one code point", e, mapped)
	}
}

// TestFourByteDecodeTable: each entry is what the reference decodes the
// four-byte sequence of that pointer to, and the table covers exactly the
// pointers whose code points are in the BMP.
func TestFourByteDecodeTable(t *testing.T) {
	needReference(t)
	for _, e := range Encodings() {
		tab, ok := e.FourByteDecodeTable()
		if ok != (e == GB18030 || e == GBK) {
			t.Fatalf("%s: ok %v", e, ok)
		}
		if !ok {
			continue
		}
		mapped := 0
		for p := 0; p < 1237576; p++ {
			seq := gb18030FourBytes(p)
			if gb18030FourBytePointer(seq[0], seq[1], seq[2], seq[3]) != p {
				t.Fatalf("pointer %d: bytes % x", p, seq)
			}
			if p >= len(tab) && p%997 != 0 {
				continue // past the table: spot checks that none is in the BMP
			}
			out, consumed, ok := reference.Decode(e.Name(), seq, reference.DecodeFatal)
			decoded := ok && consumed == 4 && len(out) == 1
			if p >= len(tab) {
				if decoded && out[0] < 0x10000 {
					t.Fatalf("%s pointer %d: %U is in the BMP", e, p, out[0])
				}
				continue
			}
			want := rune(-1)
			if decoded {
				want = out[0]
				mapped++
			}
			if tab[p] != want {
				t.Fatalf("%s pointer %d (% x): %U, want %U", e, p, seq, tab[p], want)
			}
		}
		if mapped < 39000 {
			t.Fatalf("%s: only %d sequences decode", e, mapped)
		}
		t.Logf("%s: %d four-byte sequences in the BMP", e, mapped)
	}
}

// TestEncodesSupplementaryAsFourBytes: for the encodings that say so, the
// reference encodes code points past U+FFFF (the first, the last and a
// spread between) as the four-byte sequence of pointer 189000 + (code point
// - 0x10000); for the others, not so.
func TestEncodesSupplementaryAsFourBytes(t *testing.T) {
	needReference(t)
	for _, e := range Encodings() {
		if !e.HasEncoder() {
			continue
		}
		says := e.EncodesSupplementaryAsFourBytes()
		for c := rune(0x10000); c <= 0x10FFFF; c += 0x1F3 {
			if c > 0x10FFFF-0x1F3 {
				c = 0x10FFFF
			}
			want := string(gb18030FourBytes(189000 + int(c-0x10000)))
			got, _, _, ok := reference.Encode(e.Name(), []rune{c}, reference.EncodeFatal)
			if (ok && string(got) == want) != says {
				t.Fatalf("%s %U: % x (ok %v), says %v", e, c, got, ok, says)
			}
		}
	}
}

// TestEncodesNoSupplementary: where it says so, the reference encodes no
// code point past U+FFFF (all of them are tried); elsewhere it encodes some
// (or, for replacement, the encoding has no encoder).
func TestEncodesNoSupplementary(t *testing.T) {
	needReference(t)
	for _, e := range Encodings() {
		says := e.EncodesNoSupplementary()
		if !e.HasEncoder() {
			if says {
				t.Fatalf("%s has no encoder", e)
			}
			continue
		}
		encoded := 0
		for c := rune(0x10000); c <= 0x10FFFF && (says || encoded == 0); c++ {
			if _, _, _, ok := reference.Encode(e.Name(), []rune{c}, reference.EncodeFatal); ok {
				encoded++
			}
		}
		if says != (encoded == 0) {
			t.Fatalf("%s: says %v, but the reference encodes %d code points past U+FFFF", e, says, encoded)
		}
	}
}

// TestBMPFourBytePointers: for gb18030, each entry is the pointer of the
// four bytes the reference encodes the code point to, where it encodes it
// to four bytes (the tests' own gb18030FourBytes of that pointer), else -1.
func TestBMPFourBytePointers(t *testing.T) {
	needReference(t)
	for _, e := range Encodings() {
		tab, ok := e.BMPFourBytePointers()
		if ok != (e == GB18030) {
			t.Fatalf("%s: ok %v", e, ok)
		}
		if !ok {
			continue
		}
		four := 0
		for c := rune(0); c < 0x10000; c++ {
			want := int32(-1)
			if c >= 0x80 && !utf16.IsSurrogate(c) {
				out, _, _, ok := reference.Encode(e.Name(), []rune{c}, reference.EncodeFatal)
				if ok && len(out) == 4 {
					want = int32(gb18030FourBytePointer(out[0], out[1], out[2], out[3]))
					if string(gb18030FourBytes(int(want))) != string(out) {
						t.Fatalf("U+%04X: % x is not the sequence of pointer %d", c, out, want)
					}
					four++
				}
			}
			if tab[c] != want {
				t.Fatalf("%s U+%04X: %d, want %d", e, c, tab[c], want)
			}
		}
		if four < 39000 {
			t.Fatalf("%s: only %d code points in four bytes", e, four)
		}
		t.Logf("%s: %d code points in four bytes", e, four)
	}
}

// TestBMPEncodeTable: each entry is what the reference encodes the code
// point to, where that is one or two bytes, else 0; for ISO-2022-JP, the
// pair between ESC $ B and ESC ( B with 0x80 added to both bytes, or the
// byte between ESC ( J and ESC ( B.
func TestBMPEncodeTable(t *testing.T) {
	needReference(t)
	stateless := map[*Encoding]bool{XUserDefined: true, GB18030: true, GBK: true, Big5: true, EUCJP: true, ShiftJIS: true, EUCKR: true,
		ISO2022JP: true}
	for _, e := range Encodings() {
		tab, ok := e.BMPEncodeTable()
		if ok != (e.IsSingleByte() || stateless[e]) {
			t.Fatalf("%s: ok %v", e, ok)
		}
		if !ok {
			continue
		}
		mapped := 0
		for c := rune(0); c < 0x10000; c++ {
			var want uint16
			if c >= 0x80 && !utf16.IsSurrogate(c) {
				out, _, _, ok := reference.Encode(e.Name(), []rune{c}, reference.EncodeFatal)
				switch {
				case ok && e == ISO2022JP && len(out) == 8 && string(out[:3]) == "\x1b$B" && string(out[5:]) == "\x1b(B":
					want = uint16(out[3]|0x80)<<8 | uint16(out[4]|0x80)
				case ok && e == ISO2022JP && len(out) == 7 && string(out[:3]) == "\x1b(J" && string(out[4:]) == "\x1b(B":
					want = uint16(out[3])
				case ok && e == ISO2022JP:
					t.Fatalf("%s U+%04X: the reference writes % x", e, c, out)
				case ok && len(out) == 1:
					want = uint16(out[0])
				case ok && len(out) == 2:
					want = uint16(out[0])<<8 | uint16(out[1])
				}
			}
			if want != 0 {
				mapped++
			}
			if tab[c] != want {
				t.Fatalf("%s U+%04X: %#x, want %#x", e, c, tab[c], want)
			}
		}
		t.Logf("%s: %d code points in one or two bytes", e, mapped)
	}
}

// TestPassesUTF16: true exactly while a UTF-16 decoder is between
// characters, past BOM handling.
func TestPassesUTF16(t *testing.T) {
	checkDecoderSteps(t, "PassesUTF16", (*Decoder).PassesUTF16, []decoderStep{
		{UTF16LE, KeepBOM, "", true},
		{UTF16LE, SniffBOM, "", false}, // the BOM may still come
		{UTF16LE, SniffBOM, "\xff\xfe", true},
		{UTF16LE, KeepBOM, "a", false}, // a lead byte
		{UTF16LE, KeepBOM, "a\x00", true},
		{UTF16LE, KeepBOM, "\x3d\xd8", false}, // a lead surrogate
		{UTF16BE, KeepBOM, "\xd8\x3d\xde\x00", true},
		{Windows1252, SniffBOM, "\xfe\xff", true}, // sniffed UTF-16BE
		{Windows1252, SniffBOM, "ab", false},
		{UTF8, KeepBOM, "", false},
	})
}

func TestRestsInISO2022JPASCII(t *testing.T) {
	checkDecoderSteps(t, "RestsInISO2022JPASCII", (*Decoder).RestsInISO2022JPASCII, []decoderStep{
		{ISO2022JP, KeepBOM, "", true},
		{ISO2022JP, SniffBOM, "", false}, // the BOM may still come
		{ISO2022JP, SniffBOM, "abc", true},
		{ISO2022JP, KeepBOM, "a\x1b$B", false},         // the leading byte state
		{ISO2022JP, KeepBOM, "a\x1b$BF|\x1b(B", false}, // the output flag is set
		{ISO2022JP, KeepBOM, "a\x1b$BF|\x1b(Bx", true},
		{ISO2022JP, KeepBOM, "a\x1b(Jx", false}, // Roman
		{ISO2022JP, KeepBOM, "a\x1b", false},    // escape start
		{ISO2022JP, KeepBOM, "\x0ex", true},     // an error, then back to rest
		{ISO2022JP, SniffBOM, "\xef\xbb\xbfa", false},
		{EUCJP, KeepBOM, "a", false},
	})
}

// decoderStep: a decoder of e with bom, after a call (not the last) with
// in, and whether a predicate of its state then holds.
type decoderStep struct {
	e    *Encoding
	bom  BOMHandling
	in   string
	want bool
}

// checkDecoderSteps checks the predicate holds, named name, after each step.
func checkDecoderSteps(t *testing.T, name string, holds func(*Decoder) bool, steps []decoderStep) {
	t.Helper()
	dst := make([]byte, 64)
	for _, s := range steps {
		d := s.e.NewDecoder(s.bom, Replace)
		d.DecodeToUTF8([]byte(s.in), dst, false)
		if got := holds(d); got != s.want {
			t.Errorf("%s decoder (%v) after %q: %s %v, want %v", s.e, s.bom, s.in, name, got, s.want)
		}
	}
}

func TestEncoderRestsInISO2022JPASCII(t *testing.T) {
	dst := make([]byte, 64)
	steps := []struct {
		in   string
		want bool
	}{
		{"", true},
		{"abc", true},
		{"a\u3042", false},      // jis0208
		{"a\u3042x", true},      // ESC ( B before x
		{"\u00a5", false},       // Roman
		{"\u00a5\\", true},      // ESC ( B before the backslash
		{"\u00e9", true},        // unmappable, in the ASCII state
		{"a\xe3\x81", false},    // part of a character held
		{"\u3042\u00e9", true},  // ESC ( B before the error
		{"\u3042\x1b", true},    // ESC ( B, then an error
		{"\u00a5\u3042", false}, // Roman, then jis0208
		{"\u00a5\u00e9", false}, // the error in the Roman state
	}
	for _, s := range steps {
		enc := ISO2022JP.NewEncoder(HTML)
		enc.EncodeFromUTF8([]byte(s.in), dst, false)
		if got := enc.RestsInISO2022JPASCII(); got != s.want {
			t.Errorf("after %q: RestsInISO2022JPASCII %v, want %v", s.in, got, s.want)
		}
	}
	if EUCJP.NewEncoder(HTML).RestsInISO2022JPASCII() {
		t.Errorf("an EUC-JP encoder rests in ISO-2022-JP's ASCII state")
	}
}
