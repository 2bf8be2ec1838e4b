package codec

import (
	"fmt"
	"math/rand"
	"testing"
)

// The ASCII kernels against byte-at-a-time versions, on every length from 0
// to 200 at every alignment of the input and the output within a 32-byte
// block, with the first non-ASCII unit at every position (or none), and on
// random inputs; with the vector kernels (where the CPU has them) and
// without.

func refASCIIPrefix(b []byte) int {
	for i, c := range b {
		if c >= 0x80 {
			return i
		}
	}
	return len(b)
}

func refASCIIPrefix16(u []uint16) int {
	for i, c := range u {
		if c >= 0x80 {
			return i
		}
	}
	return len(u)
}

// kernelModes runs f with the vector kernels on (if available) and off.
func kernelModes(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	type mode struct{ avx2, avx512, neon bool }
	modes := []mode{{false, false, false}}
	if hasAVX2Kernels() {
		modes = append(modes, mode{true, false, false})
	}
	if hasAVX512Kernels() {
		modes = append(modes, mode{true, true, false})
	}
	if hasNEONKernels() {
		modes = append(modes, mode{false, false, true})
	}
	saved2, saved512, savedNEON := useAVX2, useAVX512, useNEON
	defer func() { setAVX2(saved2); setAVX512(saved512); setNEON(savedNEON) }()
	for _, m := range modes {
		setAVX2(m.avx2)
		setAVX512(m.avx512)
		setNEON(m.neon)
		name := fmt.Sprintf("avx2=%v", m.avx2)
		switch {
		case m.avx512:
			name = "avx512=true"
		case m.neon:
			name = "neon=true"
		}
		t.Run(name, f)
	}
}

const guard = 0xA5 // what the output holds where nothing may be written

func checkKernels(t *testing.T, src []byte, src16 []uint16, room int, where string) {
	t.Helper()
	want := refASCIIPrefix(src)
	if got := asciiPrefix(src); got != want {
		t.Fatalf("asciiPrefix(%s % x) = %d, want %d", where, src, got, want)
	}
	wantN := min(want, room)

	dst := make([]byte, room+40)
	for i := range dst {
		dst[i] = guard
	}
	off := len(src) % 32 // vary the output's alignment too
	if off > 7 {
		off = 7
	}
	out := dst[off : off+room]
	if got := copyASCII(out, src); got != wantN {
		t.Fatalf("copyASCII(%s % x) into %d = %d, want %d", where, src, room, got, wantN)
	}
	for i := range dst {
		j := i - off
		if j >= 0 && j < wantN {
			if dst[i] != src[j] {
				t.Fatalf("copyASCII(%s % x): byte %d is %#x, want %#x", where, src, j, dst[i], src[j])
			}
		} else if dst[i] != guard {
			t.Fatalf("copyASCII(%s % x): wrote %#x at %d, past the %d bytes copied", where, src, dst[i], j, wantN)
		}
	}

	dst16 := make([]uint16, room+40)
	for i := range dst16 {
		dst16[i] = guard
	}
	out16 := dst16[off : off+room]
	if got := widenASCII(out16, src); got != wantN {
		t.Fatalf("widenASCII(%s % x) into %d = %d, want %d", where, src, room, got, wantN)
	}
	for i := range dst16 {
		j := i - off
		if j >= 0 && j < wantN {
			if dst16[i] != uint16(src[j]) {
				t.Fatalf("widenASCII(%s % x): unit %d is %#x, want %#x", where, src, j, dst16[i], src[j])
			}
		} else if j >= 0 && j < room {
			// Within the output but past the prefix: the kernel may not
			// have written there either (it reports only the prefix).
			if dst16[i] != guard {
				t.Fatalf("widenASCII(%s % x): wrote %#x at %d, past the %d units widened", where, src, dst16[i], j, wantN)
			}
		} else if dst16[i] != guard {
			t.Fatalf("widenASCII(%s % x): wrote outside its output at %d", where, src, j)
		}
	}

	want16 := refASCIIPrefix16(src16)
	if got := asciiPrefix16(src16); got != want16 {
		t.Fatalf("asciiPrefix16(%s %x) = %d, want %d", where, src16, got, want16)
	}
	want16N := min(want16, room)
	for i := range dst {
		dst[i] = guard
	}
	if got := narrowASCII(out, src16); got != want16N {
		t.Fatalf("narrowASCII(%s %x) into %d = %d, want %d", where, src16, room, got, want16N)
	}
	for i := range dst {
		j := i - off
		if j >= 0 && j < want16N {
			if dst[i] != byte(src16[j]) {
				t.Fatalf("narrowASCII(%s %x): byte %d is %#x, want %#x", where, src16, j, dst[i], src16[j])
			}
		} else if dst[i] != guard {
			t.Fatalf("narrowASCII(%s %x): wrote %#x at %d, past the %d bytes narrowed", where, src16, dst[i], j, want16N)
		}
	}

	// The same units as UTF-16LE and UTF-16BE bytes, at an odd address
	// half the time, with a stray odd byte at the end.
	for _, be := range []bool{false, true} {
		raw := make([]byte, 1+2*len(src16)+1)
		b := raw[len(src16)%2 : len(src16)%2+2*len(src16)+1]
		for k, u := range src16 {
			if be {
				b[2*k], b[2*k+1] = byte(u>>8), byte(u)
			} else {
				b[2*k], b[2*k+1] = byte(u), byte(u>>8)
			}
		}
		b[len(b)-1] = 'x'
		for i := range dst {
			dst[i] = guard
		}
		if got := narrowASCIIUTF16(out, b, be); got != want16N {
			t.Fatalf("narrowASCIIUTF16(%s % x, be=%v) into %d = %d, want %d", where, b, be, room, got, want16N)
		}
		for i := range dst {
			j := i - off
			if j >= 0 && j < want16N {
				if dst[i] != byte(src16[j]) {
					t.Fatalf("narrowASCIIUTF16(%s % x, be=%v): byte %d is %#x, want %#x", where, b, be, j, dst[i], src16[j])
				}
			} else if dst[i] != guard {
				t.Fatalf("narrowASCIIUTF16(%s % x, be=%v): wrote %#x at %d, past the %d bytes", where, b, be, dst[i], j, want16N)
			}
		}
	}
}

func TestASCIIKernelsExhaustive(t *testing.T) {
	kernelModes(t, func(t *testing.T) {
		buf := make([]byte, 200+32)
		buf16 := make([]uint16, 200+32)
		nonASCII := []byte{0x80, 0xFF, 0xC3}
		nonASCII16 := []uint16{0x80, 0x100, 0xFF80, 0x8000}
		for align := 0; align < 32; align++ {
			for n := 0; n <= 200; n++ {
				src := buf[align : align+n]
				src16 := buf16[align : align+n]
				for bad := -1; bad < n; bad++ { // -1: all ASCII
					for i := range src {
						src[i] = byte(0x20 + (i*7+align)%0x5F)
						src16[i] = uint16(src[i])
					}
					if bad >= 0 {
						src[bad] = nonASCII[(bad+n)%len(nonASCII)]
						src16[bad] = nonASCII16[(bad+n)%len(nonASCII16)]
						// Another one later must not matter.
						if bad+5 < n {
							src[bad+5], src16[bad+5] = 0x80, 0x80
						}
					}
					where := fmt.Sprintf("align %d len %d first non-ASCII %d:", align, n, bad)
					checkKernels(t, src, src16, n, where)
					if n > 0 && (bad < 0 || bad > 3) {
						checkKernels(t, src, src16, n-1-(bad+n)%7%n, where+" short output:")
					}
				}
			}
		}
	})
}

func TestASCIIKernelsRandom(t *testing.T) {
	kernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(7))
		for k := 0; k < 20000; k++ {
			n := rng.Intn(600)
			src := make([]byte, n)
			src16 := make([]uint16, n)
			density := rng.Intn(200) + 1
			for i := range src {
				src[i] = byte(rng.Intn(0x80))
				if rng.Intn(density*4) == 0 {
					src[i] = byte(0x80 + rng.Intn(0x80))
				}
				src16[i] = uint16(src[i])
				if src[i] >= 0x80 && rng.Intn(2) == 0 {
					src16[i] = uint16(rng.Intn(0x10000)) | 0x80
				}
			}
			room := n
			if rng.Intn(3) == 0 && n > 0 {
				room = rng.Intn(n)
			}
			checkKernels(t, src, src16, room, fmt.Sprintf("random #%d:", k))
		}
	})
}

// BenchmarkASCII: the kernels on an all-ASCII run of each length, vector
// and word-at-a-time. go test ./codec -run '^$' -bench ASCII
func BenchmarkASCII(b *testing.B) {
	saved := useAVX2
	defer setAVX2(saved)
	for _, n := range []int{16, 64, 128, 256, 512, 1024, 65536} {
		src := make([]byte, n)
		src16 := make([]uint16, n)
		for i := range src {
			src[i] = byte('a' + i%26)
			src16[i] = uint16(src[i])
		}
		src16be := make([]byte, 2*n)
		for i := range src {
			src16be[2*i+1] = src[i]
		}
		dst := make([]byte, n)
		dst16 := make([]uint16, n)
		for _, on := range []bool{false, true} {
			if on && !hasAVX2Kernels() {
				continue
			}
			setAVX2(on)
			mode := "words"
			if on {
				mode = "avx2"
			}
			run := func(name string, f func()) {
				b.Run(fmt.Sprintf("%s/%s/%d", name, mode, n), func(b *testing.B) {
					b.SetBytes(int64(n))
					for i := 0; i < b.N; i++ {
						f()
					}
				})
			}
			run("prefix", func() { asciiPrefix(src) })
			run("copy", func() { copyASCII(dst, src) })
			run("widen", func() { widenASCII(dst16, src) })
			run("narrow", func() { narrowASCII(dst, src16) })
			run("narrow-utf16be", func() { narrowASCIIUTF16(dst, src16be, true) })
		}
	}
}
