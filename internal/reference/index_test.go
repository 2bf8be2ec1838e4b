package reference

import (
	"slices"
	"testing"
)

// These tests run every entry of every index through its decoder, with the
// byte sequence computed from the pointer by the formula of the decoder's
// section, and every code point whose first (or, for Big5, chosen) pointer
// it is through the encoder.

func mustEntries(t *testing.T, file string) []indexEntry {
	t.Helper()
	idx, err := loadIndex(file)
	if err != nil {
		t.Fatal(err)
	}
	return idx.entries
}

// firstPointers maps each code point of entries to its first pointer among
// the entries that keep accepts.
func firstPointers(entries []indexEntry, keep func(pointer int) bool) map[rune]int {
	first := map[rune]int{}
	for _, e := range entries {
		if _, ok := first[e.codePoint]; !ok && keep(e.pointer) {
			first[e.codePoint] = e.pointer
		}
	}
	return first
}

func all(int) bool { return true }

// checkIndex decodes bytesFor(pointer) for every entry of file with each of
// decoders and, for the code points in encodePointers, checks that each of
// encoders gives bytesFor of that pointer.
func checkIndex(t *testing.T, file string, decoders, encoders []string, decodable func(pointer int) bool,
	bytesFor func(pointer int) []byte, encodePointers map[rune]int, skipEncode func(cp rune) bool) {
	t.Helper()
	entries := mustEntries(t, file)
	decoded := 0
	for _, e := range entries {
		if !decodable(e.pointer) {
			continue
		}
		decoded++
		b := bytesFor(e.pointer)
		for _, name := range decoders {
			got, _, ok := Decode(name, b, DecodeFatal)
			if !ok || !slices.Equal(got, []rune{e.codePoint}) {
				t.Errorf("%s decoder, %s (pointer %d): got %s ok=%v, want U+%04X", name, hexBytes(b), e.pointer, codePoints(got), ok, e.codePoint)
			}
		}
	}
	if decoded == 0 {
		t.Errorf("%s: no entry checked", file)
	}
	for cp, pointer := range encodePointers {
		if skipEncode != nil && skipEncode(cp) {
			continue
		}
		want := bytesFor(pointer)
		for _, name := range encoders {
			got, _, _, ok := Encode(name, []rune{cp}, EncodeFatal)
			if !ok || !slices.Equal(got, want) {
				t.Errorf("%s encoder, U+%04X: got %s ok=%v, want %s (pointer %d)", name, cp, hexBytes(got), ok, hexBytes(want), pointer)
			}
		}
	}
}

func TestIndexSingleByte(t *testing.T) {
	requireData(t)
	for name, file := range singleByteIndexFiles {
		entries := mustEntries(t, file)
		inIndex := map[int]bool{}
		for _, e := range entries {
			inIndex[e.pointer] = true
		}
		checkIndex(t, file, []string{name}, []string{name}, all,
			func(p int) []byte { return []byte{byte(p + 0x80)} }, firstPointers(entries, all), nil)
		// Bytes whose pointer is not in the index are errors.
		for p := 0; p < 128; p++ {
			if !inIndex[p] {
				checkDecode(t, name, []byte{byte(p + 0x80)}, 0xFFFD)
			}
		}
		// ASCII bytes are ASCII code points.
		for b := 0; b < 0x80; b++ {
			checkDecode(t, name, []byte{byte(b)}, rune(b))
			checkEncode(t, name, []rune{rune(b)}, []byte{byte(b)})
		}
	}
}

func TestIndexGB18030(t *testing.T) {
	requireData(t)
	entries := mustEntries(t, "index-gb18030.txt")
	bytesFor := func(p int) []byte {
		trailing := p % 190
		offset := 0x41
		if trailing < 0x3F {
			offset = 0x40
		}
		return []byte{byte(p/190 + 0x81), byte(trailing + offset)}
	}
	checkIndex(t, "index-gb18030.txt", []string{"gb18030", "GBK"}, []string{"gb18030"}, all,
		bytesFor, firstPointers(entries, all), nil)
	// GBK's encoder differs only in writing U+20AC as 0x80 (step 4).
	checkIndex(t, "index-gb18030.txt", nil, []string{"GBK"}, all,
		bytesFor, firstPointers(entries, all), func(cp rune) bool { return cp == 0x20AC })
}

func TestIndexGB18030Ranges(t *testing.T) {
	requireData(t)
	entries := mustEntries(t, "index-gb18030-ranges.txt")
	fourBytes := func(p int) []byte {
		return []byte{byte(p/12600 + 0x81), byte(p%12600/1260 + 0x30), byte(p%1260/10 + 0x81), byte(p%10 + 0x30)}
	}
	twoByte := map[rune]bool{}
	for _, e := range mustEntries(t, "index-gb18030.txt") {
		twoByte[e.codePoint] = true
	}
	for i, e := range entries {
		// The first and last pointer of each range, and one inside it.
		last := 39419
		if e.pointer == 189000 {
			last = 1237575
		}
		if i+1 < len(entries) && entries[i+1].pointer != 189000 {
			last = entries[i+1].pointer - 1
		}
		for _, p := range []int{e.pointer, (e.pointer + last) / 2, last} {
			cp := e.codePoint + rune(p-e.pointer)
			if p == 7457 {
				cp = 0xE7C7
			}
			checkDecode(t, "gb18030", fourBytes(p), cp)
			checkDecode(t, "GBK", fourBytes(p), cp)
			if !twoByte[cp] && cp != 0xE5E5 {
				checkEncode(t, "gb18030", []rune{cp}, fourBytes(p))
			}
		}
	}
}

func TestIndexBig5(t *testing.T) {
	requireData(t)
	entries := mustEntries(t, "index-big5.txt")
	bytesFor := func(p int) []byte {
		trailing := p % 157
		offset := 0x62
		if trailing < 0x3F {
			offset = 0x40
		}
		return []byte{byte(p/157 + 0x81), byte(trailing + offset)}
	}
	keep := func(p int) bool { return p >= (0xA1-0x81)*157 }
	encode := firstPointers(entries, keep)
	// The six code points whose last pointer is used.
	for _, e := range entries {
		switch e.codePoint {
		case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
			if keep(e.pointer) {
				encode[e.codePoint] = e.pointer
			}
		}
	}
	checkIndex(t, "index-big5.txt", []string{"Big5"}, []string{"Big5"}, all, bytesFor, encode, nil)
	// Code points only at HKSCS pointers (below 5024) are not encodable.
	for _, e := range entries {
		if _, ok := encode[e.codePoint]; !ok {
			checkUnencodable(t, "Big5", e.codePoint, e.codePoint)
		}
	}
}

func TestIndexJIS0208(t *testing.T) {
	requireData(t)
	entries := mustEntries(t, "index-jis0208.txt")
	eucJP := func(p int) []byte { return []byte{byte(p/94 + 0xA1), byte(p%94 + 0xA1)} }
	iso2022JP := func(p int) []byte {
		return []byte{0x1B, 0x24, 0x42, byte(p/94 + 0x21), byte(p%94 + 0x21), 0x1B, 0x28, 0x42}
	}
	shiftJIS := func(p int) []byte {
		leading, trailing := p/188, p%188
		leadingOffset, offset := 0xC1, 0x41
		if leading < 0x1F {
			leadingOffset = 0x81
		}
		if trailing < 0x3F {
			offset = 0x40
		}
		return []byte{byte(leading + leadingOffset), byte(trailing + offset)}
	}
	below8836 := func(p int) bool { return p < 8836 }
	first := firstPointers(entries, all)
	checkIndex(t, "index-jis0208.txt", []string{"EUC-JP"}, []string{"EUC-JP"}, below8836, eucJP, first, nil)
	checkIndex(t, "index-jis0208.txt", []string{"ISO-2022-JP"}, []string{"ISO-2022-JP"}, below8836, iso2022JP, first, nil)
	checkIndex(t, "index-jis0208.txt", []string{"Shift_JIS"}, []string{"Shift_JIS"}, all, shiftJIS,
		firstPointers(entries, func(p int) bool { return p < 8272 || p > 8835 }), nil)
	// Every first pointer is below 8836 ("due to the nature of index jis0208").
	for cp, p := range first {
		if p >= 8836 {
			t.Errorf("index jis0208: first pointer of U+%04X is %d", cp, p)
		}
	}
}

func TestIndexJIS0212(t *testing.T) {
	requireData(t)
	entries := mustEntries(t, "index-jis0212.txt")
	checkIndex(t, "index-jis0212.txt", []string{"EUC-JP"}, nil, all,
		func(p int) []byte { return []byte{0x8F, byte(p/94 + 0xA1), byte(p%94 + 0xA1)} }, nil, nil)
	// index jis0212 is only used by the decoder: code points only in it are not encodable.
	jis0208 := map[rune]bool{}
	for _, e := range mustEntries(t, "index-jis0208.txt") {
		jis0208[e.codePoint] = true
	}
	n := 0
	for _, e := range entries {
		if !jis0208[e.codePoint] && e.codePoint != 0xA5 && e.codePoint != 0x203E && !(e.codePoint >= 0xFF61 && e.codePoint <= 0xFF9F) {
			checkUnencodable(t, "EUC-JP", e.codePoint, e.codePoint)
			if n++; n > 200 {
				break
			}
		}
	}
}

func TestIndexISO2022JPKatakana(t *testing.T) {
	requireData(t)
	entries := mustEntries(t, "index-iso-2022-jp-katakana.txt")
	if len(entries) != 63 {
		t.Errorf("index ISO-2022-JP katakana has %d entries, want 63 (U+FF61 to U+FF9F)", len(entries))
	}
	jis0208, _ := loadIndex("index-jis0208.txt")
	for _, e := range entries {
		p, ok := jis0208.pointer(e.codePoint)
		if !ok {
			t.Errorf("katakana U+%04X is not in index jis0208", e.codePoint)
			continue
		}
		want := []byte{0x1B, 0x24, 0x42, byte(p/94 + 0x21), byte(p%94 + 0x21), 0x1B, 0x28, 0x42}
		checkEncode(t, "ISO-2022-JP", []rune{0xFF61 + rune(e.pointer)}, want)
	}
}

func TestIndexEUCKR(t *testing.T) {
	requireData(t)
	entries := mustEntries(t, "index-euc-kr.txt")
	checkIndex(t, "index-euc-kr.txt", []string{"EUC-KR"}, []string{"EUC-KR"}, all,
		func(p int) []byte { return []byte{byte(p/190 + 0x81), byte(p%190 + 0x41)} }, firstPointers(entries, all), nil)
}
