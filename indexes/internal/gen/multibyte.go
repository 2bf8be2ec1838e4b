package main

import (
	"fmt"
	"sort"
)

// multiByteGens generates the multi-byte indexes' tables (section 5).
var multiByteGens = []struct {
	name string
	fn   func(*source, *file) error
}{
	{"big5_gen.go", genBig5},
	{"euckr_gen.go", genEUCKR},
	{"gb18030_gen.go", genGB18030},
	{"jis0208_gen.go", genJIS0208},
	{"jis0212_gen.go", genJIS0212},
	{"iso2022jpkatakana_gen.go", genKatakana},
}

// decodeTable returns the index as a flat array indexed by pointer, holding
// the code point's low 16 bits (0 = null), and the set of pointers whose code
// point is above U+FFFF (which must then lie in plane 2, U+20000 to U+2FFFF).
func decodeTable(ix *index) (cps []uint16, astral []uint64, err error) {
	n := ix.entries[len(ix.entries)-1].pointer + 1
	cps = make([]uint16, n)
	astral = make([]uint64, (n+63)/64)
	for _, e := range ix.entries {
		if e.cp == 0 || e.cp&0xFFFF == 0 {
			return nil, nil, fmt.Errorf("index-%s.txt: pointer %d: code point %#x has zero low bits", ix.name, e.pointer, e.cp)
		}
		switch {
		case e.cp <= 0xFFFF:
		case e.cp>>16 == 2:
			astral[e.pointer/64] |= 1 << (e.pointer % 64)
		default:
			return nil, nil, fmt.Errorf("index-%s.txt: pointer %d: code point %#x outside the BMP and plane 2", ix.name, e.pointer, e.cp)
		}
		cps[e.pointer] = uint16(e.cp)
	}
	return cps, astral, nil
}

// reverse is a two-level encode table: hi[cp>>6] is the number of a 64-entry
// block of lo, which holds pointer+1 (0 = null). Block 0 is all zeros and
// serves every block of code points without entries.
type reverse struct {
	hi []uint16
	lo []uint16
}

// buildReverse builds the reverse table for the code point to pointer map m,
// covering code points below limit (a multiple of 64).
func buildReverse(m map[rune]int, limit rune) (*reverse, error) {
	blocks := map[int]int{}
	for cp := range m {
		if cp >= limit {
			return nil, fmt.Errorf("code point %#x above limit %#x", cp, limit)
		}
		blocks[int(cp>>6)] = 0
	}
	his := make([]int, 0, len(blocks))
	for hi := range blocks {
		his = append(his, hi)
	}
	sort.Ints(his)
	for i, hi := range his {
		blocks[hi] = i + 1
	}
	r := &reverse{hi: make([]uint16, limit>>6), lo: make([]uint16, 64*(len(his)+1))}
	for hi, b := range blocks {
		r.hi[hi] = uint16(b)
	}
	for cp, p := range m {
		if p+1 > 0xFFFF {
			return nil, fmt.Errorf("pointer %d too large", p)
		}
		r.lo[blocks[int(cp>>6)]<<6|int(cp&63)] = uint16(p + 1)
	}
	return r, nil
}

// firstPointers is the standard's "index pointer" for every code point of ix
// whose pointer satisfies keep: the first such pointer wins.
func firstPointers(ix *index, keep func(p int) bool) map[rune]int {
	m := map[rune]int{}
	for _, e := range ix.entries {
		if _, ok := m[e.cp]; !ok && keep(e.pointer) {
			m[e.cp] = e.pointer
		}
	}
	return m
}

func all(int) bool { return true }

// table writes values as the array var name with its doc comment and size,
// and returns its size in bytes.
func (f *file) table(name, doc, elem string, elemSize int, values []uint16, hex bool) int {
	bytes := len(values) * elemSize
	f.printf("\n// %s %s\n// %d entries, %d bytes.\n", name, doc, len(values), bytes)
	f.printf("var %s = [%d]%s{", name, len(values), elem)
	per := 12
	if !hex {
		per = 16
	}
	for i, v := range values {
		if i%per == 0 {
			f.printf("\n")
		}
		if hex {
			f.printf("%#04x, ", v)
		} else {
			f.printf("%d, ", v)
		}
	}
	f.printf("\n}\n")
	return bytes
}

func (f *file) table64(name, doc string, values []uint64) int {
	bytes := len(values) * 8
	f.printf("\n// %s %s\n// %d entries, %d bytes.\n", name, doc, len(values), bytes)
	f.printf("var %s = [%d]uint64{", name, len(values))
	for i, v := range values {
		if i%4 == 0 {
			f.printf("\n")
		}
		f.printf("%#016x, ", v)
	}
	f.printf("\n}\n")
	return bytes
}

// reverseTables writes the two arrays of r as <prefix>Hi and <prefix>Lo.
func (f *file) reverseTables(prefix, what string, r *reverse) int {
	n := f.table(prefix+"Hi", "maps code point >> 6 to a 64-entry block of "+prefix+"Lo ("+what+").", "uint16", 2, r.hi, false)
	n += f.table(prefix+"Lo", "holds pointer+1 (0 = null) at block<<6 | code point & 63; block 0 is empty.", "uint16", 2, r.lo, false)
	return n
}

func (f *file) total(name string, n int) {
	f.printf("\n// %s is the total size of this file's tables in bytes.\nconst %s = %d\n", name, name, n)
}

func genJIS0208(src *source, f *file) error {
	ix := src.indexes["jis0208"]
	f.uses(ix)
	cps, astral, err := decodeTable(ix)
	if err != nil {
		return err
	}
	for _, w := range astral {
		if w != 0 {
			return fmt.Errorf("index-jis0208.txt: code points above U+FFFF")
		}
	}
	n := f.table("jis0208Decode", "is index jis0208 by pointer: the code point, 0 for null.", "uint16", 2, cps, true)
	r, err := buildReverse(firstPointers(ix, all), 0x10000)
	if err != nil {
		return err
	}
	n += f.reverseTables("jis0208Encode", "index pointer, first pointer wins", r)

	// Section 5, "index Shift_JIS pointer": entries with pointers 8272 to
	// 8835 are excluded. For a code point whose index pointer lies there,
	// shiftJISAlt gives the first pointer outside that range (plus 1, 0 =
	// null).
	sjis := firstPointers(ix, func(p int) bool { return p < 8272 || p > 8835 })
	first := firstPointers(ix, all)
	alt := make([]uint16, 8835-8272+1)
	for _, e := range ix.entries {
		if e.pointer < 8272 || e.pointer > 8835 || first[e.cp] != e.pointer {
			continue
		}
		if p, ok := sjis[e.cp]; ok {
			alt[e.pointer-8272] = uint16(p + 1)
		}
	}
	n += f.table("shiftJISAlt", "gives, for pointer 8272+i, the index Shift_JIS pointer+1 of its code point (0 = null).", "uint16", 2, alt, false)
	f.total("jis0208TableBytes", n)
	return nil
}

func genJIS0212(src *source, f *file) error {
	ix := src.indexes["jis0212"]
	f.uses(ix)
	cps, _, err := decodeTable(ix)
	if err != nil {
		return err
	}
	n := f.table("jis0212Decode", "is index jis0212 by pointer: the code point, 0 for null. It is only used for decoding.", "uint16", 2, cps, true)
	f.total("jis0212TableBytes", n)
	return nil
}

func genKatakana(src *source, f *file) error {
	ix := src.indexes["iso-2022-jp-katakana"]
	f.uses(ix)
	cps, _, err := decodeTable(ix)
	if err != nil {
		return err
	}
	n := f.table("iso2022JPKatakana", "is index ISO-2022-JP katakana by pointer.", "uint16", 2, cps, true)
	f.total("iso2022JPKatakanaTableBytes", n)
	return nil
}

func genEUCKR(src *source, f *file) error {
	ix := src.indexes["euc-kr"]
	f.uses(ix)
	cps, _, err := decodeTable(ix)
	if err != nil {
		return err
	}
	n := f.table("eucKRDecode", "is index EUC-KR by pointer: the code point, 0 for null.", "uint16", 2, cps, true)
	r, err := buildReverse(firstPointers(ix, all), 0x10000)
	if err != nil {
		return err
	}
	n += f.reverseTables("eucKREncode", "index pointer, first pointer wins", r)
	f.total("eucKRTableBytes", n)
	return nil
}

func genGB18030(src *source, f *file) error {
	ix := src.indexes["gb18030"]
	f.uses(ix)
	cps, _, err := decodeTable(ix)
	if err != nil {
		return err
	}
	n := f.table("gb18030Decode", "is index gb18030 by pointer: the code point, 0 for null.", "uint16", 2, cps, true)
	r, err := buildReverse(firstPointers(ix, all), 0x10000)
	if err != nil {
		return err
	}
	n += f.reverseTables("gb18030Encode", "index pointer, first pointer wins", r)

	rg := src.indexes["gb18030-ranges"]
	f.uses(rg)
	f.printf("\n// GB18030Ranges is index gb18030 ranges, in pointer order (and so in code\n")
	f.printf("// point order). The algorithms \"index gb18030 ranges code point\" and\n")
	f.printf("// \"index gb18030 ranges pointer\" (section 5) are the gb18030 codec's.\n")
	f.printf("// %d entries, %d bytes.\n", len(rg.entries), 8*len(rg.entries))
	f.printf("var GB18030Ranges = [%d]GB18030Range{", len(rg.entries))
	for i, e := range rg.entries {
		if i > 0 && rg.entries[i-1].cp >= e.cp {
			return fmt.Errorf("index-gb18030-ranges.txt: code points not increasing at pointer %d", e.pointer)
		}
		if i%4 == 0 {
			f.printf("\n")
		}
		f.printf("{%d, %#04x}, ", e.pointer, e.cp)
	}
	f.printf("\n}\n")
	n += 8 * len(rg.entries)
	f.total("gb18030TableBytes", n)
	return nil
}

// big5Last lists the code points for which index Big5 pointer uses the last
// pointer (section 5).
var big5Last = []rune{0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345}

func genBig5(src *source, f *file) error {
	ix := src.indexes["big5"]
	f.uses(ix)
	cps, astral, err := decodeTable(ix)
	if err != nil {
		return err
	}
	n := f.table("big5Decode", "is index Big5 by pointer: the code point's low 16 bits, 0 for null;\n// a code point is in plane 2 (add 0x20000) when its bit in big5Astral is set.", "uint16", 2, cps, true)
	n += f.table64("big5Astral", "has bit p%64 of word p/64 set when pointer p's code point is U+20000 + big5Decode[p].", astral)

	// Section 5, "index Big5 pointer": exclude pointers below
	// (0xA1-0x81)*157; the first pointer wins except for big5Last, where the
	// last one does.
	const min = (0xA1 - 0x81) * 157
	m := firstPointers(ix, func(p int) bool { return p >= min })
	for _, cp := range big5Last {
		found := false
		for _, e := range ix.entries {
			if e.cp == cp && e.pointer >= min {
				m[cp] = e.pointer
				found = true
			}
		}
		if !found {
			return fmt.Errorf("index-big5.txt: U+%04X missing", cp)
		}
	}
	bmp := map[rune]int{}
	plane2 := map[rune]int{}
	for cp, p := range m {
		if cp <= 0xFFFF {
			bmp[cp] = p
		} else {
			plane2[cp-0x20000] = p
		}
	}
	r, err := buildReverse(bmp, 0x10000)
	if err != nil {
		return err
	}
	n += f.reverseTables("big5Encode", "index Big5 pointer, Basic Multilingual Plane", r)
	r2, err := buildReverse(plane2, 0x10000)
	if err != nil {
		return err
	}
	n += f.reverseTables("big5Encode2", "index Big5 pointer, plane 2, code point - 0x20000", r2)
	f.total("big5TableBytes", n)
	return nil
}
