package codec

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// The vector converter from valid UTF-8 to UTF-16 against unicode/utf16,
// on text in runs of characters of one to four bytes (the shapes its steps
// sort), with the converter and without.

// randomUTF8Runs returns about n bytes of valid UTF-8 in runs of characters
// of one length, or mixed (with four-byte characters or without), ending at
// a character boundary.
func randomUTF8Runs(rng *rand.Rand, n int) []rune {
	ranges := [][2]rune{{0, 0x7F}, {0x80, 0x7FF}, {0x800, 0xD7FF}, {0xE000, 0xFFFF}, {0x10000, 0x10FFFF}}
	var text []rune
	size := 0
	for size < n {
		kind, run := rng.Intn(len(ranges)+2), 1+rng.Intn(30)
		for k := 0; k < run && size < n; k++ {
			r := ranges[kind%len(ranges)]
			switch kind - len(ranges) {
			case 0:
				r = ranges[rng.Intn(len(ranges)-1)] // mixed, no four-byte characters
			case 1:
				r = ranges[rng.Intn(len(ranges))] // mixed: emoji between words
			}
			c := r[0] + rune(rng.Intn(int(r[1]-r[0]+1)))
			text = append(text, c)
			size += len(string(c))
		}
	}
	return text
}

func TestUTF8ToUTF16Vector(t *testing.T) {
	if !hasAVX2Kernels() {
		t.Skip("skipping: no AVX2 here")
	}
	kernelModes(t, func(t *testing.T) {
		if useAVX2 {
			testUTF8ToUTF16Vector(t)
		}
	})
}

func testUTF8ToUTF16Vector(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	for k := 0; k < 20000; k++ {
		text := randomUTF8Runs(rng, rng.Intn(400))
		src := []byte(string(text))
		want := utf16.Encode(text)
		buf := make([]uint16, len(src)+32)
		for i := range buf {
			buf[i] = guard
		}
		read, written := utf8ToUTF16Vector(buf[:len(src)], src)
		where := fmt.Sprintf("#%d % x", k, src)
		checkUTF16Prefix(t, where, src, buf, read, written)
		// It stopped with fewer than 48 bytes left.
		if len(src)-read >= 48 {
			t.Fatalf("%s: stopped at %d with %d bytes left", where, read, len(src)-read)
		}
		// The whole conversion, with the converter and without.
		for _, on := range []bool{false, true} {
			saved := useAVX2
			setAVX2(on)
			out := make([]uint16, len(src))
			n := validUTF8ToUTF16(out, src)
			setAVX2(saved)
			if string(utf16.Decode(out[:n])) != string(utf16.Decode(want)) || n != len(want) {
				t.Fatalf("%s: validUTF8ToUTF16 (avx2=%v) = %04x, want %04x", where, on, out[:n], want)
			}
		}
	}
}

// checkUTF16Prefix checks a converter's call on src: it read up to a
// character's start, wrote that prefix's UTF-16 into buf, and nothing in
// buf past len(src) (which holds guard).
func checkUTF16Prefix(t *testing.T, where string, src []byte, buf []uint16, read, written int) {
	t.Helper()
	if read > len(src) || (read < len(src) && src[read]&0xC0 == 0x80) {
		t.Fatalf("%s: read %d, not at a character", where, read)
	}
	prefix := utf16.Encode([]rune(string(src[:read])))
	if written != len(prefix) || string(utf16.Decode(buf[:written])) != string(utf16.Decode(prefix)) {
		t.Fatalf("%s: read %d, wrote %04x, want %04x", where, read, buf[:written], prefix)
	}
	for i := len(src); i < len(buf); i++ {
		if buf[i] != guard {
			t.Fatalf("%s: wrote at %d, past its room %d", where, i, len(src))
		}
	}
}

// The AVX-512 kernel alone: it converts the characters, four-byte ones
// too, until fewer than 64 bytes are left, and writes within its room.
func TestUTF8ToUTF16AVX512(t *testing.T) {
	if !hasAVX512Kernels() {
		t.Skip("skipping: no AVX-512 here")
	}
	rng := rand.New(rand.NewSource(29))
	pairs := 0 // four-byte characters it converted
	for k := 0; k < 30000; k++ {
		text := randomUTF8Runs(rng, 64+rng.Intn(600))
		if k%3 == 0 {
			// Long ASCII runs between the others (the widening step).
			text = append([]rune(strings.Repeat("a", rng.Intn(200))), text...)
		}
		src := []byte(string(text))
		buf := make([]uint16, len(src)+32)
		for i := range buf {
			buf[i] = guard
		}
		read, written := utf8ToUTF16AVX512(&buf[0], &src[0], len(src))
		where := fmt.Sprintf("#%d % x", k, src)
		checkUTF16Prefix(t, where, src, buf, read, written)
		if len(src)-read >= 64 {
			t.Fatalf("%s: stopped at %d of %d", where, read, len(src))
		}
		pairs += written - utf8.RuneCount(src[:read])
	}
	if pairs < 10000 {
		t.Fatalf("the kernel converted %d four-byte characters: too few for the test to mean much", pairs)
	}
}

// The vector kernels convert an emoji in the step that reaches it, with
// the characters before it: given one step's bytes of text (64 for
// AVX-512, 48 for AVX2, and up to 6 more) with an emoji after fewer than
// 30 characters (AVX-512) or one to three (AVX2: among a window's first
// four characters), each reads past the emoji. (A kernel whose step ended
// before each emoji, or before each character ahead of one, stops there,
// since the step from there has too few bytes to read.)
func TestUTF8ToUTF16KernelsTakeEmojiInSteps(t *testing.T) {
	if !hasAVX2Kernels() {
		t.Skip("skipping: no AVX2 here")
	}
	rng := rand.New(rand.NewSource(31))
	ranges := [][2]rune{{0x20, 0x7E}, {0x80, 0x7FF}, {0x800, 0xD7FF}, {0x10000, 0x10FFFF}}
	char := func(kinds int) rune {
		r := ranges[rng.Intn(kinds)]
		return r[0] + rune(rng.Intn(int(r[1]-r[0]+1)))
	}
	for _, kernel := range []struct {
		name        string
		step        int
		minBefore   int
		maxBefore   int
		convert     func(dst *uint16, src []byte) (read, written int)
		needsAVX512 bool
	}{
		{"AVX-512", 64, 0, 29, func(dst *uint16, src []byte) (int, int) {
			return utf8ToUTF16AVX512(dst, &src[0], len(src))
		}, true},
		{"AVX2", 48, 1, 3, func(dst *uint16, src []byte) (int, int) {
			return utf8ToUTF16AVX2(dst, &src[0], len(src), utf8Steps())
		}, false},
	} {
		if kernel.needsAVX512 && !hasAVX512Kernels() {
			continue
		}
		for k := 0; k < 5000; k++ {
			var before []rune
			for n := kernel.minBefore + rng.Intn(kernel.maxBefore-kernel.minBefore+1); len(before) < n && len(string(before)) < 52; {
				before = append(before, char(len(ranges)-1))
			}
			text := string(before) + string(rune(0x10000+rng.Intn(0x100000)))
			for len(text) < kernel.step {
				text += string(char(len(ranges)))
			}
			src := []byte(text)
			buf := make([]uint16, len(src)+32)
			for i := range buf {
				buf[i] = guard
			}
			read, written := kernel.convert(&buf[0], src)
			where := fmt.Sprintf("%s #%d % x", kernel.name, k, src)
			checkUTF16Prefix(t, where, src, buf, read, written)
			if end := len(string(before)) + 4; read < end {
				t.Fatalf("%s: read %d, stopping before the emoji that ends at %d", where, read, end)
			}
		}
	}
}

// The AVX-512 kernel reads nothing past src's end, where a page the process
// may not read begins: text of one- and two-byte characters (whose steps
// read the byte after each) of every length from 64 to 200 bytes.
func TestUTF8ToUTF16AVX512GuardPages(t *testing.T) {
	if !hasAVX512Kernels() {
		t.Skip("skipping: no AVX-512 here")
	}
	for _, unit := range []string{"\u00e9a", "\u0439\u0444", "ab\u00e9cd", "\u3042\u00e9"} {
		text := strings.Repeat(unit, 200)
		for n := 64; n <= 200; n++ {
			src := []byte(strings.ToValidUTF8(text[:n], ""))
			if len(src) != n {
				continue // n cuts a character
			}
			guarded := bytesAtPageEnd(t, src)
			buf := make([]uint16, len(src)+8)
			for i := range buf {
				buf[i] = guard
			}
			read, written := utf8ToUTF16AVX512(&buf[0], &guarded[0], len(guarded))
			checkUTF16Prefix(t, fmt.Sprintf("% x at a page's end", src), src, buf, read, written)
		}
	}
}

// The UTF-8 decoder's UTF-16 output against the reference on such text,
// with chunk splits and small output buffers.
func TestUTF8DecoderRuns(t *testing.T) {
	needReference(t)
	kernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(23))
		for k := 0; k < 300; k++ {
			src := []byte(string(randomUTF8Runs(rng, rng.Intn(500))))
			if k%5 == 0 && len(src) > 0 {
				src[rng.Intn(len(src))] = byte(rng.Intn(256)) // and now and then an error
			}
			diffDecode(t, UTF8, src, int64(k))
		}
	})
}

// TestUTF8DecoderHoldsCutSequence: input that ends inside a sequence, into
// an output that its whole sequences fill, is taken whole (the cut bytes
// held: they need no room), and the next call writes the character.
func TestUTF8DecoderHoldsCutSequence(t *testing.T) {
	kernelModes(t, func(t *testing.T) {
		text := []byte(strings.Repeat("\u3042b\u00e9\U0001F600", 400))
		for end := 300; end < len(text)-4; end += 97 {
			for text[end]&0xC0 == 0x80 || text[end] < 0xC0 {
				end++ // the start of a multi-byte character
			}
			size := int(utf8Seqs[text[end]].size)
			for cut := 1; cut < size; cut++ {
				whole, src, rest := text[:end], text[:end+cut], text[end+cut:end+size]
				want := string(text[:end+size])
				for _, wide := range []bool{false, true} {
					d := UTF8.NewDecoder(KeepBOM, Fatal)
					var r, next DecodeResult
					var got string
					if wide {
						out := make([]uint16, len(utf16.Encode([]rune(string(whole)))))
						more := make([]uint16, 2)
						r = d.DecodeToUTF16(src, out, false)
						next = d.DecodeToUTF16(rest, more, false)
						got = string(utf16.Decode(append(out[:r.Written], more[:next.Written]...)))
					} else {
						out := make([]byte, len(whole))
						more := make([]byte, 4)
						r = d.DecodeToUTF8(src, out, false)
						next = d.DecodeToUTF8(rest, more, false)
						got = string(append(out[:r.Written], more[:next.Written]...))
					}
					if r.Status != InputEmpty || r.Read != len(src) {
						t.Fatalf("%d of a %d-byte character at %d (UTF-16 %v): %v after %d of %d bytes, want all taken", cut, size, end, wide, r.Status, r.Read, len(src))
					}
					if next.Status != InputEmpty || got != want {
						t.Fatalf("%d of a %d-byte character at %d (UTF-16 %v): the next call gave %v, the text differs", cut, size, end, wide, next.Status)
					}
				}
			}
		}
	})
}

// utf8to16_amd64.s reads utf8StepTables at fixed offsets.
func TestUTF8StepTablesLayout(t *testing.T) {
	var s utf8StepTables
	if off := unsafe.Offsetof(s.shuffles); off != 8192 {
		t.Fatalf("utf8StepTables.shuffles at %d; the kernel reads 8192", off)
	}
	if off := unsafe.Offsetof(s.wordPacks); off != 10512 {
		t.Fatalf("utf8StepTables.wordPacks at %d; the kernel reads 10512", off)
	}
}

// utf8WordsToUTF16 (the scalar step of eight bytes of sequences of up to
// three bytes) against unicode/utf16: what it writes is the UTF-16 of what
// it reads, which ends at a character; it writes nothing past the room; and
// it stops only where it says (fewer than 10 bytes or 8 units of room left,
// a byte F0..FF in the next eight, or three-byte sequences alone there), on
// runs of each kind and at every room. The input ends where an unreadable
// page begins: a read past it faults.
func TestUTF8WordsToUTF16(t *testing.T) {
	kernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(29))
		page := bytesAtPageEnd(t, make([]byte, 256))
		for k := 0; k < 20000; k++ {
			text := []byte(string(randomUTF8Runs(rng, rng.Intn(120))))
			src := page[len(page)-len(text):]
			copy(src, text)
			room := len(src) + rng.Intn(3)
			if rng.Intn(4) == 0 {
				room = rng.Intn(len(src) + 1)
			}
			dst := make([]uint16, room+16)
			for i := range dst {
				dst[i] = guard
			}
			read, written := utf8WordsToUTF16(dst[:room], src)
			where := fmt.Sprintf("#%d (%d bytes, room %d)", k, len(src), room)
			if read < len(src) && src[read]&0xC0 == 0x80 {
				t.Fatalf("%s: stopped after %d bytes, inside a character", where, read)
			}
			want := utf16.Encode([]rune(string(src[:read])))
			if fmt.Sprint(dst[:written]) != fmt.Sprint(want) {
				t.Fatalf("%s: read %d, wrote %x, want %x", where, read, dst[:written], want)
			}
			for i := room; i < len(dst); i++ {
				if dst[i] != guard {
					t.Fatalf("%s: wrote %#x at %d, past the room", where, dst[i], i)
				}
			}
			if len(src)-read >= 10 && room-written >= 8 {
				step := src[read : read+8]
				four, alone := false, true
				for _, b := range step {
					four = four || b >= 0xF0
					alone = alone && b >= 0x80 && (b < 0xC0 || b >= 0xE0)
				}
				if !four && !alone {
					t.Fatalf("%s: stopped after %d bytes at %x, which it takes", where, read, step)
				}
			}
		}
	})
}
