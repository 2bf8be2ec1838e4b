package codec

import (
	"math/rand"
	"strings"
	"testing"
	"unsafe"
)

// markupText returns about n bytes that alternate ASCII runs (markup) and
// runs of text in the scripts given, as pages do; asciiShare runs of 100
// are ASCII. Where four is set, an emoji now and then.
func markupText(rng *rand.Rand, n, asciiShare int, scripts []string, four bool) []byte {
	const markup = `<a href="/wiki/x" class="mw-link">`
	var b strings.Builder
	for b.Len() < n {
		if rng.Intn(100) < asciiShare {
			for k := 1 + rng.Intn(200); k > 0; k-- {
				b.WriteByte(markup[rng.Intn(len(markup))])
			}
			continue
		}
		script := []rune(scripts[rng.Intn(len(scripts))])
		for k := 1 + rng.Intn(80); k > 0; k-- {
			if four && rng.Intn(60) == 0 {
				b.WriteRune(0x1F600 + rune(rng.Intn(64)))
			}
			b.WriteRune(script[rng.Intn(len(script))])
		}
	}
	return []byte(b.String())
}

var windowScripts = []string{
	"éèàüößçñ", "привет мир", "日本語のテキスト", "한국어", "ภาษาไทย", "中文文本", "ελληνικά",
}

// windowTextAt returns text as markupText does, n bytes of it from
// offset off of a 64-byte boundary of memory: the windows start at such
// boundaries, and so the positions the tests aim at.
func windowTextAt(rng *rand.Rand, n, off, asciiShare int, four bool) []byte {
	text := markupText(rng, n+64, asciiShare, windowScripts[:1+rng.Intn(len(windowScripts))], four)
	return alignedAt(text[:n], off)
}

// alignedAt returns a copy of text that starts off bytes past a 64-byte
// boundary of memory.
func alignedAt(text []byte, off int) []byte {
	buf := make([]byte, len(text)+128)
	at := off + int(-uintptr(unsafe.Pointer(&buf[0]))&63)
	p := buf[at : at+len(text)]
	copy(p, text)
	return p
}

// TestUTF8Windows: the AVX-512 validator's windows (utf8ValidInWindows) on
// long markup and text with errors where they matter to it: the bytes
// around the 64-byte boundaries where its blocks start, so around the
// ends of text runs before ASCII blocks (an unfinished sequence there is
// what the ASCII block's check looks for) and around the starts of
// windows; and anywhere. Errors of every kind: stray continuation bytes,
// leads without them, bytes never valid, overlong and surrogate forms;
// and four-byte sequences, which the windows give to the blocks'
// validator. Checked against the scalar validator in every kernel mode
// (AVX-512's with Intel's tuning, which has the windows, and without).
func TestUTF8Windows(t *testing.T) {
	utf8KernelModes(t, testUTF8Windows)
}

func testUTF8Windows(t *testing.T) {
	rng := rand.New(rand.NewSource(41))
	bad := []byte{0x80, 0xBF, 0xC0, 0xC3, 0xDF, 0xE0, 0xE3, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 'a', '<'}
	iterations := 600
	if testing.Short() {
		iterations = 60
	}
	for iter := 0; iter < iterations; iter++ {
		n := 2*utf8WindowSize + rng.Intn(3*utf8WindowSize)
		p := windowTextAt(rng, n, rng.Intn(64), []int{30, 60, 90}[iter%3], iter%4 == 0)
		if iter%5 == 0 {
			// Markup with a window of text now and then, which the
			// windows leave to the blocks' validator for a while.
			var text []byte
			for len(text) < 12*utf8WindowSize {
				share := 97
				if rng.Intn(5) == 0 {
					share = 5
				}
				text = append(text, markupText(rng, utf8WindowSize, share, windowScripts, iter%4 == 0)...)
			}
			n = len(text)
			p = alignedAt(text, rng.Intn(64))
		}
		base := uintptr(unsafe.Pointer(&p[0]))
		for k := rng.Intn(4); k > 0; k-- {
			var pos int
			if rng.Intn(3) > 0 {
				// Within 3 bytes of a 64-byte boundary of memory.
				boundary := 64*(1+rng.Intn(n/64-1)) - int(base&63)
				pos = boundary - 3 + rng.Intn(6)
			} else {
				pos = rng.Intn(n)
			}
			if pos >= 0 && pos < n {
				p[pos] = bad[rng.Intn(len(bad))]
			}
		}
		if iter%2 == 1 {
			cutBeforeASCII(rng, p)
		}
		want := validPrefixOracle(p)
		if got := utf8ValidPrefix(p); got != want {
			t.Fatalf("iteration %d (%d bytes, %s, Intel tuning %v): utf8ValidPrefix = %d, want %d; around it % x",
				iter, n, Kernels(), utf8IntelTuningOn(), got, want, p[max(0, min(got, want)-8):min(n, max(got, want)+8)])
		}
		dst := make([]byte, n)
		if got := utf8CopyValidPrefix(dst, p); got != want || string(dst[:want]) != string(p[:want]) {
			t.Fatalf("iteration %d (%s, Intel tuning %v): utf8CopyValidPrefix = %d, want %d, or the copy differs", iter, Kernels(), utf8IntelTuningOn(), got, want)
		}
	}
}

// TestUTF8WindowsReach: on valid text without four-byte sequences the
// windows' kernel vouches for every window it takes (a kernel that sees
// errors where there are none would pass the test above, its windows
// going to utf8ValidBlocksAVX512): each whole window from the start, up
// to the end of the first one in which fewer than half the blocks are
// ASCII (then text is set); and utf8ValidInWindows vouches for all of it,
// at any alignment. And what the kernel vouches for has no error, with
// errors put anywhere after the start.
func TestUTF8WindowsReach(t *testing.T) {
	if !hasAVX512Kernels() {
		t.Skip("skipping: no AVX-512 here")
	}
	rng := rand.New(rand.NewSource(43))
	iterations := 400
	if testing.Short() {
		iterations = 40
	}
	texts := 0 // iterations that met a window mostly of text
	for iter := 0; iter < iterations; iter++ {
		n := 2*utf8WindowSize + rng.Intn(3*utf8WindowSize)
		p := windowTextAt(rng, n, 0, []int{99, 95, 90, 20}[iter%4], false)
		from := 64*(1+rng.Intn(3)) - int(uintptr(unsafe.Pointer(&p[0]))&63) // a 64-byte boundary of memory
		wantStop, wantText := from, false
		for ; wantStop+utf8WindowSize <= n && !wantText; wantStop += utf8WindowSize {
			ascii := 0
			for b := wantStop; b < wantStop+utf8WindowSize; b += 64 {
				if asciiPrefix(p[b:b+64]) == 64 {
					ascii++
				}
			}
			wantText = ascii < 32
		}
		if wantText {
			texts++
		}
		// All of it through utf8ValidInWindows, which hands over to
		// utf8ValidBlocksAVX512 and back: no error (but for a sequence
		// the end may cut), so it vouches for every byte before that
		// (where it stops short, utf8ValidPrefix is right but slow: the
		// scalar code takes the rest).
		q := alignedAt(p, iter%64)
		if got, want := utf8ValidInWindows(q), validPrefixOracle(q); got < want {
			t.Fatalf("iteration %d: utf8ValidInWindows on valid text %d bytes past a 64-byte boundary returned %d of %d", iter, iter%64, got, want)
		}
		if stop, text := utf8WindowsAVX512(&p[0], from, n); stop != wantStop || text != wantText {
			t.Fatalf("iteration %d: windows from %d of %d bytes stopped at %d (text %v), want %d (%v)", iter, from, n, stop, text, wantStop, wantText)
		}
		// Errors after from: what the kernel vouches for is a valid
		// prefix (a sequence the end of its last window cuts may be
		// unfinished).
		for k := 1 + rng.Intn(3); k > 0; k-- {
			p[from+rng.Intn(n-from)] = byte(0x80 + rng.Intn(128))
		}
		stop, _ := utf8WindowsAVX512(&p[0], from, n)
		if v := validPrefixOracle(p[:stop]); v < stop {
			if c, _ := utf8Next(p[v:stop]); c != utf8Incomplete {
				t.Fatalf("iteration %d: vouched for %d bytes, an error at %d", iter, stop, v)
			}
		}
	}
	if texts == 0 || texts == iterations {
		t.Fatalf("%d of %d iterations met a window mostly of text: the test misses a case", texts, iterations)
	}
}

// cutBeforeASCII makes a block of p that starts at a 64-byte boundary of
// memory ASCII, and ends the bytes before it with a sequence cut short:
// an error that only the look at the three bytes before an ASCII block
// after text sees. The block is one where a window starts (see
// utf8ValidInWindows) or any.
func cutBeforeASCII(rng *rand.Rand, p []byte) {
	cuts := [][]byte{{0xC3}, {0xE3}, {0xE3, 0x81}, {0xF0}, {0xF0, 0x9F}, {0xF0, 0x9F, 0x98}, {0xED, 0x9F}, {0xF4, 0x8F, 0xBF}}
	first := utf8FirstWindow(p)
	b := first + utf8WindowSize*rng.Intn((len(p)-first)/utf8WindowSize)
	if rng.Intn(2) == 0 {
		b = first + 64*rng.Intn((len(p)-first)/64)
	}
	for i := b; i < b+64 && i < len(p); i++ {
		p[i] = 'a'
	}
	cut := cuts[rng.Intn(len(cuts))]
	copy(p[b-len(cut):], cut)
}
