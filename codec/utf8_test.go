package codec

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// validPrefixOracle is the longest valid UTF-8 prefix by utf8Next, one
// sequence at a time: independent of utf8ValidPrefix's fast paths.
func validPrefixOracle(p []byte) int {
	i := 0
	for i < len(p) {
		r, n := utf8Next(p[i:])
		if r < 0 {
			return i
		}
		i += n
	}
	return i
}

func checkValidPrefix(t *testing.T, p []byte) {
	t.Helper()
	want := validPrefixOracle(p)
	if got := utf8ValidPrefix(p); got != want {
		t.Fatalf("utf8ValidPrefix(% x) = %d, want %d (%s, Intel tuning %v)", p, got, want, Kernels(), utf8IntelTuningOn())
	}
	// The copying form: the same length, the prefix copied, nothing
	// written outside dst[:len(p)]; dst at every distance from p modulo
	// 4 KiB in turn, which walks through the offsets from p's 64-byte
	// alignment (the AVX-512 validator aligns its stores to dst) and puts
	// dst less than 2 KiB past p modulo 4 KiB in every other call (the
	// AVX-512 validator then goes backward where utf8Backward is set, which
	// utf8KernelModes sets in one of its runs on any AVX-512 machine).
	copyCalls++
	d := copyCalls * 67 % 4096
	if len(copyArena) < 64+4096+len(p)+64 {
		copyArena = make([]byte, 64+4096+len(p)+64)
	}
	at := 64 + int((uintptr(unsafe.Pointer(unsafe.SliceData(p)))+uintptr(d)-uintptr(unsafe.Pointer(&copyArena[0]))-64)%4096)
	around := copyArena[at-64 : at+len(p)+64] // the vector code's stores are 64 bytes at most
	for i := range around {
		around[i] = guard
	}
	dst := copyArena[at : at+len(p)]
	if got := utf8CopyValidPrefix(dst, p); got != want || string(dst[:want]) != string(p[:want]) {
		t.Fatalf("utf8CopyValidPrefix(% x) = %d, copied % x; want %d (%s, Intel tuning %v)", p, got, dst[:got], want, Kernels(), utf8IntelTuningOn())
	}
	for i := range around {
		if (i < 64 || i >= 64+len(p)) && around[i] != guard {
			t.Fatalf("utf8CopyValidPrefix(% x) wrote outside dst (%s, Intel tuning %v)", p, Kernels(), utf8IntelTuningOn())
		}
	}
}

// utf8KernelModes is kernelModes with the AVX-512 validator run both ways:
// with the tuning this CPU gets and with the other (utf8PermbChecks and
// utf8Backward: Intel cores' checks and forward loop only, or the others').
func utf8KernelModes(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	kernelModes(t, f)
	if !hasAVX512Kernels() {
		return
	}
	saved2, saved512, savedTuning := useAVX2, useAVX512, utf8IntelTuningOn()
	defer func() { setAVX2(saved2); setAVX512(saved512); setUTF8IntelTuning(savedTuning) }()
	setAVX2(true)
	setAVX512(true)
	setUTF8IntelTuning(!savedTuning)
	t.Run(fmt.Sprintf("avx512=true,intel=%v", !savedTuning), f)
}

// copyArena holds checkValidPrefix's dst, at a chosen distance from p
// modulo 4 KiB, with guard bytes around it.
var copyArena []byte

// copyCalls counts checkValidPrefix's calls, which place dst at offsets
// from p's alignment that it walks through.
var copyCalls int

// TestUTF8ValidPrefixErrorsEverywhere puts every two-byte pattern that
// starts with a non-ASCII byte, and every three-byte one that starts with
// E0, ED, F0 or F4, at positions around the 32-byte block boundaries of the
// vector validator, inside ASCII, inside valid multi-byte text and inside
// two-byte text.
func TestUTF8ValidPrefixErrorsEverywhere(t *testing.T) {
	utf8KernelModes(t, testUTF8ValidPrefixErrorsEverywhere)
}

func testUTF8ValidPrefixErrorsEverywhere(t *testing.T) {
	// 312 bytes: for the AVX2 validator four pairs of blocks, a single
	// block and a scalar tail; for the AVX-512 one four 64-byte blocks
	// and a scalar tail.
	ascii := []byte(strings.Repeat("a", 312))
	multi := []byte(strings.Repeat("\u00e9\u3042\U0001F600x\u4e00", 25)[:312]) // cut anywhere: the end may be unfinished
	// Long ASCII (the kernels' ASCII loops), then multi-byte text from
	// byte 128 on.
	mixed := []byte((strings.Repeat("a", 128) + strings.Repeat("\u3042\u00e9\u4e00", 30))[:312])
	// Two-byte text (the AVX-512 validator's shape check), with a
	// three-byte character now and then.
	twoByte := []byte(strings.Repeat("\u0439\u00e9 x\u0444\u0431\u0430,\u0444\u0431\u2013 ", 16)[:312])
	// Two-byte text, then ASCII from byte 192, where the AVX-512
	// validator's second pair of blocks ends: a sequence that a pair's end
	// cuts, followed by ASCII, is an error the ASCII loop must not skip.
	twoThenASCII := []byte(strings.Repeat("\u00e9", 96) + strings.Repeat("a", 120))
	positions := []int{0, 1, 30, 31, 32, 33, 62, 63, 64, 65, 95, 96, 127, 128, 129, 159, 160, 190, 191, 192, 255, 256, 257, 287, 288, 309}
	for _, base := range [][]byte{ascii, multi, mixed, twoByte, twoThenASCII} {
		for b0 := 0x80; b0 < 0x100; b0++ {
			for b1 := 0; b1 < 0x100; b1++ {
				for _, pos := range positions {
					p := append([]byte{}, base...)
					p[pos] = byte(b0)
					if pos+1 < len(p) {
						p[pos+1] = byte(b1)
					}
					checkValidPrefix(t, p)
				}
			}
		}
		for _, b0 := range []byte{0xE0, 0xE3, 0xED, 0xF0, 0xF1, 0xF4} {
			for b1 := 0x80; b1 < 0xC0; b1++ {
				for _, b2 := range []byte{'a', 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xE3, 0xFF} {
					for _, pos := range positions {
						p := append([]byte{}, base...)
						copy(p[pos:], []byte{b0, byte(b1), b2})
						checkValidPrefix(t, p)
					}
				}
			}
		}
	}
}

// TestUTF8ValidPrefixTwoByteText puts sequences cut short, stray
// continuation bytes and long sequences at every position of two-byte text
// (where the AVX-512 validator checks only the shape of each block, given
// how the block before ends, and from its fourth pair on only the byte
// before each byte), followed by ASCII or by more text; and from the
// fourth pair on, each lead byte followed by none to three continuation
// bytes.
func TestUTF8ValidPrefixTwoByteText(t *testing.T) {
	checkDamagedText(t, strings.Repeat("\u0439\u00e9\u0444\u0431\u0430\u0444", 60)[:720])
}

// TestUTF8ValidPrefixThreeByteText does the same in Japanese text, where
// the AVX-512 validator's fast check hides an error after a lead whose
// lead two back is E0..FF (see UTF8_FAST512): also runs of leads.
func TestUTF8ValidPrefixThreeByteText(t *testing.T) {
	checkDamagedText(t, strings.Repeat("\u3042\u65e5\u672c\u8a9e", 60)[:720])
}

// TestUTF8ValidPrefixBadLeadBeforeThreeByteText puts a lead that can
// begin no sequence (C0, C1, F5..FF), or one cut short, after a space at
// every position of two-byte text, with Japanese text after it: where the
// AVX-512 validator's two-byte check has the pair with the lead and the
// fast check the pair after it, as FAST_LEADS_PAIR512 relies on, one of
// them must see it (FF reads as ASCII to the fast check when it is the
// byte before a pair).
func TestUTF8ValidPrefixBadLeadBeforeThreeByteText(t *testing.T) {
	utf8KernelModes(t, func(t *testing.T) {
		two := strings.Repeat("\u0439\u00e9 \u0444\u0431\u0430 ", 100)
		three := strings.Repeat("\u3042\u65e5\u672c\u8a9e", 50)
		for n := 200; n < 1000; n++ {
			head := []byte(two[:n])
			if head[n-1]&0xC0 == 0xC0 {
				head = head[:n-1]
			}
			for _, lead := range []byte{0xC0, 0xC1, 0xC3, 0xE3, 0xF0, 0xF5, 0xFE, 0xFF} {
				p := append(append(append([]byte{}, head...), ' ', lead), three...)
				checkValidPrefix(t, p)
			}
		}
	})
}

// TestUTF8ValidPrefixFourByteText does the same in text of emoji with
// letters between (where the portable validator's word steps check the
// leads of four bytes), with more damage to them: overlong forms, values
// above U+10FFFF, leads F5..FF, sequences cut or one byte too long.
func TestUTF8ValidPrefixFourByteText(t *testing.T) {
	base := strings.Repeat("\U0001F600\U0001F44D\U0001F3FDa\U00010348\u00e9\U0010FFFF\U00020000\u3042", 30)[:720]
	checkDamagedText(t, base, "\xf0\x8f\xbf\xbf", "\xf0\x80\x80\x80", "\xf4\x8f\xbf\xbf", "\xf4\xa0\x80\x80",
		"\xf5\x80\x80\x80", "\xf7\xbf\xbf\xbf", "\xf8\x88\x80\x80", "\xff", "\xf0\x9f", "\xf0",
		"\xf0\x9f\x98\x80\x80", "\xf1\x80\x80\xc3\xa9", "\xf3\xbf\xbf\xbf")
}

// checkDamagedText is the tests above for the text base (720 bytes), with
// the damage they share and more.
func checkDamagedText(t *testing.T, base string, more ...string) {
	utf8KernelModes(t, func(t *testing.T) {
		damage := append(more, "\xe3\x80a\x80", "\xe3\x80a", "\xe3a\x80", "\xe3\x80", "\xc3a", "\xc3", "\x80", "\xc0\x80", "\xc1\xbf",
			"\xc3\xc3", "\xe3\x80\x80", "\xf0\x9f\x98a", "\xf0\x9f\x98\x80", "\xf0\x9fa\x80", "\xf4\x90\x80\x80", "\xed\xa0\x80", "a\x80\x80", "\xdf\xbf",
			"\xe3\xe3", "\xe3\xe3\xe3", "\xe3\xe3\x81", "\xe3\xc3\x81", "\xe3\xe3\xe3\xe3\x81\x81")
		var leads []string
		for b := 0xC0; b <= 0xFF; b++ {
			for n := 0; n <= 3; n++ {
				leads = append(leads, string([]byte{byte(b)})+strings.Repeat("\xa0", n))
			}
		}
		for pos := 0; pos < len(base)-6; pos++ {
			damage := damage
			if pos >= 448 {
				damage = append(damage[:len(damage):len(damage)], leads...)
			}
			for _, d := range damage {
				for _, after := range []string{"", "a"} {
					p := []byte(base)
					copy(p[pos:], d+after)
					checkValidPrefix(t, p)
					q := append([]byte("b"), p...) // the other parity
					checkValidPrefix(t, q[:len(p)])
				}
			}
		}
	})
}

// TestUTF8ValidPrefixAligned puts damage, and four-byte sequences whole
// or damaged, at every position of three-byte text and of ASCII that start
// at every offset from a 64-byte boundary. The AVX-512 validator's fast
// check of a pair of blocks has its own tables, and does not look three
// bytes back: it sends a pair with a byte F0..FF in it to the full check,
// and the pair after one that ends with such a byte in its last two or
// three bytes (or after the first block, whose end falls anywhere). Where
// a pair starts is fixed by the alignment, so the test sets it rather than
// leave it to the allocator.
func TestUTF8ValidPrefixAligned(t *testing.T) {
	utf8KernelModes(t, func(t *testing.T) {
		// 330 bytes: the AVX-512 validator takes 256 or more.
		cjk := []byte(strings.Repeat("\u3042\u4e00\u30a2", 37)[:330])
		ascii := []byte(strings.Repeat("abcdefghij", 33))
		damage := []string{"\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf", "\xf0\x9f\x98a", "\xf0\x9f\x98", "\xf0\x9fa", "\xf0a", "\xf1\x80\x80\xe3",
			"\xf4\x90\x80\x80", "\xf0\x8f\xbf\xbf", "\xf5\x80\x80\x80", "\xf0\x9f\x98\x80\x80",
			"\xe0\x80\x80", "\xe0\x9f\xbf", "\xe0\xa0\x80", "\xed\xa0\x80", "\xed\x9f\xbf", "\xc0\x80", "\xc1\xbf", "\xc2\x80",
			"\x80", "\xbf\xbf", "\xe3\x80a", "\xe3a", "\xe3\x80\x80\x80", "\xc3\xa9\x80", "\xff", "\xc3"}
		buf := make([]byte, len(cjk)+128)
		for _, base := range [][]byte{cjk, ascii} {
			for align := 0; align < 64; align++ {
				start := (64-int(uintptr(unsafe.Pointer(&buf[0]))%64))%64 + align
				for pos := 0; pos < len(base)-5; pos++ {
					for _, d := range damage {
						p := buf[start : start+len(base)]
						copy(p, base)
						copy(p[pos:], d)
						checkValidPrefix(t, p)
					}
				}
			}
		}
	})
}

// TestUTF8ValidPrefixBlockKinds: text whose 64-byte blocks (of memory:
// where the AVX-512 validator's steps start, after the first) are each
// ASCII, Japanese or Cyrillic in random orders over 13 blocks, with damage
// anywhere or at a block's end (a sequence cut there). The validators skip
// the check of a step that is ASCII after an ASCII block, and leave their
// ASCII loops at the first other block, for the fast or the two-byte
// check, a pair at a time or (AVX2) a turn of four; which steps are
// skipped and which loop takes a pair depends on the order of the kinds,
// which the tests above, on shorter text or text of one kind, do not
// vary.
func TestUTF8ValidPrefixBlockKinds(t *testing.T) {
	utf8KernelModes(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(13))
		const blocks = 13
		buf := make([]byte, 64*blocks+64)
		base := (64 - int(uintptr(unsafe.Pointer(&buf[0]))%64)) % 64
		ascii := strings.Repeat("x", 64)
		cjk := strings.Repeat("\u3042", 21) + "x"
		cyrillic := strings.Repeat("\u0439", 32) // the two-byte check's text
		damage := []string{"\x80", "\xc3", "\xe3\x81", "\xe3a", "\xed\xa0\x80", "\xf0\x9f\x98\x80", "\xff"}
		for iter := 0; iter < 20000; iter++ {
			text := buf[base : base+64*blocks]
			for b := 0; b < blocks; b++ {
				kind := []string{ascii, ascii, cjk, cyrillic}[rng.Intn(4)]
				copy(text[64*b:], kind)
			}
			d := damage[rng.Intn(len(damage))]
			pos := rng.Intn(len(text) - len(d))
			if rng.Intn(2) == 0 {
				pos = 64*(1+rng.Intn(blocks-1)) - len(d) // cut by the block's end
			}
			copy(text[pos:], d)
			checkValidPrefix(t, text[rng.Intn(64):])
		}
	})
}

// TestUTF8ValidPrefixCutBeforeTail: Japanese text of every length in
// whole 64-byte blocks from 256 to 4096 bytes, at every 16th offset from a
// 64-byte boundary, ending in a sequence cut short, then an ASCII tail of
// fewer than 64 to more than 128 bytes. Where the text ends, the AVX-512
// validator leaves its loops, whose steps test the pair for ASCII or not
// (fastPair512: every other pair on Intel cores), for a last pair or a
// last block, which it copies unchecked if that block and the pair before
// are ASCII: the pair before must never pass for ASCII there. (Where the
// loop of the fast check is in its turn depends on how long it has been
// running, hence the lengths: up to 1280 bytes missed a mutant that took
// each untested pair for ASCII; up to 4096 found it.)
func TestUTF8ValidPrefixCutBeforeTail(t *testing.T) {
	utf8KernelModes(t, func(t *testing.T) {
		buf := make([]byte, 63+48+4096+191) // base, align, n and tail at their largest
		base := (64 - int(uintptr(unsafe.Pointer(&buf[0]))%64)) % 64
		for _, cut := range []string{"\xe3", "\xe3\x81", "\xc3", "\xf0\x9f\x98"} {
			for n := 256; n <= 4096; n += 64 {
				k := n - len(cut)
				text := strings.Repeat("\u3042", k/3) + strings.Repeat("x", k%3) + cut
				for _, tail := range []int{63, 64, 65, 100, 127, 128, 129, 191} {
					for align := 0; align < 64; align += 16 {
						p := buf[base+align : base+align+n+tail]
						copy(p, text)
						copy(p[n:], strings.Repeat("a", tail))
						checkValidPrefix(t, p)
					}
				}
			}
		}
	})
}

// TestUTF8WordStepsTakeValidText: the portable validator's word steps
// take valid text to its end: every scalar value in order, so that each
// lead meets each second byte it allows, at each offset in a step. (Where
// a step does not pass, the sequence-at-a-time loop takes the rest and
// gives the same prefix, so only this test sees steps that refuse valid
// bytes.)
func TestUTF8WordStepsTakeValidText(t *testing.T) {
	var text []byte
	for c := rune(0); c <= unicode.MaxRune; c++ {
		if c < 0xD800 || c > 0xDFFF {
			text = utf8.AppendRune(text, c)
		}
	}
	for shift := 0; shift < 8; shift++ {
		p := append([]byte("abcdefg")[:shift], text...)
		if k, _ := utf8AllWordSteps(p, 0); k+9 <= len(p) {
			t.Fatalf("shifted by %d: utf8AllWordSteps stopped at %d of %d, before % x", shift, k, len(p), p[k:k+9])
		}
	}
}

// TestUTF8ValidPrefixRandom mixes valid text of every sequence length with
// random damage: a changed, deleted or inserted byte, a cut end.
func TestUTF8ValidPrefixRandom(t *testing.T) {
	utf8KernelModes(t, testUTF8ValidPrefixRandom)
}

func testUTF8ValidPrefixRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	chars := []string{"a", " ", "\u00e9", "\u0439", "\u3042", "\u4e00", "\uffff", "\U0001F600", "\U0010FFFF", "\u07ff", "\u0800"}
	for iter := 0; iter < 20000; iter++ {
		var p []byte
		for n := rng.Intn(700); len(p) < n; {
			p = append(p, chars[rng.Intn(len(chars))]...)
		}
		switch k := rng.Intn(5); {
		case k == 0 && len(p) > 0:
			p[rng.Intn(len(p))] = byte(rng.Intn(256))
		case k == 1 && len(p) > 0:
			j := rng.Intn(len(p))
			p = append(p[:j], p[j+1:]...)
		case k == 2:
			j := rng.Intn(len(p) + 1)
			p = append(p[:j], append([]byte{0x80 + byte(rng.Intn(0x40))}, p[j:]...)...)
		case k == 3 && len(p) > 0:
			p = p[:rng.Intn(len(p))]
		}
		off := rng.Intn(32) // every alignment
		buf := append(make([]byte, off), p...)
		checkValidPrefix(t, buf[off:])
	}
}

// validBlocksReach is how much of n bytes of valid text at p a vector
// validator with blocks of the given size vouches for: for AVX2, whole
// blocks after the first pair, from where validBlocksStart says; all of
// it for AVX-512, whose last block ends at n (overlapping the one
// before), once there are 3 bytes before that block to load.
func validBlocksReach(block int, p *byte, n int) int {
	if block == 64 && n >= 67 {
		return n
	}
	if n < 64 {
		return n / block * block
	}
	at := validBlocksStart(block, p, n)
	return at + (n-at)/block*block
}

// validBlocksStart is where a vector validator's blocks after the first
// (at p) start, for n >= 64 bytes at p: p's first 64-byte boundary at
// least 3 bytes in (the bytes before a block are loaded from p), or the
// one after it where the first is 1 or 2 bytes in (a block at 3 takes
// the bytes up to it); for AVX2, only if a whole pair follows, and else
// 64.
func validBlocksStart(block int, p *byte, n int) int {
	at := int(-uintptr(unsafe.Pointer(p)) & 63)
	if at == 0 {
		return 64
	}
	if at < 3 {
		at += 64
	}
	if block == 32 && at+64 > n || block == 64 && n < 67 {
		return 64
	}
	return at
}

// TestUTF8ValidBlocksAligned: the vector validators' blocks after the
// first start at p's 64-byte boundaries of memory (validBlocksStart), so
// that their loads do not straddle two cache lines: at an error, each
// vouches for the bytes up to the start of the block it is in (a stray
// continuation byte in the place of a lead, an error at its own byte), at
// every alignment of p and every third byte.
func TestUTF8ValidBlocksAligned(t *testing.T) {
	kernels := validBlocksKernels()
	if len(kernels) == 0 {
		t.Skip("skipping: no vector validator here")
	}
	text := []byte(strings.Repeat("\u3042\u4e00\u30a2", 40)[:330])
	for _, k := range kernels {
		if k.name == "NEON" {
			continue // its blocks start at p
		}
		block := 32
		if k.name == "AVX-512" {
			block = 64
		}
		for align := 0; align < 64; align++ {
			p := alignedAt(text, align)
			at := validBlocksStart(block, &p[0], len(p))
			for e := 0; e < len(p)-128; e += 3 { // at a character's lead
				copy(p, text)
				p[e] = 0x80
				want := at + (e-at)/block*block
				if e < 64 {
					want = e / block * block // in the first pair (first block for AVX-512)
				} else if e < 67 && at > 64 {
					want = 64 // in the block at 3
				}
				dst := make([]byte, len(p))
				if got := k.f(&dst[0], &p[0], len(p)); got != want || string(dst[:got]) != string(p[:got]) {
					t.Fatalf("%s with p %d bytes past a 64-byte boundary, an error at %d: %d, want %d", k.name, align, e, got, want)
				}
			}
		}
	}
}

// validBlocksKernel is a vector validator the tests call directly, with
// how much of n bytes of valid text at p it vouches for.
type validBlocksKernel struct {
	name  string
	f     func(dst, p *byte, n int) int
	reach func(p *byte, n int) int
}

// validBlocksKernels returns the vector validators this machine runs.
func validBlocksKernels() []validBlocksKernel {
	var ks []validBlocksKernel
	if hasAVX2Kernels() {
		ks = append(ks, validBlocksKernel{"AVX2", utf8ValidBlocksAVX2, func(p *byte, n int) int { return validBlocksReach(32, p, n) }})
	}
	if hasAVX512Kernels() {
		ks = append(ks, validBlocksKernel{"AVX-512", utf8ValidBlocksAVX512, func(p *byte, n int) int { return validBlocksReach(64, p, n) }})
	}
	if hasNEONKernels() {
		// 64-byte blocks from p, wherever it is.
		ks = append(ks, validBlocksKernel{"NEON", utf8ValidBlocksNEON, func(p *byte, n int) int { return n / 64 * 64 }})
	}
	return ks
}

// TestUTF8ValidBlocksReach: on valid text the vector validators vouch for
// every whole block (a kernel that sees errors where there are none would
// pass the tests above, its blocks going to the scalar loop), and copy
// exactly those.
func TestUTF8ValidBlocksReach(t *testing.T) {
	kernels := validBlocksKernels()
	if len(kernels) == 0 {
		t.Skip("skipping: no vector validator here")
	}
	rng := rand.New(rand.NewSource(11))
	chars := []string{"a", " ", "\u00e9", "\u0439", "\u3042", "\u4e00", "\uffff", "\U0001F600", "\U0010FFFF", "\u07ff", "\u0800", "\ud7ff", "\ue000"}
	for iter := 0; iter < 3000; iter++ {
		var text []byte
		run := 1 + rng.Intn(len(chars)) // how many kinds of characters this text mixes
		for n := 64 + rng.Intn(1000); len(text) < n; {
			if iter%3 == 0 && rng.Intn(20) == 0 {
				// A long ASCII run (markup), which the kernels take in a
				// loop of their own, then back to the mix.
				text = append(text, strings.Repeat("x", 64+rng.Intn(200))...)
			}
			text = append(text, chars[rng.Intn(run)]...)
		}
		off := rng.Intn(64)
		p := append(make([]byte, off), text...)[off:]
		for _, k := range kernels {
			dst := make([]byte, len(p)+8)
			for i := range dst {
				dst[i] = guard
			}
			got := k.f(&dst[0], &p[0], len(p))
			if want := k.reach(&p[0], len(p)); got != want {
				t.Fatalf("%s on valid % x (align %d): %d, want %d", k.name, p, off, got, want)
			}
			if string(dst[:got]) != string(p[:got]) || dst[got] != guard {
				t.Fatalf("%s on valid % x: the copy differs, or goes past %d", k.name, p, got)
			}
		}
	}
}

// TestUTF8ValidBlocksGuardPages: the vector validators read nothing before
// p (the AVX-512 one loads the three bytes before each block, and masks
// those of the first) nor past p[n-1], on inputs that start and end at a
// page the process may not read; what they return there is what they
// return anywhere.
func TestUTF8ValidBlocksGuardPages(t *testing.T) {
	kernels := validBlocksKernels()
	if len(kernels) == 0 {
		t.Skip("skipping: no vector validator here")
	}
	text := []byte(strings.Repeat("\u3042a\u00e9\U0001F600\u4e00", 40))
	starts := [][]byte{
		{0x80}, {0xC3}, {0xE3, 0x81}, {0xF0, 0x9F, 0x98}, // cut sequences: errors in the first bytes
		[]byte("\u3042"), []byte("\U0001F600"), []byte("a"), // valid starts
	}
	for _, k := range kernels {
		for i, start := range starts {
			// At a page's end, 66, 129 and 130 bytes start 1 or 2 bytes
			// before a 64-byte boundary (validBlocksStart).
			for _, n := range []int{64, 65, 66, 127, 128, 129, 130, 200, 256} {
				p := append(append([]byte{}, start...), text...)[:n]
				guarded := [][]byte{bytesAtPageStart(t, p), bytesAtPageEnd(t, p)}
				// 1 to 3 bytes into a page, after a lead byte that would
				// make the block an error if the kernel took it for what
				// comes before p (the AVX-512 kernel reads the bytes before
				// its first block in one of two ways, by where p is).
				for skip := 1; skip <= 3; skip++ {
					lead := append(bytes.Repeat([]byte{0xF0}, skip), p...)
					guarded = append(guarded, bytesAtPageStart(t, lead)[skip:])
				}
				for _, g := range guarded {
					want := k.reach(&g[0], n)
					if i < 4 {
						want = 0 // the first block has an error
					}
					dst := make([]byte, n)
					if got := k.f(&dst[0], &g[0], n); got != want || string(dst[:got]) != string(p[:got]) {
						t.Fatalf("%s on % x at %d bytes into a page: %d, want %d", k.name, p, uintptr(unsafe.Pointer(&g[0]))%4096, got, want)
					}
				}
			}
		}
	}
}

// FuzzUTF8ValidPrefix puts the fuzzer's bytes into text of one script, at
// any of its first 1 KiB of positions and with 512 bytes of it after them,
// so that the vector validators (forward, and the AVX-512 one backward: see
// checkValidPrefix) meet them inside their loops, and checks each kernel
// mode against the scalar validator. Where bit 3 of script is set, the
// bytes go 3.5 KiB further in and 5 KiB of text follow them, so that they
// meet the AVX-512 validator's windows (utf8ValidAVX512) about where its
// second window starts. The top six bits of at say how far past a 64-byte
// boundary the text starts.
func FuzzUTF8ValidPrefix(f *testing.F) {
	f.Add([]byte("\xf0\x9f\x98"), uint16(62), uint8(0))
	f.Add([]byte("\xe3\x81"), uint16(129), uint8(3))
	f.Add([]byte("\xc0\x80"), uint16(700), uint8(2))
	f.Add([]byte("\xed\xa0\x80"), uint16(383), uint8(4))
	f.Add([]byte("\xe3\x81"), uint16(600), uint8(13))
	// Text 63 and 62 bytes past a 64-byte boundary, a sequence cut short
	// at byte 64, where only the vector validators' block at 3 sees it.
	f.Add([]byte("\xc3a"), uint16(63<<10|63), uint8(0))
	f.Add([]byte("\xe3\x81a"), uint16(62<<10|62), uint8(0))
	scripts := []string{
		"plain ASCII text, with markup <p class=\"x\"> and digits 0123456789. ",
		"Grüße aus Köln, naïve café; ",
		"Привет, как дела? Ελληνικά κείμενα. ",
		"日本語のテキスト、中文文本。한국어 텍스트 ",
		"mixed é — 😀 text ที่ไทย ",
		"<li class=\"toclevel-1\"><a href=\"#x\">日本語</a></li>\n",
	}
	f.Fuzz(func(t *testing.T, b []byte, at uint16, script uint8) {
		n, tail := int(at)%1024, 512
		if script&8 != 0 {
			n, tail = n+3584, 5120
		}
		text := strings.Repeat(scripts[int(script)%len(scripts)], (n+tail)/len(scripts[int(script)%len(scripts)])+2)
		// The top six bits of at set where p starts from a 64-byte
		// boundary (validBlocksStart: 1 or 2 bytes before one, the
		// vector validators take a block at 3).
		p := make([]byte, 0, n+len(b)+tail)
		p = append(p, text[:n]...)
		p = append(p, b...)
		p = alignedAt(append(p, text[n:n+tail]...), int(at>>10))
		saved2, saved512, savedNEON, savedTuning := useAVX2, useAVX512, useNEON, utf8IntelTuningOn()
		defer func() { setAVX2(saved2); setAVX512(saved512); setNEON(savedNEON); setUTF8IntelTuning(savedTuning) }()
		// AVX2, AVX-512, its other tuning, NEON.
		for _, m := range [][4]bool{{false, false, false, false}, {true, false, false, false}, {true, true, false, false}, {true, true, true, false}, {false, false, false, true}} {
			if (m[0] && !hasAVX2Kernels()) || (m[1] && !hasAVX512Kernels()) || (m[3] && !hasNEONKernels()) {
				continue
			}
			setAVX2(m[0])
			setAVX512(m[1])
			setUTF8IntelTuning(m[2])
			setNEON(m[3])
			checkValidPrefix(t, p)
		}
	})
}
