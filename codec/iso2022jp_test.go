package codec

import (
	"math/rand"
	"testing"
	"unicode/utf16"

	"github.com/whatenc/whatenc/internal/reference"
)

const esc = "\x1b"

// TestISO2022JPDecoderStates walks the decoder through every state
// (section 12.2.1): ASCII, Roman, katakana, leading byte, trailing byte,
// escape start and escape.
func TestISO2022JPDecoderStates(t *testing.T) {
	for _, c := range []struct {
		name  string
		input string
		want  string
	}{
		{"ASCII", "a\\~", "a\\~"},
		{"ASCII rejects SO, SI and bytes 0x80 and above", "\x0e\x0f\x80a", "\uFFFD\uFFFD\uFFFDa"},
		{"Roman", esc + "(J\\~a", "\u00A5\u203Ea"},
		{"Roman rejects SO", esc + "(J\x0ea", "\uFFFDa"},
		{"katakana", esc + "(I!_", "\uFF61\uFF9F"},
		{"katakana rejects bytes outside 0x21-0x5F", esc + "(I`!", "\uFFFD\uFF61"},
		{"leading byte, ESC $ B", esc + "$B0!", "\u4E9C"},
		{"leading byte, ESC $ @", esc + "$@0!", "\u4E9C"},
		{"leading byte rejects a control", esc + "$B\n0!", "\uFFFD\u4E9C"},
		{"trailing byte: null code point", esc + "$B\x7f\x7f", "\uFFFD\uFFFD"},
		{"trailing byte: ESC is an error, then an escape", esc + "$B0" + esc + "(Ba", "\uFFFDa"},
		{"trailing byte: other bytes", esc + "$B0\n", "\uFFFD"},
		{"trailing byte at the end", esc + "$B0", "\uFFFD"},
		{"escape start: byte restored", esc + "a", "\uFFFDa"},
		{"escape start at the end", "a" + esc, "a\uFFFD"},
		{"escape: leading and byte restored", esc + "(a", "\uFFFD(a"},
		{"escape: unknown final byte restored", esc + "$A", "\uFFFD$A"},
		{"escape: leading restored at the end", esc + "$", "\uFFFD$"},
		// "(X" is restored into the leading byte state: a pair with no
		// code point.
		{"escape: restored into the output state", esc + "$B0!" + esc + "(X", "\u4E9C\uFFFD\uFFFD"},
		{"escape: restored into the output state, a pair", esc + "$B" + esc + "$!", "\uFFFD\u3041"},
		{"back to ASCII", esc + "$B0!" + esc + "(Ba", "\u4E9Ca"},
	} {
		t.Run(c.name, func(t *testing.T) { checkDecode(t, ISO2022JP, []byte(c.input), c.want) })
	}
}

// TestISO2022JPOutputFlag: an escape sequence immediately followed by
// another is an error; one at the start of the stream or after output is
// not.
func TestISO2022JPOutputFlag(t *testing.T) {
	checkDecode(t, ISO2022JP, []byte(esc+"(B"), "")
	checkDecode(t, ISO2022JP, []byte(esc+"(Ba"), "a")
	checkDecode(t, ISO2022JP, []byte(esc+"(B"+esc+"(Ja"), "\uFFFDa")
	checkDecode(t, ISO2022JP, []byte("a"+esc+"(J"+esc+"(Bb"), "a\uFFFDb")
	checkDecode(t, ISO2022JP, []byte("a"+esc+"(Jb"+esc+"(Bc"), "abc")
	// An error resets the flag: escape, error, escape is fine.
	checkDecode(t, ISO2022JP, []byte(esc+"(J\x80"+esc+"(Bc"), "\uFFFDc")
}

// TestISO2022JPEncoderStates: ASCII, Roman for U+00A5 and U+203E, jis0208,
// and back to ASCII at the end.
func TestISO2022JPEncoderStates(t *testing.T) {
	checkEncode(t, ISO2022JP, "ab", []byte("ab"))
	checkEncode(t, ISO2022JP, "\u00A5", []byte(esc+"(J\\"+esc+"(B"))
	checkEncode(t, ISO2022JP, "\u00A5a\u203E", []byte(esc+"(J\\a~"+esc+"(B"))
	checkEncode(t, ISO2022JP, "\u00A5\\", []byte(esc+"(J\\"+esc+"(B\\"))
	checkEncode(t, ISO2022JP, "\u4E9Ca", []byte(esc+"$B0!"+esc+"(Ba"))
	checkEncode(t, ISO2022JP, "\u4E9C\u00A5\u4E9C", []byte(esc+"$B0!"+esc+"(J\\"+esc+"$B0!"+esc+"(B"))
	checkEncode(t, ISO2022JP, "\u2212", []byte(esc+"$B!]"+esc+"(B"))
	checkEncode(t, ISO2022JP, "\uFF0D", []byte(esc+"$B!]"+esc+"(B"))
}

// TestISO2022JPEncoderKatakana: half-width katakana go through index
// ISO-2022-JP katakana to their full-width forms in jis0208.
func TestISO2022JPEncoderKatakana(t *testing.T) {
	checkEncode(t, ISO2022JP, "\uFF71", []byte(esc+"$B%\""+esc+"(B")) // U+30A2
	checkEncode(t, ISO2022JP, "\uFF9E\uFF9F", []byte(esc+"$B!+!,"+esc+"(B"))
}

// TestISO2022JPEncoderErrors: U+000E, U+000F and U+001B are errors with
// U+FFFD in the ASCII and Roman states; after any error the state lets the
// caller go on (with a character reference in HTML mode, or with the next
// call in Fatal mode).
func TestISO2022JPEncoderErrors(t *testing.T) {
	checkEncode(t, ISO2022JP, "\x1b\x0e\x0f", []byte("&#65533;&#65533;&#65533;"))
	checkUnmappable(t, ISO2022JP, "a\x1b", []byte("a"), 0xFFFD)
	checkEncode(t, ISO2022JP, "\u00A5\x1b", []byte(esc+"(J\\&#65533;"+esc+"(B"))
	checkEncode(t, ISO2022JP, "\u4E9C\x1b", []byte(esc+"$B0!"+esc+"(B&#65533;"))
	checkEncode(t, ISO2022JP, "\u4E9C\u20AC\u4E9C", []byte(esc+"$B0!"+esc+"(B&#8364;"+esc+"$B0!"+esc+"(B"))
	checkEncode(t, ISO2022JP, "\u00A5\u20AC\u00A5", []byte(esc+"(J\\&#8364;\\"+esc+"(B"))
	checkUnmappable(t, ISO2022JP, "\u4E9C\u20ACb", []byte(esc+"$B0!"+esc+"(B"), 0x20AC)

	// Fatal: stop at the error, then continue with the rest of the input.
	enc := ISO2022JP.NewEncoder(Fatal)
	dst := make([]byte, 64)
	src := []byte("\u4E9C\u20ACb\u4E9C")
	r := enc.EncodeFromUTF8(src, dst, true)
	if r.Status != Unmappable || r.Unmappable != 0x20AC {
		t.Fatalf("ISO-2022-JP encoder: %+v, want Unmappable U+20AC", r)
	}
	out := append([]byte(nil), dst[:r.Written]...)
	r2 := enc.EncodeFromUTF8(src[r.Read:], dst, true)
	if r2.Status != InputEmpty {
		t.Fatalf("ISO-2022-JP encoder after the error: %+v", r2)
	}
	out = append(out, dst[:r2.Written]...)
	if want := esc + "$B0!" + esc + "(Bb" + esc + "$B0!" + esc + "(B"; string(out) != want {
		t.Errorf("ISO-2022-JP encoder, Fatal then continued: got %+q, want %+q", out, want)
	}
	checkDecode(t, ISO2022JP, out, "\u4E9Cb\u4E9C")
}

// TestISO2022JPConcatenation is the standard's example: encoding U+00A5
// twice and concatenating the outputs decodes as U+00A5 U+FFFD U+00A5.
func TestISO2022JPConcatenation(t *testing.T) {
	once := Encode("\u00A5", ISO2022JP)
	if string(once) != esc+"(J\\"+esc+"(B" {
		t.Fatalf("ISO-2022-JP: U+00A5 encodes to % X", once)
	}
	checkDecode(t, ISO2022JP, append(append([]byte(nil), once...), once...), "\u00A5\uFFFD\u00A5")
}

// The ASCII-state scan with the vector kernel and without: every length
// from 0 to 200, every alignment, each byte the encoder cannot pass
// through (the three it escapes, and non-ASCII) at every position, with
// another one later that must not matter.
func TestISO2022JPASCIIPrefixKernel(t *testing.T) {
	oracle := func(b []byte) int {
		for i, c := range b {
			if c >= 0x80 || c == 0x0E || c == 0x0F || c == 0x1B {
				return i
			}
		}
		return len(b)
	}
	kernelModes(t, func(t *testing.T) {
		buf := make([]byte, 200+32)
		for align := 0; align < 32; align += 3 {
			for n := 0; n <= 200; n++ {
				b := buf[align : align+n]
				for bad := -1; bad < n; bad++ {
					for i := range b {
						b[i] = byte(0x20 + (i*7+align)%0x5F)
					}
					if bad >= 0 {
						b[bad] = []byte{0x0E, 0x0F, 0x1B, 0x80, 0xFF, 0x00}[(bad+n)%6]
						if bad+3 < n {
							b[bad+3] = 0x1B
						}
					}
					if got, want := iso2022JPASCIIPrefix(b), oracle(b); got != want {
						t.Fatalf("align %d, % x: %d, want %d", align, b, got, want)
					}
					// The encoder's form copies the prefix, and writes
					// nothing past len(b).
					dst := make([]byte, n+32)
					for i := range dst {
						dst[i] = guard
					}
					got := iso2022JPCopyASCIIPrefix(dst[:n], b)
					if want := oracle(b); got != want || string(dst[:got]) != string(b[:got]) {
						t.Fatalf("align %d, % x: copied %d: % x, want %d", align, b, got, dst[:got], want)
					}
					for i := n; i < len(dst); i++ {
						if dst[i] != guard {
							t.Fatalf("align %d, % x: wrote at %d, past %d", align, b, i, n)
						}
					}
				}
			}
		}
	})
}

// The ISO-2022-JP decoder with the vector kernels and without, against the
// reference, on long runs of jis0208 pairs (the pairs kernel takes those
// of 65 bytes or more) between ASCII, with damage inside the runs: pairs
// that map to nothing, bytes outside 0x21 to 0x7E, a pair cut by an escape.
func TestISO2022JPDecoderLongRuns(t *testing.T) {
	needReference(t)
	var chars []rune
	for c := rune(0x3041); c < 0x9FA0; c += 7 {
		if _, _, _, ok := reference.Encode(ISO2022JP.Name(), []rune{c}, reference.EncodeFatal); ok {
			chars = append(chars, c)
		}
	}
	damage := []string{"\x22\x2f", "\x7f", "\n", "\x21", "\x1b(B", "\x80", "\x28\x7e", "\x1b$B"}
	kernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(57))
		for k := 0; k < 60; k++ {
			var text []rune
			for len(text) < 400 {
				if rng.Intn(4) == 0 {
					text = append(text, []rune(" abc 12 ")[:1+rng.Intn(8)]...)
					continue
				}
				for j := 20 + rng.Intn(80); j > 0; j-- {
					text = append(text, chars[rng.Intn(len(chars))])
				}
			}
			src, _, _, _ := reference.Encode(ISO2022JP.Name(), text, reference.EncodeFatal)
			for j := rng.Intn(3); j > 0; j-- {
				at := rng.Intn(len(src))
				src = append(src[:at], append([]byte(damage[rng.Intn(len(damage))]), src[at:]...)...)
			}
			diffDecode(t, ISO2022JP, src, int64(k))
		}
	})
}

// The ISO-2022-JP encoder from UTF-16 (its ASCII state narrows runs of
// ASCII, its jis0208 state takes Japanese text through the vector kernel)
// with the kernels and without, against the reference: runs of kana and
// kanji, of ASCII with the three controls the ASCII state cannot write, of
// what the Roman state, the halfwidth katakana and the jis0208 pairs
// outside the direct table take, unmappable characters and lone
// surrogates, with chunk splits and small output buffers.
func TestISO2022JPEncoderFromUTF16Runs(t *testing.T) {
	needReference(t)
	tab := iso2022JPTable()
	var kanji []rune
	for c := rune(0x3041); c < 0x9FA0; c += 5 {
		if tab[c] != 0 {
			kanji = append(kanji, c)
		}
	}
	others := []rune{0xA5, 0x203E, 0xFF71, 0xFF9E, 0x3B1, 0x416, 0x2212, 0xE9, 0x20AC, 0x1F600, 0x0E, 0x0F, 0x1B}
	kernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(59))
		for k := 0; k < 150; k++ {
			var text []rune
			for len(text) < 300 {
				switch rng.Intn(4) {
				case 0:
					for j := rng.Intn(40); j >= 0; j-- {
						text = append(text, rune(0x20+rng.Intn(0x5F)))
					}
				case 1:
					text = append(text, others[rng.Intn(len(others))])
				default:
					for j := rng.Intn(50); j >= 0; j-- {
						text = append(text, kanji[rng.Intn(len(kanji))])
					}
				}
			}
			units := utf16.Encode(text)
			if k%5 == 0 {
				units[rng.Intn(len(units))] = 0xDC00 + uint16(rng.Intn(0x400)) // a lone surrogate
			}
			diffEncodeRaw(t, ISO2022JP, []byte(string(text)), units, int64(k))
		}
	})
}
