package indexes

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSingleByteIndexesComplete(t *testing.T) {
	names, err := filepath.Glob(filepath.Join(whatwgDir(t), "index-*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	multi := map[string]bool{"big5": true, "euc-kr": true, "gb18030": true, "gb18030-ranges": true,
		"jis0208": true, "jis0212": true, "iso-2022-jp-katakana": true}
	n := 0
	for _, path := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "index-"), ".txt")
		if multi[name] {
			continue
		}
		n++
		if SingleByteIndexes[name] == nil {
			t.Errorf("SingleByteIndexes[%q] missing", name)
		}
	}
	if n != len(SingleByteIndexes) {
		t.Errorf("SingleByteIndexes has %d indexes, the data %d", len(SingleByteIndexes), n)
	}
}

// TestSingleByteRoundTrip checks every entry of every index single-byte both
// ways against the raw data: CodePoints[pointer] is the entry's code point,
// Byte(codePoint) is 0x80 + the first pointer for it, and Byte rejects every
// other code point.
func TestSingleByteRoundTrip(t *testing.T) {
	for name, sb := range SingleByteIndexes {
		raw := readRaw(t, name)
		if sb.Name != name || sb.Identifier != raw.identifier || sb.Date != raw.date {
			t.Errorf("%s: Name/Identifier/Date = %q/%q/%q, want %q/%q/%q", name,
				sb.Name, sb.Identifier, sb.Date, name, raw.identifier, raw.date)
		}
		var want [128]uint16
		for _, e := range raw.entries {
			want[e.pointer] = uint16(e.cp)
		}
		if sb.CodePoints != want {
			t.Errorf("%s: CodePoints differ from index-%s.txt", name, name)
		}
		first := raw.firstPointers(func(int) bool { return true })
		for cp := rune(-1); cp <= 0x10FFFF+1; cp++ {
			if cp == 0x10000 {
				cp = 0x10FFF0 // spot-check the top of the code space
			}
			b, ok := sb.Byte(cp)
			p, in := first[cp]
			switch {
			case in && (!ok || int(b) != 0x80+p):
				t.Errorf("%s: Byte(U+%04X) = %#02x, %v; want %#02x, true", name, cp, b, ok, 0x80+p)
			case !in && ok:
				t.Errorf("%s: Byte(U+%04X) = %#02x, true; want not found", name, cp, b)
			}
		}
	}
}

// TestEncodings compares Encodings with encodings.json, entry by entry.
func TestEncodings(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(whatwgDir(t), "encodings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var groups []struct {
		Heading   string
		Encodings []struct {
			Name   string
			Labels []string
		}
	}
	if err := json.Unmarshal(b, &groups); err != nil {
		t.Fatal(err)
	}
	var want []Encoding
	for _, g := range groups {
		for _, e := range g.Encodings {
			want = append(want, Encoding{Name: e.Name, Labels: e.Labels, Heading: g.Heading})
		}
	}
	if !reflect.DeepEqual(Encodings, want) {
		t.Errorf("Encodings differs from encodings.json:\n got %+v\nwant %+v", Encodings, want)
	}
	if len(Encodings) != 40 {
		t.Errorf("len(Encodings) = %d, want 40", len(Encodings))
	}
}

func BenchmarkSingleByteByte(b *testing.B) {
	sb := SingleByteIndexes["windows-1252"]
	var sink byte
	for i := 0; b.Loop(); i++ {
		c, _ := sb.Byte(rune(0xA0 + i&0x3F))
		sink += c
	}
	_ = sink
}

// ByteBMP reads rev.lo without a bounds check: every block that rev.hi
// names must lie within it, and ByteBMP must agree with Byte.
func TestSingleByteRevBlocks(t *testing.T) {
	for _, idx := range SingleByteIndexes {
		for _, blk := range idx.rev.hi {
			if (int(blk)+1)*64 > len(idx.rev.lo) {
				t.Fatalf("%s: block %d outside rev.lo (%d entries)", idx.Name, blk, len(idx.rev.lo))
			}
		}
		for cp := 0; cp <= 0xFFFF; cp++ {
			b, _ := idx.Byte(rune(cp))
			if got := idx.ByteBMP(uint16(cp)); got != b {
				t.Fatalf("%s: ByteBMP(%#x) = %#x, Byte = %#x", idx.Name, cp, got, b)
			}
		}
	}
}
