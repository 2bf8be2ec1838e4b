package codec

import (
	"encoding/binary"
	"sync"
	"unsafe"

	"github.com/whatenc/whatenc/indexes"
)

// The two-byte decoders' fast path, shared by gb18030 (its two-byte
// sequences), Big5, EUC-JP (JIS X 0208), Shift_JIS and EUC-KR: pair tables
// from bytes to rows and columns, and indexes prepared as output by pointer
// (its AVX-512 kernels: pairs_amd64.s).

// pairTables maps a two-byte encoding's leading byte to its row and its
// trailing byte to its column (0xFF for a byte that cannot be one), so that
// the fast paths compute a pointer as row × columns + column without
// data-dependent branches. Rows and columns follow the decoders' pointer
// formulas (sections 10.2.1, 11.1.1, 12.1.1, 12.3.1 and 13.1.1).
type pairTables struct {
	row, col [256]uint8
}

func newPairTables(rows, cols [][2]int) *pairTables {
	t := new(pairTables)
	for i := range t.row {
		t.row[i], t.col[i] = 0xFF, 0xFF
	}
	for _, tab := range []struct {
		ranges [][2]int
		out    *[256]uint8
	}{{rows, &t.row}, {cols, &t.col}} {
		v := 0
		for _, r := range tab.ranges {
			for b := r[0]; b <= r[1]; b++ {
				tab.out[b] = uint8(v)
				v++
			}
		}
	}
	return t
}

var (
	// gb18030 two bytes: pointer (lead − 0x81) × 190 + trail − offset.
	gb18030Pairs = newPairTables([][2]int{{0x81, 0xFE}}, [][2]int{{0x40, 0x7E}, {0x80, 0xFE}})
	// Big5: (lead − 0x81) × 157 + trail − offset.
	big5Pairs = newPairTables([][2]int{{0x81, 0xFE}}, [][2]int{{0x40, 0x7E}, {0xA1, 0xFE}})
	// EUC-JP, JIS X 0208: (lead − 0xA1) × 94 + trail − 0xA1.
	eucJPPairs = newPairTables([][2]int{{0xA1, 0xFE}}, [][2]int{{0xA1, 0xFE}})
	// Shift_JIS: (lead − leadOffset) × 188 + trail − offset.
	shiftJISPairs = newPairTables([][2]int{{0x81, 0x9F}, {0xE0, 0xFC}}, [][2]int{{0x40, 0x7E}, {0x80, 0xFC}})
	// EUC-KR: (lead − 0x81) × 190 + trail − 0x41.
	eucKRPairs = newPairTables([][2]int{{0x81, 0xFE}}, [][2]int{{0x41, 0xFE}})
)

// pairIndex is a double-byte index prepared for the decoders' fast paths:
// by pointer, a character's UTF-8 bytes packed with their length (as the
// single-byte tables have them) and its UTF-16 code unit. The tables are
// built on first use, once per process, so that only the indexes a program
// decodes with cost memory.
type pairIndex struct {
	size      int // pointers the fast paths can ask for
	codePoint func(p int) rune
	once8     sync.Once
	utf8      []uint32 // 0: no code point, or one above U+FFFF (left to the general loop)
	once16    sync.Once
	utf16     []uint16 // 0: no code point, or one above U+FFFF; and one 0 past the last pointer (see LOOK16_GATHER)
}

func (x *pairIndex) utf8Table() []uint32 {
	x.once8.Do(func() {
		t := make([]uint32, x.size)
		var buf [4]byte
		for p := range t {
			if c := x.codePoint(p); c != 0 && c <= 0xFFFF {
				n := putUTF8(buf[:], c)
				t[p] = binary.LittleEndian.Uint32(buf[:]) | uint32(n)<<24
			}
		}
		x.utf8 = t
	})
	return x.utf8
}

func (x *pairIndex) utf16Table() []uint16 {
	x.once16.Do(func() {
		// One entry more than the pointers: the AVX-512 kernels' gathers
		// load 4 bytes at an entry.
		t := make([]uint16, x.size+1)
		for p := range x.size {
			if c := x.codePoint(p); c <= 0xFFFF {
				t[p] = uint16(c)
			}
		}
		x.utf16 = t
	})
	return x.utf16
}

var (
	// Shift_JIS pointers reach 60 × 188, EUC-JP's 94 × 94.
	jis0208Index = &pairIndex{size: 60 * 188, codePoint: indexes.JIS0208CodePoint}
	eucKRIndex   = &pairIndex{size: 126 * 190, codePoint: indexes.EUCKRCodePoint}
	gb18030Index = &pairIndex{size: 126 * 190, codePoint: indexes.GB18030CodePoint}
	big5Index    = &pairIndex{size: 126 * 157, codePoint: indexes.Big5CodePoint}
)

// pairsOf returns family f's byte-to-row and byte-to-column tables, its
// number of columns and its index. Pointers the index has no code point for
// (Shift_JIS's EUDC, Big5's pointers that decode to two code points) are 0
// in the tables and so left to the general loop, like four-byte gb18030.
func pairsOf(f family) (*pairTables, int, *pairIndex) {
	switch f {
	case familyShiftJIS:
		return shiftJISPairs, 188, jis0208Index
	case familyEUCJP:
		return eucJPPairs, 94, jis0208Index
	case familyEUCKR:
		return eucKRPairs, 190, eucKRIndex
	case familyBig5:
		return big5Pairs, 157, big5Index
	}
	return gb18030Pairs, 190, gb18030Index
}

// decodePairsUTF8 is the fast path of the two-byte decoders (gb18030's two
// bytes, Big5, EUC-JP's JIS X 0208, Shift_JIS, EUC-KR) into UTF-8 output:
// it decodes ASCII runs and two-byte sequences that map to a code point up
// to U+FFFF, writing straight into the sink, and returns where it stopped in
// src: at the end, when dst has less than MinUTF8Output bytes of room, or at
// anything else (a single non-ASCII byte, an error, a sequence cut by the
// end of src, a gb18030 four-byte sequence), which the caller's general
// loop handles.
func decodePairsUTF8(f family, src []byte, i int, s *sink) int {
	pairs, cols, index := pairsOf(f)
	dst := s.b
	n := s.n
	if useAVX512 && len(src)-i >= 65 && len(dst)-n >= 160 {
		// It stops where the loops below stop too, or near the end.
		r, w := decodePairsUTF8AVX512(&dst[n], len(dst)-n, &src[i], len(src)-i, pairs, &index.utf16Table()[0], cols)
		i += r
		n += w
	}
	t := index.utf8Table()
	if fastStores {
		i, n = decodePairsUTF8Words(pairs, cols, t, src, i, dst, n)
	}
	for i < len(src) && len(dst)-n >= MinUTF8Output {
		lead := src[i]
		if lead < 0x80 {
			// A lone ASCII byte (a space, a digit) is common in CJK text:
			// copy it before paying for a run copy.
			dst[n] = lead
			n++
			i++
			if i < len(src) && src[i] < 0x80 {
				k := copyASCII(dst[n:], src[i:])
				n += k
				i += k
			}
			continue
		}
		if i+1 >= len(src) {
			break
		}
		row, col := pairs.row[lead], pairs.col[src[i+1]]
		if row == 0xFF || col == 0xFF {
			break
		}
		v := t[int(row)*cols+int(col)]
		if v == 0 {
			break
		}
		if fastStores {
			// Safe: the loop leaves MinUTF8Output bytes of room.
			*(*uint32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), n)) = v
		} else {
			binary.LittleEndian.PutUint32(dst[n:], v)
		}
		n += int(v >> 24)
		i += 2
	}
	s.n = n
	return i
}

// decodePairsUTF16 is decodePairsUTF8 for UTF-16 output.
func decodePairsUTF16(f family, src []byte, i int, s *sink) int {
	pairs, cols, index := pairsOf(f)
	t := index.utf16Table()
	dst := s.u
	n := s.n
	if useAVX512 && len(src)-i >= 65 && len(dst)-n >= 64 {
		// It stops where the loops below stop too, or near the end.
		r, w := decodePairsUTF16AVX512(&dst[n], len(dst)-n, &src[i], len(src)-i, pairs, &t[0], cols)
		i += r
		n += w
	}
	if fastStores {
		i, n = decodePairsUTF16Words(pairs, cols, t, src, i, dst, n)
	}
	for i < len(src) && len(dst)-n >= MinUTF16Output {
		lead := src[i]
		if lead < 0x80 {
			dst[n] = uint16(lead)
			n++
			i++
			if i < len(src) && src[i] < 0x80 {
				k := widenASCII(dst[n:], src[i:])
				n += k
				i += k
			}
			continue
		}
		if i+1 >= len(src) {
			break
		}
		row, col := pairs.row[lead], pairs.col[src[i+1]]
		if row == 0xFF || col == 0xFF {
			break
		}
		u := t[int(row)*cols+int(col)]
		if u == 0 {
			break
		}
		dst[n] = u
		n++
		i += 2
	}
	s.n = n
	return i
}

// decodePairsUTF8Words is decodePairsUTF8's loop where the machine reads
// and writes unaligned words (fastStores): two pairs a load, each
// character's packed UTF-8 in one 4-byte store. It stops where
// decodePairsUTF8 must look, or near the end of src or dst, and returns the
// new positions in src and dst.
func decodePairsUTF8Words(pairs *pairTables, cols int, t []uint32, src []byte, i int, dst []byte, n int) (int, int) {
	sp := unsafe.Pointer(unsafe.SliceData(src))
	dp := unsafe.Pointer(unsafe.SliceData(dst))
	for i+4 <= len(src) && n+8 <= len(dst) {
		x := *(*uint32)(unsafe.Add(sp, i))
		if x&0x80 == 0 {
			break
		}
		r0, c0 := pairs.row[byte(x)], pairs.col[byte(x>>8)]
		if r0 == 0xFF || c0 == 0xFF {
			break
		}
		v0 := t[int(r0)*cols+int(c0)]
		if v0 == 0 {
			break
		}
		*(*uint32)(unsafe.Add(dp, n)) = v0 // room: n+8 <= len(dst)
		n += int(v0 >> 24)
		i += 2
		r1, c1 := pairs.row[byte(x>>16)], pairs.col[byte(x>>24)]
		if x&0x800000 == 0 || r1 == 0xFF || c1 == 0xFF {
			continue
		}
		v1 := t[int(r1)*cols+int(c1)]
		if v1 == 0 {
			continue
		}
		*(*uint32)(unsafe.Add(dp, n)) = v1 // room: at most 3 bytes written above
		n += int(v1 >> 24)
		i += 2
	}
	return i, n
}

// decodePairsUTF16Words is decodePairsUTF16's loop where the machine reads
// unaligned words (fastStores): two bytes a load, and for two pairs in a
// row both code units in one store. It stops where decodePairsUTF16 must
// look (ASCII, or anything but a mapped pair), or two bytes before the end
// of src, and returns the new positions in src and dst.
func decodePairsUTF16Words(pairs *pairTables, cols int, t []uint16, src []byte, i int, dst []uint16, n int) (int, int) {
	sp := unsafe.Pointer(unsafe.SliceData(src))
	dp := unsafe.Pointer(unsafe.SliceData(dst))
	for i+4 <= len(src) && n+2 <= len(dst) {
		x := *(*uint32)(unsafe.Add(sp, i))
		if x&0x80 == 0 {
			break
		}
		r0, c0 := pairs.row[byte(x)], pairs.col[byte(x>>8)]
		if r0 == 0xFF || c0 == 0xFF {
			break
		}
		u0 := t[int(r0)*cols+int(c0)]
		if u0 == 0 {
			break
		}
		r1, c1 := pairs.row[byte(x>>16)], pairs.col[byte(x>>24)]
		if x&0x800000 == 0 || r1 == 0xFF || c1 == 0xFF {
			dst[n] = u0
			n++
			i += 2
			continue
		}
		u1 := t[int(r1)*cols+int(c1)]
		if u1 == 0 {
			dst[n] = u0
			n++
			i += 2
			continue
		}
		*(*uint32)(unsafe.Add(dp, 2*n)) = uint32(u0) | uint32(u1)<<16
		n += 2
		i += 4
	}
	return i, n
}
