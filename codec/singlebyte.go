package codec

import (
	"encoding/binary"
	"sync"
	"unsafe"

	"github.com/whatenc/whatenc/indexes"
)

// The legacy single-byte encodings (section 9) and x-user-defined (section
// 14.5), which is single-byte too but defined algorithmically.

// singleByteTables are a single-byte decoder's lookup tables, derived from
// its index when the package is initialised.
type singleByteTables struct {
	// utf8 holds each byte's UTF-8 form in its low three bytes (first
	// byte lowest) and its length in the top byte; 0 for no mapping. The
	// decoder stores all four bytes and advances by the length, so a
	// character costs one load and one store, without branches.
	utf8 [256]uint32
	// utf16 holds each byte's code point; 0xFFFD for no mapping (no
	// single-byte index maps to U+FFFD).
	utf16 [256]uint16

	// vector holds the upper half's code points for the AVX2 kernels,
	// wide for the AVX-512 ones (and, to UTF-16, the NEON one).
	vector singleByteVectorTables
	wide   singleByteWideTables

	// encode2 is the encoder's table for U+0000 to U+07FF (twoByteTable);
	// encodeBlock its entries for the 128 code points whose UTF-8 has
	// lead byte blockLead or blockLead+1 as the vector encoder's nibble
	// tables (16 per high nibble, twice): the block where the encoding
	// has the most letters (U+0080 to U+00FF for Latin encodings,
	// U+0400 to U+047F for Cyrillic ones).
	encodeOnce sync.Once
	encode2    *[0x800]byte
	// encode16 is encode2 with ASCII as it is, for UTF-16 input: 0 for
	// U+0000 and the unmappable code points.
	encode16    *[0x800]byte
	encodeBlock *[8][32]byte
	blockLead   byte
	// blocks are the AVX-512 encoder's tables; blocks256 the same three
	// blocks for the AVX2 encoder from UTF-16.
	blocks    *singleByteBlocks
	blocks256 *singleByteBlocks256
}

// singleByteBlocks are encodeBlocksAVX512's tables: an encoding's bytes for
// its block of two-byte code points (that of singleByteTables.blockLead),
// for the two-byte block where it has the most after that one (U+0080 to
// U+00FF, whose symbols Cyrillic and Greek text uses, or more letters) and
// for the block of three-byte ones where it has the most: the punctuation
// of U+2000 to U+207F (dashes, quotation marks) for most, Thai for
// windows-874. 0 for none.
type singleByteBlocks struct {
	two     [128]byte // lead2<<6&0x7C0 + j, j < 128
	three   [128]byte // (lead3&0x0F)<<12 | (second3&0x3F)<<6 + j, j < 128
	twoB    [128]byte // lead2b<<6&0x7C0 + j, j < 128
	lead2   byte      // even: C2 to DE
	lead3   byte      // E0 to EF
	second3 byte      // even: 80 to BE
	lead2b  byte      // even: C2 to DE, not lead2
	// ids are the three blocks' numbers (code point >> 7) for UTF-16
	// input (encodeBlocksFromUTF16AVX512): two's, twoB's, three's.
	ids [3]uint16
}

// twoByteTable returns the encoder's table for U+0000 to U+07FF (the code
// points UTF-8 writes in at most two bytes): the byte, or 0 for ASCII and
// unmappable code points. It is built on first use.
func (t *singleByteTables) twoByteTable(index *indexes.SingleByte) *[0x800]byte {
	t.encodeOnce.Do(func() {
		t.encode2 = new([0x800]byte)
		for c := rune(0x80); c < 0x800; c++ {
			if b, ok := index.Byte(c); ok {
				t.encode2[c] = b
			}
		}
		has := func(c rune) bool { return t.encode2[c] != 0 }
		// The block of the encoding's letters: where it has the most
		// code points, not counting U+00A0 to U+00BF (the symbols most
		// encodings share: NBSP, ©, «, °).
		letters := busiestBlock(0x80, 0x800, -1, func(c rune) bool { return has(c) && (c < 0xA0 || c > 0xBF) })
		symbols := busiestBlock(0x80, 0x800, letters, has)
		three := busiestBlock(0x800, 0x10000, -1, func(c rune) bool {
			return (c < 0xD800 || c > 0xDFFF) && index.ByteBMP(uint16(c)) != 0
		})
		t.blockLead = byte(0xC0 | letters>>6)
		t.encodeBlock = new([8][32]byte)
		b := &singleByteBlocks{lead2: t.blockLead, lead2b: byte(0xC0 | symbols>>6), lead3: byte(0xE0 | three>>12), second3: byte(0x80 | three>>6&0x3F)}
		for j := range rune(128) {
			g, k := j>>4, j&0x0F
			t.encodeBlock[g][k], t.encodeBlock[g][16+k] = t.encode2[letters+j], t.encode2[letters+j]
			b.two[j] = t.encode2[letters+j]
			b.twoB[j] = t.encode2[symbols+j]
			b.three[j] = index.ByteBMP(uint16(three + j))
		}
		b.ids = [3]uint16{uint16(letters >> 7), uint16(symbols >> 7), uint16(three >> 7)}
		t.blocks = b
		t.blocks256 = newSingleByteBlocks256(b)
		t.encode16 = new([0x800]byte)
		*t.encode16 = *t.encode2
		for c := range 0x80 {
			t.encode16[c] = byte(c)
		}
	})
	return t.encode2
}

// singleByteBlocks256 are encodeBlocksFromUTF16AVX2's tables for the three
// blocks of singleByteBlocks (two, twoB, three, in that order). VPSHUFB
// looks up 16 entries by a byte's low nibble, and gives 0 where the byte's
// bit 7 is set; the kernel looks up a unit's low seven bits x in each of
// a block's eight tables k with x - 16k, which is negative (0 out) unless
// x >= 16k, so that XORing the eight results gives table x>>4's entry if
// table k holds the XOR of entries 16k to 16k+15 and 16(k-1) to 16k-1.
type singleByteBlocks256 struct {
	diffs [3][8][32]byte // each 16 entries twice, once per 128-bit lane
	ids   [3][16]uint16  // the blocks' numbers (code point >> 7), 16 times
}

func newSingleByteBlocks256(b *singleByteBlocks) *singleByteBlocks256 {
	t := new(singleByteBlocks256)
	for n, block := range []*[128]byte{&b.two, &b.twoB, &b.three} {
		for x := range 128 {
			d := block[x]
			if x >= 16 {
				d ^= block[x-16]
			}
			t.diffs[n][x>>4][x&15], t.diffs[n][x>>4][16+x&15] = d, d
		}
		for j := range t.ids[n] {
			t.ids[n][j] = b.ids[n]
		}
	}
	return t
}

// busiestBlock returns the first code point of the block of 128 from first
// to last (multiples of 128), other than the one at skip, with the most
// code points for which has is true; the first such block on a tie.
func busiestBlock(first, last, skip rune, has func(c rune) bool) rune {
	best, most := rune(-1), -1
	for c := first; c < last; c += 128 {
		if c == skip {
			continue
		}
		n := 0
		for j := range rune(128) {
			if has(c + j) {
				n++
			}
		}
		if n > most {
			best, most = c, n
		}
	}
	return best
}

// singleByteVectorTables are singleByteToUTF16AVX2's tables: for each high
// nibble 8 to F of a byte, the code points' low and high bytes by the low
// nibble, each 16 entries twice (once per 128-bit half of a register).
// 512 bytes.
type singleByteVectorTables [8]struct{ lo, hi [32]byte }

// singleByteWideTables are the AVX-512 decoders' tables (lo and hi also the
// NEON decoder's to UTF-16: singlebyte_arm64.s) for the upper half,
// the entry for byte 0x80+j at j: 128 entries, which VPERMB looks up 64 at
// a time (bytes 80..BF, then C0..FF). lo and hi are each code point's low
// and high byte, for UTF-16 (U+FFFD for no code point: hi is 0xFF there
// and nowhere else, as no single-byte index has a code point from U+FF00
// on); first, second and third are its UTF-8 bytes, for UTF-8 (first 0xFF
// for no code point, third 0 for a code point of two bytes). The layout
// is singlebyte_amd64.s's: 640 bytes.
type singleByteWideTables struct {
	lo, hi               [128]byte
	first, second, third [128]byte
}

func newSingleByteTables(decode func(b byte) (rune, bool)) *singleByteTables {
	t := new(singleByteTables)
	for b := 0; b < 256; b++ {
		cp, ok := decode(byte(b))
		if !ok {
			t.utf16[b] = 0xFFFD
			continue
		}
		var buf [4]byte
		n := putUTF8(buf[:], cp)
		t.utf8[b] = binary.LittleEndian.Uint32(buf[:]) | uint32(n)<<24
		t.utf16[b] = uint16(cp)
	}
	for b := 0x80; b < 0x100; b++ {
		g, k := (b-0x80)>>4, b&0x0F
		cp := t.utf16[b]
		t.vector[g].lo[k], t.vector[g].lo[16+k] = byte(cp), byte(cp)
		t.vector[g].hi[k], t.vector[g].hi[16+k] = byte(cp>>8), byte(cp>>8)
		j := b - 0x80
		t.wide.lo[j], t.wide.hi[j] = byte(cp), byte(cp>>8)
		if v := t.utf8[b]; v != 0 {
			t.wide.first[j], t.wide.second[j], t.wide.third[j] = byte(v), byte(v>>8), byte(v>>16)
		} else {
			t.wide.first[j] = 0xFF
		}
	}
	return t
}

func init() {
	for _, e := range allEncodings {
		switch {
		case e.family == familySingleByte:
			index := &e.sbIndex.CodePoints
			e.sbTables = newSingleByteTables(func(b byte) (rune, bool) {
				if b < 0x80 {
					return rune(b), true
				}
				cp := index[b-0x80]
				return rune(cp), cp != 0
			})
		case e.family == familyXUserDefined:
			e.sbTables = newSingleByteTables(func(b byte) (rune, bool) {
				if b < 0x80 {
					return rune(b), true
				}
				return 0xF780 + rune(b) - 0x80, true
			})
		}
	}
}

// singleByteUTF8Room512 is the room singleByteToUTF8AVX512 needs for a
// step: 64 bytes of three-byte code points write 192 bytes, and its last
// store reaches 64 bytes past the first 144 of them.
const singleByteUTF8Room512 = 208

// decodeSingleByte is the single-byte decoder (section 9.1) and the
// x-user-defined decoder (section 14.5.1): a byte is ASCII, or its index
// code point, or an error.
func (d *Decoder) decodeSingleByte(src []byte, s *sink) (Status, int) {
	t := allEncodings[d.enc].sbTables
	if s.wide {
		return d.decodeSingleByteUTF16(t, src, s)
	}
	dst, w, i := s.b, s.n, 0
	vectorFrom := 0 // where the vector kernel may take over again
	for i < len(src) {
		if (useAVX2 || useNEON) && i >= vectorFrom && len(src)-i >= 32 && len(dst)-w >= 64 {
			var r, k, step int
			switch {
			case useAVX512 && len(src)-i >= 64 && len(dst)-w >= singleByteUTF8Room512:
				r, k = singleByteToUTF8AVX512(&dst[w], len(dst)-w, &src[i], len(src)-i, &t.wide)
				step = 64
			case useAVX2:
				r, k = singleByteToUTF8AVX2(&dst[w], len(dst)-w, &src[i], len(src)-i, &t.vector, utf16Steps())
				step = 32
			default:
				r, k = singleByteToUTF8NEON(&dst[w], len(dst)-w, &src[i], len(src)-i, &t.wide, utf16Steps())
				step = 16
			}
			i += r
			w += k
			vectorFrom = i + step // a step it does not take: the loop below takes it
			continue
		}
		// Every byte writes at most 3 bytes and each store writes 4: take
		// as many bytes as surely fit, then loop without checking room.
		n := min(len(src)-i, (len(dst)-w-1)/3)
		if n <= 0 {
			s.n = w
			return OutputFull, i
		}
		end := i + n
		if (useAVX2 || useNEON) && vectorFrom > i {
			end = min(end, vectorFrom)
		}
		for i < end {
			if end-i >= 8 {
				if binary.LittleEndian.Uint64(src[i:])&highBits == 0 {
					// An ASCII run: copy all of it at once.
					k := asciiPrefix(src[i:end])
					copy(dst[w:], src[i:i+k])
					i += k
					w += k
					continue
				}
				// Eight bytes through the table, up to an unmapped one,
				// which the byte-at-a-time step below handles.
				start := i
				base := unsafe.Pointer(unsafe.SliceData(dst))
				for _, b := range src[i : i+8 : i+8] {
					v := t.utf8[b]
					if v == 0 {
						break
					}
					if fastStores {
						// Safe: the room check above left w+4 <= len(dst).
						*(*uint32)(unsafe.Add(base, w)) = v
					} else {
						binary.LittleEndian.PutUint32(dst[w:], v)
					}
					w += int(v >> 24)
					i++
				}
				if i > start {
					continue
				}
			}
			v := t.utf8[src[i]]
			i++
			if v == 0 {
				s.n = w
				if d.fail(s, 1) {
					return Malformed, i
				}
				w = s.n
				continue
			}
			binary.LittleEndian.PutUint32(dst[w:], v)
			w += int(v >> 24)
		}
	}
	s.n = w
	return InputEmpty, i
}

// decodeSingleByteUTF16 is decodeSingleByte for UTF-16 output.
func (d *Decoder) decodeSingleByteUTF16(t *singleByteTables, src []byte, s *sink) (Status, int) {
	dst, w := s.u, s.n
	n := min(len(src), len(dst)-w)
	i := 0
	vectorFrom := 0 // where the vector kernel may take over again
	for i < n {
		if (useAVX2 || useNEON) && i >= vectorFrom && n-i >= 32 {
			var k, step int
			switch {
			case useAVX512 && n-i >= 64:
				k, step = singleByteToUTF16AVX512(&dst[w], &src[i], n-i, &t.wide), 64
			case useAVX2:
				k, step = singleByteToUTF16AVX2(&dst[w], &src[i], n-i, &t.vector), 32
			default:
				k, step = singleByteToUTF16NEON(&dst[w], &src[i], n-i, &t.wide), 16
			}
			i += k
			w += k
			vectorFrom = i + step // a step with an unmapped byte: the loop below takes it
			continue
		}
		if n-i >= 8 {
			end := n
			if (useAVX2 || useNEON) && i < vectorFrom {
				end = min(n, vectorFrom) // the vector kernel's again from there
			}
			if k := singleByteWordsToUTF16(dst[w:], src[i:end], &t.utf16); k > 0 {
				i += k
				w += k
				continue
			}
		}
		cp := t.utf16[src[i]]
		i++
		if cp == 0xFFFD {
			s.n = w
			if d.fail(s, 1) {
				return Malformed, i
			}
			w = s.n
			continue
		}
		dst[w] = cp
		w++
	}
	s.n = w
	if i < len(src) {
		return OutputFull, i
	}
	return InputEmpty, i
}

// singleByteWordsToUTF16 decodes the start of src into dst (which has room
// for all of it) through table, the decoder's code points (U+FFFD for a
// byte with none), eight bytes a step, and returns how many it decoded: up
// to a step with an unmapped byte, or fewer than eight bytes left. Each
// step's eight code points are looked up, put four to a word and stored,
// then checked for U+FFFD at once: no branch per byte. Runs of ASCII longer
// than a step go to widenASCII.
func singleByteWordsToUTF16(dst []uint16, src []byte, table *[256]uint16) int {
	const unmapped = 0xFFFD * 0x0001000100010001
	n := min(len(src), len(dst))
	i := 0
	for n-i >= 8 {
		x := load64(src, i)
		if x&highBits == 0 && (n-i < 16 || load64(src, i+8)&highBits == 0) {
			i += widenASCII(dst[i:n], src[i:n])
			continue
		}
		in := src[i : i+8 : i+8]
		lo := uint64(table[in[0]]) | uint64(table[in[1]])<<16 | uint64(table[in[2]])<<32 | uint64(table[in[3]])<<48
		hi := uint64(table[in[4]]) | uint64(table[in[5]])<<16 | uint64(table[in[6]])<<32 | uint64(table[in[7]])<<48
		if fastStores {
			p := unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), 2*i)
			*(*uint64)(p) = lo
			*(*uint64)(unsafe.Add(p, 8)) = hi
		} else {
			out := dst[i : i+8 : i+8]
			for k := range 4 {
				out[k], out[4+k] = uint16(lo>>(16*k)), uint16(hi>>(16*k))
			}
		}
		if hasZeroUnit(lo^unmapped) || hasZeroUnit(hi^unmapped) {
			break
		}
		i += 8
	}
	return i
}

// encodeSingleByte is the single-byte encoder (section 9.2).
func (e *Encoder) encodeSingleByte(c rune, dst []byte) (int, rune) {
	if len(dst) == 0 {
		return -1, -1
	}
	if c < 0x80 {
		dst[0] = byte(c)
		return 1, -1
	}
	if b, ok := e.encoding().sbIndex.Byte(c); ok {
		dst[0] = b
		return 1, -1
	}
	return 0, c
}

// encodeSingleByteRun is the single-byte encoder's fast path from UTF-8: it
// encodes ASCII runs and valid sequences of mappable code points, and
// returns where it stopped in src for the general loop (at the end, at a
// malformed, unfinished or unmappable sequence, or when dst is full).
func (enc *Encoder) encodeSingleByteRun(src, dst []byte, i int, res *EncodeResult) int {
	index := enc.encoding().sbIndex
	two := enc.encoding().sbTables.twoByteTable(index)
	w := res.Written
	if fastStores {
		i, w = encodeSingleByteWords(index, enc.encoding().sbTables, src, dst, i, w)
	}
	for i < len(src) && w < len(dst) {
		b := src[i]
		if b < 0x80 {
			if len(src)-i >= 8 && binary.LittleEndian.Uint64(src[i:])&highBits == 0 {
				k := copyASCII(dst[w:], src[i:])
				i += k
				w += k
				continue
			}
			dst[w] = b
			w++
			i++
			continue
		}
		var c rune
		var n int
		switch {
		case b < 0xE0:
			// Two bytes (C2..DF and a continuation byte, else the general
			// loop): U+0080 to U+07FF, the letters of most single-byte
			// encodings, straight from the encoder's table.
			if b < 0xC2 || len(src)-i < 2 || src[i+1]&0xC0 != 0x80 {
				res.Written = w
				return i
			}
			v := two[int(b&0x1F)<<6|int(src[i+1]&0x3F)]
			if v == 0 {
				res.Written = w
				return i
			}
			dst[w] = v
			w++
			i += 2
			continue
		case b >= 0xE0 && b < 0xF0 && len(src)-i >= 3:
			b1, b2 := src[i+1], src[i+2]
			lead := uint32(b)<<8 | uint32(b1)
			if b1&0xC0 != 0x80 || b2&0xC0 != 0x80 || lead-0xE080 < 0x20 || lead-0xEDA0 < 0x20 {
				res.Written = w
				return i
			}
			c, n = rune(b&0x0F)<<12|rune(b1&0x3F)<<6|rune(b2&0x3F), 3
		default:
			res.Written = w
			return i
		}
		out, ok := index.Byte(c)
		if !ok {
			break
		}
		dst[w] = out
		w++
		i += n
	}
	res.Written = w
	return i
}

// encodeSingleByteWords is encodeSingleByteRun's loop where the machine
// reads unaligned words (fastStores): text in the encoding's blocks goes
// to the vector kernel where the CPU has one, and the rest four bytes a
// load (encodeSingleByteWordsTo). It stops four bytes before the end of
// src, and where encodeSingleByteRun's loop must look, and returns the new
// positions in src and dst.
func encodeSingleByteWords(index *indexes.SingleByte, t *singleByteTables, src, dst []byte, i, w int) (int, int) {
	if !useAVX2 {
		return encodeSingleByteWordsTo(index, t, src, dst, i, w, len(src))
	}
	// The vector kernel (encodeBlocksAVX512 where the CPU has AVX-512,
	// else blockToSingleByteAVX2) takes text in the encoding's block of
	// letters (Latin, Cyrillic, Greek, Hebrew, Arabic; with AVX-512 also
	// its symbols, punctuation and Thai); elsewhere it returns at once, so
	// after a call that took nothing the loop below runs twice as far
	// before it is tried again.
	backoff := 32
	for {
		if len(src)-i >= 66 && len(dst)-w >= 64 {
			var r, k int
			if useAVX512 {
				r, k = encodeBlocksAVX512(&dst[w], len(dst)-w, &src[i], len(src)-i, t.blocks)
			} else {
				r, k = blockToSingleByteAVX2(&dst[w], len(dst)-w, &src[i], len(src)-i, t.encodeBlock, int(t.blockLead), &bytePacks)
			}
			i += r
			w += k
			if r > 0 {
				backoff = 32
			} else {
				backoff = min(2*backoff, 4096)
			}
		} else {
			backoff = len(src)
		}
		end := min(len(src), i+backoff)
		i2, w2 := encodeSingleByteWordsTo(index, t, src, dst, i, w, end)
		if i2+4 <= end || w2 == len(dst) || i2+4 > len(src) {
			// It stopped where encodeSingleByteRun must look, or at the end.
			return i2, w2
		}
		i, w = i2, w2
	}
}

// encodeSingleByteWordsTo is encodeSingleByteWords without the vector
// kernel, up to src[end] (it stops four bytes before): each step loads four
// bytes at once and takes an ASCII byte (or a run), a two-byte sequence
// (through t.encode2) or a three-byte one (through t.blocks.three in the
// encoding's block of three-byte code points, else the index), with the
// checks of encodeSingleByteRun.
func encodeSingleByteWordsTo(index *indexes.SingleByte, t *singleByteTables, src, dst []byte, i, w, end int) (int, int) {
	sp, dp := unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(unsafe.SliceData(dst))
	two, blk := t.encode2, t.blocks
	// The first two bytes of the sequences of the three-byte block, as a
	// load has them (second3 is even: the block's second bytes are
	// second3 and second3+1).
	block3 := uint32(blk.second3)<<8 | uint32(blk.lead3)
	for i+4 <= end && w < len(dst) {
		x := *(*uint32)(unsafe.Add(sp, i))
		switch {
		case x&0x80 == 0:
			if x&0x80808080 == 0 {
				if len(src)-i >= 16 && *(*uint32)(unsafe.Add(sp, i+4))&0x80808080 == 0 {
					k := copyASCII(dst[w:], src[i:])
					i += k
					w += k
					continue
				}
				if len(dst)-w >= 4 {
					// Four ASCII bytes between letters of the upper half
					// (Latin text): one store.
					*(*uint32)(unsafe.Add(dp, w)) = x
					i += 4
					w += 4
					continue
				}
			}
			*(*byte)(unsafe.Add(dp, w)) = byte(x)
			i++
			w++
		case x&0xC0E0 == 0x80C0:
			// C0 and C1 (overlong) lead to the table's ASCII entries,
			// which are 0.
			v := two[(x&0x1F)<<6|(x>>8)&0x3F]
			if v == 0 {
				return i, w
			}
			if x&0xC0E00000 == 0x80C00000 && len(dst)-w >= 2 {
				// Two in a row (a word in Greek or Cyrillic): one store.
				if v1 := two[(x>>16&0x1F)<<6|(x>>24)&0x3F]; v1 != 0 {
					*(*uint16)(unsafe.Add(dp, w)) = uint16(v) | uint16(v1)<<8
					i += 4
					w += 2
					continue
				}
			}
			*(*byte)(unsafe.Add(dp, w)) = v
			i += 2
			w++
		case x&0xC0C0F0 == 0x8080E0:
			if x&0xFEFF == block3 && blk.three[x>>2&0x40|x>>16&0x3F] != 0 {
				// A run in the block (Thai, or the punctuation of U+2000
				// to U+207F): one table, no index, a loop of its own.
				pair := uint64(block3|0x800000) * (1 + 1<<24)
				for i+8 <= end && len(dst)-w >= 2 {
					// Two at a time while both are in the block.
					y := *(*uint64)(unsafe.Add(sp, i))
					if y&0xC0FEFFC0FEFF != pair {
						break
					}
					b, b1 := blk.three[y>>2&0x40|y>>16&0x3F], blk.three[y>>26&0x40|y>>40&0x3F]
					if b == 0 || b1 == 0 {
						break
					}
					*(*uint16)(unsafe.Add(dp, w)) = uint16(b) | uint16(b1)<<8
					i += 6
					w += 2
				}
				for i+4 <= end && w < len(dst) {
					x = *(*uint32)(unsafe.Add(sp, i))
					if x&0xC0FEFF != block3|0x800000 {
						break
					}
					b := blk.three[x>>2&0x40|x>>16&0x3F]
					if b == 0 {
						break
					}
					*(*byte)(unsafe.Add(dp, w)) = b
					i += 3
					w++
				}
				continue
			}
			c := rune(threeBytesCodePoint(x))
			if c < 0x800 || c>>11 == 0x1B { // overlong, or a surrogate
				return i, w
			}
			b := index.ByteBMP(uint16(c))
			if b == 0 {
				return i, w
			}
			if i+7 <= len(src) && len(dst)-w >= 2 {
				// Two in a row (Thai): one store.
				y := *(*uint32)(unsafe.Add(sp, i+3))
				c1 := rune((y&0x0F)<<12 | (y&0x3F00)>>2 | (y>>16)&0x3F)
				if y&0xC0C0F0 == 0x8080E0 && c1 >= 0x800 && c1>>11 != 0x1B {
					if b1 := index.ByteBMP(uint16(c1)); b1 != 0 {
						*(*uint16)(unsafe.Add(dp, w)) = uint16(b) | uint16(b1)<<8
						i += 6
						w += 2
						continue
					}
				}
			}
			*(*byte)(unsafe.Add(dp, w)) = b
			i += 3
			w++
		default:
			return i, w
		}
	}
	return i, w
}

// bytePacks is blockToSingleByteAVX2's table: for each set of bytes kept
// among 8 (bit j for byte j), the VPSHUFB control that packs them to the
// front.
var bytePacks = func() (t [256][8]byte) {
	for keep := range 256 {
		n := 0
		for j := range 8 {
			if keep&(1<<j) != 0 {
				t[keep][n] = byte(j)
				n++
			}
		}
		for ; n < 8; n++ {
			t[keep][n] = 0x80
		}
	}
	return t
}()

// encodeSingleByteRunFromUTF16 is encodeSingleByteRun for UTF-16 input: it
// stops at a surrogate or an unmappable character.
func (enc *Encoder) encodeSingleByteRunFromUTF16(src []uint16, dst []byte) (read, written int) {
	index := enc.encoding().sbIndex
	tables := enc.encoding().sbTables
	tables.twoByteTable(index)
	byteOf, three := tables.encode16, tables.blocks.ids[2]
	n := min(len(src), len(dst))
	src, dst = src[:n], dst[:n]
	i := 0
	vectorFrom := 0 // where a vector kernel may take over again
	for i < n {
		if useAVX2 && i >= vectorFrom && n-i >= 32 {
			// The kernels take ASCII and the encoding's blocks up to
			// anything else (the AVX2 one up to the step that holds it),
			// which this loop takes, and the 16 units after it before a
			// kernel is tried again.
			if useAVX512 {
				i += encodeBlocksFromUTF16AVX512(&dst[i], &src[i], n-i, tables.blocks)
			} else {
				i += encodeBlocksFromUTF16AVX2(&dst[i], &src[i], n-i, tables.blocks256)
			}
			vectorFrom = i + 16
			if i == n {
				break
			}
		}
		if n-i >= 4 {
			// Four units below U+0800 at once, without a branch between
			// ASCII and letters (a space between words); U+0000 and what
			// the encoding lacks go to the unit at a time below.
			x := load64u16(src, i)
			if x&highBits16 == 0 {
				i += narrowASCII(dst[i:], src[i:])
				continue
			}
			if x&0xF800F800F800F800 == 0 {
				b0, b1, b2, b3 := byteOf[x&0x7FF], byteOf[x>>16&0x7FF], byteOf[x>>32&0x7FF], byteOf[x>>48&0x7FF]
				if b0 != 0 && b1 != 0 && b2 != 0 && b3 != 0 {
					d := dst[i : i+4 : i+4]
					d[0], d[1], d[2], d[3] = b0, b1, b2, b3
					i += 4
					continue
				}
			}
		}
		u := src[i]
		if u < 0x800 {
			v := byteOf[u]
			if v == 0 && u != 0 {
				break
			}
			dst[i] = v
			i++
			continue
		}
		if u>>7 == three {
			// The encoding's block of three-byte code points (Thai).
			v := tables.blocks.three[u&0x7F]
			if v == 0 {
				break
			}
			dst[i] = v
			i++
			continue
		}
		if u >= 0xD800 && u <= 0xDFFF {
			break
		}
		b, ok := index.Byte(rune(u))
		if !ok {
			break
		}
		dst[i] = b
		i++
	}
	return i, i
}

// encodeXUserDefined is the x-user-defined encoder (section 14.5.2).
func encodeXUserDefined(c rune, dst []byte) (int, rune) {
	if len(dst) == 0 {
		return -1, -1
	}
	switch {
	case c < 0x80:
		dst[0] = byte(c)
	case c >= 0xF780 && c <= 0xF7FF:
		dst[0] = byte(c - 0xF780 + 0x80)
	default:
		return 0, c
	}
	return 1, -1
}
