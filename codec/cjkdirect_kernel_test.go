package codec

import (
	"math/rand"
	"slices"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/whatenc/whatenc/internal/reference"
)

// randomCJKText is UTF-8 made mostly of long runs of three-byte characters
// of the encoding's repertoire (the vector kernel's steps), broken by what
// stops it: ASCII, two- and four-byte characters, characters the encoding
// lacks or writes otherwise, and malformed bytes.
func randomCJKText(rng *rand.Rand, t *directTable, n int) []byte {
	var mapped []rune
	for c := rune(0x3000); c < 0xA000 && len(mapped) < 4000; c += rune(1 + rng.Intn(3)) {
		if t[c] != 0 {
			mapped = append(mapped, c)
		}
	}
	breaks := []string{"a", " ", ", ", "\u00e9", "\U0001F600", "\uE000", "\uFFFD", "\u0800", "\uD7FF", "\u20AC", "\xe3\x81", "\xed\xa0\x80", "\xe0\x80\xaf", "\xff", "\xe3\x81a",
		"\U00050000", "\U0010FFFF", "\xf9\x80\x80", "\xfe\xbf\xbf", "\xe9\xc0\x80", "\xe9\x80\x7f"}
	var b []byte
	for len(b) < n {
		if rng.Intn(12) == 0 {
			b = append(b, breaks[rng.Intn(len(breaks))]...)
			continue
		}
		for k := rng.Intn(40); k >= 0; k-- {
			b = append(b, string(mapped[rng.Intn(len(mapped))])...)
		}
	}
	return b[:n]
}

// The kernel alone, in every encoding with a direct table: whole steps of
// eight sequences, exactly the reference's bytes for what it read, nothing
// written past dstLen, at every alignment.
func TestEncodeThreesVector(t *testing.T) {
	needReference(t)
	if !hasAVX2Kernels() {
		t.Skip("skipping: no AVX2 here")
	}
	rng := rand.New(rand.NewSource(41))
	steps := 0 // so that the test cannot pass on a kernel that takes none
	for _, e := range []*Encoding{GB18030, GBK, Big5, EUCJP, ShiftJIS, EUCKR} {
		tab := directTableFor(e.family)
		for k := 0; k < 2000; k++ {
			off := rng.Intn(32)
			text := randomCJKText(rng, tab, 32+rng.Intn(400))
			src := append(make([]byte, off), text...)[off:]
			room := rng.Intn(2 * len(src))
			buf := guardedBytes(room + 32)
			read, written := encodeThreesAVX2(&buf[0], room, &src[0], len(src), tab)
			if read%24 != 0 || written != read/3*2 || read > len(src)-32+24 || written > room {
				t.Fatalf("%s % x into %d: read %d, wrote %d", e, src, room, read, written)
			}
			steps += read / 24
			checkEncodedPrefix(t, e, src, read, buf, written, written)
			// It stops only where a step cannot go: at the end, without
			// room, or at a group that is not eight mapped sequences.
			if len(src)-read >= 32 && room-written >= 16 {
				if stop := validMappedThrees(tab, src[read:read+24]); stop {
					t.Fatalf("%s % x: stopped at %d before eight mapped sequences", e, src, read)
				}
			}
		}
	}
	t.Logf("%d steps", steps)
	if steps < 5000 {
		t.Fatalf("the kernel took %d steps in all: too few for the test to mean much", steps)
	}
}

// validMappedThrees reports whether g (24 bytes) is eight three-byte
// sequences that t maps.
func validMappedThrees(t *directTable, g []byte) bool {
	for k := 0; k < 24; k += 3 {
		c := utf8Three(g[k], g[k+1], g[k+2])
		if c < 0 || t[c] == 0 {
			return false
		}
	}
	return true
}

// The encoders with the kernels and without, against the reference, on
// such text and on text of short runs between ASCII, in one call and with
// chunk splits.
func TestCJKEncodersLongRuns(t *testing.T) {
	needReference(t)
	lookupModes(t, func(t *testing.T) { kernelModes(t, testCJKEncodersLongRuns) })
}

func testCJKEncodersLongRuns(t *testing.T) {
	for _, e := range []*Encoding{GB18030, GBK, Big5, EUCJP, ShiftJIS, EUCKR, ISO2022JP} {
		rng := rand.New(rand.NewSource(int64(e.ID()) + 200))
		tab := directTableFor(e.family)
		if e == ISO2022JP {
			tab = directTableFor(familyEUCJP)
		}
		for k := 0; k < 60; k++ {
			var src []byte
			switch k % 3 {
			case 0:
				src = randomCJKText(rng, tab, rng.Intn(600))
			case 1:
				src = randomMixedText(rng, tab, rng.Intn(600))
			default:
				src = randomOtherRuns(rng, tab, rng.Intn(600))
			}
			checkHTMLEncoder(t, e, src, int64(k))
		}
	}
}

// The kernels for UTF-16 input alone (AVX-512 and AVX2), for every
// encoding with a direct table, with ASCII taken as it is or not at all
// (ISO-2022-JP's jis0208 state): exactly the reference's bytes for the
// units they read, nothing written past their room, and they stop only
// before a unit they cannot take (or for lack of units or room).
func TestEncodeDirectFromUTF16Vector(t *testing.T) {
	needReference(t)
	lookupModes(t, testEncodeDirectFromUTF16Vector)
}

func testEncodeDirectFromUTF16Vector(t *testing.T) {
	kernels := []struct {
		name string
		have bool
		run  func(dst []byte, room int, units []uint16, tab *directTable, literal int) (int, int)
	}{
		{"AVX-512", hasAVX512Kernels(), func(dst []byte, room int, units []uint16, tab *directTable, literal int) (int, int) {
			return encodeDirectFromUTF16AVX512(&dst[0], room, &units[0], len(units), tab, literal)
		}},
		{"AVX2", hasAVX2Kernels(), func(dst []byte, room int, units []uint16, tab *directTable, literal int) (int, int) {
			return encodeDirectFromUTF16AVX2(&dst[0], room, &units[0], len(units), tab, literal, &unitPacks)
		}},
	}
	for _, kernel := range kernels {
		t.Run(kernel.name, func(t *testing.T) {
			if !kernel.have {
				t.Skipf("skipping: no %s here", kernel.name)
			}
			rng := rand.New(rand.NewSource(43))
			// Units read, and calls that stopped before a unit, so
			// that the test cannot pass on a kernel that takes nothing
			// or never stops.
			read, stops := 0, 0
			for _, e := range []*Encoding{GB18030, GBK, Big5, EUCJP, ShiftJIS, EUCKR} {
				tab := directTableFor(e.family)
				for k := 0; k < 300; k++ {
					var src []byte
					switch k % 3 {
					case 0:
						src = randomCJKText(rng, tab, 16+rng.Intn(600))
					case 1:
						src = randomMixedText(rng, tab, 16+rng.Intn(600))
					default:
						src = randomOtherRuns(rng, tab, 16+rng.Intn(600))
					}
					units := utf16.Encode([]rune(string(src)))
					if len(units) < 16 {
						continue
					}
					if k%5 == 0 {
						units[rng.Intn(len(units))] = 0xD800 + uint16(rng.Intn(0x800)) // a lone surrogate
					}
					literal := 0x80
					if k%4 == 3 {
						literal = 0 // ASCII stops it
					}
					room := 32 + rng.Intn(2*len(units))
					buf := guardedBytes(room + 64)
					r, written := kernel.run(buf, room, units, tab, literal)
					if r > len(units) || written > room {
						t.Fatalf("%s %04x: read %d, wrote %d in room %d", e, units, r, written, room)
					}
					want, _, _, ok := reference.Encode(e.Name(), utf16.Decode(units[:r]), reference.EncodeFatal)
					if !ok || string(buf[:written]) != string(want) || literal == 0 && slices.ContainsFunc(units[:r], func(u uint16) bool { return u < 0x80 }) {
						t.Fatalf("%s %04x (literal %#x): read %d, wrote % x, want % x (ok %v)", e, units, literal, r, buf[:written], want, ok)
					}
					for i := room; i < len(buf); i++ {
						if buf[i] != guard {
							t.Fatalf("%s %04x: wrote at %d, past its room %d", e, units, i, room)
						}
					}
					read += r
					if len(units)-r >= 16 && room-written >= 32 {
						if u := units[r]; int(u) < literal || tab[u] != 0 {
							t.Fatalf("%s %04x (literal %#x): stopped at %d, before %04x, which it takes", e, units, literal, r, u)
						}
						stops++
					}
				}
			}
			t.Logf("%d units read, %d stops before a unit", read, stops)
			if read < 50000 || stops < 500 {
				t.Fatalf("the kernel read %d units and stopped %d times before a unit: too few for the test to mean much", read, stops)
			}
		})
	}
}

// randomMixedText is UTF-8 in the shape of Korean text: short runs of
// three-byte characters of the encoding's repertoire between spaces and
// ASCII punctuation, now and then a long ASCII run (markup), a character
// the encoding lacks or writes otherwise, or malformed bytes.
func randomMixedText(rng *rand.Rand, t *directTable, n int) []byte {
	var mapped []rune
	for c := rune(0x3000); c < 0xE000 && len(mapped) < 4000; c += rune(1 + rng.Intn(5)) {
		if t[c] != 0 {
			mapped = append(mapped, c)
		}
	}
	breaks := []string{"\u00e9", "\U0001F600", "\uE000", "\uFFFD", "\u0800", "\uD7FF", "\u20AC", "\xe3\x81", "\xed\xa0\x80", "\xe0\x80\xaf", "\xff", "\xe3\x81a",
		"\x00", "\x7f", "\xe9\xc0\x80", "\xe9\x80\x7f", "\xc2\x80", "\x80"}
	ascii := []string{" ", " ", " ", ". ", ", ", "\n", "(", ") ", "1990", "\x00"}
	var b []byte
	for len(b) < n {
		switch k := rng.Intn(40); {
		case k == 0:
			b = append(b, breaks[rng.Intn(len(breaks))]...)
		case k == 1:
			for j := 40 + rng.Intn(100); j > 0; j-- {
				b = append(b, byte(0x20+rng.Intn(0x5F)))
			}
		default:
			b = appendRandomChars(rng, b, mapped, 6)
			b = append(b, ascii[rng.Intn(len(ascii))]...)
		}
	}
	return b[:n]
}

// randomOtherRuns is UTF-8 in the shape of a CJK page's interlanguage
// links: runs of characters the direct table t lacks (Devanagari, Arabic,
// Cyrillic, hangul, emoji, Latin with accents: four bytes in gb18030, two
// in GBK or none), between runs of characters it has and ASCII.
func randomOtherRuns(rng *rand.Rand, t *directTable, n int) []byte {
	var mapped, other []rune
	for c := rune(0x3000); c < 0xE000 && len(mapped) < 2000; c += rune(1 + rng.Intn(9)) {
		if t[c] != 0 {
			mapped = append(mapped, c)
		}
	}
	for _, r := range [][2]rune{{0x905, 0x939}, {0x627, 0x64A}, {0x410, 0x44F}, {0xAC00, 0xAC40}, {0x1F600, 0x1F610}, {0xE0, 0xFF}} {
		for c := r[0]; c <= r[1]; c++ {
			if c > 0xFFFF || t[c] == 0 {
				other = append(other, c)
			}
		}
	}
	var b []byte
	for len(b) < n {
		switch k := rng.Intn(10); {
		case k < 4:
			b = appendRandomChars(rng, b, other, 8)
		case k < 7:
			b = appendRandomChars(rng, b, mapped, 12)
		default:
			b = append(b, []string{" ", "</a></li><li><a href=\"x\">", ", ", "\xe3\x81"}[rng.Intn(4)]...)
		}
	}
	return b[:n]
}

// mixedTakes reports whether encodeMixedAVX512 can take the character at
// the start of w (64 bytes or more): an ASCII byte, or a three-byte
// sequence that t maps.
func mixedTakes(t *directTable, w []byte) bool {
	if w[0] < 0x80 {
		return true
	}
	c := utf8Three(w[0], w[1], w[2])
	return c >= 0 && t[c] != 0
}

// hasASCIIByte reports whether b holds a byte below 0x80: a window
// without one encodeMixedAVX512 leaves to the scalar loop.
func hasASCIIByte(b []byte) bool {
	for _, c := range b {
		if c < 0x80 {
			return true
		}
	}
	return false
}

// The AVX-512 kernel alone, in every encoding with a direct table: what
// it read is whole characters and exactly the reference's bytes for them,
// nothing written past dstLen, at every alignment, and it stops only where
// it must (or before 64 bytes without ASCII).
func TestEncodeMixedVector(t *testing.T) {
	needReference(t)
	if !hasAVX512Kernels() {
		t.Skip("skipping: no AVX-512 here")
	}
	lookupModes(t, testEncodeMixedVector)
}

func testEncodeMixedVector(t *testing.T) {
	rng := rand.New(rand.NewSource(43))
	// Bytes read, and calls that stopped inside a window (at an unmapped
	// character), so that the test cannot pass on a kernel that takes none.
	read, inside := 0, 0
	for _, e := range []*Encoding{GB18030, GBK, Big5, EUCJP, ShiftJIS, EUCKR} {
		tab := directTableFor(e.family)
		for k := 0; k < 1500; k++ {
			off := rng.Intn(64)
			var text []byte
			if k%4 == 0 {
				text = randomCJKText(rng, tab, 66+rng.Intn(500))
			} else {
				text = randomMixedText(rng, tab, 66+rng.Intn(500))
			}
			src := append(make([]byte, off), text...)[off:]
			if k%8 == 0 {
				src = bytesAtPageEnd(t, src) // it must not read past src
			}
			room := rng.Intn(2 * len(src))
			buf := guardedBytes(room + 64)
			r, written := encodeMixedAVX512(&buf[0], room, &src[0], len(src), tab)
			if r > len(src)-66+64 || written > room || !utf8.Valid(src[:r]) {
				t.Fatalf("%s % x into %d: read %d, wrote %d", e, src, room, r, written)
			}
			read += r
			if r%64 != 0 {
				inside++
			}
			checkEncodedPrefix(t, e, src, r, buf, written, room)
			if len(src)-r >= 66 && room-written >= 96 && mixedTakes(tab, src[r:]) && hasASCIIByte(src[r:r+64]) {
				t.Fatalf("%s % x: stopped at %d before a character it can take", e, src, r)
			}
		}
	}
	t.Logf("%d bytes read, %d calls stopped inside a window", read, inside)
	if read < 500000 || inside < 500 {
		t.Fatalf("the kernel read %d bytes, stopped %d times inside a window: too few for the test to mean much", read, inside)
	}
}
