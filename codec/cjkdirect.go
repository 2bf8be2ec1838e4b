package codec

import (
	"math/bits"
	"sync"
	"unsafe"
)

// The CJK encoders' fast paths. ISO-2022-JP, whose output depends on its
// state, has its own run (iso2022jp.go), with a table made from EUC-JP's. Text in these encodings is mostly characters of three UTF-8
// bytes that the encoder writes as two bytes: punctuation, kana, hangul and
// ideographs. For those a table built from the encoder itself gives the two
// bytes in one load, so the loop does no index arithmetic; everything else
// goes through the encoder's algorithm, one character at a time.

// A direct table covers the code points of three UTF-8 bytes, U+0800 to
// U+FFFF, which take in CJK symbols, kana, CJK Unified Ideographs, hangul
// syllables and the fullwidth forms (the comma, colon and parentheses of
// Chinese and Japanese text). It is indexed by the code point itself, so
// that any 16 bits a loop decodes index it without a check, and holds 0
// below U+0800 (an overlong three-byte sequence decodes there) and for the
// surrogates; 128 KiB a table.
const directLow = 0x800

// directTable maps a code point to its encoding's two bytes (the first in
// the high half), or 0 where the encoder writes anything else: nothing
// (unmappable), one byte or four. The entry past U+FFFF is always 0: the
// vector kernel loads 4 bytes at an entry.
type directTable [0x10000 + 1]uint16

// directTables are built on first use, one per family, so that a process
// pays only for the encodings it encodes into.
var directTables [familyXUserDefined + 1]struct {
	once  sync.Once
	table *directTable
}

// directTableFor returns family f's table, building it the first time.
func directTableFor(f family) *directTable {
	d := &directTables[f]
	d.once.Do(func() {
		t := new(directTable)
		var buf [4]byte
		for c := rune(directLow); c <= 0xFFFF; c++ {
			if c >= 0xD800 && c <= 0xDFFF {
				continue
			}
			if n, bad := encodeCJKChar(f, c, buf[:]); n == 2 && bad < 0 {
				t[c] = uint16(buf[0])<<8 | uint16(buf[1])
			}
		}
		d.table = t
	})
	return d.table
}

// encodeCJKChar is the encoder of family f (one of those with a direct
// table) for one code point, as encodeFamily.
func encodeCJKChar(f family, c rune, dst []byte) (int, rune) {
	switch f {
	case familyGB18030:
		return encodeGB18030(c, dst, false)
	case familyGBK:
		return encodeGB18030(c, dst, true)
	case familyBig5:
		return encodeBig5(c, dst)
	case familyEUCJP:
		return encodeEUCJP(c, dst)
	case familyShiftJIS:
		return encodeShiftJIS(c, dst)
	}
	return encodeEUCKR(c, dst)
}

// hasDirectTable reports whether family f's encoder uses a direct table.
func hasDirectTable(f family) bool {
	switch f {
	case familyGB18030, familyGBK, familyBig5, familyEUCJP, familyShiftJIS, familyEUCKR:
		return true
	}
	return false
}

// encodeCJKRun is the CJK encoders' fast path from UTF-8: it encodes ASCII
// and valid UTF-8 whose characters the encoder maps, and returns where it
// stopped in src (at the end, at a malformed, unfinished or unmappable
// sequence, or when dst is nearly full) for the general loop, which calls it
// again after each character it handles.
func (enc *Encoder) encodeCJKRun(src, dst []byte, i int, res *EncodeResult) int {
	f := enc.encoding().family
	if f == familyISO2022JP {
		return encodeISO2022JPRun(&enc.st.iso2022JP, src, dst, i, res)
	}
	if !hasDirectTable(f) {
		return i
	}
	t := directTableFor(f)
	w := res.Written
run:
	for i < len(src) && w+1 < len(dst) {
		i, w = encodeDirectThree(t, src, dst, i, w)
		if i == len(src) || w+1 >= len(dst) {
			break
		}
		if src[i] < 0x80 {
			k := copyASCII(dst[w:], src[i:])
			i += k
			w += k
			continue
		}
		// Two- and four-byte sequences, and three-byte ones the table
		// leaves to the algorithm. Those come in runs (a word of a script
		// that gb18030 writes in four bytes, Cyrillic in GBK), each of
		// which stops the kernels: the rest of the run is taken here, up
		// to ASCII or a character the table has. zh_cn.html gb18030 (605
		// such characters in 170 runs), old and new test binaries in turns,
		// eight rounds: 2514 -> 2955 MB/s (medians).
		c, n := nextScalar(src, i)
		for {
			if n == 0 {
				break run
			}
			m, bad := encodeCJKChar(f, c, dst[w:])
			if m < 0 || bad >= 0 {
				break run
			}
			w += m
			i += n
			if i == len(src) || src[i] < 0x80 || w+1 >= len(dst) {
				break
			}
			// The next character, decoded once: here if the table lacks
			// it too, else by encodeDirectThree.
			if c, n = nextScalar(src, i); c <= 0xFFFF && t[c] != 0 {
				break
			}
		}
	}
	res.Written = w
	return i
}

// encodeDirectThree is encodeCJKRun's inner loop: lone ASCII bytes and
// three-byte sequences found in t, without calls so that its values stay in
// registers. It returns the new positions in src and dst.
func encodeDirectThree(t *directTable, src, dst []byte, i, w int) (int, int) {
	if fastStores {
		// Four bytes at a time in one load (a three-byte sequence and the
		// next byte), the two output bytes in one store; the checks are
		// those of the loop below. With AVX2, the vector kernel first
		// takes what it can (eight sequences a step, while they all map),
		// then these words take 24 bytes before it looks again, or 48 if
		// it took nothing: text of short runs (hangul between spaces) pays
		// for a look every 16 characters, and Chinese or Japanese text
		// goes back to the kernel soon after a comma. With AVX-512, the
		// mixed kernel takes text with ASCII between the sequences (Korean,
		// CJK in markup) before that, up to 64 bytes without ASCII, which
		// the AVX2 kernel and these words take faster.
		sp, dp := unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(unsafe.SliceData(dst))
		vector := useAVX2
	outer:
		for {
			stop := len(src) - 4
			if vector {
				next := 48 // bytes before the next look, if this one finds nothing
				if useAVX512 && len(src)-i >= 66 && len(dst)-w >= 96 {
					// Text with ASCII between the sequences (hangul
					// between spaces, CJK in markup); it stops before 64
					// bytes without ASCII.
					r, n := encodeMixedAVX512((*byte)(unsafe.Add(dp, w)), len(dst)-w, (*byte)(unsafe.Add(sp, i)), len(src)-i, t)
					i += r
					w += n
				}
				if len(src)-i >= 32 && eightThrees(sp, i) {
					r, n := encodeThreesAVX2((*byte)(unsafe.Add(dp, w)), len(dst)-w, (*byte)(unsafe.Add(sp, i)), len(src)-i, t)
					i += r
					w += n
					if r > 0 {
						next = 24
					}
				}
				stop = min(stop, i+next)
			}
			for i <= stop && w+2 <= len(dst) {
				x := *(*uint32)(unsafe.Add(sp, i))
				if x&0xC0C0F0 != 0x8080E0 {
					if x&0x8080 == 0x8000 { // an ASCII byte, then not
						*(*byte)(unsafe.Add(dp, w)) = byte(x)
						w++
						i++
						continue
					}
					break outer
				}
				v := t[threeBytesCodePoint(x)]
				if v == 0 {
					break outer
				}
				*(*uint16)(unsafe.Add(dp, w)) = bits.ReverseBytes16(v) // first byte in the high half
				w += 2
				i += 3
			}
			if i > len(src)-4 || w+2 > len(dst) {
				break
			}
		}
	}
	for i+2 < len(src) && w+1 < len(dst) {
		b := src[i]
		if b < 0x80 {
			if src[i+1] < 0x80 {
				break // an ASCII run
			}
			dst[w] = b
			w++
			i++
			continue
		}
		// A lead byte E0..EF and two continuation bytes. Overlong forms
		// (below U+0800) and surrogates have no entry, so the table does
		// the rest of utf8Three's checks.
		b1, b2 := src[i+1], src[i+2]
		if b&0xF0 != 0xE0 || (b1&0xC0|(b2&0xC0)>>2) != 0xA0 {
			break
		}
		v := t[uint16(b&0x0F)<<12|uint16(b1&0x3F)<<6|uint16(b2&0x3F)]
		if v == 0 {
			break
		}
		dst[w], dst[w+1] = byte(v>>8), byte(v)
		w += 2
		i += 3
	}
	return i, w
}

// eightThrees reports whether the 24 bytes at p+i are eight three-byte
// sequences by their shape (lead byte E0..EF, then two continuation bytes):
// the check the vector kernel makes first, in three word loads, so that
// text whose runs are shorter (hangul between spaces) does not pay for a
// call that finds nothing.
func eightThrees(p unsafe.Pointer, i int) bool {
	w0 := *(*uint64)(unsafe.Add(p, i))
	w1 := *(*uint64)(unsafe.Add(p, i+8))
	w2 := *(*uint64)(unsafe.Add(p, i+16))
	return (w0&0xC0F0C0C0F0C0C0F0^0x80E08080E08080E0)|
		(w1&0xF0C0C0F0C0C0F0C0^0xE08080E08080E080)|
		(w2&0xC0C0F0C0C0F0C0C0^0x8080E08080E08080) == 0
}

// encodeCJKRunFromUTF16 is encodeCJKRun for UTF-16 input: it stops at a
// surrogate, which the general loop pairs, and at an unmappable character.
// It returns the code units read and the bytes written.
func (enc *Encoder) encodeCJKRunFromUTF16(src []uint16, dst []byte) (read, written int) {
	f := enc.encoding().family
	if f == familyISO2022JP {
		return encodeISO2022JPRunFromUTF16(&enc.st.iso2022JP, src, dst)
	}
	if !hasDirectTable(f) {
		return 0, 0
	}
	t := directTableFor(f)
	i, w := 0, 0
	vectorFrom := 0 // where a vector kernel may take over again
	for i < len(src) && w+1 < len(dst) {
		if useAVX2 && i >= vectorFrom && len(src)-i >= 16 && len(dst)-w >= 32 {
			// The kernels take ASCII and the units with an entry up to
			// another, which this loop takes, and the 8 units after it
			// before a kernel is tried again.
			r, n := encodeDirectFromUTF16(dst[w:], src[i:], t, 0x80)
			i += r
			w += n
			vectorFrom = i + 8
			continue
		}
		u := src[i]
		if u < 0x80 {
			k := narrowASCII(dst[w:], src[i:])
			i += k
			w += k
			continue
		}
		if v := t[u]; v != 0 {
			dst[w], dst[w+1] = byte(v>>8), byte(v)
			w += 2
			i++
			continue
		}
		if u >= 0xD800 && u <= 0xDFFF {
			break
		}
		m, bad := encodeCJKChar(f, rune(u), dst[w:])
		if m < 0 || bad >= 0 {
			break
		}
		w += m
		i++
	}
	return i, w
}

// encodeDirectFromUTF16 runs the vector kernel for the CPU (useAVX2 is
// set; 16 units and 32 bytes of room are left): it encodes the code units
// of src below literal (0x80, or 0 for none) as they are and those with an
// entry in t as its two bytes, up to another unit, and returns the units
// read and the bytes written.
func encodeDirectFromUTF16(dst []byte, src []uint16, t *directTable, literal int) (read, written int) {
	if useAVX512 {
		return encodeDirectFromUTF16AVX512(&dst[0], len(dst), &src[0], len(src), t, literal)
	}
	return encodeDirectFromUTF16AVX2(&dst[0], len(dst), &src[0], len(src), t, literal, &unitPacks)
}

// unitPacks is encodeDirectFromUTF16AVX2's table: for each set of units
// among 8 that keep both bytes of their 16-bit lane (bit j for unit j; the
// others keep their low byte), the VPSHUFB control that packs the bytes
// kept to the front, in order.
var unitPacks = func() (t [256][16]byte) {
	for two := range 256 {
		n := 0
		for j := range 8 {
			t[two][n] = byte(2 * j)
			n++
			if two&(1<<j) != 0 {
				t[two][n] = byte(2*j + 1)
				n++
			}
		}
		for ; n < 16; n++ {
			t[two][n] = 0x80
		}
	}
	return t
}()
