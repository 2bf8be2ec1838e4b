package codec

import (
	"fmt"
	"math/bits"
	"math/rand"
	"testing"
	"unicode/utf16"
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
			if u > 0xDBFF || k+1 == n {
				return k
			}
			v := src[k+1]
			if swap {
				v = bits.ReverseBytes16(v)
			}
			if v < 0xDC00 || v > 0xDFFF {
				return k
			}
			dst[k] = u
			k++
			u = v
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
			// Pairs (emoji), as dense as the lone surrogates or more.
			swap := rng.Intn(2) == 0
			pairs := rng.Intn(100) + 1
			for i := 0; i+1 < n; i++ {
				if rng.Intn(pairs) == 0 {
					c := rng.Intn(0x100000) // a supplementary code point, less 0x10000
					src[i], src[i+1] = uint16(0xD800+c>>10), uint16(0xDC00+c&0x3FF)
					if swap {
						src[i], src[i+1] = bits.ReverseBytes16(src[i]), bits.ReverseBytes16(src[i+1])
					}
				}
			}
			room := n
			if rng.Intn(3) == 0 && n > 0 {
				room = rng.Intn(n)
			}
			checkCopyUTF16Units(t, src, room, swap, fmt.Sprintf("random #%d:", k))
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

// randomUTF16Runs returns n code units in runs of one kind: ASCII, units
// that UTF-8 writes in two bytes, in three bytes, surrogate pairs, and now
// and then a lone surrogate: the mixes the vector kernel's steps sort.
func randomUTF16Runs(rng *rand.Rand, n int) []uint16 {
	u := make([]uint16, 0, n+1)
	for len(u) < n {
		kind, run := rng.Intn(9), 1+rng.Intn(40)
		for k := 0; k < run && len(u) < n; k++ {
			switch kind {
			case 0, 1:
				u = append(u, uint16(rng.Intn(0x80)))
			case 2, 3:
				u = append(u, uint16(0x80+rng.Intn(0x800-0x80)))
			case 4, 5:
				c := uint16(0x800 + rng.Intn(0x10000-0x800-0x800))
				if c >= 0xD800 {
					c += 0x800
				}
				u = append(u, c)
			case 6:
				u = append(u, uint16(rng.Intn(0x800)), uint16(0x800+rng.Intn(0xD000)))
			case 7:
				u = append(u, 0xD800+uint16(rng.Intn(0x400)), 0xDC00+uint16(rng.Intn(0x400)))
			default:
				if rng.Intn(8) == 0 {
					u = append(u, 0xD800+uint16(rng.Intn(0x800)))
				} else {
					u = append(u, uint16(rng.Intn(0x80)))
				}
			}
		}
	}
	return u[:n]
}

// The vector kernels alone: they read whole steps, stop at the first step
// they do not take (or for lack of room), write exactly the UTF-8 of what
// they read, and nothing past len(dst).
func TestUTF16ToUTF8Vector(t *testing.T) {
	if !hasAVX2Kernels() {
		t.Skip("skipping: no AVX2 here")
	}
	kernelModes(t, func(t *testing.T) {
		if useAVX2 {
			testUTF16ToUTF8Vector(t)
		}
	})
}

// The NEON kernel alone: steps of 8 units of one- and two-byte forms, up
// to the first step with a unit from U+0800 on (or too few units, or less
// than 16 bytes of room), exactly the UTF-8 of what it read, nothing
// written past len(dst).
func TestUTF16ToUTF8NEON(t *testing.T) {
	if !hasNEONKernels() {
		t.Skip("skipping: no NEON here")
	}
	kernel := utf16ToUTF8NEON // a stub that panics where there is no NEON
	rng := rand.New(rand.NewSource(8))
	read := 0
	for k := 0; k < 20000; k++ {
		src := randomUTF16Runs(rng, 8+rng.Intn(300))
		swap := rng.Intn(2) == 0
		in := unitsAsRead(src, swap)
		order := unitOrder(swap)
		room := rng.Intn(3 * len(src))
		buf := make([]byte, room+64)
		for i := range buf {
			buf[i] = guard
		}
		r, w := kernel(&buf[0], room, (*byte)(unsafe.Pointer(&in[0])), len(in), order, utf16Steps())
		where := fmt.Sprintf("#%d swap=%v room %d units %04x", k, swap, room, src)
		if r%8 != 0 || r > len(src) {
			t.Fatalf("%s: read %d", where, r)
		}
		checkUTF8OfUnits(t, where, src[:r], buf, w, room)
		if r+8 <= len(src) && room-w >= 16 {
			for _, u := range src[r : r+8] {
				if u >= 0x800 {
					goto stopped
				}
			}
			t.Fatalf("%s: stopped at %d before a step it takes", where, r)
		}
	stopped:
		read += r
	}
	if read < 100000 {
		t.Fatalf("the kernel read %d units in all: too few for the test to mean much", read)
	}
}

// unitsAsRead returns src as the UTF-8 kernels read it: as it is, or with
// each unit's bytes swapped (UTF-16BE read as little-endian words) if swap.
func unitsAsRead(src []uint16, swap bool) []uint16 {
	if !swap {
		return src
	}
	in := make([]uint16, len(src))
	for i, u := range src {
		in[i] = bits.ReverseBytes16(u)
	}
	return in
}

// checkUTF8OfUnits is what the UTF-16 to UTF-8 kernel tests check after a
// call that read the units read and reported written bytes in buf: they
// are the UTF-8 of read, and buf holds guard from room on.
func checkUTF8OfUnits(t *testing.T, where string, read []uint16, buf []byte, written, room int) {
	t.Helper()
	want := []byte(string(utf16.Decode(read)))
	if string(buf[:written]) != string(want) {
		t.Fatalf("%s: read %d, wrote % x, want % x", where, len(read), buf[:written], want)
	}
	for i := room; i < len(buf); i++ {
		if buf[i] != guard {
			t.Fatalf("%s: wrote at %d, past len(dst) %d", where, i, room)
		}
	}
}

func testUTF16ToUTF8Vector(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	pairs := 0 // calls in which a kernel took a step with a pair
	for k := 0; k < 20000; k++ {
		src := randomUTF16Runs(rng, 16+rng.Intn(300))
		swap := rng.Intn(2) == 0
		in := unitsAsRead(src, swap)
		room := 64 + rng.Intn(4*len(src))
		buf := make([]byte, room+64)
		for i := range buf {
			buf[i] = guard
		}
		read, written := utf16ToUTF8Vector(buf[:room], in, swap)
		where := fmt.Sprintf("#%d swap=%v room %d units %04x", k, swap, room, src)
		if read > len(src) {
			t.Fatalf("%s: read %d", where, read)
		}
		checkUTF8OfUnits(t, where, src[:read], buf, written, room)
		// It stopped for a reason: the input or the room ran out, or the
		// next step holds a surrogate out of pairs, or a high one last.
		if read+16 <= len(src) && written+64 <= room {
			step := src[read : read+16]
			if stepOfPairs(step) && (step[15] < 0xD800 || step[15] > 0xDBFF) {
				t.Fatalf("%s: stopped at %d before a step it takes", where, read)
			}
		}
		for _, u := range src[:read] {
			if u >= 0xD800 && u <= 0xDFFF {
				pairs++ // it took a step with a pair
				break
			}
		}
	}
	if pairs < 1000 {
		t.Fatalf("the kernels took a step with a surrogate pair in %d calls: too few for the test to mean much", pairs)
	}
}

// stepOfPairs reports whether the AVX-512 UTF-16 to UTF-8 kernel takes
// the 32-unit step: its surrogates are pairs in it, but for a high
// surrogate in its last unit.
func stepOfPairs(step []uint16) bool {
	for i := 0; i < len(step); i++ {
		switch u := step[i]; {
		case u >= 0xD800 && u <= 0xDBFF && i == len(step)-1:
			return true
		case u >= 0xD800 && u <= 0xDBFF:
			if step[i+1] < 0xDC00 || step[i+1] > 0xDFFF {
				return false
			}
			i++
		case u >= 0xDC00 && u <= 0xDFFF:
			return false
		}
	}
	return true
}

// The AVX-512 kernel alone: steps of 32 units (31 where a high surrogate
// is the last) up to the first with a surrogate out of pairs (or too few
// units or too little room), exactly the UTF-8 of what it read, nothing
// written past len(dst).
func TestUTF16ToUTF8AVX512(t *testing.T) {
	if !hasAVX512Kernels() {
		t.Skip("skipping: no AVX-512 here")
	}
	rng := rand.New(rand.NewSource(512))
	// Units read, calls that stopped at a surrogate and calls that took a
	// step of 31, so that the test cannot pass on a kernel that takes
	// nothing, never stops or never takes a pair.
	total, stops, odd := 0, 0, 0
	for k := 0; k < 20000; k++ {
		src := randomUTF16Runs(rng, 32+rng.Intn(300))
		swap := rng.Intn(2) == 0
		in := unitsAsRead(src, swap)
		room := utf16ToUTF8Room512 + rng.Intn(3*len(src))
		buf := guardedBytes(room + 64)
		order := unitOrder(swap)
		read, written := utf16ToUTF8AVX512(&buf[0], room, (*byte)(unsafe.Pointer(&in[0])), len(in), order)
		where := fmt.Sprintf("#%d swap=%v room %d units %04x", k, swap, room, src)
		if read > len(src) || written > room {
			t.Fatalf("%s: read %d, wrote %d", where, read, written)
		}
		checkUTF8OfUnits(t, where, src[:read], buf, written, room)
		total += read
		if read%32 != 0 {
			odd++
		}
		if read+32 <= len(src) && written+utf16ToUTF8Room512 <= room {
			if stepOfPairs(src[read : read+32]) {
				t.Fatalf("%s: stopped at %d before a step it takes", where, read)
			}
			stops++
		}
	}
	t.Logf("%d units read, %d stops at a surrogate, %d reads not of 32s", total, stops, odd)
	if total < 500000 || stops < 1000 || odd < 1000 {
		t.Fatalf("the kernel read %d units, stopped %d times at a surrogate and %d times after a step of 31: too few for the test to mean much", total, stops, odd)
	}
}

// The UTF-8 encoder from UTF-16 (TextEncoder's encodeInto), whose fast
// path takes the vector kernels, with them and without, against the
// reference: text in runs of each kind, lone surrogates included, chunk
// splits and small output buffers.
func TestUTF8EncoderFromUTF16Runs(t *testing.T) {
	needReference(t)
	kernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(19))
		for k := 0; k < 400; k++ {
			units := randomUTF16Runs(rng, rng.Intn(400))
			diffEncodeRaw(t, UTF8, []byte(string(utf16.Decode(units))), units, int64(k))
		}
	})
}

// The UTF-16 decoders with the kernel, and without, against the reference,
// on text in runs of each kind, with chunk splits and small output buffers.
func TestUTF16DecodersRuns(t *testing.T) {
	needReference(t)
	kernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(17))
		iterations := 400
		if testing.Short() {
			iterations = 100
		}
		for k := 0; k < iterations; k++ {
			units := randomUTF16Runs(rng, rng.Intn(400))
			le, be := make([]byte, 0, 2*len(units)), make([]byte, 0, 2*len(units))
			for _, u := range units {
				le = append(le, byte(u), byte(u>>8))
				be = append(be, byte(u>>8), byte(u))
			}
			diffDecode(t, UTF16LE, le, int64(k))
			diffDecode(t, UTF16BE, be, int64(k))
		}
	})
}

// utf16_amd64.s reads utf16StepTables at fixed offsets.
func TestUTF16StepTablesLayout(t *testing.T) {
	var s utf16StepTables
	got := [...]uintptr{unsafe.Offsetof(s.twoByteLen), unsafe.Offsetof(s.mixed), unsafe.Offsetof(s.mixedLen)}
	if got != [...]uintptr{4096, 4352, 8448} {
		t.Fatalf("utf16StepTables offsets %v; the kernel reads 4096, 4352, 8448", got)
	}
}

// utf16WordsToUTF8 (the scalar UTF-16 to UTF-8 step of four units)
// against utf16.Decode: what it writes is the UTF-8 of what it reads, it
// writes nothing past the room, and it stops only where it says (fewer than
// 4 units or 8 bytes of room left; a surrogate in the next four, or a unit
// of three bytes with fewer than 16 bytes of room), in either
// byte order, on runs of each kind and at every room. The input ends where
// an unreadable page begins: a read past it faults.
func TestUTF16WordsToUTF8(t *testing.T) {
	kernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(23))
		page := atPageEnd(t, make([]uint16, 128))
		for k := 0; k < 20000; k++ {
			units := randomUTF16Runs(rng, rng.Intn(120))
			room := rng.Intn(3*len(units) + 9)
			swap := fastStores && rng.Intn(2) == 0
			src := page[len(page)-len(units):]
			for i, u := range units {
				if swap {
					u = bits.ReverseBytes16(u)
				}
				src[i] = u
			}
			dst := make([]byte, room+16)
			for i := range dst {
				dst[i] = guard
			}
			read, written := utf16WordsToUTF8(dst[:room], src, swap)
			where := fmt.Sprintf("#%d (%d units, room %d, swap %v)", k, len(units), room, swap)
			want := []byte(string(utf16.Decode(units[:read])))
			if string(dst[:written]) != string(want) {
				t.Fatalf("%s: read %d, wrote %x, want %x", where, read, dst[:written], want)
			}
			for i := room; i < len(dst); i++ {
				if dst[i] != guard {
					t.Fatalf("%s: wrote %#x at %d, past the room", where, dst[i], i)
				}
			}
			if len(units)-read >= 4 && room-written >= 8 {
				three, surrogate := false, false
				for _, u := range units[read : read+4] {
					three = three || u >= 0x800
					surrogate = surrogate || u&0xF800 == 0xD800
				}
				if !(surrogate || three && room-written < 16) {
					t.Fatalf("%s: stopped after %d units at %x, which it takes", where, read, units[read:read+4])
				}
			}
		}
	})
}
