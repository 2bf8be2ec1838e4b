package codec

import (
	"math/rand"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/whatenc/whatenc/internal/reference"
)

// utf8ValidUpToReference is UTF8ValidUpTo by the standard's UTF-8 decoder
// in the fatal error mode: the bytes of what it decodes before its first
// error, or all of p.
func utf8ValidUpToReference(p []byte) int {
	out, _, ok := reference.Decode("UTF-8", p, reference.DecodeFatal)
	if ok {
		return len(p)
	}
	return len(string(out))
}

// utf16ValidUpToReference is UTF16ValidUpTo a unit at a time, as Infra's
// "convert a JavaScript string into a scalar value string" reads them.
func utf16ValidUpToReference(u []uint16) int {
	for i := 0; i < len(u); i++ {
		switch {
		case u[i] < 0xD800 || u[i] > 0xDFFF:
		case u[i] <= 0xDBFF && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] <= 0xDFFF:
			i++
		default:
			return i
		}
	}
	return len(u)
}

// TestUTF8ValidUpToMatchesReference runs inputs long enough for every
// vector validator (up to 700 bytes: text of one script, with an error or a
// cut sequence at a random place or none) in every kernel mode.
func TestUTF8ValidUpToMatchesReference(t *testing.T) {
	needReference(t)
	scripts := [][]rune{{'a', 'Z', ' ', '<'}, {'é', 'ß', 'ж', 'Ω'}, {'あ', '中', '한', 'ก'}, {'😀', '𝄞', 'a', 'é'}}
	breaks := [][]byte{nil, {0x80}, {0xC0, 0x80}, {0xE3, 0x81}, {0xED, 0xA0, 0x80}, {0xF4, 0x90}, {0xFF}, {0xF0, 0x9F, 0x98}}
	utf8KernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(1))
		iterations := 400
		if testing.Short() {
			iterations = 100
		}
		for i := 0; i < iterations; i++ {
			var p []byte
			n := rng.Intn(700)
			pool := scripts[rng.Intn(len(scripts))]
			for len(p) < n {
				p = appendRandomChars(rng, p, pool, 8)
			}
			if b := breaks[rng.Intn(len(breaks))]; b != nil {
				at := rng.Intn(len(p) + 1)
				for at > 0 && at < len(p) && !utf8.RuneStart(p[at]) {
					at--
				}
				if rng.Intn(4) == 0 {
					p = append(p[:at:at], b...) // cut short at the end
				} else {
					p = append(p[:at:at], append(b, p[at:]...)...)
				}
			}
			if got, want := UTF8ValidUpTo(p), utf8ValidUpToReference(p); got != want {
				t.Fatalf("UTF8ValidUpTo(% x) = %d, want %d", p, got, want)
			}
		}
		for _, p := range [][]byte{nil, {}, []byte("abc"), {0xEF, 0xBB, 0xBF}, {0xC2}, {0x41, 0xE3, 0x81, 0x41}} {
			if got, want := UTF8ValidUpTo(p), utf8ValidUpToReference(p); got != want {
				t.Fatalf("UTF8ValidUpTo(% x) = %d, want %d", p, got, want)
			}
		}
	})
}

// TestUTF16ValidUpTo puts lone and paired surrogates at every place of
// inputs up to 40 units, across the word steps, and random units in longer
// ones.
func TestUTF16ValidUpTo(t *testing.T) {
	check := func(u []uint16) {
		t.Helper()
		if got, want := UTF16ValidUpTo(u), utf16ValidUpToReference(u); got != want {
			t.Fatalf("UTF16ValidUpTo(%04x) = %d, want %d", u, got, want)
		}
	}
	check(nil)
	for n := 1; n <= 40; n++ {
		for at := 0; at < n; at++ {
			for _, s := range [][]uint16{{0xD800}, {0xDBFF}, {0xDC00}, {0xDFFF}, {0xD83D, 0xDE00}, {0xDC00, 0xD800}, {0xD800, 0xD800}, {0xDC00, 0xDC00}, {0xDFFF, 0xDFFF}} {
				u := make([]uint16, n)
				for i := range u {
					u[i] = 'a' + uint16(i%26)
				}
				copy(u[at:], s)
				check(u)
				u[n-1] = 0xD7FF // the units next to the surrogates, which the word tests must not take for them
				check(u)
				u[n-1] = 0xE000
				check(u)
			}
		}
	}
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 2000; i++ {
		u := make([]uint16, rng.Intn(300))
		for j := range u {
			switch rng.Intn(8) {
			case 0:
				u[j] = 0xD800 + uint16(rng.Intn(0x800))
			case 1:
				if j+1 < len(u) {
					r1, r2 := utf16.EncodeRune(0x10000 + rune(rng.Intn(0x100000)))
					u[j], u[j+1] = uint16(r1), uint16(r2)
				}
			default:
				u[j] = uint16(rng.Intn(0x10000))
				if rng.Intn(2) == 0 {
					u[j] &= 0x7F
				}
			}
		}
		check(u)
	}
}

// FuzzUTF16ValidUpTo checks UTF16ValidUpTo against the unit-at-a-time
// reading on the fuzzer's bytes as units (each pair of bytes one unit).
func FuzzUTF16ValidUpTo(f *testing.F) {
	f.Add([]byte{0x3D, 0xD8, 0x00, 0xDE, 0x41, 0x00})
	f.Add([]byte{0x00, 0xDC, 0x00, 0xD8})
	f.Fuzz(func(t *testing.T, b []byte) {
		u := make([]uint16, len(b)/2)
		for i := range u {
			u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
		}
		if got, want := UTF16ValidUpTo(u), utf16ValidUpToReference(u); got != want {
			t.Fatalf("UTF16ValidUpTo(%04x) = %d, want %d", u, got, want)
		}
	})
}
