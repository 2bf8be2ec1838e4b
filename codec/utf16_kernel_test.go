package codec

import (
	"fmt"
	"math/bits"
	"math/rand"
	"testing"
	"unsafe"
)

// copyUTF16Units (the UTF-16 decoders' run copy, vector kernel and scalar)
// against a unit-at-a-time version: every length from 0 to 150 at every
// unit alignment within a 32-byte block, the first surrogate at every
// position (or none), output room short or not, both byte orders.

func refCopyUTF16Units(dst, src []uint16, swap bool) int {
	n := min(len(src), len(dst))
	for k := 0; k < n; k++ {
		u := src[k]
		if swap {
			u = bits.ReverseBytes16(u)
		}
		if u >= 0xD800 && u <= 0xDFFF {
			return k
		}
		dst[k] = u
	}
	return n
}

func checkCopyUTF16Units(t *testing.T, src []uint16, room int, swap bool, where string) {
	t.Helper()
	want := make([]uint16, room)
	wantN := refCopyUTF16Units(want, src, swap)
	dst := make([]uint16, room+20)
	for i := range dst {
		dst[i] = guard
	}
	got := copyUTF16Units(dst[:room], src, swap)
	if got != wantN {
		t.Fatalf("copyUTF16Units(%s swap=%v) into %d = %d, want %d", where, swap, room, got, wantN)
	}
	for i := range dst {
		switch {
		case i < wantN && dst[i] != want[i]:
			t.Fatalf("copyUTF16Units(%s swap=%v): unit %d is %#x, want %#x", where, swap, i, dst[i], want[i])
		case i >= wantN && dst[i] != guard:
			t.Fatalf("copyUTF16Units(%s swap=%v): wrote %#x at %d, past the %d units", where, swap, dst[i], i, wantN)
		}
	}
}

func TestCopyUTF16UnitsExhaustive(t *testing.T) {
	kernelModes(t, func(t *testing.T) {
		buf := make([]uint16, 150+16)
		surrogates := []uint16{0xD800, 0xDBFF, 0xDC00, 0xDFFF}
		for align := 0; align < 16; align++ {
			for n := 0; n <= 150; n++ {
				src := buf[align : align+n]
				for bad := -1; bad < n; bad++ { // -1: no surrogate
					for i := range src {
						// Units on both sides of the surrogate block, in
						// either byte order.
						src[i] = uint16(0xD7F0+i*0x1F3+align) ^ 0x0800
					}
					for _, swap := range []bool{false, true} {
						if bad >= 0 {
							s := surrogates[(bad+n)%len(surrogates)]
							if swap {
								s = bits.ReverseBytes16(s)
							}
							src[bad] = s
						}
						for i := range src {
							if i != bad && refCopyUTF16Units(make([]uint16, 1), src[i:i+1], swap) == 0 {
								src[i] ^= 0x0808 // not a surrogate in either order
							}
						}
						where := fmt.Sprintf("align %d len %d first surrogate %d:", align, n, bad)
						checkCopyUTF16Units(t, src, n, swap, where)
						if n > 0 {
							checkCopyUTF16Units(t, src, n-1-(bad+n)%7%n, swap, where+" short output:")
						}
					}
				}
			}
		}
	})
}

func TestCopyUTF16UnitsRandom(t *testing.T) {
	kernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(11))
		for k := 0; k < 20000; k++ {
			n := rng.Intn(400)
			src := make([]uint16, n)
			density := rng.Intn(300) + 1
			for i := range src {
				src[i] = uint16(rng.Intn(0x10000))
				if src[i]&0xF800 == 0xD800 && rng.Intn(density) != 0 {
					src[i] ^= 0x8000
				}
			}
			room := n
			if rng.Intn(3) == 0 && n > 0 {
				room = rng.Intn(n)
			}
			checkCopyUTF16Units(t, src, room, rng.Intn(2) == 0, fmt.Sprintf("random #%d:", k))
		}
	})
}

// The kernel reads its input through a byte pointer: any alignment works.
func TestCopyUTF16UnitsOddAddress(t *testing.T) {
	kernelModes(t, func(t *testing.T) {
		raw := make([]byte, 2*100+1)
		for i := range raw {
			raw[i] = byte(0x41 + i%7)
		}
		src := unsafe.Slice((*uint16)(unsafe.Pointer(&raw[1])), 100)
		checkCopyUTF16Units(t, src, 100, false, "odd address:")
		checkCopyUTF16Units(t, src, 100, true, "odd address:")
	})
}
