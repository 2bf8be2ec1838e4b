package codec

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// The ASCII fast paths. Markup-heavy text is mostly ASCII, so every
// ASCII-compatible decoder and encoder skips ASCII runs in blocks before it
// looks at a byte individually. Long runs go to the vector kernels
// (asciiKernels: AVX2 in ascii_amd64.s where the CPU has it, NEON in
// ascii_arm64.s); everywhere else, and for
// the ends of runs, the code below works a machine word at a time (SWAR:
// 0x80 in any byte of a word means a non-ASCII byte).

const (
	highBits   = 0x8080808080808080
	highBits16 = 0xFF80FF80FF80FF80 // a UTF-16 unit above U+007F, four to a word
	vectorMin  = 32                 // the shortest input a vector kernel takes
	vectorHead = 64                 // the ASCII seen a word at a time before it
	widenHead  = 16                 // the same for widening: its words cost more, and the markup runs between CJK text are long
)

// load64 returns the 8 bytes of b at i, little-endian. The caller has
// checked that i+8 <= len(b).
func load64(b []byte, i int) uint64 {
	if fastStores {
		return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))
	}
	return binary.LittleEndian.Uint64(b[i:])
}

// load64u16 returns the 4 code units of u at i as one little-endian word.
// The caller has checked that i+4 <= len(u).
func load64u16(u []uint16, i int) uint64 {
	if fastStores {
		return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(u)), 2*i))
	}
	return uint64(u[i]) | uint64(u[i+1])<<16 | uint64(u[i+2])<<32 | uint64(u[i+3])<<48
}

// hasZeroUnit reports whether one of the four 16-bit lanes of y is 0 (not
// which: a borrow from a zero lane can mark the lane above it too).
func hasZeroUnit(y uint64) bool {
	return zeroUnitLanes(y) != 0
}

// zeroUnitLanes is hasZeroUnit's test as a mask, non-zero where a lane of
// y is 0 (and maybe above it), that can be ORed with others.
func zeroUnitLanes(y uint64) uint64 {
	const ones, highs = 0x0001000100010001, 0x8000800080008000
	return (y - ones) &^ y & highs
}

// ascii32 reports whether the 32 bytes of b at i are ASCII (i+32 <=
// len(b)).
func ascii32(b []byte, i int) bool {
	return (load64(b, i)|load64(b, i+8)|load64(b, i+16)|load64(b, i+24))&highBits == 0
}

// Each kernel looks at the first vectorHead bytes a word at a time, and
// goes to the vector code only for a run that is longer: text with short
// ASCII runs between other letters (French, Czech, Vietnamese) would
// otherwise pay for a call that finds nothing.

// asciiPrefix returns the length of the longest prefix of b that is ASCII.
func asciiPrefix(b []byte) int {
	i := 0
	for ; i < vectorHead && i+8 <= len(b); i += 8 {
		if w := load64(b, i) & highBits; w != 0 {
			return i + bits.TrailingZeros64(w)/8
		}
	}
	if asciiKernels() && i == vectorHead && len(b)-i >= vectorMin {
		return i + asciiPrefixKernel(unsafe.SliceData(b[i:]), len(b)-i)
	}
	return asciiPrefixWords(b, i)
}

// asciiPrefixWords is asciiPrefix from i on, known ASCII up to i: 32 bytes
// a step while they are all ASCII, then 8 to find the first other byte.
func asciiPrefixWords(b []byte, i int) int {
	for ; i+32 <= len(b) && ascii32(b, i); i += 32 {
	}
	for ; i+8 <= len(b); i += 8 {
		if w := load64(b, i) & highBits; w != 0 {
			return i + bits.TrailingZeros64(w)/8
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= 0x80 {
			break
		}
	}
	return i
}

// copyASCII copies the ASCII prefix of src into dst, as much as fits, and
// returns its length. It writes nothing into dst past that length.
func copyASCII(dst, src []byte) int {
	if len(src) > len(dst) {
		src = src[:len(dst)]
	}
	i := 0
	for ; i < vectorHead && i+8 <= len(src); i += 8 {
		if w := load64(src, i) & highBits; w != 0 {
			n := i + bits.TrailingZeros64(w)/8
			copy(dst[:n], src[:n])
			return n
		}
	}
	done := 0 // copied so far
	if asciiKernels() && i == vectorHead && len(src)-i >= vectorMin {
		copy(dst[:vectorHead], src[:vectorHead])
		i += copyASCIIKernel(unsafe.SliceData(dst[i:]), unsafe.SliceData(src[i:]), len(src)-i)
		if i == len(src) {
			return i
		}
		done = i
	}
	n := asciiPrefixWords(src, i)
	copy(dst[done:n], src[done:n])
	return n
}

// widen8 writes the eight bytes of w (little-endian), which are ASCII, as
// the code units dst[i:i+8].
func widen8(dst []uint16, i int, w uint64) {
	if fastStores {
		// Each half word's four bytes spread to four 16-bit units.
		p := unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), 2*i)
		*(*uint64)(p) = spread16(w & 0xFFFFFFFF)
		*(*uint64)(unsafe.Add(p, 8)) = spread16(w >> 32)
		return
	}
	d := dst[i : i+8 : i+8]
	for k := range d {
		d[k] = uint16(w >> (8 * k) & 0xFF)
	}
}

// widenASCII writes the ASCII prefix of src into dst as UTF-16, as much as
// fits, and returns its length.
func widenASCII(dst []uint16, src []byte) int {
	if len(src) > len(dst) {
		src = src[:len(dst)]
	}
	dst = dst[:len(src)]
	i := 0
	for i+8 <= len(src) {
		w := load64(src, i)
		if w&highBits != 0 {
			break
		}
		widen8(dst, i, w)
		i += 8
		if i == widenHead && asciiKernels() && len(src)-i >= vectorMin {
			i += widenASCIIKernel(unsafe.SliceData(dst[i:]), unsafe.SliceData(src[i:]), len(src)-i)
			if i == len(src) {
				return i
			}
		}
	}
	for ; i < len(src); i++ {
		c := src[i]
		if c >= 0x80 {
			break
		}
		dst[i] = uint16(c)
	}
	return i
}

// spread16 moves the four low bytes of x into the low bytes of four 16-bit
// lanes.
func spread16(x uint64) uint64 {
	x = (x | x<<16) & 0x0000FFFF0000FFFF
	return (x | x<<8) & 0x00FF00FF00FF00FF
}

// asciiPrefix16 returns the length of the longest prefix of u that is ASCII.
func asciiPrefix16(u []uint16) int {
	for i, c := range u {
		if c >= 0x80 {
			return i
		}
	}
	return len(u)
}

// narrowASCII writes the ASCII prefix of src (UTF-16) into dst, as much as
// fits, and returns its length. Small enough to inline: callers come here
// for a single ASCII unit between others (a space between Cyrillic words).
func narrowASCII(dst []byte, src []uint16) int {
	if len(src) >= 2 && src[1] >= 0x80 && src[0] < 0x80 && len(dst) > 0 {
		dst[0] = byte(src[0])
		return 1
	}
	return narrowASCIILong(dst, src)
}

// narrowASCIILong is narrowASCII for a run of two units or more.
func narrowASCIILong(dst []byte, src []uint16) int {
	if len(src) > len(dst) {
		src = src[:len(dst)]
	}
	dst = dst[:len(src)]
	i := 0
	for i+4 <= len(src) {
		w := load64u16(src, i)
		if w&highBits16 != 0 {
			break
		}
		if fastStores {
			// Gather the low byte of each 16-bit lane.
			w = (w | w>>8) & 0x0000FFFF0000FFFF
			w = (w | w>>16) & 0xFFFFFFFF
			*(*uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), i)) = uint32(w)
		} else {
			d := dst[i : i+4 : i+4]
			d[0], d[1], d[2], d[3] = byte(w), byte(w>>16), byte(w>>32), byte(w>>48)
		}
		i += 4
		if i == vectorHead/2 && asciiKernels() && len(src)-i >= vectorMin {
			i += narrowASCIIKernel(unsafe.SliceData(dst[i:]), (*byte)(unsafe.Pointer(unsafe.SliceData(src[i:]))), len(src)-i, &unitsAsIs)
			if i == len(src) {
				return i
			}
		}
	}
	for ; i < len(src); i++ {
		c := src[i]
		if c >= 0x80 {
			return i
		}
		dst[i] = byte(c)
	}
	return len(src)
}

// narrowASCIIUTF16 is narrowASCII for UTF-16 code units still in bytes
// (src holds len(src)/2 units, big-endian if be): it writes the ASCII
// prefix into dst, as much as fits, and returns its length in code units
// (= bytes written). For the UTF-16BE and UTF-16LE decoders' UTF-8 output.
func narrowASCIIUTF16(dst, src []byte, be bool) int {
	n := min(len(src)/2, len(dst))
	src, dst = src[:2*n], dst[:n]
	// Read as little-endian words, four units each: an ASCII unit has
	// only its low 7 bits set (LE), or is 0x??00 with ?? < 0x80 (BE).
	mask, shift := uint64(highBits16), 0
	if be {
		mask, shift = 0x80FF80FF80FF80FF, 8
	}
	i := 0
	for i+4 <= n {
		w := load64(src, 2*i)
		if w&mask != 0 {
			break
		}
		w >>= shift
		if fastStores {
			w = (w | w>>8) & 0x0000FFFF0000FFFF
			w = (w | w>>16) & 0xFFFFFFFF
			*(*uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), i)) = uint32(w)
		} else {
			d := dst[i : i+4 : i+4]
			d[0], d[1], d[2], d[3] = byte(w), byte(w>>16), byte(w>>32), byte(w>>48)
		}
		i += 4
		if i == vectorHead/2 && asciiKernels() && n-i >= vectorMin {
			order := unitOrder(be)
			i += narrowASCIIKernel(unsafe.SliceData(dst[i:]), unsafe.SliceData(src[2*i:]), n-i, order)
			if i == n {
				return i
			}
		}
	}
	lo := 0
	if be {
		lo = 1
	}
	for ; i < n; i++ {
		if src[2*i+1-lo] != 0 || src[2*i+lo] >= 0x80 {
			break
		}
		dst[i] = src[2*i+lo]
	}
	return i
}
