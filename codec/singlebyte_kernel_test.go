package codec

import (
	"math/rand"
	"testing"

	"github.com/whatenc/whatenc/internal/reference"
)

// The single-byte decoders with the vector kernel and without, against
// the reference, on long inputs: runs of ASCII and of the upper half (the
// kernel's steps are 32 bytes), now and then a byte without a code point.
func TestSingleByteDecodersLongRuns(t *testing.T) {
	needReference(t)
	kernelModes(t, func(t *testing.T) {
		for _, e := range Encodings() {
			if !e.IsSingleByte() && e != XUserDefined {
				continue
			}
			rng := rand.New(rand.NewSource(int64(e.ID())))
			for k := 0; k < 40; k++ {
				var src []byte
				for n := rng.Intn(400); len(src) < n; {
					run := 1 + rng.Intn(70)
					high := rng.Intn(2) == 0
					for j := 0; j < run; j++ {
						if high {
							src = append(src, byte(0x80+rng.Intn(0x80)))
						} else {
							src = append(src, byte(rng.Intn(0x80)))
						}
					}
				}
				diffDecode(t, e, src, int64(k))
			}
		}
	})
}

// randomLatin returns about n bytes of UTF-8 in runs: ASCII, U+0080 to
// U+00FF (what latin1ToSingleByteAVX2 takes), and now and then other
// characters and invalid bytes (what it leaves to the Go code).
func randomLatin(rng *rand.Rand, n int) []byte {
	var b []byte
	for len(b) < n {
		switch k := rng.Intn(12); {
		case k < 5:
			for j := rng.Intn(20); j >= 0; j-- {
				b = append(b, byte(0x20+rng.Intn(0x5F)))
			}
		case k < 10:
			for j := rng.Intn(6); j >= 0; j-- {
				b = append(b, string(rune(0x80+rng.Intn(0x80)))...)
			}
		case k == 10:
			b = append(b, string([]rune{0x152, 0x20AC, 0x2019, 0x1F600, 0x3B1}[rng.Intn(5)])...)
		default:
			b = append(b, []byte{0xC3, 0xC2, 0x80, 0xFF, 0xE2}[rng.Intn(5)])
		}
	}
	return b
}

// The single-byte encoders with the Latin vector kernel and without,
// against the reference, on inputs long enough for its 32-byte steps, in
// one call and with chunk splits.
func TestSingleByteEncodersLatinRuns(t *testing.T) {
	needReference(t)
	kernelModes(t, func(t *testing.T) {
		for _, e := range Encodings() {
			if !e.IsSingleByte() {
				continue
			}
			rng := rand.New(rand.NewSource(int64(e.ID()) + 100))
			for k := 0; k < 60; k++ {
				src := randomLatin(rng, rng.Intn(500))
				want, _, _, _ := reference.Encode(e.Name(), reference.UTF8DecodeWithoutBOM(src), reference.EncodeHTML)
				dst := make([]byte, 8*len(src)+16)
				r := e.NewEncoder(HTML).EncodeFromUTF8(src, dst, true)
				if r.Read != len(src) || string(dst[:r.Written]) != string(want) {
					t.Fatalf("%s encoder, input % x:\n got  % x\n want % x", e, src, dst[:r.Written], want)
				}
				diffEncodeRaw(t, e, src, nil, int64(k))
			}
		}
	})
}

// The kernel alone: whole steps, exactly the reference's bytes for what it
// read, nothing written past len(dst).
func TestLatin1ToSingleByteVector(t *testing.T) {
	needReference(t)
	if !hasAVX2Kernels() {
		t.Skip("skipping: no AVX2 here")
	}
	rng := rand.New(rand.NewSource(29))
	steps := 0 // steps the kernel took, so that the test cannot pass on a kernel that takes none
	for _, e := range []*Encoding{Windows1252, ISO8859_15, Macintosh, Windows1250} {
		tb := e.sbTables
		tb.twoByteTable(e.sbIndex)
		for k := 0; k < 3000; k++ {
			src := randomLatin(rng, 33+rng.Intn(300))
			room := 40 + rng.Intn(len(src))
			buf := make([]byte, room+32)
			for i := range buf {
				buf[i] = guard
			}
			read, written := latin1ToSingleByteAVX2(&buf[0], room, &src[0], len(src), tb.encodeLatin1, &bytePacks)
			if read%32 != 0 || read > len(src) {
				t.Fatalf("%s % x: read %d", e, src, read)
			}
			steps += read / 32
			want, _, _, _ := reference.Encode(e.Name(), reference.UTF8DecodeWithoutBOM(src[:read]), reference.EncodeFatal)
			if string(buf[:written]) != string(want) {
				t.Fatalf("%s % x: read %d, wrote % x, want % x", e, src, read, buf[:written], want)
			}
			for i := room; i < len(buf); i++ {
				if buf[i] != guard {
					t.Fatalf("%s % x: wrote past len(dst) %d", e, src, room)
				}
			}
		}
	}
	t.Logf("%d steps", steps)
	if steps < 1000 {
		t.Fatalf("the kernel took %d steps in all: too few for the test to mean much", steps)
	}
}
