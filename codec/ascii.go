package codec

import (
	"encoding/binary"
	"math/bits"
)

// The ASCII fast paths. Markup-heavy text is mostly ASCII, so every
// ASCII-compatible decoder and encoder skips ASCII runs eight bytes at a time
// before it looks at a byte individually.

const highBits = 0x8080808080808080

// asciiPrefix returns the length of the longest prefix of b that is ASCII.
func asciiPrefix(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if w := binary.LittleEndian.Uint64(b[i:]) & highBits; w != 0 {
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
// returns its length.
func copyASCII(dst, src []byte) int {
	if len(src) > len(dst) {
		src = src[:len(dst)]
	}
	n := asciiPrefix(src)
	copy(dst, src[:n])
	return n
}

// widenASCII writes the ASCII prefix of src into dst as UTF-16, as much as
// fits, and returns its length.
func widenASCII(dst []uint16, src []byte) int {
	if len(src) > len(dst) {
		src = src[:len(dst)]
	}
	dst = dst[:len(src)]
	i := 0
	for ; i+8 <= len(src); i += 8 {
		w := binary.LittleEndian.Uint64(src[i:])
		if w&highBits != 0 {
			break
		}
		d := dst[i : i+8 : i+8]
		d[0] = uint16(w & 0xFF)
		d[1] = uint16(w >> 8 & 0xFF)
		d[2] = uint16(w >> 16 & 0xFF)
		d[3] = uint16(w >> 24 & 0xFF)
		d[4] = uint16(w >> 32 & 0xFF)
		d[5] = uint16(w >> 40 & 0xFF)
		d[6] = uint16(w >> 48 & 0xFF)
		d[7] = uint16(w >> 56)
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
// fits, and returns its length.
func narrowASCII(dst []byte, src []uint16) int {
	if len(src) > len(dst) {
		src = src[:len(dst)]
	}
	dst = dst[:len(src)]
	for i, c := range src {
		if c >= 0x80 {
			return i
		}
		dst[i] = byte(c)
	}
	return len(src)
}
