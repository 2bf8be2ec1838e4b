package codec

// Differential tests: every decoder and encoder against the standard's
// literal transcription (internal/reference), over random input, random
// chunk splits and output buffers down to the minimum.

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/whatenc/whatenc/internal/reference"
)

func TestDecodeMatchesReference(t *testing.T) {
	needReference(t)
	for _, e := range Encodings() {
		t.Run(e.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(e.ID())))
			iterations := 300
			if testing.Short() {
				iterations = 50
			}
			for i := 0; i < iterations; i++ {
				input := randomBytes(rng, e, rng.Intn(64))
				diffDecode(t, e, input, int64(i))
			}
		})
	}
}

func TestEncodeMatchesReference(t *testing.T) {
	needReference(t)
	for _, e := range Encodings() {
		t.Run(e.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(e.ID())))
			iterations := 300
			if testing.Short() {
				iterations = 50
			}
			for i := 0; i < iterations; i++ {
				diffEncode(t, e, randomText(rng, rng.Intn(24)), int64(i))
			}
		})
	}
}

// TestEncodeInvalidInputMatchesReference passes invalid UTF-8 and lone
// surrogates, which C callers can hand to an encoder.
func TestEncodeInvalidInputMatchesReference(t *testing.T) {
	needReference(t)
	for _, e := range Encodings() {
		t.Run(e.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(e.ID())))
			for i := 0; i < 100; i++ {
				input8 := randomBytes(rng, UTF8, rng.Intn(24))
				input16 := make([]uint16, rng.Intn(12))
				for j := range input16 {
					input16[j] = []uint16{'a', 0xE9, 0x3042, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, uint16(rng.Intn(0x10000))}[rng.Intn(8)]
				}
				diffEncodeRaw(t, e, input8, input16, int64(i))
			}
		})
	}
}

// TestSingleByteExhaustive checks every byte and every code point up to
// U+FFFF, plus a sample above, for each single-byte encoding and
// x-user-defined.
func TestSingleByteExhaustive(t *testing.T) {
	needReference(t)
	var all []byte
	for b := 0; b < 256; b++ {
		all = append(all, byte(b))
	}
	var text []rune
	for c := rune(0); c < 0x10000; c++ {
		if c < 0xD800 || c > 0xDFFF {
			text = append(text, c)
		}
	}
	for c := rune(0x10000); c <= 0x10FFFF; c += 0x1003 {
		text = append(text, c)
	}
	for _, e := range Encodings() {
		if !e.IsSingleByte() && e != XUserDefined {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			for b := 0; b < 256; b++ {
				diffDecode(t, e, all[b:b+1], int64(b))
			}
			diffDecode(t, e, all, 1)
			want, _, _, _ := reference.Encode(e.Name(), text, reference.EncodeHTML)
			if got := Encode(string(text), e); string(got) != string(want) {
				t.Fatalf("%s: encoding U+0000..U+FFFF differs from the reference", e)
			}
			// Each mapped code point and its neighbours alone, in both
			// modes and input forms.
			decoded, _, _ := reference.Decode(e.Name(), all[0x80:], reference.DecodeReplacement)
			for _, c := range decoded {
				diffEncode(t, e, []rune{c - 1, c, c + 1}, int64(c))
			}
		})
	}
}

// TestCorpusMatchesReference round-trips pieces of the benchmark corpus.
func TestCorpusMatchesReference(t *testing.T) {
	needReference(t)
	files, _ := filepath.Glob("../../shared/corpus/wikipedia/*.txt")
	if len(files) == 0 {
		t.Skip("skipping: no corpus at ../../shared/corpus/wikipedia")
	}
	for _, e := range Encodings() {
		t.Run(e.Name(), func(t *testing.T) {
			for i, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				text := []rune(string(data[:min(len(data), 600)]))
				diffEncode(t, e, text, int64(i))
				var encoded []byte
				if e == UTF16LE || e == UTF16BE {
					for _, u := range utf16.Encode(text) {
						if e == UTF16LE {
							encoded = append(encoded, byte(u), byte(u>>8))
						} else {
							encoded = append(encoded, byte(u>>8), byte(u))
						}
					}
				} else {
					encoded, _, _, _ = reference.Encode(e.OutputEncoding().Name(), text, reference.EncodeHTML)
				}
				diffDecode(t, e, encoded, int64(i))
			}
		})
	}
}

// The fuzz targets' seed corpora run in every go test; run them with
// e.g. go test ./codec -fuzz FuzzDecode -fuzztime 1m.

// longSeedText mixes the scripts the vector kernels take (hangul between
// spaces, kana and ideographs, Cyrillic, Thai, Latin with punctuation)
// with ASCII; the seeds repeat it past a kernel's 64-byte window.
const longSeedText = "한국어 위키백과에 오신 것을 환영합니다. 日本語の文章、漢字とかな。" +
	"中文维基百科，自由的百科全书。 Русский язык — «пример». ภาษาไทย café – „Zitat“ "

func FuzzDecode(f *testing.F) {
	f.Add([]byte("hello"), uint8(0), int64(0))
	f.Add([]byte{0xEF, 0xBB, 0xBF, 0xE2, 0x82, 0x41, 0xF0, 0x90, 0x80}, uint8(0), int64(1))
	f.Add([]byte{0x00, 0xD8, 0x41, 0x00, 0x3D, 0xD8, 0x00, 0xDE, 0xFF}, uint8(38), int64(2))
	f.Add([]byte{0xD8, 0x00, 0x00, 0x41, 0xDC, 0x00}, uint8(37), int64(3))
	f.Add([]byte{0x80, 0x81, 0x9F, 0xFF, 0x41}, uint8(21), int64(4))
	f.Add([]byte{0x81, 0x30, 0x81, 0x41, 0x82, 0x22}, uint8(30), int64(5))
	f.Add([]byte{0x1B, 0x28, 0x42, 0x1B, 0x24, 0x42, 0x30, 0x21, 0x1B, 0x28}, uint8(33), int64(6))
	f.Add([]byte{0x88, 0x62, 0x88, 0x64, 0x82, 0x22, 0x8F, 0xA2, 0xAF}, uint8(31), int64(7))
	f.Add([]byte{0xA4, 0xA2, 0xFF, 0x8E, 0xB1}, uint8(32), int64(8))
	f.Add([]byte{0x81, 0x41, 0xF0, 0x40, 0xA1}, uint8(35), int64(9))
	f.Add([]byte("anything"), uint8(36), int64(10))
	// Text long enough for the vector kernels' 64-byte windows.
	for i, e := range []*Encoding{EUCJP, ShiftJIS, GBK, GB18030, Big5, EUCKR, Windows1251, UTF8} {
		f.Add(Encode(strings.Repeat(longSeedText, 3), e), uint8(e.ID()), int64(20+i))
	}
	// The single-byte decoders' 64-byte steps: the upper half in turn
	// (code points of two and three bytes, and in windows-1253 and
	// ISO-8859-6 bytes without one) between runs of ASCII.
	var upper []byte
	for b := 0; b < 0x80; b++ {
		upper = append(upper, byte(0x80+b), byte(0x80+b*7%0x80), byte(0x20+b%0x5F))
	}
	for i, e := range []*Encoding{Windows874, Windows1253, ISO8859_6, Macintosh, XUserDefined} {
		f.Add(upper, uint8(e.ID()), int64(30+i))
	}
	f.Fuzz(func(t *testing.T, input []byte, id uint8, seed int64) {
		needReference(t)
		e := ByID(int(id) % NumEncodings)
		diffDecode(t, e, input, seed)
	})
}

func FuzzEncode(f *testing.F) {
	f.Add([]byte("h\xc3\xa9llo \xe2\x82\xac \xe2\x98\x83"), uint8(21), int64(0))
	f.Add([]byte("\xf0\x9f\x98\x80 \xe3\x81\x82\xe4\xb8\x80\xea\xb0\x80"), uint8(30), int64(1))
	f.Add([]byte("\x1b\x0e\x0f\\~\xc2\xa5\xe2\x80\xbe\xef\xbd\xa1"), uint8(33), int64(2))
	f.Add([]byte("\xee\x9e\x8d\xee\x97\xa5\xe2\x82\xac"), uint8(29), int64(3))
	f.Add([]byte("\xe2\x95\x90\xe5\x8d\x81\xc3\x8a\xcc\x84"), uint8(31), int64(4))
	f.Add([]byte("\xe2\x88\x92\xc2\xa5\xe2\x80\xbe"), uint8(32), int64(5))
	f.Add([]byte("a\xe2\x82b\xf0\x80\x80\xed\xa0\x80"), uint8(0), int64(6))
	f.Add([]byte("\xef\x9e\x80\xef\x9f\xbf"), uint8(39), int64(7))
	for i, e := range []*Encoding{EUCKR, ShiftJIS, GBK, Big5, ISO2022JP, Windows1251, Windows874, Windows1252} {
		f.Add([]byte(strings.Repeat(longSeedText, 3)), uint8(e.ID()), int64(20+i))
	}
	// Text whose bytes are also its UTF-16 (the units the target reads),
	// past the vector kernels' steps of 32 units, with a lone surrogate.
	var le []byte
	for _, u := range utf16.Encode([]rune(strings.Repeat(longSeedText, 3))) {
		le = append(le, byte(u), byte(u>>8))
	}
	f.Add(append(le[:200:200], append([]byte{0x00, 0xD8}, le[200:]...)...), uint8(UTF8.ID()), int64(30))
	f.Fuzz(func(t *testing.T, input []byte, id uint8, seed int64) {
		needReference(t)
		e := ByID(int(id) % NumEncodings)
		units := make([]uint16, len(input)/2)
		for i := range units {
			units[i] = uint16(input[2*i]) | uint16(input[2*i+1])<<8
		}
		diffEncodeRaw(t, e, input, units, seed)
	})
}
