package codec

import (
	"math/rand"
	"testing"
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
