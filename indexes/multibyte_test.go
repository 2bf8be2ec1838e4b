package indexes

import (
	"testing"
)

// checkDecode checks that lookup gives every entry's code point and null for
// every other pointer, up to past the end of the index.
func checkDecode(t *testing.T, name string, raw *rawIndex, lookup func(int) rune) {
	t.Helper()
	want := map[int]rune{}
	max := 0
	for _, e := range raw.entries {
		want[e.pointer] = e.cp
		max = e.pointer
	}
	for p := -70000; p <= max+70000; p++ {
		if got := lookup(p); got != want[p] {
			t.Errorf("%s: index code point for pointer %d = U+%04X, want U+%04X (0 = null)", name, p, got, want[p])
		}
	}
}

// checkEncode checks that lookup gives want[cp] for every code point in want
// and -1 (null) for every other code point.
func checkEncode(t *testing.T, name string, want map[rune]int, lookup func(rune) int) {
	t.Helper()
	for _, cp := range []rune{-1, -0x10000, 0x110000, 0x7FFFFFFF, -0x80000000} {
		if got := lookup(cp); got != -1 {
			t.Errorf("%s: pointer for %#x = %d, want -1", name, cp, got)
		}
	}
	for cp := rune(0); cp <= 0x10FFFF; cp++ {
		p, ok := want[cp]
		if !ok {
			p = -1
		}
		if got := lookup(cp); got != p {
			t.Errorf("%s: pointer for U+%04X = %d, want %d (-1 = null)", name, cp, got, p)
		}
	}
}

func TestJIS0208(t *testing.T) {
	raw := readRaw(t, "jis0208")
	checkDecode(t, "jis0208", raw, JIS0208CodePoint)
	first := raw.firstPointers(func(int) bool { return true })
	checkEncode(t, "index pointer jis0208", first, JIS0208Pointer)
	for cp, p := range first {
		if p >= 8836 {
			t.Errorf("index pointer jis0208 for U+%04X = %d, the standard says it is below 8836", cp, p)
		}
	}
}

// TestShiftJISPointer checks index Shift_JIS pointer: entries with pointers
// 8272 to 8835 are excluded, so later (IBM extension) pointers are used.
func TestShiftJISPointer(t *testing.T) {
	raw := readRaw(t, "jis0208")
	want := raw.firstPointers(func(p int) bool { return p < 8272 || p > 8835 })
	checkEncode(t, "index Shift_JIS pointer", want, ShiftJISPointer)
	// Every excluded entry's code point maps elsewhere or is null.
	n := 0
	for _, e := range raw.entries {
		if e.pointer >= 8272 && e.pointer <= 8835 {
			if p := ShiftJISPointer(e.cp); p >= 8272 && p <= 8835 {
				t.Errorf("ShiftJISPointer(U+%04X) = %d, in the excluded range", e.cp, p)
			}
			if JIS0208Pointer(e.cp) == e.pointer {
				n++
			}
		}
	}
	if n == 0 {
		t.Error("no code point has its first jis0208 pointer in 8272..8835; the exclusion is untested")
	}
	// A known case: U+7E8A is at pointer 8272 (NEC-selected IBM extension)
	// and 10744 (IBM extension); EUC-JP uses the first, Shift_JIS the second.
	if p := JIS0208Pointer(0x7E8A); p != 8272 {
		t.Errorf("JIS0208Pointer(U+7E8A) = %d, want 8272", p)
	}
	if p := ShiftJISPointer(0x7E8A); p != 10744 {
		t.Errorf("ShiftJISPointer(U+7E8A) = %d, want 10744", p)
	}
}

func TestJIS0212(t *testing.T) {
	checkDecode(t, "jis0212", readRaw(t, "jis0212"), JIS0212CodePoint)
}

func TestISO2022JPKatakana(t *testing.T) {
	raw := readRaw(t, "iso-2022-jp-katakana")
	checkDecode(t, "iso-2022-jp-katakana", raw, ISO2022JPKatakanaCodePoint)
	if len(raw.entries) != 0xFF9F-0xFF61+1 {
		t.Errorf("index ISO-2022-JP katakana has %d entries, want one per U+FF61..U+FF9F", len(raw.entries))
	}
	if got := ISO2022JPKatakanaCodePoint(0xFF9E - 0xFF61); got != 0x309B {
		t.Errorf("katakana for U+FF9E = U+%04X, want U+309B", got)
	}
}

// TestEUCKR checks the full index, including the Unified Hangul Code
// extensions: all 11172 Hangul syllables are encodable.
func TestEUCKR(t *testing.T) {
	raw := readRaw(t, "euc-kr")
	checkDecode(t, "euc-kr", raw, EUCKRCodePoint)
	checkEncode(t, "index pointer euc-kr", raw.firstPointers(func(int) bool { return true }), EUCKRPointer)
	for cp := rune(0xAC00); cp <= 0xD7A3; cp++ {
		if EUCKRPointer(cp) < 0 {
			t.Errorf("Hangul syllable U+%04X not in index EUC-KR", cp)
		}
	}
}

func TestGB18030(t *testing.T) {
	raw := readRaw(t, "gb18030")
	checkDecode(t, "gb18030", raw, GB18030CodePoint)
	checkEncode(t, "index pointer gb18030", raw.firstPointers(func(int) bool { return true }), GB18030Pointer)
	// GB18030-2022: 0xA3 0xA0 (pointer 6555) decodes to U+3000, whose
	// index pointer is the first one, 6176 (0xA1 0xA1); U+E5E5 is in no entry.
	if cp := GB18030CodePoint(6555); cp != 0x3000 {
		t.Errorf("GB18030CodePoint(6555) = U+%04X, want U+3000", cp)
	}
	if p := GB18030Pointer(0x3000); p != 6176 {
		t.Errorf("GB18030Pointer(U+3000) = %d, want 6176", p)
	}
	if p := GB18030Pointer(0xE5E5); p != -1 {
		t.Errorf("GB18030Pointer(U+E5E5) = %d, want -1", p)
	}
	// The whole CJK Unified Ideographs block U+4E00..U+9FA5 is covered.
	for cp := rune(0x4E00); cp <= 0x9FA5; cp++ {
		if GB18030Pointer(cp) < 0 {
			t.Errorf("U+%04X not in index gb18030", cp)
		}
	}
}

func TestGB18030Ranges(t *testing.T) {
	raw := readRaw(t, "gb18030-ranges")
	if len(raw.entries) != len(GB18030Ranges) {
		t.Fatalf("GB18030Ranges has %d entries, the data %d", len(GB18030Ranges), len(raw.entries))
	}
	for i, e := range raw.entries {
		if g := GB18030Ranges[i]; int(g.Pointer) != e.pointer || g.CodePoint != e.cp {
			t.Errorf("GB18030Ranges[%d] = {%d, U+%04X}, want {%d, U+%04X}", i, g.Pointer, g.CodePoint, e.pointer, e.cp)
		}
	}
}

// TestBig5 checks index Big5 both ways: decoding every entry (including the
// plane 2 code points), and index Big5 pointer, which excludes pointers below
// (0xA1-0x81)*157 and uses the last pointer for six code points.
func TestBig5(t *testing.T) {
	raw := readRaw(t, "big5")
	checkDecode(t, "big5", raw, Big5CodePoint)
	const min = (0xA1 - 0x81) * 157
	want := raw.firstPointers(func(p int) bool { return p >= min })
	last := map[rune]bool{0x2550: true, 0x255E: true, 0x2561: true, 0x256A: true, 0x5341: true, 0x5345: true}
	for _, e := range raw.entries {
		if last[e.cp] && e.pointer >= min {
			want[e.cp] = e.pointer
		}
	}
	checkEncode(t, "index Big5 pointer", want, Big5Pointer)
	for cp := range last {
		first := raw.firstPointers(func(p int) bool { return p >= min })[cp]
		if got := Big5Pointer(cp); got == first {
			t.Errorf("Big5Pointer(U+%04X) = %d, the first pointer; want the last", cp, got)
		}
	}
	// Known cases: U+5341 is at 5287 and 5512, U+5345 at 5289 and 5599,
	// U+2550 at 5247 and 18991, U+255E at 5248 and 18975.
	for _, c := range []struct {
		cp rune
		p  int
	}{{0x5341, 5512}, {0x5345, 5599}, {0x2550, 18991}, {0x255E, 18975}} {
		if got := Big5Pointer(c.cp); got != c.p {
			t.Errorf("Big5Pointer(U+%04X) = %d, want %d", c.cp, got, c.p)
		}
	}
	for p := 0; p < min; p++ {
		if cp := Big5CodePoint(p); cp != 0 && Big5Pointer(cp) == p {
			t.Errorf("Big5Pointer(U+%04X) = %d, an HKSCS pointer below %d", cp, p, min)
		}
	}
}

func TestTableBytes(t *testing.T) {
	t.Logf("index tables: %d bytes (%.1f KiB)", TableBytes, float64(TableBytes)/1024)
	if TableBytes > 768<<10 {
		t.Errorf("index tables take %d bytes; keep them to hundreds of KiB", TableBytes)
	}
}

func BenchmarkJIS0208Pointer(b *testing.B) {
	var sink int
	for i := 0; b.Loop(); i++ {
		sink += JIS0208Pointer(rune(0x4E00 + i&0x3FFF))
	}
	_ = sink
}

func BenchmarkBig5CodePoint(b *testing.B) {
	var sink rune
	for i := 0; b.Loop(); i++ {
		sink += Big5CodePoint(5024 + i&0x1FFF)
	}
	_ = sink
}
