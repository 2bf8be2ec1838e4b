package codec

import (
	"sync"
	"unsafe"
)

// UTF-16 to UTF-8: the converter (utf16ToUTF8), the vector kernels'
// entry (utf16ToUTF8Vector: utf16to8_amd64.s with AVX-512, utf16_amd64.s
// with AVX2), and the AVX2 kernel's tables, which the single-byte AVX2
// kernel's UTF-8 output (singlebyte_amd64.s) shares: both end in 16-bit
// code points whose UTF-8 forms are compacted with the same VPSHUFB
// controls.

// utf16ToUTF8 converts the UTF-16 at the start of src into dst while three
// bytes of room remain (four for a pair), up to a surrogate that is not
// part of a pair in src, and returns the code units read and the bytes
// written. Where the CPU has them the vector kernels take the steps, and
// this loop the rest. The UTF-8 encoder's fast path from UTF-16, and the
// UTF-16LE decoder's to UTF-8 (utf16LERun).
func utf16ToUTF8(dst []byte, src []uint16) (read, written int) {
	i, w := 0, 0
	vectorFrom := 0 // where the vector kernels may take over again
	wordsFrom := 0  // where utf16WordsToUTF8 may take over again
	for i < len(src) && len(dst)-w >= 3 {
		if (useAVX2 || useNEON) && i >= vectorFrom && len(src)-i >= 16 && len(dst)-w >= 64 && neonTakes(src[i]) {
			r, n := utf16ToUTF8Vector(dst[w:], src[i:], false)
			i += r
			w += n
			vectorFrom = vectorResume(i, r) // a step with a surrogate: the loop below takes it
			continue
		}
		u := src[i]
		switch {
		case u < 0x80:
			k := narrowASCII(dst[w:], src[i:])
			w += k
			i += k
			continue
		case u&0xF800 == 0xD800:
			// A pair (an emoji) here; anything else is the caller's.
			if u > 0xDBFF || i+1 == len(src) || src[i+1]&0xFC00 != 0xDC00 || len(dst)-w < 4 {
				return i, w
			}
			putPairUTF8(dst, w, u, src[i+1])
			i, w = utf16PairsToUTF8(dst, w+4, src, i+2, false)
			continue
		default:
			// Without the AVX2 kernels (which take the units after
			// this step), four units a step, and after a step with a
			// surrogate, from the unit after it.
			if !useAVX2 && i >= wordsFrom {
				end := wordsEnd(i, vectorFrom, len(src))
				r, n := utf16WordsToUTF8(dst[w:], src[i:end], false)
				i += r
				w += n
				if i < end {
					wordsFrom = i + 4 // it stopped at such a step, or near the end
				}
				if r > 0 {
					continue
				}
			}
			w = putBMPUTF8(dst, w, u)
		}
		i++
	}
	return i, w
}

// The NEON kernel takes steps of one- and two-byte forms only: steps with
// a three-byte form (Chinese, Japanese, Korean, punctuation such as U+2014)
// are the word loop's (utf16WordsToUTF8), and ASCII runs narrowASCII's.
// The loops call the kernel at a unit of two bytes only (neonTakes: in
// markup around Chinese or Japanese text a call at each ASCII run costs
// more than the steps it takes), and give the word loop the units up to
// where the kernel may take over again (wordsEnd): vectorFrom after a
// call, else 256 on (64 cost Japanese text 5% against the word loop
// alone, in qemu's instruction counts), in whole steps of four; without
// that bound the word loop would keep the rest of the input.

// neonTakes reports whether the loops may call the NEON kernel at unit u
// (in machine order): true without one.
func neonTakes(u uint16) bool { return !useNEON || u-0x80 < 0x800-0x80 }

// wordsEnd is where utf16WordsToUTF8, from unit i of n, stops (see
// neonTakes): n without the NEON kernel.
func wordsEnd(i, vectorFrom, n int) int {
	if !useNEON {
		return n
	}
	end := i + 256
	if i < vectorFrom {
		end = vectorFrom
	}
	return min(i+(end-i+3)&^3, n)
}

// vectorResume is where the scalar loops give the input back to a vector
// kernel that took r units (or bytes) and stopped at i, at a step it does
// not take (a surrogate, a four-byte sequence: an emoji): 16 on, or 64
// when it took none, since in text dense with emoji a call that takes
// nothing costs more than the characters it would have converted (a page
// of emoji, UTF-16LE to UTF-16, ran at a seventh of encoding_rs's speed).
func vectorResume(i, r int) int {
	if r == 0 {
		return i + 64
	}
	return i + 16
}

// utf16PairsToUTF8 converts the pairs of surrogates at src[i:] to UTF-8 at
// dst[w:], two pairs (four units) a step while a step is two whole pairs
// and 8 bytes of room are left, and returns where it stopped in each: the
// loops a unit at a time take a page of emoji so, a pair a turn each.
// With swap the units are byte-swapped (UTF-16BE read as little-endian
// words, which only fastStores machines do).
func utf16PairsToUTF8(dst []byte, w int, src []uint16, i int, swap bool) (int, int) {
	for len(src)-i >= 4 && len(dst)-w >= 8 {
		x := load64u16(src, i)
		if swap {
			x = swapUnits(x)
		}
		if x&0xFC00FC00FC00FC00 != 0xDC00D800DC00D800 {
			break
		}
		putPairUTF8(dst, w, uint16(x), uint16(x>>16))
		putPairUTF8(dst, w+4, uint16(x>>32), uint16(x>>48))
		i += 4
		w += 8
	}
	return i, w
}

// putBMPUTF8 writes the UTF-8 form of u, from U+0080 to U+FFFF and not a
// surrogate, at dst[w] (two or three bytes: the caller has checked the
// room), and returns where it ends.
func putBMPUTF8(dst []byte, w int, u uint16) int {
	if u < 0x800 {
		dst[w] = 0xC0 | byte(u>>6)
		dst[w+1] = 0x80 | byte(u)&0x3F
		return w + 2
	}
	dst[w] = 0xE0 | byte(u>>12)
	dst[w+1] = 0x80 | byte(u>>6)&0x3F
	dst[w+2] = 0x80 | byte(u)&0x3F
	return w + 3
}

// putPairUTF8 writes the UTF-8 form of the supplementary code point of the
// surrogate pair hi, lo at dst[w] (four bytes: the caller has checked the
// room), in one store where the machine has them (fastStores).
func putPairUTF8(dst []byte, w int, hi, lo uint16) {
	c := uint32(hi)<<10 + uint32(lo) - (0xD800<<10 + 0xDC00 - 0x10000)
	form := 0x808080F0 | c>>18 | c>>12&0x3F<<8 | c>>6&0x3F<<16 | c&0x3F<<24
	d := dst[w : w+4 : w+4]
	if fastStores {
		*(*uint32)(unsafe.Pointer(&d[0])) = form
		return
	}
	d[0], d[1], d[2], d[3] = byte(form), byte(form>>8), byte(form>>16), byte(form>>24)
}

// utf16WordsToUTF8 converts the code units at the start of src to UTF-8
// in dst four a step, and returns the units read and the bytes written.
// That is first for the text of alphabetic scripts (Cyrillic, Greek,
// Arabic, Hebrew; Latin with diacritics, and Vietnamese's letters of three
// bytes), where a unit at a time the choice of a form's length is a branch
// taken at random. Here each unit's form (section 4.1's UTF-8 encoder) is
// chosen by a mask: a step of units below U+0800 stores each as two bytes,
// whose second the next unit overwrites when the form has one, and a step
// with a unit of three bytes goes to utf16ThreeByteStep. A step of ASCII
// goes to narrowASCII, which takes the run. It stops where
// utf16ThreeByteStep does (at a surrogate), and where fewer than 4 units
// or 8 bytes of room are left. With swap the units are byte-swapped
// (UTF-16BE read as little-endian words, which only fastStores machines
// do).
func utf16WordsToUTF8(dst []byte, src []uint16, swap bool) (read, written int) {
	i, w := 0, 0
	for len(src)-i >= 4 && len(dst)-w >= 8 {
		x := load64u16(src, i)
		if swap {
			x = swapUnits(x)
		}
		if x&0xF800F800F800F800 != 0 {
			// A unit of three bytes, or a surrogate.
			n, ok := utf16ThreeByteStep(dst, w, x)
			if !ok {
				break
			}
			i += 4
			w = n
			continue
		}
		// Bits 7 to 10 of a unit below U+0800 are set in a unit of two
		// bytes.
		two := x & 0x0780078007800780
		if two == 0 {
			// ASCII, to the end of the run.
			var k int
			if swap {
				k = narrowASCIIUTF16(dst[w:], unsafe.Slice((*byte)(unsafe.Pointer(&src[i])), 2*(len(src)-i)), true)
			} else {
				k = narrowASCIILong(dst[w:], src[i:])
			}
			i += k
			w += k
			continue
		}
		// Each lane's two-byte form, lead byte first, and 1 in each lane
		// that takes it (no carry leaves a lane: 0x0780 + 0x7FFF <
		// 0x10000).
		form := x>>6&0x001F001F001F001F | x&0x003F003F003F003F<<8 | 0x80C080C080C080C0
		long := (two + 0x7FFF7FFF7FFF7FFF) >> 15 & 0x0001000100010001
		v := x ^ (x^form)&(long*0xFFFF)
		if fastStores {
			p := unsafe.Pointer(unsafe.SliceData(dst))
			*(*uint16)(unsafe.Add(p, w)) = uint16(v)
			w += 1 + int(long&1)
			*(*uint16)(unsafe.Add(p, w)) = uint16(v >> 16)
			w += 1 + int(long>>16&1)
			*(*uint16)(unsafe.Add(p, w)) = uint16(v >> 32)
			w += 1 + int(long>>32&1)
			*(*uint16)(unsafe.Add(p, w)) = uint16(v >> 48)
			w += 1 + int(long>>48)
		} else {
			for range 4 {
				dst[w], dst[w+1] = byte(v), byte(v>>8)
				w += 1 + int(long&1)
				v >>= 16
				long >>= 16
			}
		}
		i += 4
	}
	return i, w
}

// utf16ThreeByteStep is utf16WordsToUTF8's step for four units x of which
// one or more takes three bytes: each unit's form (of one, two or three
// bytes) is chosen without a branch and stored as four bytes at dst[w], of
// which the next unit overwrites what the form does not use. It returns
// where the output ends, and false for a step it leaves to the unit at a
// time loop: one with a surrogate, or with fewer than 16 bytes of room at
// w. Chinese, Japanese and Korean text, three bytes a unit, is faster here
// too (ja.txt +13%, ko.txt +31%) than a unit at a time, whose branch on a
// unit's length goes the same way each time. Apart from the loop, so that
// the steps without such a unit keep their registers.
func utf16ThreeByteStep(dst []byte, w int, x uint64) (int, bool) {
	if len(dst)-w < 16 || hasSurrogate(x) {
		return w, false
	}
	for range 4 {
		u := uint32(x & 0xFFFF)
		x >>= 16
		form, n := u, 1
		if u >= 0x80 {
			form, n = 0x80C0|u>>6|(u&0x3F)<<8, 2
		}
		if u >= 0x800 {
			form, n = 0x8080E0|u>>12|(u>>6&0x3F)<<8|(u&0x3F)<<16, 3
		}
		if fastStores {
			*(*uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), w)) = form
		} else {
			d := dst[w : w+4 : w+4]
			d[0], d[1], d[2], d[3] = byte(form), byte(form>>8), byte(form>>16), 0
		}
		w += n
	}
	return w, true
}

// utf16StepTables are utf16ToUTF8AVX2's VPSHUFB controls (the kernel
// knows the field offsets; a test checks them): 8.75 KiB.
type utf16StepTables struct {
	// For a step of one- and two-byte units: for each set of ASCII lanes
	// among 8 units (bit j for unit j), the control that keeps the first
	// byte of each unit and the second of the others, and the number of
	// bytes kept.
	twoByte    [256][16]byte
	twoByteLen [256]byte
	// For any other step: for each group of 4 units, indexed by which are
	// not ASCII (bits 0-3) and which take three bytes (bits 4-7), the
	// control that keeps the first 1, 2 or 3 bytes of each unit's 32-bit
	// lane, and the number kept (a uint16: the kernel scales one index
	// for both tables).
	mixed    [256][16]byte
	mixedLen [256]uint16
}

// utf16Steps returns the tables, built on first use.
var utf16Steps = sync.OnceValue(func() *utf16StepTables {
	t := new(utf16StepTables)
	for ascii := range 256 {
		n := 0
		for j := range 8 {
			t.twoByte[ascii][n] = byte(2 * j)
			n++
			if ascii&(1<<j) == 0 {
				t.twoByte[ascii][n] = byte(2*j + 1)
				n++
			}
		}
		for k := n; k < 16; k++ {
			t.twoByte[ascii][k] = 0x80 // VPSHUFB writes zero
		}
		t.twoByteLen[ascii] = byte(n)
	}
	for key := range 256 {
		n := 0
		for j := range 4 {
			length := 1 + key>>j&1 + key>>(4+j)&1
			for b := range length {
				t.mixed[key][n] = byte(4*j + b)
				n++
			}
		}
		for k := n; k < 16; k++ {
			t.mixed[key][k] = 0x80
		}
		t.mixedLen[key] = uint16(n)
	}
	return t
})

// utf16ToUTF8Room512 is the room utf16ToUTF8AVX512 needs for a step: 32
// units of three bytes write 96 bytes, and its last store reaches 64 bytes
// past the first 48 of them.
const utf16ToUTF8Room512 = 112

// utf16ToUTF8Vector converts the code units of src (byte-swapped if swap)
// to UTF-8 in dst with the vector kernels, 16 units a step up to a step
// with a surrogate (or while 16 units and 64 bytes of room are left), and
// returns the units read and the bytes written. The caller has checked
// useAVX2 or useNEON, len(src) >= 16 and len(dst) >= 64. On arm64 the NEON
// kernel takes steps of one- and two-byte forms alone. With AVX-512 the kernel of
// 32 units a step goes first, and the AVX2 one takes the rest: the half of
// a step with a surrogate before it, and the end of src or dst.
func utf16ToUTF8Vector(dst []byte, src []uint16, swap bool) (read, written int) {
	order := unitOrder(swap)
	if useNEON {
		return utf16ToUTF8NEON(unsafe.SliceData(dst), len(dst), (*byte)(unsafe.Pointer(unsafe.SliceData(src))), len(src), order, utf16Steps())
	}
	if useAVX512 && len(src) >= 32 && len(dst) >= utf16ToUTF8Room512 {
		read, written = utf16ToUTF8AVX512(unsafe.SliceData(dst), len(dst), (*byte)(unsafe.Pointer(unsafe.SliceData(src))), len(src), order)
		if len(src)-read < 16 || len(dst)-written < 64 {
			return read, written
		}
	}
	r, w := utf16ToUTF8AVX2(&dst[written], len(dst)-written, (*byte)(unsafe.Pointer(&src[read])), len(src)-read, order, utf16Steps())
	return read + r, written + w
}
