package codec

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/whatenc/whatenc/internal/reference"
)

// The single-byte decoders with the vector kernel and without, against
// the reference, on long inputs: runs of ASCII and of the upper half (the
// kernels' steps are 32 bytes with AVX2, 64 with AVX-512), now and then a
// byte without a code point.
func TestSingleByteDecodersLongRuns(t *testing.T) {
	needReference(t)
	kernelModes(t, func(t *testing.T) {
		for _, e := range Encodings() {
			if !e.IsSingleByte() && e != XUserDefined {
				continue
			}
			rng := rand.New(rand.NewSource(int64(e.ID())))
			for k := 0; k < 40; k++ {
				var src []byte
				for n := rng.Intn(1000); len(src) < n; {
					run := 1 + rng.Intn(70)
					high := rng.Intn(2) == 0
					for j := 0; j < run; j++ {
						if high {
							src = append(src, byte(0x80+rng.Intn(0x80)))
						} else {
							src = append(src, byte(rng.Intn(0x80)))
						}
					}
				}
				diffDecode(t, e, src, int64(k))
			}
		}
	})
}

// randomAlphabet returns about n bytes of UTF-8 in runs: ASCII, the 128
// code points from block (what blockToSingleByteAVX2 takes, for an
// encoding whose block it is), and now and then other characters and
// invalid bytes (what it leaves to the Go code).
func randomAlphabet(rng *rand.Rand, n int, block rune) []byte {
	var b []byte
	for len(b) < n {
		switch k := rng.Intn(12); {
		case k < 5:
			for j := rng.Intn(20); j >= 0; j-- {
				b = append(b, byte(0x20+rng.Intn(0x5F)))
			}
		case k < 10:
			for j := rng.Intn(6); j >= 0; j-- {
				b = append(b, string(block+rune(rng.Intn(0x80)))...)
			}
		case k == 10:
			b = append(b, string([]rune{0x152, 0x20AC, 0x2019, 0x1F600, 0x3B1, 0xE9, 0x416}[rng.Intn(7)])...)
		default:
			lead := 0xC0 | byte(block>>6)
			b = append(b, []byte{lead, lead + 1, 0xC3, 0xC2, 0x80, 0xFF, 0xE2}[rng.Intn(7)])
		}
	}
	return b
}

// blockOf returns the first code point of e's block of letters, the one
// its vector encoder takes.
func blockOf(e *Encoding) rune {
	tb := e.sbTables
	tb.twoByteTable(e.sbIndex)
	return rune(tb.blockLead&0x1F) << 6
}

// threeBlockOf returns the first code point of e's block of three-byte
// code points (Thai for windows-874, the punctuation of U+2000 to U+207F
// for most), which the AVX-512 kernel and the word loop take through a
// table of their own.
func threeBlockOf(e *Encoding) rune {
	tb := e.sbTables
	tb.twoByteTable(e.sbIndex)
	return rune(tb.blocks.lead3&0x0F)<<12 | rune(tb.blocks.second3&0x3F)<<6
}

// threeByteNearMisses returns sequences that differ from those of the
// three-byte block at block by one byte: another lead byte or second byte
// (valid UTF-8 of another block; cont is their third byte), a third byte
// that is not a continuation byte, a sequence cut short.
func threeByteNearMisses(block rune, cont byte) [][]byte {
	lead, second := 0xE0|byte(block>>12), 0x80|byte(block>>6&0x3F)
	return [][]byte{
		{lead ^ 1, second, cont}, {lead ^ 0x10, second, cont}, {lead, second + 2, cont}, {lead, second ^ 0x10, cont},
		{lead, second, 0x41}, {lead, second, 0xC3, 0xA9}, {lead, second}, {lead, 0x41, 0x80},
	}
}

// withThreeByteNearMisses inserts into src, now and then, a sequence of
// threeByteNearMisses.
func withThreeByteNearMisses(rng *rand.Rand, src []byte, block rune) []byte {
	var out []byte
	for len(src) > 0 {
		n := min(len(src), 1+rng.Intn(40))
		for n < len(src) && src[n]&0xC0 == 0x80 {
			n++ // between characters
		}
		out = append(out, src[:n]...)
		src = src[n:]
		if rng.Intn(3) == 0 {
			misses := threeByteNearMisses(block, 0x80|byte(rng.Intn(64)))
			out = append(out, misses[rng.Intn(len(misses))]...)
		}
	}
	return out
}

// Each of threeByteNearMisses between runs of 0 to 4
// characters of the three-byte block, at each place a step of two
// sequences can meet it, for every single-byte encoding and kernel mode.
func TestSingleByteEncodersThreeByteNearMisses(t *testing.T) {
	needReference(t)
	kernelModes(t, func(t *testing.T) {
		for _, e := range Encodings() {
			if !e.IsSingleByte() {
				continue
			}
			block := threeBlockOf(e)
			var in []rune // the block's characters the encoding has
			for c := block; c < block+128; c++ {
				if _, ok := e.sbIndex.Byte(c); ok {
					in = append(in, c)
				}
			}
			if len(in) == 0 {
				continue // none above U+07FF (ISO-8859-1's compatible ones)
			}
			for mi, m := range append(threeByteNearMisses(block, 0x80), threeByteNearMisses(block+64, 0xBF)[:4]...) {
				for before := 0; before <= 4; before++ {
					for after := 0; after <= 4; after++ {
						var src []byte
						for j := 0; j < before; j++ {
							src = append(src, string(in[(mi+j)%len(in)])...)
						}
						src = append(src, m...)
						for j := 0; j < after; j++ {
							src = append(src, string(in[(mi+3*j)%len(in)])...)
						}
						src = append(src, " and some ASCII after"...)
						want, _, _, _ := reference.Encode(e.Name(), reference.UTF8DecodeWithoutBOM(src), reference.EncodeHTML)
						dst := make([]byte, 8*len(src)+16)
						r := e.NewEncoder(HTML).EncodeFromUTF8(src, dst, true)
						if r.Read != len(src) || string(dst[:r.Written]) != string(want) {
							t.Fatalf("%s encoder, input % x:\n got  % x\n want % x", e, src, dst[:r.Written], want)
						}
					}
				}
			}
		}
	})
}

// The single-byte encoders with the vector kernel and without, against the
// reference, on inputs long enough for its 32-byte steps (text in the
// encoding's block of letters, in its block of three-byte code points,
// and Latin text), in one call and with chunk splits.
func TestSingleByteEncodersAlphabetRuns(t *testing.T) {
	needReference(t)
	kernelModes(t, func(t *testing.T) {
		for _, e := range Encodings() {
			if !e.IsSingleByte() {
				continue
			}
			rng := rand.New(rand.NewSource(int64(e.ID()) + 100))
			for k := 0; k < 90; k++ {
				block := rune(0x80)
				switch k % 3 {
				case 0:
					block = blockOf(e)
				case 2:
					block = threeBlockOf(e)
				}
				src := randomAlphabet(rng, rng.Intn(500), block)
				if k%3 == 2 {
					src = withThreeByteNearMisses(rng, src, block)
				}
				if k%6 == 2 {
					src = bytesAtPageEnd(t, src) // the word loop must not read past src
				}
				checkHTMLEncoder(t, e, src, int64(k))
			}
		}
	})
}

// The kernel alone, for every single-byte encoding in its block: whole
// steps, exactly the reference's bytes for what it read, nothing written
// past len(dst).
func TestBlockToSingleByteVector(t *testing.T) {
	needReference(t)
	if !hasAVX2Kernels() {
		t.Skip("skipping: no AVX2 here")
	}
	rng := rand.New(rand.NewSource(29))
	// Bytes the kernel read, and steps that ended before a lead byte,
	// so that the test cannot pass on a kernel that takes none.
	read, short := 0, 0
	blocks := map[rune]bool{}
	for _, e := range Encodings() {
		if !e.IsSingleByte() {
			continue
		}
		tb := e.sbTables
		block := blockOf(e)
		blocks[block] = true
		for k := 0; k < 600; k++ {
			src := randomAlphabet(rng, 33+rng.Intn(300), block)
			room := 40 + rng.Intn(len(src))
			buf := guardedBytes(room + 32)
			r, written := blockToSingleByteAVX2(&buf[0], room, &src[0], len(src), tb.encodeBlock, int(tb.blockLead), &bytePacks)
			if r > len(src) || r > 0 && !utf8.Valid(src[:r]) {
				t.Fatalf("%s % x: read %d", e, src, r)
			}
			read += r
			if r%32 != 0 {
				short++
			}
			checkEncodedPrefix(t, e, src, r, buf, written, room)
		}
	}
	t.Logf("%d bytes read, %d calls ended a step before a lead byte, blocks %v", read, short, blocks)
	if read < 50000 || short < 100 || len(blocks) < 5 {
		t.Fatalf("the kernel read %d bytes, %d calls had a short step, %d blocks: too few for the test to mean much", read, short, len(blocks))
	}
}

// randomBlocksText is about n bytes of UTF-8 for an encoding with tables
// b: runs of ASCII, of its two-byte blocks and of its three-byte block, and
// now and then what encodeBlocksAVX512 leaves to the Go code.
func randomBlocksText(rng *rand.Rand, b *singleByteBlocks, n int) []byte {
	// Mostly code points the encoding has, now and then one it lacks.
	var two, three []rune
	for j := range 128 {
		if b.two[j] != 0 || j%16 == 0 {
			two = append(two, rune(b.lead2&0x1F)<<6+rune(j))
		}
		if b.twoB[j] != 0 || j%16 == 0 {
			two = append(two, rune(b.lead2b&0x1F)<<6+rune(j))
		}
		if b.three[j] != 0 || j%16 == 0 {
			three = append(three, rune(b.lead3&0x0F)<<12|rune(b.second3&0x3F)<<6+rune(j))
		}
	}
	var out []byte
	for len(out) < n {
		switch k := rng.Intn(30); {
		case k < 10:
			for j := rng.Intn(12); j >= 0; j-- {
				out = append(out, byte(0x20+rng.Intn(0x5F)))
			}
		case k < 19:
			out = appendRandomChars(rng, out, two, 8)
		case k < 28:
			out = appendRandomChars(rng, out, three, 4)
		case k == 28:
			out = append(out, string([]rune{0x20AC, 0xE9, 0x416, 0x2500, 0x1F600, 0x0E01, 0x2013, 0x3B1}[rng.Intn(8)])...)
		default:
			out = append(out, []byte{b.lead2, b.lead2b, b.lead3, b.second3, 0xC3, 0x80, 0xFF, 0xE2, 0xE2, 0x80}[rng.Intn(10)])
		}
	}
	return out[:n]
}

// blocksTake reports whether encodeBlocksAVX512 can take the character at
// the start of w: ASCII, or a sequence of one of b's blocks that it maps.
func blocksTake(b *singleByteBlocks, w []byte) bool {
	switch {
	case w[0] < 0x80:
		return true
	case w[0]&0xFE == b.lead2 && w[1]&0xC0 == 0x80:
		return b.two[(w[0]&1)<<6|w[1]&0x3F] != 0
	case w[0]&0xFE == b.lead2b && w[1]&0xC0 == 0x80:
		return b.twoB[(w[0]&1)<<6|w[1]&0x3F] != 0
	case w[0] == b.lead3 && w[1]&0xFE == b.second3 && w[2]&0xC0 == 0x80:
		return b.three[(w[1]&1)<<6|w[2]&0x3F] != 0
	}
	return false
}

// The AVX-512 kernel alone, for every single-byte encoding: what it read
// is whole characters and exactly the reference's bytes for them, nothing
// written past len(dst), at every alignment, and it stops only where it
// must.
func TestEncodeBlocksVector(t *testing.T) {
	needReference(t)
	if !hasAVX512Kernels() {
		t.Skip("skipping: no AVX-512 here")
	}
	rng := rand.New(rand.NewSource(31))
	read, inside := 0, 0
	threes := map[byte]bool{}
	for _, e := range Encodings() {
		if !e.IsSingleByte() {
			continue
		}
		tb := e.sbTables
		tb.twoByteTable(e.sbIndex)
		b := tb.blocks
		threes[b.second3] = true
		for k := 0; k < 600; k++ {
			off := rng.Intn(64)
			src := append(make([]byte, off), randomBlocksText(rng, b, 66+rng.Intn(300))...)[off:]
			if k%8 == 0 {
				src = bytesAtPageEnd(t, src) // it must not read past src
			}
			room := rng.Intn(len(src) + 64)
			buf := guardedBytes(room + 64)
			var r, written int
			if room > 0 {
				r, written = encodeBlocksAVX512(&buf[0], room, &src[0], len(src), b)
			}
			if r > len(src)-66+64 || written > room || !utf8.Valid(src[:r]) {
				t.Fatalf("%s % x: read %d, wrote %d", e, src, r, written)
			}
			read += r
			if r%64 != 0 {
				inside++
			}
			checkEncodedPrefix(t, e, src, r, buf, written, room)
			if len(src)-r >= 66 && room-written >= 64 && blocksTake(b, src[r:]) {
				t.Fatalf("%s % x: stopped at %d before a character it can take", e, src, r)
			}
		}
	}
	t.Logf("%d bytes read, %d calls stopped inside a window, three-byte blocks %v", read, inside, threes)
	if read < 150000 || inside < 2000 || len(threes) < 3 {
		t.Fatalf("the kernel read %d bytes, stopped %d times inside a window, %d three-byte blocks: too few for the test to mean much", read, inside, len(threes))
	}
}

// randomUpperHalf returns about n bytes for a single-byte encoding in runs
// of ASCII (NUL included) and of the upper half, now and then one of
// unmapped (the bytes without a code point), so that the AVX-512 kernels'
// 64-byte steps come as ASCII, as code points of two bytes at most, with
// some of three, and with a byte they must stop before.
func randomUpperHalf(rng *rand.Rand, n int, unmapped []byte) []byte {
	var b []byte
	for len(b) < n {
		run := 1 + rng.Intn(90)
		switch k := rng.Intn(10); {
		case k < 4:
			for j := 0; j < run; j++ {
				b = append(b, byte(rng.Intn(0x80)))
			}
		case k < 9:
			for j := 0; j < run; j++ {
				b = append(b, byte(0x80+rng.Intn(0x80)))
			}
		default:
			if len(unmapped) > 0 {
				b = append(b, unmapped[rng.Intn(len(unmapped))])
			}
		}
	}
	return b
}

// forRandomUpperHalf calls f for each single-byte encoding (and
// x-user-defined) with its tables and 300 random inputs of runs of ASCII,
// of its upper half and of its bytes without a code point (randomUpperHalf).
func forRandomUpperHalf(rng *rand.Rand, f func(e *Encoding, tb *singleByteTables, src []byte)) {
	for _, e := range Encodings() {
		if !e.IsSingleByte() && e != XUserDefined {
			continue
		}
		tb := e.sbTables
		var unmapped []byte
		for b := 0x80; b < 0x100; b++ {
			if tb.utf16[b] == 0xFFFD {
				unmapped = append(unmapped, byte(b))
			}
		}
		for k := 0; k < 300; k++ {
			src := randomUpperHalf(rng, rng.Intn(700), unmapped)
			if len(src) == 0 {
				continue
			}
			f(e, tb, src)
		}
	}
}

// The AVX-512 decoders alone, for every single-byte encoding and
// x-user-defined: whole steps of 64 up to a step with a byte without a
// code point (or too little input or room), exactly the reference's code
// points for what they read, nothing written past the room.
func TestSingleByteDecodersAVX512(t *testing.T) {
	needReference(t)
	if !hasAVX512Kernels() {
		t.Skip("skipping: no AVX-512 here")
	}
	rng := rand.New(rand.NewSource(64))
	// What the kernels read, and the calls that stopped at a byte without
	// a code point, so that the test cannot pass on kernels that take
	// nothing or never stop.
	read8, read16, stops8, stops16 := 0, 0, 0, 0
	forRandomUpperHalf(rng, func(e *Encoding, tb *singleByteTables, src []byte) {
		// Stops where a step has no code point for a byte: the
		// reference's fatal decoder reads the step's bytes up to it.
		stopsAt := func(r, step int) bool {
			if len(src)-r < step {
				return false
			}
			_, _, ok := reference.Decode(e.Name(), src[r:r+step], reference.DecodeFatal)
			return !ok
		}
		want := func(r int) []rune {
			out, _, ok := reference.Decode(e.Name(), src[:r], reference.DecodeFatal)
			if !ok {
				t.Fatalf("%s % x: the kernel read %d bytes, which have an error", e, src, r)
			}
			return out
		}

		// To UTF-16: room for len(src) units and a guard after it.
		buf16 := make([]uint16, len(src)+64)
		for i := range buf16 {
			buf16[i] = 0xA5A5
		}
		r := singleByteToUTF16AVX512(&buf16[0], &src[0], len(src), &tb.wide)
		if r%64 != 0 || r > len(src) || len(src)-r >= 64 && !stopsAt(r, 64) {
			t.Fatalf("%s % x: UTF-16 kernel read %d", e, src, r)
		}
		if got := utf16.Decode(buf16[:r]); string(got) != string(want(r)) {
			t.Fatalf("%s % x: UTF-16 kernel wrote %x", e, src, buf16[:r])
		}
		for i := r; i < len(buf16); i++ {
			if buf16[i] != 0xA5A5 {
				t.Fatalf("%s % x: UTF-16 kernel wrote at %d, past the %d units it read", e, src, i, r)
			}
		}
		read16 += r
		if len(src)-r >= 64 {
			stops16++
		}

		// To UTF-8: room from the least the kernel takes a step with
		// up to three bytes a byte and more, a guard after it.
		room := singleByteUTF8Room512 + rng.Intn(3*len(src)+1)
		buf8 := guardedBytes(room + 64)
		r, written := singleByteToUTF8AVX512(&buf8[0], room, &src[0], len(src), &tb.wide)
		if r%64 != 0 || r > len(src) || written > room {
			t.Fatalf("%s % x: UTF-8 kernel read %d, wrote %d in room %d", e, src, r, written, room)
		}
		if len(src)-r >= 64 && room-written >= singleByteUTF8Room512 && !stopsAt(r, 64) {
			t.Fatalf("%s % x: UTF-8 kernel stopped at %d, before a step it could take", e, src, r)
		}
		if got := string(buf8[:written]); got != string(want(r)) {
			t.Fatalf("%s % x: UTF-8 kernel wrote % x, want % x", e, src, got, string(want(r)))
		}
		for i := room; i < len(buf8); i++ {
			if buf8[i] != guard {
				t.Fatalf("%s % x: UTF-8 kernel wrote at %d, past its room %d", e, src, i, room)
			}
		}
		read8 += r
		if len(src)-r >= 64 && room-written >= singleByteUTF8Room512 {
			stops8++
		}
	})
	t.Logf("read %d bytes to UTF-8 (%d stops at a byte without a code point), %d to UTF-16 (%d)", read8, stops8, read16, stops16)
	if read8 < 200000 || read16 < 200000 || stops8 < 100 || stops16 < 100 {
		t.Fatalf("the kernels read %d and %d bytes and stopped %d and %d times: too few for the test to mean much", read8, read16, stops8, stops16)
	}
}

// TestSingleByteToUTF8NEON: the NEON decoder to UTF-8 alone, for every
// single-byte encoding: whole steps of 16 bytes, exactly the UTF-8 of what
// it read, nothing written past its room, and a stop only at a step with a
// byte that has no code point or one of three UTF-8 bytes (or for lack of
// input or room).
func TestSingleByteToUTF8NEON(t *testing.T) {
	if !hasNEONKernels() {
		t.Skip("skipping: no NEON here")
	}
	kernel := singleByteToUTF8NEON // a stub that panics where there is no NEON
	rng := rand.New(rand.NewSource(17))
	read, stops := 0, 0
	forRandomUpperHalf(rng, func(e *Encoding, tb *singleByteTables, src []byte) {
		room := rng.Intn(3 * len(src))
		buf := make([]byte, room+64)
		for i := range buf {
			buf[i] = guard
		}
		r, w := kernel(&buf[0], room, &src[0], len(src), &tb.wide, utf16Steps())
		where := fmt.Sprintf("%s: % x, room %d", e.Name(), src, room)
		if r%16 != 0 || r > len(src) {
			t.Fatalf("%s: read %d", where, r)
		}
		var want []byte
		for _, b := range src[:r] {
			want = utf8.AppendRune(want, rune(tb.utf16[b]))
		}
		if string(buf[:w]) != string(want) {
			t.Fatalf("%s: read %d, wrote % x, want % x", where, r, buf[:w], want)
		}
		for i := room; i < len(buf); i++ {
			if buf[i] != guard {
				t.Fatalf("%s: wrote at %d, past its room", where, i)
			}
		}
		if r+16 <= len(src) && room-w >= 48 {
			taken := true
			for _, b := range src[r : r+16] {
				if cp := tb.utf16[b]; cp == 0xFFFD || cp >= 0x800 {
					taken = false
				}
			}
			if taken {
				t.Fatalf("%s: stopped at %d before a step it takes", where, r)
			}
			stops++
		}
		read += r
	})
	if read < 10000 || stops == 0 {
		t.Fatalf("the kernel read %d bytes and stopped at a step %d times: the test sees too little", read, stops)
	}
}

// TestSingleByteToUTF16NEON: the NEON decoder to UTF-16 alone, for every
// single-byte encoding: each code unit as the decoder's table has it, a
// stop exactly at the first 16-byte step with a byte that has no code
// point, and nothing written past what it returns.
func TestSingleByteToUTF16NEON(t *testing.T) {
	if !hasNEONKernels() {
		t.Skip("skipping: no NEON here")
	}
	kernel := singleByteToUTF16NEON // a stub that panics where there is no NEON
	rng := rand.New(rand.NewSource(16))
	read, stops := 0, 0
	forRandomUpperHalf(rng, func(e *Encoding, tb *singleByteTables, src []byte) {
		want := len(src) / 16 * 16
		for i := 0; i < want; i++ {
			if tb.utf16[src[i]] == 0xFFFD {
				want = i / 16 * 16
				stops++
				break
			}
		}
		dst := make([]uint16, len(src)+8)
		for i := range dst {
			dst[i] = guard
		}
		got := kernel(&dst[0], &src[0], len(src), &tb.wide)
		if got != want {
			t.Fatalf("%s: % x: decoded %d bytes, want %d", e.Name(), src, got, want)
		}
		for i := 0; i < got; i++ {
			if dst[i] != tb.utf16[src[i]] {
				t.Fatalf("%s: % x: unit %d is %#x, want %#x", e.Name(), src, i, dst[i], tb.utf16[src[i]])
			}
		}
		for i := got; i < len(dst); i++ {
			if dst[i] != guard {
				t.Fatalf("%s: % x: wrote %#x at %d, past the %d units decoded", e.Name(), src, dst[i], i, got)
			}
		}
		read += got
	})
	if read == 0 || stops == 0 {
		t.Fatalf("the kernel decoded %d bytes and stopped %d times: the test sees too little", read, stops)
	}
}

// The kernels for UTF-16 input alone (AVX-512, and AVX2, which takes whole
// steps of 32 units only), for every single-byte encoding: exactly the
// reference's bytes for the units they read, nothing written past them,
// and they stop only before a unit (the AVX2 one: a step) they cannot
// take.
func TestEncodeBlocksFromUTF16Vector(t *testing.T) {
	needReference(t)
	kernels := []struct {
		name  string
		have  bool
		whole bool // stops at the start of the step it cannot take
		run   func(dst []byte, units []uint16, tables *singleByteTables) int
	}{
		{"AVX-512", hasAVX512Kernels(), false, func(dst []byte, units []uint16, tables *singleByteTables) int {
			return encodeBlocksFromUTF16AVX512(&dst[0], &units[0], len(units), tables.blocks)
		}},
		{"AVX2", hasAVX2Kernels(), true, func(dst []byte, units []uint16, tables *singleByteTables) int {
			return encodeBlocksFromUTF16AVX2(&dst[0], &units[0], len(units), tables.blocks256)
		}},
	}
	for _, kernel := range kernels {
		t.Run(kernel.name, func(t *testing.T) {
			if !kernel.have {
				t.Skipf("skipping: no %s here", kernel.name)
			}
			rng := rand.New(rand.NewSource(41))
			// Units read, and calls that stopped before a unit, so
			// that the test cannot pass on a kernel that takes nothing
			// or never stops.
			read, inside := 0, 0
			for _, e := range Encodings() {
				if !e.IsSingleByte() {
					continue
				}
				e.sbTables.twoByteTable(e.sbIndex)
				b := e.sbTables.blocks
				for k := 0; k < 400; k++ {
					units := utf16.Encode([]rune(string(randomBlocksText(rng, b, 32+rng.Intn(300)))))
					if k%2 == 0 {
						// Only what the kernel takes, for whole steps.
						for i, u := range units {
							if u >= 0x80 && !blocksTakeUnit(b, u) {
								units[i] = 'x'
							}
						}
					}
					if k%4 == 0 && len(units) > 40 {
						units[rng.Intn(len(units))] = 0xD800 + uint16(rng.Intn(0x800)) // a lone surrogate
					}
					buf := guardedBytes(len(units) + 64)
					r := kernel.run(buf, units, e.sbTables)
					if r > len(units) || kernel.whole && r%32 != 0 {
						t.Fatalf("%s %04x: read %d", e, units, r)
					}
					want, _, _, ok := reference.Encode(e.Name(), utf16.Decode(units[:r]), reference.EncodeFatal)
					if !ok || string(buf[:r]) != string(want) {
						t.Fatalf("%s %04x: read %d, wrote % x, want % x (ok %v)", e, units, r, buf[:r], want, ok)
					}
					for i := r; i < len(buf); i++ {
						if buf[i] != guard {
							t.Fatalf("%s %04x: wrote at %d, past the %d units it read", e, units, i, r)
						}
					}
					read += r
					if len(units)-r >= 32 {
						step := units[r : r+1]
						if kernel.whole {
							step = units[r : r+32]
						}
						if !slices.ContainsFunc(step, func(u uint16) bool { return u >= 0x80 && !blocksTakeUnit(b, u) }) {
							t.Fatalf("%s %04x: stopped at %d, before %04x, which it takes", e, units, r, step)
						}
						inside++
					}
				}
			}
			t.Logf("%d units read, %d calls stopped before a unit", read, inside)
			if read < 300000 || inside < 3000 {
				t.Fatalf("the kernel read %d units and stopped %d times: too few for the test to mean much", read, inside)
			}
		})
	}
}

// blocksTakeUnit reports whether the encodeBlocksFromUTF16 kernels take the
// unit u of 0x80 and above: one of b's blocks has it, and maps it.
func blocksTakeUnit(b *singleByteBlocks, u uint16) bool {
	switch u >> 7 {
	case b.ids[0]:
		return b.two[u&0x7F] != 0
	case b.ids[1]:
		return b.twoB[u&0x7F] != 0
	case b.ids[2]:
		return b.three[u&0x7F] != 0
	}
	return false
}

// singleByteWordsToUTF16 (the single-byte decoders' scalar step of eight
// bytes) alone, against each byte's code point in every single-byte table:
// what it decodes is each byte's code point, none unmapped; it writes
// nothing past the room; and it stops only where it must (fewer than eight
// bytes or units of room left, or an unmapped byte in the next eight), on
// runs of ASCII and of the upper half. The input ends where an unreadable
// page begins: a read past it faults.
func TestSingleByteWordsToUTF16(t *testing.T) {
	kernelModes(t, func(t *testing.T) {
		page := bytesAtPageEnd(t, make([]byte, 256))
		for _, e := range Encodings() {
			if !e.IsSingleByte() && e != XUserDefined {
				continue
			}
			table := &e.sbTables.utf16
			rng := rand.New(rand.NewSource(int64(e.ID())))
			for k := 0; k < 500; k++ {
				n := rng.Intn(200)
				src := page[len(page)-n:]
				for i := 0; i < n; {
					high := rng.Intn(2) == 0
					for run := 1 + rng.Intn(30); run > 0 && i < n; run-- {
						if high {
							src[i] = byte(0x80 + rng.Intn(0x80))
						} else {
							src[i] = byte(rng.Intn(0x80))
						}
						i++
					}
				}
				room := n + rng.Intn(3)
				if rng.Intn(4) == 0 {
					room = rng.Intn(n + 1)
				}
				dst := make([]uint16, room+16)
				for i := range dst {
					dst[i] = guard
				}
				got := singleByteWordsToUTF16(dst[:room], src, table)
				for i := 0; i < got; i++ {
					if dst[i] != table[src[i]] || dst[i] == 0xFFFD {
						t.Fatalf("%s #%d: byte %d (%#x) decoded as %#x, want %#x", e.Name(), k, i, src[i], dst[i], table[src[i]])
					}
				}
				for i := room; i < len(dst); i++ {
					if dst[i] != guard {
						t.Fatalf("%s #%d: wrote %#x at %d, past the room %d", e.Name(), k, dst[i], i, room)
					}
				}
				if min(n, room)-got >= 8 && !slices.ContainsFunc(src[got:got+8], func(b byte) bool { return table[b] == 0xFFFD }) {
					t.Fatalf("%s #%d: stopped after %d bytes at %x, which it takes", e.Name(), k, got, src[got:got+8])
				}
			}
		}
	})
}
