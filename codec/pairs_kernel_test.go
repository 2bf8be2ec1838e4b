package codec

import (
	"fmt"
	"math/rand"
	"testing"
	"unicode/utf16"

	"github.com/whatenc/whatenc/internal/reference"
)

// doubleByteEncodings are the encodings whose decoders take the pairs
// kernel.
var doubleByteEncodings = []*Encoding{GB18030, GBK, Big5, EUCJP, ShiftJIS, EUCKR}

// pairsCorpus is, for each encoding, the encoded forms of a few hundred
// characters (ideographs, kana, hangul, fullwidth forms, Greek, Cyrillic),
// made by the reference encoder once.
func pairsCorpus(t *testing.T, e *Encoding) [][]byte {
	rng := rand.New(rand.NewSource(int64(e.ID())))
	ranges := [][2]rune{{0x3000, 0x30FF}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}, {0xFF00, 0xFFEF}, {0x391, 0x3C9}, {0x410, 0x44F}}
	var out [][]byte
	for len(out) < 400 {
		r := ranges[rng.Intn(len(ranges))]
		c := r[0] + rune(rng.Intn(int(r[1]-r[0]+1)))
		if b, _, _, ok := reference.Encode(e.Name(), []rune{c}, reference.EncodeFatal); ok && len(b) == 2 {
			out = append(out, b)
		}
	}
	return out
}

// randomPairsText is text in e of the shape CJK text has: runs of two-byte
// characters from corpus, ASCII between them (a space, punctuation, now
// and then a long run), and now and then what the kernel leaves to the
// loops: a lone byte of the upper half, a four-byte gb18030 sequence,
// EUC-JP's half-width katakana and JIS X 0212, a lead byte at the end of a
// run, bytes no decoder maps.
func randomPairsText(rng *rand.Rand, corpus [][]byte, n int) []byte {
	breaks := []string{"\x80", "\xa1", "\xff", "\x81\x30\x81\x30", "\x8e\xa1", "\x8f\xa1\xa1", "\xa1\x20", "\x81", "\xfe\xfe", "\xc8\x41", "\xa3\xe1"}
	ascii := []string{" ", ". ", ", ", "\n", "(", ") ", "1990", "\x00", "a"}
	var b []byte
	for len(b) < n {
		switch k := rng.Intn(40); {
		case k == 0:
			b = append(b, breaks[rng.Intn(len(breaks))]...)
		case k == 1:
			for j := 40 + rng.Intn(100); j > 0; j-- {
				b = append(b, byte(0x20+rng.Intn(0x5F)))
			}
		case k < 10:
			b = append(b, ascii[rng.Intn(len(ascii))]...)
		default:
			for j := rng.Intn(12); j >= 0; j-- {
				b = append(b, corpus[rng.Intn(len(corpus))]...)
			}
		}
	}
	return b[:n]
}

// pairsTakes reports whether the pairs kernels can take the
// character at the start of w: an ASCII byte, or a lead and a trail that
// pairs give a row and a column for and t a code unit.
func pairsTakes(f family, w []byte) bool {
	if w[0] < 0x80 {
		return true
	}
	pairs, cols, index := pairsOf(f)
	row, col := pairs.row[w[0]], pairs.col[w[1]]
	return row != 0xFF && col != 0xFF && index.utf16Table()[int(row)*cols+int(col)] != 0
}

// The AVX-512 kernels alone, in every double-byte encoding, to UTF-16 and
// to UTF-8: what they read decodes without error to exactly what they
// wrote, nothing is written past dstLen, at every alignment, and they stop
// only where they must.
func TestDecodePairsVector(t *testing.T) { lookupModes(t, testDecodePairsVector) }

func testDecodePairsVector(t *testing.T) {
	needReference(t)
	if !hasAVX512Kernels() {
		t.Skip("skipping: no AVX-512 here")
	}
	for _, wide := range []bool{true, false} {
		rng := rand.New(rand.NewSource(47))
		// Bytes read, and calls that stopped inside a window, so that the
		// test cannot pass on a kernel that takes none.
		read, inside := 0, 0
		for _, e := range doubleByteEncodings {
			corpus := pairsCorpus(t, e)
			pairs, cols, index := pairsOf(e.family)
			tab := atPageEnd(t, index.utf16Table()) // ASCII lanes must not look up
			for k := 0; k < 1500; k++ {
				off := rng.Intn(64)
				src := append(make([]byte, off), randomPairsText(rng, corpus, 65+rng.Intn(500))...)[off:]
				if k%8 == 0 {
					src = bytesAtPageEnd(t, src) // it must not read past src
				}
				var r, written, room, need int
				var got string
				if wide {
					room, need = rng.Intn(len(src)+64), 64
					buf := make([]uint16, room+64)
					for i := range buf {
						buf[i] = 0xA5A5
					}
					if room > 0 {
						r, written = decodePairsUTF16AVX512(&buf[0], room, &src[0], len(src), pairs, &tab[0], cols)
					}
					for i := room; i < len(buf); i++ {
						if buf[i] != 0xA5A5 {
							t.Fatalf("%s % x: wrote past dstLen %d", e, src, room)
						}
					}
					got = string(utf16.Decode(buf[:min(written, room)]))
				} else {
					room, need = rng.Intn(2*len(src)+160), 160
					buf := make([]byte, room+64)
					for i := range buf {
						buf[i] = guard
					}
					if room > 0 {
						r, written = decodePairsUTF8AVX512(&buf[0], room, &src[0], len(src), pairs, &tab[0], cols)
					}
					for i := room; i < len(buf); i++ {
						if buf[i] != guard {
							t.Fatalf("%s % x: wrote past dstLen %d", e, src, room)
						}
					}
					got = string(buf[:min(written, room)])
				}
				if r > len(src)-65+64 || written > room {
					t.Fatalf("%s % x into %d: read %d, wrote %d", e, src, room, r, written)
				}
				read += r
				if r%64 != 0 {
					inside++
				}
				text, _, ok := reference.Decode(e.Name(), src[:r], reference.DecodeFatal)
				if want := string(text); !ok || got != want || wide && len(utf16.Encode(text)) != written {
					t.Fatalf("%s UTF-16 %v % x: read %d, wrote %q, want %q (ok %v)", e, wide, src, r, got, want, ok)
				}
				if len(src)-r >= 65 && room-written >= need && pairsTakes(e.family, src[r:]) {
					t.Fatalf("%s UTF-16 %v % x: stopped at %d before a character it can take", e, wide, src, r)
				}
			}
		}
		t.Logf("UTF-16 %v: %d bytes read, %d calls stopped inside a window", wide, read, inside)
		if read < 500000 || inside < 1000 {
			t.Fatalf("the kernel read %d bytes, stopped %d times inside a window: too few for the test to mean much", read, inside)
		}
	}
}

// The double-byte decoders with the kernels and without, against the
// reference, on such text, in one call and with chunk splits.
func TestDoubleByteDecodersLongRuns(t *testing.T) {
	needReference(t)
	lookupModes(t, func(t *testing.T) { kernelModes(t, testDoubleByteDecodersLongRuns) })
}

func testDoubleByteDecodersLongRuns(t *testing.T) {
	for _, e := range doubleByteEncodings {
		corpus := pairsCorpus(t, e)
		rng := rand.New(rand.NewSource(int64(e.ID()) + 300))
		for k := 0; k < 40; k++ {
			diffDecode(t, e, randomPairsText(rng, corpus, rng.Intn(700)), int64(k))
		}
	}
}

// lookupModes runs f with the AVX-512 kernels' table lookups by gather and
// by scalar loads (lookupGather: one of them is what this CPU gets), or
// once where there is no AVX-512.
func lookupModes(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	if !hasAVX512Kernels() {
		f(t)
		return
	}
	saved := lookupGatherOn()
	defer setLookupGather(saved)
	for _, on := range []bool{true, false} {
		setLookupGather(on)
		t.Run(fmt.Sprintf("gather=%v", on), f)
	}
}
