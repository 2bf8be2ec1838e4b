package codec

// Test helpers shared by the differential, fuzz and family tests: streaming
// drivers that feed input in arbitrary chunks to arbitrarily small output
// buffers, and comparison with the standard's literal transcription in
// internal/reference.

import (
	"math/rand"
	"testing"
	"unicode/utf16"

	"github.com/whatenc/whatenc/internal/reference"
)

// needReference skips t when the standard's data (../shared/whatwg) is not
// there for the oracle to read.
func needReference(t testing.TB) {
	t.Helper()
	if err := reference.Available(); err != nil {
		t.Skipf("skipping: the reference oracle has no data: %v", err)
	}
}

// appendRandomChars appends to b one to most characters, each picked at
// random from pool, in UTF-8: a run of one kind in the random texts of the
// kernel tests.
func appendRandomChars(rng *rand.Rand, b []byte, pool []rune, most int) []byte {
	for j := rng.Intn(most); j >= 0; j-- {
		b = append(b, string(pool[rng.Intn(len(pool))])...)
	}
	return b
}

// splitter cuts input into chunks and picks output buffer sizes, from a
// seed: chunks of 0, 1, a few and many bytes, buffers down to the minimum.
type splitter struct {
	rng    *rand.Rand
	minOut int
}

func newSplitter(seed int64, minOut int) *splitter {
	return &splitter{rng: rand.New(rand.NewSource(seed)), minOut: minOut}
}

// chunk returns the length of the next input chunk, at most n.
func (s *splitter) chunk(n int) int {
	var c int
	switch s.rng.Intn(6) {
	case 0:
		c = 0
	case 1:
		c = 1
	case 2:
		c = 2 + s.rng.Intn(3)
	case 3:
		c = s.rng.Intn(16)
	default:
		c = s.rng.Intn(300)
	}
	return min(c, n)
}

// out returns the size of the next output buffer.
func (s *splitter) out() int {
	switch s.rng.Intn(4) {
	case 0:
		return s.minOut
	case 1:
		return s.minOut + s.rng.Intn(4)
	default:
		return s.minOut + s.rng.Intn(200)
	}
}

// streamDecode is the outcome of decoding a whole stream.
type streamDecode struct {
	out []rune
	ok  bool // false: a Fatal decoder stopped at malformed input
	// consumed is, at a Malformed stop, the input bytes consumed and not
	// restored: the reference's consumed.
	consumed int
	// malformedLen is the reported length of the malformed sequence.
	malformedLen int
	replaced     bool
	encoding     *Encoding
}

// decodeChunked decodes input as one stream with d, cutting input and
// output with sp, into UTF-16 when wide and UTF-8 otherwise. It checks the
// streaming contract on every call and stops at the first Malformed.
func decodeChunked(t testing.TB, d *Decoder, input []byte, sp *splitter, wide bool) streamDecode {
	t.Helper()
	var res streamDecode
	var u8 []byte
	var u16 []uint16
	pos := 0
	calls := 0
	for {
		calls++
		if calls > 10*len(input)+1000 {
			t.Fatalf("%s: no progress decoding % x", d.Encoding(), input)
		}
		n := sp.chunk(len(input) - pos)
		last := pos+n == len(input) && sp.rng.Intn(3) > 0
		src := input[pos : pos+n]
		size := sp.out()
		var r DecodeResult
		if wide {
			dst := make([]uint16, size)
			r = d.DecodeToUTF16(src, dst, last)
			u16 = append(u16, dst[:r.Written]...)
			checkUTF16Whole(t, dst[:r.Written])
		} else {
			dst := make([]byte, size)
			r = d.DecodeToUTF8(src, dst, last)
			u8 = append(u8, dst[:r.Written]...)
			checkUTF8Whole(t, dst[:r.Written])
		}
		if r.Read < 0 || r.Read > len(src) || r.Written < 0 || r.Written > size {
			t.Fatalf("%s: bad counts %+v for src %d dst %d", d.Encoding(), r, len(src), size)
		}
		pos += r.Read
		res.replaced = res.replaced || r.Replaced
		switch r.Status {
		case Malformed:
			res.consumed = pos - r.ConsumedAfter
			res.malformedLen = r.MalformedLen
			res.encoding = d.Encoding()
			res.out = collect(u8, u16, wide)
			return res
		case OutputFull:
			if r.Read == 0 && r.Written == 0 && size >= sp.minOut {
				t.Fatalf("%s: OutputFull without progress with %d units of room", d.Encoding(), size)
			}
		case InputEmpty:
			if r.Read != len(src) {
				t.Fatalf("%s: InputEmpty after reading %d of %d bytes", d.Encoding(), r.Read, len(src))
			}
			if last {
				res.ok = true
				res.encoding = d.Encoding()
				res.out = collect(u8, u16, wide)
				return res
			}
		}
	}
}

func collect(u8 []byte, u16 []uint16, wide bool) []rune {
	if wide {
		return utf16.Decode(u16)
	}
	return []rune(string(u8))
}

// checkUTF8Whole fails if b is not valid UTF-8 made of whole characters.
func checkUTF8Whole(t testing.TB, b []byte) {
	t.Helper()
	if _, ok := UTF8DecodeWithoutBOMOrFail(b); !ok {
		t.Fatalf("output is not whole, valid UTF-8: % x", b)
	}
}

// checkUTF16Whole fails if u splits a surrogate pair or holds a lone one.
func checkUTF16Whole(t testing.TB, u []uint16) {
	t.Helper()
	for i := 0; i < len(u); i++ {
		switch {
		case u[i] >= 0xD800 && u[i] <= 0xDBFF:
			if i+1 == len(u) || u[i+1] < 0xDC00 || u[i+1] > 0xDFFF {
				t.Fatalf("output splits or lacks a surrogate pair at %d: %04x", i, u)
			}
			i++
		case u[i] >= 0xDC00 && u[i] <= 0xDFFF:
			t.Fatalf("output has a lone low surrogate at %d: %04x", i, u)
		}
	}
}

// streamEncode is the outcome of encoding a whole stream.
type streamEncode struct {
	out        []byte
	ok         bool // false: a Fatal encoder stopped at an unmappable code point
	unmappable rune
	consumed   int // scalar values consumed at an Unmappable stop
}

// encodeChunked encodes one stream with enc, from input16 (UTF-16) when
// wide and from input8 (UTF-8, possibly invalid) otherwise, cutting input
// and output with sp. Output buffers below the encoder's need are grown and
// retried, so sizes down to 1 byte are exercised.
func encodeChunked(t testing.TB, enc *Encoder, input8 []byte, input16 []uint16, sp *splitter, wide bool) streamEncode {
	t.Helper()
	inputLen := len(input8)
	if wide {
		inputLen = len(input16)
	}
	var res streamEncode
	pos := 0
	extra := 0
	for calls := 0; ; calls++ {
		if calls > 20*inputLen+1000 {
			t.Fatalf("%s: no progress encoding % x %04x", enc.Encoding(), input8, input16)
		}
		n := sp.chunk(inputLen - pos)
		last := pos+n == inputLen && sp.rng.Intn(3) > 0
		dst := make([]byte, sp.out()+extra)
		var r EncodeResult
		if wide {
			r = enc.EncodeFromUTF16(input16[pos:pos+n], dst, last)
		} else {
			r = enc.EncodeFromUTF8(input8[pos:pos+n], dst, last)
		}
		if r.Read < 0 || r.Read > n || r.Written < 0 || r.Written > len(dst) {
			t.Fatalf("%s: bad counts %+v for src %d dst %d", enc.Encoding(), r, n, len(dst))
		}
		res.out = append(res.out, dst[:r.Written]...)
		pos += r.Read
		extra = 0
		switch r.Status {
		case Unmappable:
			res.unmappable = r.Unmappable
			if wide {
				res.consumed = len(utf16.Decode(input16[:pos]))
			} else {
				res.consumed = len(reference.UTF8DecodeWithoutBOM(input8[:pos]))
			}
			return res
		case OutputFull:
			if r.Read == 0 && r.Written == 0 {
				if len(dst) >= MinEncodeOutput {
					t.Fatalf("%s: OutputFull without progress with %d bytes of room", enc.Encoding(), len(dst))
				}
				extra = MinEncodeOutput
			}
		case InputEmpty:
			if r.Read != n {
				t.Fatalf("%s: InputEmpty after reading %d of %d", enc.Encoding(), r.Read, n)
			}
			if last {
				res.ok = true
				return res
			}
		}
	}
}

// diffDecode checks e's decoder against the reference over input, in both
// error modes, both output forms and a few chunkings.
func diffDecode(t testing.TB, e *Encoding, input []byte, seed int64) {
	t.Helper()
	for _, mode := range []ErrorMode{Replace, Fatal} {
		refMode := reference.DecodeReplacement
		if mode == Fatal {
			refMode = reference.DecodeFatal
		}
		want, wantConsumed, wantOK := reference.Decode(e.Name(), input, refMode)
		for _, wide := range []bool{false, true} {
			minOut := MinUTF8Output
			if wide {
				minOut = MinUTF16Output
			}
			sp := newSplitter(seed, minOut)
			got := decodeChunked(t, e.NewDecoder(KeepBOM, mode), input, sp, wide)
			if got.ok != wantOK || string(got.out) != string(want) || (!wantOK && got.consumed != wantConsumed) {
				t.Fatalf("%s decoder, mode %v, UTF-16 output %v, seed %d, input % x:\n got  %q ok=%v consumed=%d\n want %q ok=%v consumed=%d",
					e, mode, wide, seed, input, string(got.out), got.ok, got.consumed, string(want), wantOK, wantConsumed)
			}
			if mode == Replace && got.replaced != containsDecodeError(e, input) {
				t.Fatalf("%s decoder: Replaced=%v for input % x", e, got.replaced, input)
			}
		}
	}
}

// containsDecodeError reports whether decoding input meets an error.
func containsDecodeError(e *Encoding, input []byte) bool {
	_, _, ok := reference.Decode(e.Name(), input, reference.DecodeFatal)
	return !ok
}

// diffEncode checks e's encoder against the reference over text, in both
// error modes and both input forms.
func diffEncode(t testing.TB, e *Encoding, text []rune, seed int64) {
	t.Helper()
	diffEncodeRaw(t, e, []byte(string(text)), utf16.Encode(text), seed)
}

// diffEncodeRaw checks e's encoder against the reference over UTF-8 input
// (which may be invalid: it means what UTF-8 decode makes of it) and UTF-16
// input (which may hold lone surrogates: U+FFFD, as for a USVString).
func diffEncodeRaw(t testing.TB, e *Encoding, input8 []byte, input16 []uint16, seed int64) {
	t.Helper()
	out := e.OutputEncoding()
	for _, mode := range []ErrorMode{HTML, Fatal} {
		refMode := reference.EncodeHTML
		if mode == Fatal {
			refMode = reference.EncodeFatal
		}
		for _, wide := range []bool{false, true} {
			text := reference.UTF8DecodeWithoutBOM(input8)
			if wide {
				text = utf16.Decode(input16) // lone surrogates become U+FFFD
			}
			want, wantBad, wantConsumed, wantOK := reference.Encode(out.Name(), text, refMode)
			sp := newSplitter(seed, 1)
			got := encodeChunked(t, e.NewEncoder(mode), input8, input16, sp, wide)
			if got.ok != wantOK || string(got.out) != string(want) ||
				(!wantOK && (got.unmappable != wantBad || got.consumed != wantConsumed)) {
				t.Fatalf("%s encoder, mode %v, UTF-16 input %v, seed %d, input % x / %04x:\n got  % x ok=%v unmappable=%U consumed=%d\n want % x ok=%v unmappable=%U consumed=%d",
					e, mode, wide, seed, input8, input16, got.out, got.ok, got.unmappable, got.consumed, want, wantOK, wantBad, wantConsumed)
			}
		}
	}
}

func (m ErrorMode) String() string {
	return [...]string{"Replace", "Fatal", "HTML"}[m]
}

// randomBytes returns input that exercises e's decoder: ASCII, bytes of
// every kind, and text the reference encoder produced for e, mixed.
func randomBytes(rng *rand.Rand, e *Encoding, n int) []byte {
	var b []byte
	for len(b) < n {
		switch rng.Intn(5) {
		case 0:
			b = append(b, byte(rng.Intn(0x80)))
		case 1:
			b = append(b, byte(rng.Intn(0x100)))
		case 2:
			b = append(b, 0x80+byte(rng.Intn(0x80)), byte(rng.Intn(0x100)))
		default:
			if e.HasEncoder() {
				text := randomText(rng, 1+rng.Intn(4))
				enc, _, _, _ := reference.Encode(e.Name(), text, reference.EncodeHTML)
				b = append(b, enc...)
			} else {
				b = append(b, byte(rng.Intn(0x100)), byte(rng.Intn(0x100)))
			}
		}
	}
	return b
}

// randomText returns n scalar values from ranges every encoding cares
// about: ASCII (with the controls ISO-2022-JP treats specially), Latin-1,
// the general punctuation and CJK blocks, kana, hangul, private use and
// supplementary planes.
func randomText(rng *rand.Rand, n int) []rune {
	ranges := [][2]rune{
		{0, 0x7F}, {0x0E, 0x1B}, {0x5C, 0x7E}, {0x80, 0x2FF}, {0x370, 0x52F}, {0x590, 0x6FF}, {0xE00, 0xE7F},
		{0x2000, 0x22FF}, {0x2500, 0x25FF}, {0x3000, 0x30FF}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3},
		{0xE000, 0xE865}, {0xF780, 0xF7FF}, {0xF900, 0xFFFF}, {0x10000, 0x10FFFF}, {0x20000, 0x2FFFF},
	}
	text := make([]rune, n)
	for i := range text {
		r := ranges[rng.Intn(len(ranges))]
		c := r[0] + rune(rng.Intn(int(r[1]-r[0]+1)))
		if c >= 0xD800 && c <= 0xDFFF {
			c = 0xFFFD
		}
		text[i] = c
	}
	return text
}

// checkHTMLEncoder encodes src (UTF-8) with e in HTML mode in one call
// against the reference, then through diffEncodeRaw (chunk splits, small
// outputs, UTF-16 input too).
func checkHTMLEncoder(t *testing.T, e *Encoding, src []byte, seed int64) {
	t.Helper()
	want, _, _, _ := reference.Encode(e.Name(), reference.UTF8DecodeWithoutBOM(src), reference.EncodeHTML)
	dst := make([]byte, 8*len(src)+16)
	r := e.NewEncoder(HTML).EncodeFromUTF8(src, dst, true)
	if r.Read != len(src) || string(dst[:r.Written]) != string(want) {
		t.Fatalf("%s encoder, input % x:\n got  % x\n want % x", e, src, dst[:r.Written], want)
	}
	diffEncodeRaw(t, e, src, utf16.Encode([]rune(string(src))), seed)
}
