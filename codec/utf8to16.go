package codec

import (
	"sync"
	"unsafe"
)

// The vector path from valid UTF-8 to UTF-16 (utf8to16_amd64.s) and its
// tables. The kernel handles the shapes of 16-byte steps it has fixed
// shuffles for; for any other it looks up the first 12 bytes' shape here.

// utf8StepTables are utf8ToUTF16AVX2's tables (it knows the field offsets;
// a test checks them): 14.3 KiB.
type utf8StepTables struct {
	// For each mask of the first 12 bytes that end a character (bit p:
	// byte p does): which control of shuffles converts the step (0-63: six
	// characters of one or two bytes, the lengths in bits 0-5; 64-144:
	// four of up to three bytes, the lengths in base 3; 0xFF: neither, a
	// four-byte character is near) in the low byte, and the bytes those
	// characters take in the high byte.
	index [4096]uint16
	// The VPSHUFB controls: each character's bytes, last byte lowest, in a
	// 16-bit lane (six characters) or a 32-bit lane (four); 0x80 makes a
	// zero byte.
	shuffles [145][16]byte
	// For 16 bytes of characters of one and two bytes, each byte's unit in
	// a 16-bit lane: for each set of lanes kept among 8 (bit j for lane
	// j: not a continuation byte), the control that packs them to the
	// front.
	wordPacks [256][16]byte
}

const utf8StepNone = 0xFF // an index entry the kernel does not convert

// utf8Steps returns the tables, built on first use (not every program that
// loads the library converts UTF-8 to UTF-16).
var utf8Steps = sync.OnceValue(func() *utf8StepTables {
	t := new(utf8StepTables)
	for m := range 4096 {
		// The lengths of the characters that end in the first 12 bytes.
		var buf [12]int
		lengths := buf[:0]
		start := 0
		for p := range 12 {
			if m&(1<<p) != 0 {
				lengths = append(lengths, p+1-start)
				start = p + 1
			}
		}
		t.index[m] = utf8StepNone
		if len(lengths) >= 6 && maxInt(lengths[:6]) <= 2 {
			control, taken := 0, 0
			for k, l := range lengths[:6] {
				control |= (l - 1) << k
				taken += l
			}
			t.index[m] = uint16(control) | uint16(taken)<<8
			continue
		}
		if len(lengths) >= 4 && maxInt(lengths[:4]) <= 3 {
			control, taken := 0, 0
			for k := 3; k >= 0; k-- {
				control = 3*control + lengths[k] - 1
			}
			for _, l := range lengths[:4] {
				taken += l
			}
			t.index[m] = uint16(64+control) | uint16(taken)<<8
		}
	}
	for keep := range 256 {
		c := &t.wordPacks[keep]
		n := 0
		for j := range 8 {
			if keep&(1<<j) != 0 {
				c[2*n], c[2*n+1] = byte(2*j), byte(2*j+1)
				n++
			}
		}
		for k := 2 * n; k < 16; k++ {
			c[k] = 0x80
		}
	}
	for control := range 145 {
		c := &t.shuffles[control]
		for k := range c {
			c[k] = 0x80
		}
		if control < 64 {
			start := 0
			for k := range 6 {
				l := 1 + control>>k&1
				for b := range l { // last byte lowest
					c[2*k+b] = byte(start + l - 1 - b)
				}
				start += l
			}
			continue
		}
		start, x := 0, control-64
		for k := range 4 {
			l := 1 + x%3
			x /= 3
			for b := range l {
				c[4*k+b] = byte(start + l - 1 - b)
			}
			start += l
		}
	}
	return t
})

func maxInt(s []int) int {
	m := s[0]
	for _, v := range s[1:] {
		m = max(m, v)
	}
	return m
}

// utf8ToUTF16Vector converts the start of src, whole valid UTF-8 beginning
// at a character, into dst (room for len(src) units) with the vector
// kernels, and returns the bytes read and units written. It stops 48 bytes
// before the end. The caller has checked useAVX2. With AVX-512 the 64-byte
// kernel goes first, and the AVX2 one takes what it leaves at the end.
func utf8ToUTF16Vector(dst []uint16, src []byte) (read, written int) {
	if len(src) < 48 || len(dst) < len(src) {
		return 0, 0
	}
	if useAVX512 && len(src) >= 64 {
		read, written = utf8ToUTF16AVX512(unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
	}
	if len(src)-read < 48 {
		return read, written
	}
	r, w := utf8ToUTF16AVX2(&dst[written], &src[read], len(src)-read, utf8Steps())
	return read + r, written + w
}
